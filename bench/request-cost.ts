// What a request costs CareMesh beyond the queries it makes. In one process, on one fresh PostgreSQL
// database: bare Fastify references (no plugins, no hooks, no logging, node-postgres' pool of 10 like
// the server's) answering hello, one query and two queries, and a CareMesh API instance as
// production builds it (its logger at info, written nowhere) answering GET /api/health and, signed
// in, GET /api/users/user-details and GET /api/notifications/unread/count. Load from a separate
// process, the targets interleaved over several rounds; prints the median requests/s, p99, the API
// process's CPU per request, the statements each request sent to PostgreSQL (counted at the driver),
// and the ratio to the bare route making the queries the answer needs (the account row; then the
// unread count) — DESIGN: an authenticated cheap read ≥ 70% of it — and to the bare route sending as
// many statements as the route did (the session cache answers most checks without one). Never fails
// on the figures.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { loggerOptions } from '../server/platform/logging.ts';
import type { ReadResult } from './_load-generator.ts';
import {
  MACHINE_NOTE,
  freshPostgres,
  loadAverage,
  runLoad,
  seedPeople,
  signInAll,
  startInstance,
  summarise,
  type Instance,
} from './_support.ts';

const CONCURRENCY = Number(process.env.BENCH_REQUEST_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_REQUEST_SECONDS ?? 4) * 1_000;
const ROUNDS = Number(process.env.BENCH_REQUEST_ROUNDS ?? 3);
const WARM_UP_MS = 1_000;
const PATIENTS = 16;
const BUDGET_RATIO = 0.7;

// What the reference routes ask: the shape of a signed-in read (the account, then the caller's rows).
const ACCOUNT_SQL =
  'select id, email, role, reference_id, name, token_version, ' +
  'exists (select 1 from revoked_sessions where token_id = $2) as revoked from users where id = $1';
const UNREAD_SQL = "select count(*)::int as n from notifications where user_id = $1 and status = 'Sent'";

/** Statements sent to PostgreSQL by every pool in this process (the server's and the references'). */
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

async function bareFastify(url: string, userIds: string[]) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app: FastifyInstance = Fastify({ logger: false });
  let next = 0;
  const someone = () => userIds[next++ % userIds.length]!;
  app.get('/hello', async () => ({ hello: 'world' }));
  app.get('/one-query', async () => {
    const { rows } = await pool.query(ACCOUNT_SQL, [someone(), null]);
    return { data: rows[0] };
  });
  app.get('/two-queries', async () => {
    const id = someone();
    const { rows } = await pool.query(ACCOUNT_SQL, [id, null]);
    const count = await pool.query(UNREAD_SQL, [rows[0].id]);
    return { data: { count: count.rows[0].n } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

/** `queries`: what the route's answer needs read, as a bare route reads it (the account; then the count). */
type Target = {
  label: string;
  reference: boolean;
  base: () => string;
  path: string;
  tokens: string[];
  queries: number;
};
type Run = { rps: number; p99: number; cpuUs: number; statements: number; failures: string[] };

console.log(
  `Request cost: bare Fastify references and CareMesh routes on one fresh PostgreSQL database, in this process; ` +
    `CareMesh built as in production (logger at info, written nowhere; helmet, compression, the access gate).\n` +
    `Load from a separate Node.js process (node:http, keep-alive): ${CONCURRENCY} requests in flight, each target ` +
    `${DURATION_MS / 1000} s after ${WARM_UP_MS / 1000} s of warm-up, the targets interleaved over ${ROUNDS} rounds ` +
    `(medians shown).\nMachine: ${MACHINE_NOTE.replace('; request logging off, as in bench/search.ts', '')} ${loadAverage()}`,
);

const notes: string[] = [];
const total = performance.now();
const target = await freshPostgres();
if (typeof target === 'string') {
  notes.push(target);
} else {
  let instance: Instance | undefined;
  let bare: Awaited<ReturnType<typeof bareFastify>> | undefined;
  try {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: target.url });
    instance = await startInstance(target, {
      jwtSecret: randomBytes(32).toString('hex'),
      logger: { ...(loggerOptions(config) as object), stream: { write: () => undefined } },
    });
    const { patients } = await seedPeople(target.database, { doctors: 1, patients: PATIENTS }, 'cost');
    const tokens = await signInAll(
      instance.baseUrl,
      patients.map((p) => p.email),
    );
    bare = await bareFastify(
      target.url,
      patients.map((p) => p.userId),
    );
    const api = instance.baseUrl;
    const ref = bare.baseUrl;
    const targets: Target[] = [
      { label: 'bare Fastify: hello', reference: true, base: () => ref, path: '/hello', tokens: [], queries: 0 },
      {
        label: 'bare Fastify: one query',
        reference: true,
        base: () => ref,
        path: '/one-query',
        tokens: [],
        queries: 1,
      },
      {
        label: 'bare Fastify: two queries',
        reference: true,
        base: () => ref,
        path: '/two-queries',
        tokens: [],
        queries: 2,
      },
      { label: 'GET /api/health', reference: false, base: () => api, path: '/api/health', tokens: [], queries: 1 },
      {
        label: 'GET /api/users/user-details',
        reference: false,
        base: () => api,
        path: '/api/users/user-details',
        tokens,
        queries: 1,
      },
      {
        label: 'GET /api/notifications/unread/count',
        reference: false,
        base: () => api,
        path: '/api/notifications/unread/count',
        tokens,
        queries: 2,
      },
    ];
    const runs = new Map<string, Run[]>(targets.map((t) => [t.label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const before = statements;
        const cpu = process.cpuUsage();
        const result = await runLoad<ReadResult>({
          kind: 'read',
          baseUrl: t.base(),
          path: t.path,
          concurrency: CONCURRENCY,
          warmUpMs: WARM_UP_MS,
          durationMs: DURATION_MS,
          tokens: t.tokens,
        });
        const used = process.cpuUsage(cpu);
        const requests = Math.max(1, result.latencies.length + result.warmUpCount);
        runs.get(t.label)!.push({
          rps: result.completedInWindow / (result.windowMs / 1000),
          p99: summarise(result.latencies).p99,
          cpuUs: (used.user + used.system) / requests,
          statements: (statements - before) / requests,
          failures: result.failures,
        });
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const summary = targets.map((t) => {
      const r = runs.get(t.label)!;
      return {
        ...t,
        rps: median(r.map((x) => x.rps)),
        p99: median(r.map((x) => x.p99)),
        cpuUs: median(r.map((x) => x.cpuUs)),
        statements: median(r.map((x) => x.statements)),
        spread: `${Math.min(...r.map((x) => x.rps)).toFixed(0)}–${Math.max(...r.map((x) => x.rps)).toFixed(0)}`,
        failures: r.flatMap((x) => x.failures),
      };
    });
    const references = summary.filter((s) => s.reference);
    // The bare route making n queries (hello: none; then one, two).
    const bareWith = (n: number) => references[Math.min(references.length - 1, Math.max(0, Math.round(n)))]!;
    const name = (r: { label: string }) => r.label.replace('bare Fastify: ', '');
    console.log(
      `\n  ${''.padEnd(38)}${'requests/s'.padStart(11)}${'(rounds)'.padStart(14)}${'p99'.padStart(10)}` +
        `${'CPU/req'.padStart(10)}${'stmts/req'.padStart(11)}   ratio to the bare route making the same queries` +
        ` (the budget's); to the one sending as many statements`,
    );
    for (const s of summary) {
      const same = bareWith(s.queries);
      const ratio = s.rps / same.rps;
      const sent = bareWith(s.statements);
      const verdict = s.reference
        ? ''
        : `${ratio.toFixed(2)} of "${name(same)}"` +
          (s.tokens.length ? ` ${ratio >= BUDGET_RATIO ? 'within' : 'UNDER'} (budget ≥ ${BUDGET_RATIO})` : '') +
          `; ${(s.rps / sent.rps).toFixed(2)} of "${name(sent)}"`;
      console.log(
        `  ${s.label.padEnd(38)}${s.rps.toFixed(0).padStart(11)}${s.spread.padStart(14)}` +
          `${`${s.p99.toFixed(1)} ms`.padStart(10)}${`${s.cpuUs.toFixed(0)} µs`.padStart(10)}` +
          `${s.statements.toFixed(2).padStart(11)}   ${verdict}`,
      );
    }
    for (const s of summary)
      for (const f of s.failures.slice(0, 2)) console.log(`  ${s.label}: a request failed: ${f}`);
  } catch (error) {
    notes.push(`failed — ${(error as Error).stack ?? String(error)}`);
  } finally {
    await bare?.close();
    await instance?.close();
    await target.dispose();
  }
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`at the end: ${loadAverage()}`);
console.log(`total ${((performance.now() - total) / 1000).toFixed(0)} s`);
