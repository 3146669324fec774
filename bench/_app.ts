// The whole app as `npm start` runs it, for the benches that drive a browser (lighthouse, offline-ready).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Waits until `url` answers 2xx; gives up after `timeoutMs`, or at once if `exited` has stopped. */
export async function waitFor(url: string, timeoutMs: number, exited?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited && exited.exitCode !== null) throw new Error(`the app exited with ${exited.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export type RunningApp = { base: string; stop(): void };

/**
 * BENCH_URL's app if set; otherwise one started here the way `npm start` and the e2e suite start it
 * (build if needed, then one process) on a free port with a fresh embedded demo database.
 */
export async function startApp(name: string): Promise<RunningApp> {
  if (process.env.BENCH_URL) return { base: process.env.BENCH_URL.replace(/\/+$/, ''), stop() {} };
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `caremesh-${name}-`));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: base },
  });
  await waitFor(`${base}/api/health`, 240_000, server);
  return {
    base,
    stop() {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const DEMO_PATIENT = { email: 'patient@caremesh.test', password: 'CareMesh@2026' };

/** The demo patient's session token (the `jwtToken` cookie's value), from the app at `base`. */
export async function signInDemoPatient(base: string): Promise<string> {
  const response = await fetch(`${base}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_PATIENT),
  });
  if (!response.ok) throw new Error(`signing in the demo patient failed: ${response.status}`);
  const { data } = (await response.json()) as { data: { token: string } };
  return data.token;
}
