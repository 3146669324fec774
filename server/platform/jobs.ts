import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../db/client.ts';

/**
 * A job's work happens in `run`, inside a transaction that holds the job's advisory lock; what it
 * returns (events, notifications) runs after the commit, so nobody hears of a change that rolled back.
 */
export type Job = {
  name: string;
  everyMs: number;
  run(tx: Tx): Promise<(() => Promise<void>) | void>;
};

export type JobRunner = {
  /** Runs a job now (tests, and each tick); false when another instance holds it. */
  runNow(name: string): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
};

/** A stable 63-bit lock id per job name, the same on every instance. */
export function lockIdFor(name: string): bigint {
  return createHash('sha256').update(`caremesh-job:${name}`).digest().readBigInt64BE(0);
}

export function createJobRunner(db: Db, log: FastifyBaseLogger, jobs: Job[]): JobRunner {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  async function runNow(name: string): Promise<boolean> {
    const job = byName.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    let after: (() => Promise<void>) | undefined;
    // One runner at a time across instances: the lock is released with the transaction.
    const ran = await db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockIdFor(name)}) as locked`);
      if (!rowsOf<{ locked: boolean }>(result)[0]?.locked) return false;
      after = (await job.run(tx)) ?? undefined;
      return true;
    });
    const notify = after as (() => Promise<void>) | undefined;
    if (notify) await notify();
    return ran;
  }

  function tick(job: Job) {
    const work = runNow(job.name)
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'scheduled job failed'))
      .finally(() => running.delete(work));
    running.add(work);
  }

  return {
    runNow,
    start() {
      for (const job of jobs) {
        const timer = setInterval(() => tick(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      timers.forEach(clearInterval);
      await Promise.all([...running]);
    },
  };
}
