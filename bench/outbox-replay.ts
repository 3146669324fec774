// Outbox replay of 500 queued changes (DESIGN "Budgets": 0 lost, 0 duplicated, ≤ 15 s): the real
// replay engine (src/offline/engine/) over the in-memory store, sending with Node's fetch over real
// HTTP to the real app, on PGlite and (when reachable) PostgreSQL. The queue is one patient's: bookings
// of distinct slots of one verified doctor, a message on each booked appointment (dependsOn the booking,
// its path filled from the answer's data.id) and multipart uploads of small PDFs to the patient's
// documents. Three runs: a clean network; a patchy one (requests dropped before reaching the server,
// answers lost after the server applied the change); a server restarted half-way (closed, then a new
// one on the same database and port). Then the database says what each queued change did: lost = no
// effect, duplicated = applied more than once. Prints figures and ratios; never fails on them.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, inArray, isNull, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { createRandom, type Random } from '../server/db/demo/random.ts';
import { appointmentMessages, appointments, idempotencyKeys, patientDocuments } from '../server/db/schema/index.ts';
import { createMemoryOutboxStore, type MemoryOutboxStore } from '../src/offline/engine/memoryStore.ts';
import { enqueue } from '../src/offline/outbox.ts';
import {
  DEFAULT_BACKOFF,
  QUICK_RETRIES,
  backoffDelay,
  fromDependency,
  replayOutbox,
  type BackoffPolicy,
  type OutboxEntry,
} from '../src/offline/engine/index.ts';
import {
  errorTally,
  freshPostgres,
  loadAverage,
  seedPeople,
  signInAll,
  slotTimes,
  verdict,
  type Person,
} from './_support.ts';

const CHANGES = 500;
const BUDGET_SECONDS = 15;
/** The queue repeats this pattern: 200 bookings, 200 messages on them, 100 document uploads. */
const PATTERN = ['booking', 'message', 'booking', 'message', 'document'] as const;
/** The engine's default is { baseMs: 2 000, capMs: 300 000 }: minutes of waiting on a patchy network. */
const BACKOFF: BackoffPolicy = { baseMs: 20, capMs: 1_000 };
const REQUEST_TIMEOUT_MS = 10_000;
/** A queue that has not drained by then is reported as stuck. */
const DRAIN_LIMIT_MS = 180_000;
const DROPPED = 0.2;
const ANSWERS_LOST = 0.2;
/** The restart begins while the server handles this mutating request (half-way through the queue). */
const RESTART_AT_REQUEST = CHANGES / 2;
/** Nothing listens on the port for this long between the old server's close and the new one's start. */
const RESTART_GAP_MS = 500;

type Kind = (typeof PATTERN)[number];
type Scenario = { name: string; drop: number; lose: number; restart: boolean };
const SCENARIOS: readonly Scenario[] = [
  { name: 'clean network', drop: 0, lose: 0, restart: false },
  {
    name: `${DROPPED * 100}% dropped + ${ANSWERS_LOST * 100}% answers lost`,
    drop: DROPPED,
    lose: ANSWERS_LOST,
    restart: false,
  },
  { name: 'server restart half-way', drop: 0, lose: 0, restart: true },
];

type Target = {
  label: string;
  dataDir: string;
  databaseUrl?: string;
  /** Opens the database as server/main.ts does (for PGlite: the only connection to its directory). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
};

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'caremesh-bench-'));
  return {
    label: 'PGlite',
    dataDir,
    open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target | string> {
  const fresh = await freshPostgres();
  if (typeof fresh === 'string') return fresh;
  // The fresh database's own pool has migrated it; each server opens its own pool, as a process would.
  return {
    label: 'PostgreSQL',
    dataDir: fresh.dataDir,
    databaseUrl: fresh.url,
    open: () => openDatabase({ kind: 'postgres', url: fresh.url }),
    dispose: () => fresh.dispose(),
  };
}

type Server = { app: FastifyInstance; database: Database; port: number };

/** One server as server/main.ts starts it (jobs off, logging errors only), on `port` (0: any free one). */
async function startServer(target: Target, jwtSecret: string, port: number, logger: ReturnType<typeof errorTally>) {
  const database = await target.open();
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: target.dataDir,
    JWT_SECRET: jwtSecret,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const app = await buildApp({
    config,
    database,
    logger: logger.logger,
    startJobs: false,
    // One patient books 600 times and writes 600 messages an hour: the limiters run, they never refuse.
    rateLimits: {
      signin: { max: 1_000_000, timeWindow: 60_000 },
      booking: { max: 1_000_000, timeWindow: 60_000 },
      message: { max: 1_000_000, timeWindow: 60_000 },
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, database, port: (app.server.address() as AddressInfo).port } satisfies Server;
}

/** A small, valid-looking PDF whose bytes differ for every upload (the file store is content-addressed). */
function smallPdf(marker: string): Uint8Array<ArrayBuffer> {
  const filler = `% ${marker} ${'x'.repeat(64)}\n`.repeat(24);
  return new TextEncoder().encode(
    `%PDF-1.4\n${filler}1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n` +
      '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

type Planned = { kind: Kind; entryId: string; marker: string; bookingMarker?: string };

/** Queues CHANGES changes with the engine's own enqueue; markers make each change findable in the database. */
async function fillOutbox(
  store: MemoryOutboxStore,
  patient: Person,
  doctor: Person,
  tag: string,
  firstSlot: number,
): Promise<Planned[]> {
  const slot = slotTimes(2);
  const planned: Planned[] = [];
  let bookings = 0;
  let lastBooking: Planned | undefined;
  for (let i = 0; i < CHANGES; i++) {
    const kind = PATTERN[i % PATTERN.length]!;
    const marker = `obx-${tag}-${kind}-${i}`;
    let entry: OutboxEntry;
    if (kind === 'booking') {
      const at = slot(firstSlot + bookings++);
      entry = await enqueue(store, {
        userId: patient.userId,
        method: 'POST',
        path: '/appointments/patient/book-appointment',
        body: { doctorId: doctor.id, scheduledAt: at, durationMinutes: 15, mode: 'IN_PERSON', reason: marker },
        label: `Book Dr Bench, ${at}`,
        invalidates: [['appointments']],
        meta: { doctorId: doctor.id },
      });
      lastBooking = { kind, entryId: entry.id, marker };
      planned.push(lastBooking);
      continue;
    }
    if (kind === 'message') {
      entry = await enqueue(store, {
        userId: patient.userId,
        method: 'POST',
        path: `/appointments/${fromDependency('data.id')}/message`,
        body: { body: `${marker} (about ${lastBooking!.marker}): I will bring my earlier reports.` },
        label: 'Message to Dr Bench',
        dependsOn: lastBooking!.entryId,
      });
      planned.push({ kind, entryId: entry.id, marker, bookingMarker: lastBooking!.marker });
      continue;
    }
    entry = await enqueue(store, {
      userId: patient.userId,
      method: 'POST',
      path: `/patients/${patient.id}/documents`,
      form: [
        ['title', marker],
        ['file', new File([smallPdf(marker)], `${marker}.pdf`, { type: 'application/pdf' })],
      ],
      label: `Upload ${marker}.pdf`,
    });
    planned.push({ kind, entryId: entry.id, marker });
  }
  return planned;
}

type Tally = {
  requests: number;
  dropped: number;
  answersLost: number;
  /** fetch itself failed: nothing listening (the restart), a connection cut. */
  networkErrors: Map<string, number>;
  statuses: Map<number, number>;
  replayed: number;
};

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Node's fetch behind a patchy network: some requests never leave, some answers never come back. */
function patchyFetch(scenario: Scenario, random: Random, tally: Tally) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    tally.requests++;
    const dropRoll = random.next();
    const loseRoll = random.next();
    if (dropRoll < scenario.drop) {
      tally.dropped++;
      throw new TypeError('fetch failed (bench: the request was dropped before reaching the server)');
    }
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      bump(tally.networkErrors, cause?.code ?? cause?.message ?? (error as Error).message);
      throw error;
    }
    bump(tally.statuses, response.status);
    if (response.headers.get('idempotent-replayed') === 'true') tally.replayed++;
    if (loseRoll < scenario.lose) {
      // The server applied the change and answered; the answer dies on the way back.
      await response.arrayBuffer().catch(() => undefined);
      tally.answersLost++;
      throw new TypeError('fetch failed (bench: the answer was lost on the way back)');
    }
    return response;
  };
}

type Drained = { ms: number; passes: number; waitedMs: number; stuck: string | null };

/** What the page's replay does (pageReplay.ts), without the page: run a pass, wait until the next is due, again. */
async function drain(
  store: MemoryOutboxStore,
  userId: string,
  token: string,
  apiBase: string,
  fetchVia: (url: string, init: RequestInit) => Promise<Response>,
  random: Random,
): Promise<Drained> {
  const started = performance.now();
  let passes = 0;
  let waitedMs = 0;
  for (;;) {
    const report = await replayOutbox({
      store,
      userId,
      fetch: fetchVia,
      getToken: () => token,
      apiBase,
      random: () => random.next(),
      backoff: BACKOFF,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
    });
    passes++;
    if (report.pending === 0) return { ms: performance.now() - started, passes, waitedMs, stuck: null };
    const elapsed = performance.now() - started;
    if (report.pausedForAuth) return { ms: elapsed, passes, waitedMs, stuck: 'paused for sign-in' };
    if (report.retryAt === null) {
      return { ms: elapsed, passes, waitedMs, stuck: `${report.pending} entries waiting on a conflict` };
    }
    if (elapsed > DRAIN_LIMIT_MS) {
      return { ms: elapsed, passes, waitedMs, stuck: `not drained after ${DRAIN_LIMIT_MS / 1000} s` };
    }
    const wait = Math.max(0, report.retryAt - Date.now());
    waitedMs += wait;
    await sleep(wait);
  }
}

type Effects = { lost: Planned[]; duplicated: Array<Planned & { times: number }>; misplaced: Planned[] };

/** What the database holds for each queued change: found by its marker (reason, message text, title). */
async function effectsOf(database: Database, tag: string, planned: Planned[]): Promise<Effects> {
  const { db } = database;
  const prefix = `obx-${tag}-%`;
  const booked = await db
    .select({ id: appointments.id, marker: appointments.reason })
    .from(appointments)
    .where(and(like(appointments.reason, prefix), isNull(appointments.deletedAt)));
  const messages = await db
    .select({ appointmentId: appointmentMessages.appointmentId, body: appointmentMessages.body })
    .from(appointmentMessages)
    .where(and(eq(appointmentMessages.kind, 'MESSAGE'), like(appointmentMessages.body, prefix)));
  const documents = await db
    .select({ marker: patientDocuments.title })
    .from(patientDocuments)
    .where(like(patientDocuments.title, prefix));

  const times = new Map<string, number>();
  for (const row of booked) bump(times, row.marker);
  for (const row of documents) bump(times, row.marker);
  const bookingOfAppointment = new Map(booked.map((row) => [row.id, row.marker]));
  const misplaced = new Set<string>();
  const byMarker = new Map(planned.map((p) => [p.marker, p]));
  for (const row of messages) {
    const marker = row.body.split(' ')[0]!;
    bump(times, marker);
    // A message must land on the appointment its own booking created.
    if (bookingOfAppointment.get(row.appointmentId) !== byMarker.get(marker)?.bookingMarker) misplaced.add(marker);
  }
  return {
    lost: planned.filter((p) => !times.has(p.marker)),
    duplicated: planned.flatMap((p) => ((times.get(p.marker) ?? 0) > 1 ? [{ ...p, times: times.get(p.marker)! }] : [])),
    misplaced: planned.filter((p) => misplaced.has(p.marker)),
  };
}

type Row = {
  database: string;
  scenario: string;
  changes: number;
  seconds: number;
  lost: number;
  duplicated: number;
  attemptsPerChange: number;
};

/**
 * The mean wait `policy` puts after these entries' failed attempts (backoffDelay with its jitter at ½);
 * the immediate tries of a lost request (QUICK_RETRIES) are not waited for.
 */
const meanBackoffMs = (entries: readonly OutboxEntry[], policy: BackoffPolicy) =>
  entries.reduce((total, entry) => {
    const waited = entry.attempts - (entry.quickTries ?? 0);
    for (let attempt = 1; attempt < waited; attempt++) total += backoffDelay(attempt, () => 0.5, policy);
    return total;
  }, 0);

const described = (entries: Iterable<[string | number, number]>) =>
  [...entries].map(([what, n]) => `${n} × ${what}`).join(', ') || 'none';

async function benchTarget(target: Target, rows: Row[], notes: string[]) {
  const jwtSecret = randomBytes(32).toString('hex');
  const errors = errorTally();
  let server = await startServer(target, jwtSecret, 0, errors);
  const port = server.port;
  const apiBase = `http://127.0.0.1:${port}/api`;
  try {
    const { doctors, patients } = await seedPeople(server.database, { doctors: 1, patients: 1 }, 'outbox');
    const doctor = doctors[0]!;
    const patient = patients[0]!;
    const [token] = await signInAll(`http://127.0.0.1:${port}`, [patient.email], 1);

    for (const [index, scenario] of SCENARIOS.entries()) {
      const tag = `${target.label.toLowerCase()}${index}`;
      const store = createMemoryOutboxStore();
      const queuedAt = performance.now();
      const planned = await fillOutbox(store, patient, doctor, tag, index * CHANGES);
      const queueMs = performance.now() - queuedAt;

      // The restart: begins while the server is handling a change, as main.ts's SIGTERM handler does it.
      const restart: { done?: Promise<void>; note?: string } = {};
      if (scenario.restart) {
        let mutating = 0;
        const old = server;
        old.app.server.on('request', (req: { method?: string }) => {
          if (req.method === 'GET' || ++mutating !== RESTART_AT_REQUEST) return;
          restart.done = (async () => {
            const stopping = performance.now();
            await old.app.close();
            await old.database.close();
            const closed = performance.now();
            await sleep(RESTART_GAP_MS);
            server = await startServer(target, jwtSecret, port, errors);
            restart.note =
              `closed in ${(closed - stopping).toFixed(0)} ms (in-flight requests finished), ` +
              `${RESTART_GAP_MS} ms with nothing listening, new server up ` +
              `${(performance.now() - closed - RESTART_GAP_MS).toFixed(0)} ms later`;
          })();
        });
      }

      const tally: Tally = {
        requests: 0,
        dropped: 0,
        answersLost: 0,
        networkErrors: new Map(),
        statuses: new Map(),
        replayed: 0,
      };
      const network = patchyFetch(scenario, createRandom(`outbox-bench/${tag}/network`), tally);
      const drained = await drain(
        store,
        patient.userId,
        token!,
        apiBase,
        network,
        createRandom(`outbox-bench/${tag}/jitter`),
      );
      if (restart.done) await restart.done;
      else if (scenario.restart) notes.push(`${target.label}: the restart never began (fewer mutating requests)`);

      const effects = await effectsOf(server.database, tag, planned);
      const entries = store.snapshot();
      const attempts = entries.reduce((n, e) => n + e.attempts, 0);
      const unsent = entries.filter((e) => e.state !== 'sent');
      const [inProgress] = await server.database.db
        .select({ n: count() })
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, patient.userId),
            inArray(
              idempotencyKeys.key,
              entries.map((e) => e.idempotencyKey),
            ),
            isNull(idempotencyKeys.status),
          ),
        );

      rows.push({
        database: target.label,
        scenario: scenario.name,
        changes: planned.length,
        seconds: drained.ms / 1000,
        lost: effects.lost.length,
        duplicated: effects.duplicated.length,
        attemptsPerChange: attempts / planned.length,
      });
      const kinds = described(
        (['booking', 'message', 'document'] as const).map((k) => [`${k}s`, planned.filter((p) => p.kind === k).length]),
      );
      console.log(
        `\n${target.label}, ${scenario.name}: ${planned.length} changes (${kinds}) queued in ${queueMs.toFixed(0)} ms; ` +
          `drained in ${(drained.ms / 1000).toFixed(2)} s over ${drained.passes} engine passes, ` +
          `${(drained.waitedMs / 1000).toFixed(2)} s of it waiting out backoff` +
          // Only where failures do not depend on timing: a restart's downtime fits in one default wait.
          (scenario.drop + scenario.lose > 0
            ? ` (the default backoff would wait ≈ ${(meanBackoffMs(entries, DEFAULT_BACKOFF) / 1000).toFixed(0)} s ` +
              `for the same failed attempts)`
            : '') +
          (drained.stuck ? ` — STUCK: ${drained.stuck}` : ''),
      );
      console.log(
        `  network: ${tally.requests} requests; ${tally.dropped} dropped before the server, ` +
          `${tally.answersLost} answers lost after it; fetch failed: ${described(tally.networkErrors)}`,
      );
      console.log(
        `  server answered: ${described(tally.statuses)}; ${tally.replayed} from its idempotency store ` +
          `(Idempotent-Replayed); keys still "in progress" afterwards: ${inProgress?.n ?? 0}`,
      );
      if (restart.note) console.log(`  restart: ${restart.note}`);
      console.log(
        `  outbox afterwards: ${entries.length - unsent.length} sent, ${unsent.length} not ` +
          `(${described(countBy(unsent, (e) => `${e.state}${e.lastError?.reason ? ` ${e.lastError.reason}` : ''}`))}); ` +
          `${entries.filter((e) => e.state === 'sent' && e.replayed).length} sent entries were answered from the ` +
          `idempotency store`,
      );
      for (const e of unsent.slice(0, 3)) {
        console.log(`    not sent: "${e.label}" — ${e.lastError?.status ?? ''} ${e.lastError?.message ?? e.state}`);
      }
      for (const p of effects.lost.slice(0, 3)) console.log(`    lost: ${p.kind} ${p.marker}`);
      for (const p of effects.duplicated.slice(0, 3)) console.log(`    duplicated: ${p.kind} ${p.marker} × ${p.times}`);
      for (const p of effects.misplaced.slice(0, 3)) console.log(`    on the wrong appointment: ${p.kind} ${p.marker}`);
      for (const [cause, n] of errors.take()) console.log(`  the server logged ${n} × "${cause}"`);
    }
  } finally {
    await server.app.close();
    await server.database.close();
  }
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) bump(counts, key(item));
  return counts;
}

console.log(
  `Outbox replay: ${CHANGES} changes of one patient queued with the engine's enqueue (memory store), replayed by ` +
    `replayOutbox with Node's fetch over HTTP to the real app, one at a time, in order.\n` +
    `Engine options set for the bench: backoff { baseMs: ${BACKOFF.baseMs}, capMs: ${BACKOFF.capMs} } ` +
    `(default { baseMs: 2000, capMs: 300000 }), requestTimeoutMs ${REQUEST_TIMEOUT_MS} (default 120000), ` +
    `seeded jitter, the real clock; a request lost while the connection answers is tried again at once up to ` +
    `${QUICK_RETRIES} times before a backoff. ${loadAverage()}`,
);
const rows: Row[] = [];
const notes: string[] = [];
const total = performance.now();
for (const open of [pgliteTarget, postgresTarget]) {
  const target = await open();
  if (typeof target === 'string') {
    notes.push(target);
    continue;
  }
  try {
    await benchTarget(target, rows, notes);
  } catch (error) {
    notes.push(`${target.label}: failed — ${(error as Error).stack ?? String(error)}`);
  } finally {
    await target.dispose();
  }
}

const zeroBudget = (n: number) => (n === 0 ? '0 (budget 0) within' : `${n} (budget 0) OVER`);
console.log(
  `\n${'database'.padEnd(12)}${'run'.padEnd(36)}${'changes'.padStart(8)}${'drain s'.padStart(9)}` +
    `   s / budget (${BUDGET_SECONDS} s)   ${'lost'.padEnd(22)}${'duplicated'.padEnd(22)}attempts / change`,
);
for (const row of rows) {
  console.log(
    `${row.database.padEnd(12)}${row.scenario.padEnd(36)}${String(row.changes).padStart(8)}` +
      `${row.seconds.toFixed(2).padStart(9)}   ${verdict(row.seconds, BUDGET_SECONDS).padEnd(21)}` +
      `${zeroBudget(row.lost).padEnd(22)}${zeroBudget(row.duplicated).padEnd(22)}${row.attemptsPerChange.toFixed(2)}`,
  );
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`at the end: ${loadAverage()}`);
console.log(`total ${((performance.now() - total) / 1000).toFixed(0)} s`);
