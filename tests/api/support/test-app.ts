import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../../server/app.ts';
import { loggerOptions } from '../../../server/platform/logging.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { openDatabase, type Database } from '../../../server/db/client.ts';

/** Known to the suites so they can forge tokens the way an attacker who guessed it would. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  baseUrl: string;
  /** Real HTTP to the running app; the path starts with /. */
  request(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
};

/** PostgreSQL when TEST_DATABASE_URL is set (a fresh database, dropped afterwards); PGlite in memory otherwise. */
export async function freshDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<{ database: Database; url?: string; dispose(): Promise<void> }> {
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
    });
    return { database, dispose: () => database.close() };
  }
  const name = `caremesh_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 5 });
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Adds routes or hooks before the app starts listening. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Rate limits for suites that are not about rate limits (they sign in many times from one IP). */
  rateLimits?: AppDeps['rateLimits'];
  /** Receives every log line (JSON), to check what reaches the log. */
  logTo?: { write(line: string): void };
  /** The https agent Web Push uses (the push suite trusts its loopback push service with it). */
  pushAgent?: AppDeps['pushAgent'];
  /** Scheduled jobs stay off unless asked for: suites run them with app.jobs.runNow. */
  startJobs?: boolean;
  /** An existing database (several instances on one PostgreSQL database); the caller disposes of it. */
  database?: Database;
};

export const GENEROUS_LIMITS: AppDeps['rateLimits'] = {
  signin: { max: 10_000, timeWindow: 60_000 },
  signinPerAddress: { max: 10_000, timeWindow: 60_000 },
  register: { max: 10_000, timeWindow: 60_000 },
  mailRequest: { max: 10_000, timeWindow: 60_000 },
  mailRequestPerAddress: { max: 10_000, timeWindow: 60_000 },
  booking: { max: 10_000, timeWindow: 60_000 },
  message: { max: 10_000, timeWindow: 60_000 },
};

// What must never reach the server's log, whatever a suite does (issue: secrets and personal data).
const LOG_LEAKS: Array<[string, RegExp]> = [
  [
    'a password',
    /Swasthya2026|CareMesh@2026|Guess12345|Another2028|NewSecret2027|Naya-Shabd-2027|Naya-Password-2026|Hridaya2026/,
  ],
  ['a password hash', /\$argon2(id|i|d)\$/],
  ['a session token', /eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/],
  ['an email address', /[\w.+-]+@[\w-]+(\.[\w-]+)+/],
];

/**
 * Every suite's server logs at the production level into this check: a line that holds a password,
 * a hash, a token or an email fails the suite when its app closes.
 */
function logGuard(forward?: { write(line: string): void }) {
  const leaks: string[] = [];
  return {
    stream: {
      write(line: string) {
        forward?.write(line);
        for (const [what, pattern] of LOG_LEAKS) {
          if (pattern.test(line)) leaks.push(`${what} in: ${line.slice(0, 400)}`);
        }
      },
    },
    check() {
      if (leaks.length > 0)
        throw new Error(`the server log holds ${leaks.length} leak(s):\n${leaks.slice(0, 5).join('\n')}`);
    },
  };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, configure, rateLimits, logTo, pushAgent, startJobs = false } = options;
  const { database, dispose } = options.database
    ? { database: options.database, dispose: async () => undefined }
    : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: path.join('/tmp', `caremesh-test-${process.pid}`),
    // The suites read mail through the development mailbox (served to this machine only).
    ...(env.NODE_ENV === 'production' ? {} : { DEV_ROUTES: 'true' }),
    ...env,
  });
  const guard = logGuard(logTo);
  const logger = { ...(loggerOptions(config) as object), stream: guard.stream };
  const app = await buildApp({ config, database, logger, rateLimits, pushAgent, startJobs });
  await configure?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    database,
    config,
    baseUrl,
    request(pathname, init = {}) {
      const { json, headers, ...rest } = init;
      return fetch(`${baseUrl}${pathname}`, {
        ...rest,
        headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
    },
    async close() {
      await app.close();
      await dispose();
      guard.check();
    },
  };
}
