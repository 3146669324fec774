// Where a booking's CPU goes in the API process. The booking bench's set-up (one instance in this
// process on a fresh PostgreSQL database, load from a separate process), with the V8 sampling
// profiler on while bookings run (the same profile `node --cpu-prof` writes, started and stopped
// around the load only): once without and once with an Idempotency-Key on every booking, as the
// PWA's outbox sends them. Each sample is given to the innermost frame that says what it is for
// (the session check, the idempotency claim, validation and serialisation, notifications,
// realtime, logging, compression …) and, separately, to the library it runs in. Prints ms per
// booking; writes the .cpuprofile files (open them in Chrome DevTools) to BENCH_PROFILE_DIR or the
// system's temporary folder.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ThroughputResult } from './_load-generator.ts';
import {
  MACHINE_NOTE,
  errorTally,
  freshPostgres,
  loadAverage,
  runLoad,
  seedPeople,
  signInAll,
  slotTimes,
  startInstance,
  type Instance,
} from './_support.ts';

const CONCURRENCY = Number(process.env.BENCH_BOOKING_CONCURRENCY ?? 48);
const DURATION_MS = Number(process.env.BENCH_PROFILE_SECONDS ?? 8) * 1_000;
const WARM_UP_MS = 1_000;
const SAMPLING_US = 250;
const OUT_DIR = process.env.BENCH_PROFILE_DIR ?? tmpdir();

/** Statements sent to PostgreSQL by this process (the server's pool), counted at the driver. */
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

type Node = {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** What a frame is for, innermost first; the first rule that matches a frame of the stack wins. */
const PURPOSES: Array<[string, (url: string, fn: string) => boolean]> = [
  // Writing answers and statements out (one writev each) runs under whichever hook sent them.
  [
    'socket writes (answers and statements)',
    (u, f) => (u === 'node:net' || u.endsWith('stream_base_commons')) && /writev?Generic|_writev?$|WriteReq/.test(f),
  ],
  ['logging (pino)', (u) => /\/(pino|fast-redact|sonic-boom|thread-stream|pino-std-serializers)\//.test(u)],
  ['compression', (u, f) => u.includes('@fastify/compress') || /zlib/.test(u) || /brotli|gzip/i.test(f)],
  ['security headers (helmet)', (u) => /\/helmet\/|@fastify\/helmet|platform\/securityHeaders/.test(u)],
  ['rate-limit budgets', (u) => u.includes('@fastify/rate-limit') || u.includes('platform/budgets')],
  [
    'schema validation & serialisation (zod)',
    (u) => /\/zod\/|fastify-type-provider-zod|fast-json-stringify|platform\/errors\.ts/.test(u),
  ],
  ['JWT verification', (u, f) => u.includes('/jose/') || (u.includes('platform/auth.ts') && /verify/i.test(f))],
  ['session check (user read)', (u) => /platform\/(auth|access|sessionCache)\.ts/.test(u)],
  [
    'idempotency claim & stored answer',
    (u) => /platform\/(idempotency|idempotencyKeys|replayableRequest|unitOfWork)\.ts/.test(u),
  ],
  ['realtime (socket.io)', (u) => /socket\.io|engine\.io|\/redis\/|@redis\/|platform\/realtime\.ts/.test(u)],
  ['notifications & push', (u) => /modules\/notifications\/|platform\/push\.ts|\/web-push\//.test(u)],
  ['booking use case (appointments module)', (u) => u.includes('modules/appointments/')],
  ['other CareMesh code', (u) => u.includes('/server/') || u.includes('/domain/')],
];
/** The library a frame runs in, innermost first. */
const LIBRARIES: Array<[string, RegExp]> = [
  ['pg driver (pg, pg-protocol, pg-pool)', /\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ['drizzle-orm', /\/drizzle-orm\//],
  ['zod & its Fastify glue', /\/zod\/|fastify-type-provider-zod/],
  ['jose', /\/jose\//],
  ['pino', /\/(pino|fast-redact|sonic-boom)\//],
  ['socket.io', /socket\.io|engine\.io/],
  ['Fastify plugins (@fastify/*)', /@fastify\//],
  ['Fastify core (fastify, find-my-way, avvio)', /\/(fastify|find-my-way|avvio|light-my-request)\//],
  ['CareMesh code (server/, domain/)', /\/(server|domain)\//],
];

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const purpose = new Map<string, number>();
  const library = new Map<string, number>();
  const memo = new Map<number, [string, string]>();
  const classify = (id: number): [string, string] => {
    const cached = memo.get(id);
    if (cached) return cached;
    const leaf = byId.get(id)!;
    let what: string | undefined;
    let lib: string | undefined;
    if (leaf.callFrame.functionName === '(garbage collector)') what = lib = 'garbage collection';
    else if (leaf.callFrame.functionName === '(program)') what = lib = 'V8 and native code outside JavaScript';
    for (let at: number | undefined = id; at !== undefined && !(what && lib); at = parent.get(at)) {
      const { url, functionName } = byId.get(at)!.callFrame;
      if (!url) continue;
      what ??= PURPOSES.find(([, test]) => test(url, functionName))?.[0];
      lib ??= LIBRARIES.find(([, re]) => re.test(url))?.[0];
    }
    // Code resumed after an await has no caller on its stack: name it by the library it runs in.
    const unattributed =
      lib === 'pg driver (pg, pg-protocol, pg-pool)' || lib === 'drizzle-orm'
        ? 'database answers: pg parsing, drizzle mapping (after await)'
        : lib === 'Fastify core (fastify, find-my-way, avvio)'
          ? 'Fastify core (routing, hooks, reply)'
          : 'Node.js HTTP, sockets, timers, promises';
    const answer: [string, string] = [what ?? unattributed, lib ?? 'Node.js itself (http, net, streams)'];
    memo.set(id, answer);
    return answer;
  };
  let busyUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (node.callFrame.functionName === '(idle)') continue;
    busyUs += us;
    const [what, lib] = classify(node.id);
    purpose.set(what, (purpose.get(what) ?? 0) + us);
    library.set(lib, (library.get(lib) ?? 0) + us);
  }
  return { busyUs, purpose, library };
}

console.log(
  `Booking profile: POST /api/appointments/patient/book-appointment on PostgreSQL, one API instance in this process ` +
    `with the V8 sampling profiler on (every ${SAMPLING_US} µs) while ${CONCURRENCY} bookings are in flight for ` +
    `${DURATION_MS / 1000} s after ${WARM_UP_MS / 1000} s of warm-up; without, then with an Idempotency-Key.\n` +
    `The profiler's own cost is in the figures: compare them with each other, not with bench/booking.ts.\n` +
    `Machine: ${MACHINE_NOTE} ${loadAverage()}`,
);

const notes: string[] = [];
const total = performance.now();
const target = await freshPostgres();
if (typeof target === 'string') {
  notes.push(target);
} else {
  let instance: Instance | undefined;
  const session = new Session();
  session.connect();
  const errors = errorTally();
  try {
    instance = await startInstance(target, { jwtSecret: randomBytes(32).toString('hex'), logger: errors.logger });
    const { doctors, patients } = await seedPeople(target.database, { doctors: 250, patients: 128 }, 'profile');
    const tokens = await signInAll(
      instance.baseUrl,
      patients.map((p) => p.email),
    );
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    const phases: Array<{ label: string; keys: boolean; daysAhead: number }> = [
      { label: 'without a key', keys: false, daysAhead: 2 },
      { label: 'with Idempotency-Key', keys: true, daysAhead: 200 },
    ];
    const results: Array<
      { label: string; bookings: number; perSecond: number; statements: number } & ReturnType<typeof summarise>
    > = [];
    for (const phase of phases) {
      const sent = statements;
      await session.post('Profiler.start');
      const load = await runLoad<ThroughputResult>({
        kind: 'throughput',
        baseUrl: instance.baseUrl,
        concurrency: CONCURRENCY,
        warmUpMs: WARM_UP_MS,
        durationMs: DURATION_MS,
        tokens,
        doctorIds: doctors.map((d) => d.id),
        firstSlotAt: slotTimes(phase.daysAhead)(0),
        idempotencyKeys: phase.keys,
      });
      // Work the answers left behind (pushes, notifications after the answer) belongs to them.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      const file = path.join(OUT_DIR, `caremesh-booking-${phase.keys ? 'keyed' : 'plain'}-${Date.now()}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      const bookings = Object.values(load.statuses).reduce((a, b) => a + b, 0) + load.warmUpCount;
      const failed = Object.entries(load.statuses).filter(([status]) => status !== '201');
      if (failed.length) notes.push(`${phase.label}: answers ${failed.map(([s, n]) => `${n} × ${s}`).join(', ')}`);
      notes.push(`${phase.label}: profile written to ${file}`);
      results.push({
        label: phase.label,
        bookings,
        perSecond: load.completedInWindow / (load.windowMs / 1000),
        statements: (statements - sent) / bookings,
        ...summarise(profile),
      });
    }
    const table = (title: string, pick: (r: (typeof results)[number]) => Map<string, number>) => {
      const keys = [...new Set(results.flatMap((r) => [...pick(r).keys()]))].sort(
        (a, b) => (pick(results[0]!).get(b) ?? 0) - (pick(results[0]!).get(a) ?? 0),
      );
      console.log(`\n  ${title.padEnd(60)}${results.map((r) => r.label.padStart(22)).join('')}`);
      for (const key of keys) {
        console.log(
          `  ${key.padEnd(60)}${results
            .map((r) => {
              const ms = (pick(r).get(key) ?? 0) / 1000 / r.bookings;
              const share = ((pick(r).get(key) ?? 0) / r.busyUs) * 100;
              return `${ms.toFixed(3)} ms ${`(${share.toFixed(1)}%)`.padStart(8)}`.padStart(22);
            })
            .join('')}`,
        );
      }
    };
    console.log(
      `\n  bookings: ${results.map((r) => `${r.label} ${r.bookings} (${r.perSecond.toFixed(0)}/s while profiled)`).join('; ')}`,
    );
    console.log(
      `  API CPU per booking (profiled, busy samples): ${results.map((r) => `${r.label} ${(r.busyUs / 1000 / r.bookings).toFixed(2)} ms`).join('; ')}`,
    );
    console.log(
      `  statements sent to PostgreSQL per booking: ${results.map((r) => `${r.label} ${r.statements.toFixed(2)}`).join('; ')}`,
    );
    table('where the ms go, by purpose (ms per booking)', (r) => r.purpose);
    table('by library', (r) => r.library);
    for (const [cause, n] of errors.take()) console.log(`  the server logged ${n} × "${cause}"`);
  } catch (error) {
    notes.push(`failed — ${(error as Error).stack ?? String(error)}`);
  } finally {
    session.disconnect();
    await instance?.close();
    await target.dispose();
  }
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`at the end: ${loadAverage()}`);
console.log(`total ${((performance.now() - total) / 1000).toFixed(0)} s`);
