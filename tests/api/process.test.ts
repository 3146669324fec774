import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runServer as startServer, waitForHealth } from './support/server-process.ts';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runServer(env: Record<string, string>) {
  const server = startServer(env);
  cleanups.push(() => server.kill());
  return server;
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
    // Two starts, each migrating and seeding the demo network: slow on a busy machine.
  }, 120_000);
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
