import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
  /** Kills it if it still runs (SIGKILL: no cleanup of any kind, as a crash). */
  kill(): Promise<void>;
};

/**
 * `server/main.ts` as its own process with only `env` (and PATH), TypeScript loaded in that one
 * process the way `npm start` does (the tsx CLI would put a second process in between, which a
 * SIGKILL would not reach).
 */
export function runServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function waitForHealth(port: number, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited early');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      return (await res.json()) as { data: { status: string; database: string } };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}
