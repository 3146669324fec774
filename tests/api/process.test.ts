import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function runServer(env: Record<string, string>) {
  const child = spawn(tsx, ['server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForHealth(port: number, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited early');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      return (await res.json()) as { data: { status: string; database: string } };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('the server did not answer within 60 s');
}

describe('server process', () => {
  it.each([
    ['PORT', { PORT: 'abc' }, /^caremesh: PORT must be a whole number/],
    [
      'DATABASE_URL',
      { DATABASE_URL: 'mysql://x/y' },
      /^caremesh: DATABASE_URL must be a URL starting with postgres:\/\//,
    ],
    ['production without a database', { NODE_ENV: 'production' }, /^caremesh: DATABASE_URL is required in production/],
  ])('a bad %s stops it with one clear line and exit code 1', async (_name, env, pattern) => {
    const server = runServer(env as Record<string, string>);
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toMatch(pattern);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('says so in one line when PostgreSQL cannot be reached, without the password', async () => {
    const port = await freePort();
    const server = runServer({ DATABASE_URL: `postgres://caremesh:hunter2@127.0.0.1:${port}/caremesh` });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toMatch(
      /^caremesh: cannot use the PostgreSQL database 127\.0\.0\.1:\d+\/caremesh from DATABASE_URL/,
    );
    expect(stderr).not.toContain('hunter2');
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('starts on the configured database, migrates it, and stops cleanly on SIGTERM and SIGINT', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'caremesh-proc-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) env.DATABASE_URL = await createDatabase(adminUrl);
    const expected = adminUrl ? 'postgres' : 'pglite';

    const port = await freePort();
    const server = runServer({ ...env, PORT: String(port) });
    expect((await waitForHealth(port, server.child)).data).toMatchObject({ status: 'ok', database: expected });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // A second start finds the migrated database (on disk for PGlite) and starts again.
    const again = runServer({ ...env, PORT: String(port) });
    expect((await waitForHealth(port, again.child)).data).toMatchObject({ status: 'ok', database: expected });
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);

    if (adminUrl) {
      const check = new pg.Client({ connectionString: env.DATABASE_URL });
      await check.connect();
      const { rows } = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(rows[0].n).toBeGreaterThan(0);
    } else {
      expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    }
  });
});

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `caremesh_proc_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
