// What the API benches share: a fresh PostgreSQL database (dropped afterwards), API instances built
// in-process, accounts seeded straight into the database and signed in over HTTP before any timing,
// and percentiles. Not a bench itself (scripts/bench.mjs skips files starting with `_`).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { doctors, patients, users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/platform/passwords.ts';
import type { Address } from '../domain/schemas/common.ts';
import type { Job } from './_load-generator.ts';

/** The machine's 1- and 5-minute load averages: other work on it shows in every figure. */
export const loadAverage = () =>
  `Load average ${loadavg()
    .slice(0, 2)
    .map((n) => n.toFixed(1))
    .join(' / ')} (1 / 5 min) on ${availableParallelism()} cores.`;

export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
export const LOCAL_REDIS = 'redis://127.0.0.1:6379';
export const CORES = availableParallelism();
export const MACHINE_NOTE =
  `${CORES} cores, shared by the load generator, the API instance(s), PostgreSQL and Redis ` +
  '(all on this machine); request logging off, as in bench/search.ts.';

const PUNE: Address = {
  buildingNumber: '12',
  street: 'Prabhat Road',
  locality: 'Deccan Gymkhana',
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411004',
};

export type PostgresTarget = { url: string; database: Database; dataDir: string; dispose(): Promise<void> };

/** A fresh database on the PostgreSQL server (BENCH_DATABASE_URL or the local one); a reason string when unreachable. */
export async function freshPostgres(): Promise<PostgresTarget | string> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL at ${new URL(adminUrl).host} is not reachable (${(error as Error).message}); skipped`;
  }
  const name = `caremesh_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'caremesh-bench-'));
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  let database: Database;
  try {
    // The server's own pool size (server/main.ts leaves openDatabase's default of 10).
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    url: url.toString(),
    database,
    dataDir,
    async dispose() {
      await database.close();
      await drop();
    },
  };
}

/** Whether something listens at the Redis URL's host and port (the adapter would otherwise retry forever). */
export function redisReachable(redisUrl: string, timeoutMs = 2_000): Promise<boolean> {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export type Instance = { app: FastifyInstance; baseUrl: string; close(): Promise<void> };

/** One API instance as server/main.ts builds it (jobs off, logging off), listening on a free port. */
export async function startInstance(
  target: PostgresTarget,
  options: { jwtSecret: string; redisUrl?: string; logger?: FastifyServerOptions['logger'] },
): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.url,
    JWT_SECRET: options.jwtSecret,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  });
  const app = await buildApp({
    config,
    database: target.database,
    logger: options.logger ?? false,
    startJobs: false,
    // The benches sign many accounts in from one address, and book and write far more per session
    // than a person would: the limiters still run on every request, they just never refuse.
    rateLimits: {
      signin: { max: 1_000_000, timeWindow: 60_000 },
      signinPerAddress: { max: 1_000_000, timeWindow: 60_000 },
      booking: { max: 1_000_000, timeWindow: 60_000 },
      message: { max: 1_000_000, timeWindow: 60_000 },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: () => app.close(),
  };
}

/**
 * A logger for startInstance that keeps only errors and counts them by their cause (the last part
 * of the message: "deadlock detected", "timeout exceeded when trying to connect" …), so a bench can
 * say why requests failed with 500.
 */
export function errorTally() {
  const counts = new Map<string, number>();
  const stream = {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
        const message = entry.err?.message ?? entry.msg ?? 'unknown';
        const cause = message.split(': ').pop()!.trim().slice(0, 100);
        counts.set(cause, (counts.get(cause) ?? 0) + 1);
      } catch {
        counts.set('unparsable log line', (counts.get('unparsable log line') ?? 0) + 1);
      }
    },
  };
  return {
    logger: { level: 'error', stream } as FastifyServerOptions['logger'],
    /** Counts since the last call, then starts again. */
    take(): Array<[string, number]> {
      const taken = [...counts];
      counts.clear();
      return taken;
    },
  };
}

export const BENCH_PASSWORD = 'Bench-booking-2026';
export type Person = { id: string; userId: string; email: string };

/**
 * Verified, active doctors (each with a DOCTOR account, so a booking stores and sends its
 * notification as in production) and patients with a PATIENT account, inserted directly. One
 * argon2 hash serves every account: hashing is not what is measured.
 */
export async function seedPeople(
  database: Database,
  counts: { doctors: number; patients: number },
  tag = 'bench',
): Promise<{ doctors: Person[]; patients: Person[] }> {
  const { db } = database;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const doctorRows = await db
    .insert(doctors)
    .values(
      Array.from({ length: counts.doctors }, (_, i) => ({
        name: `Dr Bench ${tag} ${i}`,
        slug: `dr-bench-${tag}-${i}`,
        registrationNumber: `MMC-${tag}-${i}`,
        specializations: ['GENERAL_MEDICINE'],
        experienceYears: 5 + (i % 20),
        consultationFee: 500,
        address: PUNE,
        city: PUNE.city,
        state: PUNE.state,
        pincode: PUNE.pincode,
        verificationStatus: 'VERIFIED' as const,
        status: 'ACTIVE' as const,
      })),
    )
    .returning({ id: doctors.id });
  const patientRows = await db
    .insert(patients)
    .values(
      Array.from({ length: counts.patients }, (_, i) => ({
        firstName: `Patient${i}`,
        lastName: `Bench ${tag}`,
        phone: '098220 11111',
        address: PUNE,
        city: PUNE.city,
        state: PUNE.state,
      })),
    )
    .returning({ id: patients.id });
  const accounts = async (role: 'DOCTOR' | 'PATIENT', rows: Array<{ id: string }>): Promise<Person[]> => {
    if (rows.length === 0) return [];
    const emails = rows.map((_, i) => `${role.toLowerCase()}.${tag}.${i}@bench.caremesh.test`);
    const inserted = await db
      .insert(users)
      .values(
        rows.map((row, i) => ({
          email: emails[i]!,
          role,
          name: `Bench ${role.toLowerCase()} ${i}`,
          referenceId: row.id,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email, referenceId: users.referenceId });
    return inserted.map((u) => ({ id: u.referenceId!, userId: u.id, email: u.email }));
  };
  return { doctors: await accounts('DOCTOR', doctorRows), patients: await accounts('PATIENT', patientRows) };
}

/** Signs every account in over HTTP (argon2 verify), two at a time; returns tokens in the same order. */
export async function signInAll(baseUrl: string, emails: string[], parallel = CORES): Promise<string[]> {
  const tokens: string[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const i = next++;
      const res = await fetch(`${baseUrl}/api/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: emails[i], password: BENCH_PASSWORD }),
      });
      const body = (await res.json()) as { data?: { token: string }; message?: string };
      if (res.status !== 200 || !body.data)
        throw new Error(`signing in ${emails[i]} answered ${res.status}: ${body.message}`);
      tokens[i] = body.data.token;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return tokens;
}

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

export type Summary = { count: number; p50: number; p95: number; p99: number; max: number };
export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export const ms = (value: number, width = 9) => `${value.toFixed(1)} ms`.padStart(width);

/** `0.42× within` or `1.30× OVER`: `ratio` is measured / budget, `higherIsBetter` flips the verdict. */
export function verdict(measured: number, budget: number, higherIsBetter = false): string {
  const ratio = measured / budget;
  const ok = higherIsBetter ? ratio >= 1 : ratio <= 1;
  return `${ratio.toFixed(2)}× ${ok ? 'within' : higherIsBetter ? 'UNDER' : 'OVER'}`;
}

/** Quarter hours from a day ahead at 00:00 UTC: slot `i` of a doctor never overlaps slot `i + 1`. */
export function slotTimes(daysAhead = 2) {
  const base = new Date();
  base.setUTCHours(0, 0, 0, 0);
  base.setUTCDate(base.getUTCDate() + daysAhead);
  const start = base.getTime();
  return (index: number) => new Date(start + index * 15 * 60_000).toISOString();
}

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/**
 * CPU milliseconds used so far by each PostgreSQL backend serving this database (its connections),
 * read from /proc; null when the server is not on this machine. Call before and after a run and
 * give both to `cpuBetween`.
 */
export async function postgresBackendCpu(database: Database): Promise<Map<number, number> | null> {
  const result = (await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: Array<{ pid: number }> };
  const cpu = new Map<number, number>();
  for (const { pid } of result.rows) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ);
    } catch {
      return null;
    }
  }
  return cpu;
}

export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Runs one job in a load generator process of its own (bench/_load-generator.ts) and returns its answer. */
export function runLoad<R>(job: Job): Promise<R> {
  const child = fork(fileURLToPath(new URL('./_load-generator.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<R>((resolve, reject) => {
    child.once('message', (answer: R | { error: string }) =>
      answer && typeof answer === 'object' && 'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
    );
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code}) without an answer`)));
    child.send(job);
  });
}
