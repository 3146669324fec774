import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
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
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
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
  register: { max: 10_000, timeWindow: 60_000 },
  mailRequest: { max: 10_000, timeWindow: 60_000 },
  booking: { max: 10_000, timeWindow: 60_000 },
  message: { max: 10_000, timeWindow: 60_000 },
};

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, configure, rateLimits, logTo, pushAgent, startJobs = false } = options;
  const { database, dispose } = options.database
    ? { database: options.database, dispose: async () => undefined }
    : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: logTo ? 'info' : 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: path.join('/tmp', `caremesh-test-${process.pid}`),
    // The suites read mail through the development mailbox (served to this machine only).
    ...(env.NODE_ENV === 'production' ? {} : { DEV_ROUTES: 'true' }),
    ...env,
  });
  const logger = logTo ? { ...(loggerOptions(config) as object), stream: logTo } : false;
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
    },
  };
}
