// Booking throughput and latency on PostgreSQL: one API instance (in this process) on a fresh
// database, many verified doctors and signed-in patients, and a load generator in a process of its
// own keeping a fixed number of keep-alive requests in flight to
// POST /api/appointments/patient/book-appointment, each for a distinct, non-overlapping slot.
// Prints requests/s and p50/p95/p99 next to the DESIGN budget (≥ 1,000 requests/s, p99 ≤ 50 ms).
// Then a contention run: rounds of many patients booking the same slot of one doctor at once;
// exactly one of each round may win. Prints the CPU each booking costs the API process and its
// PostgreSQL backends, and what the server logged as errors (the cause of any 500). Never fails on
// the figures.
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { appointments } from '../server/db/schema/index.ts';
import type { ContentionResult, ThroughputResult } from './_load-generator.ts';
import {
  CORES,
  MACHINE_NOTE,
  cpuBetween,
  errorTally,
  freshPostgres,
  loadAverage,
  postgresBackendCpu,
  runLoad,
  ms,
  seedPeople,
  signInAll,
  slotTimes,
  startInstance,
  summarise,
  verdict,
  type Instance,
  type Summary,
} from './_support.ts';

const BUDGET_RPS = 1_000;
const BUDGET_P99_MS = 50;
const CONCURRENCY = Number(process.env.BENCH_BOOKING_CONCURRENCY ?? 48);
const DURATION_MS = Number(process.env.BENCH_BOOKING_SECONDS ?? 10) * 1_000;
const WARM_UP_MS = 2_000;
const DOCTORS = 250;
const PATIENTS = 128;
const CONTENDERS = 64;
const CONTENTION_ROUNDS = 20;
/** BENCH_BOOKING_KEYS=1: every booking carries an Idempotency-Key, as the PWA's outbox sends it. */
const KEYS = process.env.BENCH_BOOKING_KEYS === '1';

const W = 11;
const line = (label: string, s: Summary, extra = '') =>
  `  ${label.padEnd(32)}${ms(s.p50, W)}${ms(s.p95, W)}${ms(s.p99, W)}${ms(s.max, W)}${extra}`;
const header = `  ${''.padEnd(32)}${['p50', 'p95', 'p99', 'max'].map((h) => h.padStart(W)).join('')}`;

console.log(
  `Booking: POST /api/appointments/patient/book-appointment on PostgreSQL (fresh database, the server's pool of 10 ` +
    `connections), one API instance in this process; ${DOCTORS} verified doctors, ${PATIENTS} patients signed in ` +
    `before timing.\nLoad from a separate Node.js process (node:http, keep-alive): ${CONCURRENCY} requests in flight ` +
    `for ${DURATION_MS / 1000} s after ${WARM_UP_MS / 1000} s of warm-up, each a distinct non-overlapping slot` +
    `${KEYS ? ', each with an Idempotency-Key' : ' (no Idempotency-Key; BENCH_BOOKING_KEYS=1 sends one)'}.\n` +
    `Machine: ${MACHINE_NOTE} ${loadAverage()}`,
);

const notes: string[] = [];
const total = performance.now();
const target = await freshPostgres();
if (typeof target === 'string') {
  notes.push(target);
} else {
  let instance: Instance | undefined;
  const errors = errorTally();
  const logged = () =>
    errors
      .take()
      .map(([cause, n]) => `  the server logged ${n} × "${cause}"`)
      .forEach((text) => console.log(text));
  try {
    instance = await startInstance(target, { jwtSecret: randomBytes(32).toString('hex'), logger: errors.logger });
    const seeded = performance.now();
    const { doctors, patients } = await seedPeople(
      target.database,
      { doctors: DOCTORS, patients: PATIENTS },
      'booking',
    );
    const tokens = await signInAll(
      instance.baseUrl,
      patients.map((p) => p.email),
    );
    console.log(
      `  seeded and signed in ${PATIENTS} patients (argon2id, over HTTP) in ` +
        `${((performance.now() - seeded) / 1000).toFixed(1)} s — outside the timed part`,
    );

    // The last doctor is kept for the contention run.
    const contested = doctors[doctors.length - 1]!;
    const slot = slotTimes(2);
    const pgBefore = await postgresBackendCpu(target.database);
    const cpuBefore = process.cpuUsage();
    const load = await runLoad<ThroughputResult>({
      kind: 'throughput',
      baseUrl: instance.baseUrl,
      concurrency: CONCURRENCY,
      warmUpMs: WARM_UP_MS,
      durationMs: DURATION_MS,
      tokens,
      doctorIds: doctors.slice(0, -1).map((d) => d.id),
      firstSlotAt: slot(0),
      idempotencyKeys: KEYS,
    });
    const cpu = process.cpuUsage(cpuBefore);
    const pgAfter = await postgresBackendCpu(target.database);
    const handled = Object.values(load.statuses).reduce((a, b) => a + b, 0);
    const rps = load.completedInWindow / (load.windowMs / 1000);
    const latency = summarise(load.latencies);
    console.log(`\nthroughput (${CONCURRENCY} in flight, ${load.windowMs / 1000} s):`);
    console.log(
      `  ${rps.toFixed(0)} bookings/s   ${verdict(rps, BUDGET_RPS, true)} (budget ≥ ${BUDGET_RPS.toLocaleString('en')}/s)` +
        `   answers: ${Object.entries(load.statuses)
          .map(([status, n]) => `${n} × ${status}`)
          .join(', ')}`,
    );
    console.log(header + `   p99 / budget (${BUDGET_P99_MS} ms)`);
    console.log(line('booking latency', latency, `   ${verdict(latency.p99, BUDGET_P99_MS)}`));
    for (const failure of load.failures.slice(0, 2)) console.log(`  a request failed: ${failure}`);
    logged();
    // What the API process and its PostgreSQL backends spent per booking (warm-up included), whatever
    // else runs on the machine: the cost the budget has to fit in, independent of the load around.
    const bookings = Math.max(1, handled + load.warmUpCount);
    const apiCpu = (cpu.user + cpu.system) / 1000 / bookings;
    const pgCpu = pgBefore && pgAfter ? cpuBetween(pgBefore, pgAfter) / bookings : null;
    console.log(
      `  CPU per booking: API process ${apiCpu.toFixed(2)} ms (${(cpu.user / 1000).toFixed(0)} ms user + ` +
        `${(cpu.system / 1000).toFixed(0)} ms system over ${bookings} bookings)` +
        (pgCpu === null
          ? '; PostgreSQL backends not measurable (server not on this machine)'
          : `, PostgreSQL backends ${pgCpu.toFixed(2)} ms → at most ~${((CORES * 1000) / (apiCpu + pgCpu)).toFixed(0)} ` +
            `bookings/s on ${CORES} otherwise idle cores`),
    );

    // Far beyond the throughput run's slots, one quarter hour per round.
    const contentionSlot = slotTimes(300);
    const fight = await runLoad<ContentionResult>({
      kind: 'contention',
      baseUrl: instance.baseUrl,
      rounds: Array.from({ length: CONTENTION_ROUNDS }, (_, i) => ({ scheduledAt: contentionSlot(i) })),
      doctorId: contested.id,
      tokens: tokens.slice(0, CONTENDERS),
    });
    const winners = fight.rounds.map((r) => r.won);
    const exactlyOne = winners.every((w) => w === 1);
    const [stored] = await target.database.db
      .select({ n: count() })
      .from(appointments)
      .where(eq(appointments.doctorId, contested.id));
    const all = summarise(fight.rounds.flatMap((r) => r.latencies));
    const roundMax = summarise(fight.rounds.map((r) => Math.max(...r.latencies)));
    console.log(
      `\ncontention: ${CONTENTION_ROUNDS} rounds × ${CONTENDERS} patients booking the same slot of one doctor at once:`,
    );
    console.log(
      `  winners per round: ${winners.join(' ')} → ${exactlyOne ? 'exactly 1 in every round' : 'NOT exactly 1 — double booking or no winner!'}; ` +
        `${fight.rounds.reduce((n, r) => n + r.refused, 0)} refused with 409; ` +
        `${stored?.n ?? 0} appointments stored for that doctor (expected ${CONTENTION_ROUNDS})`,
    );
    const others = fight.rounds.flatMap((r) => Object.entries(r.other));
    if (others.length) console.log(`  other answers: ${others.map(([s, n]) => `${n} × ${s}`).join(', ')}`);
    console.log(header + `   p99 / budget (${BUDGET_P99_MS} ms)`);
    console.log(line('every request', all, `   ${verdict(all.p99, BUDGET_P99_MS)}`));
    console.log(line('slowest request of each round', roundMax));
    for (const failure of fight.failures.slice(0, 2)) console.log(`  a request failed: ${failure}`);
    logged();
  } catch (error) {
    notes.push(`failed — ${(error as Error).stack ?? String(error)}`);
  } finally {
    await instance?.close();
    await target.dispose();
  }
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`at the end: ${loadAverage()}`);
console.log(`total ${((performance.now() - total) / 1000).toFixed(0)} s`);
