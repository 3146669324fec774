// The API benches' load generator (bookings for bench/booking.ts, GETs for bench/request-cost.ts), in
// a process of its own (forked by runLoad in bench/_support.ts) so that its event loop never stalls the API's: keep-alive HTTP from node:http, a fixed number of requests
// in flight. Receives one job over IPC, answers with the raw latencies, and exits.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';

export type ThroughputJob = {
  kind: 'throughput';
  baseUrl: string;
  concurrency: number;
  warmUpMs: number;
  durationMs: number;
  tokens: string[];
  doctorIds: string[];
  /** ISO time of slot 0; slot i starts i quarter hours later. */
  firstSlotAt: string;
  /** Send an Idempotency-Key with every booking, as the PWA's outbox does. */
  idempotencyKeys?: boolean;
};
export type ContentionJob = {
  kind: 'contention';
  baseUrl: string;
  /** One slot per round; every token books it, all at once. */
  rounds: Array<{ scheduledAt: string }>;
  doctorId: string;
  tokens: string[];
};
/** GET one path over and over (bench/request-cost.ts): a fixed number in flight, each with a token when given. */
export type ReadJob = {
  kind: 'read';
  baseUrl: string;
  path: string;
  concurrency: number;
  warmUpMs: number;
  durationMs: number;
  tokens: string[];
};
export type Job = ThroughputJob | ContentionJob | ReadJob;

export type ThroughputResult = {
  kind: 'throughput';
  latencies: number[];
  /** Requests started before the timed window (warm-up). */
  warmUpCount: number;
  completedInWindow: number;
  windowMs: number;
  statuses: Record<string, number>;
  failures: string[];
};
export type ReadResult = {
  kind: 'read';
  latencies: number[];
  warmUpCount: number;
  completedInWindow: number;
  windowMs: number;
  statuses: Record<string, number>;
  failures: string[];
};
export type ContentionResult = {
  kind: 'contention';
  rounds: Array<{ won: number; refused: number; other: Record<string, number>; latencies: number[] }>;
  failures: string[];
};

const BOOK = '/api/appointments/patient/book-appointment';

function post(agent: Agent, baseUrl: string, path: string, token: string, body: unknown, key?: string) {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          authorization: `Bearer ${token}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function get(agent: Agent, url: string, token: string | undefined) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      url,
      { agent, method: 'GET', headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function read(job: ReadJob): Promise<ReadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const url = `${job.baseUrl}${job.path}`;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  const begin = performance.now();
  const windowStart = begin + job.warmUpMs;
  const windowEnd = windowStart + job.durationMs;
  let sequence = 0;
  let completedInWindow = 0;
  let warmUpCount = 0;
  const loop = async () => {
    while (performance.now() < windowEnd) {
      const token = job.tokens.length ? job.tokens[sequence++ % job.tokens.length] : undefined;
      const started = performance.now();
      let status: number;
      try {
        const res = await get(agent, url, token);
        status = res.status;
        if (status !== 200 && failures.length < 5) failures.push(`${status}: ${res.text.slice(0, 200)}`);
      } catch (error) {
        status = 0;
        if (failures.length < 5) failures.push(`network: ${(error as Error).message}`);
      }
      const ended = performance.now();
      if (started >= windowStart) {
        latencies.push(ended - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } else {
        warmUpCount++;
      }
      if (ended >= windowStart && ended <= windowEnd && status === 200) completedInWindow++;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  agent.destroy();
  return { kind: 'read', latencies, warmUpCount, completedInWindow, windowMs: job.durationMs, statuses, failures };
}

async function throughput(job: ThroughputJob): Promise<ThroughputResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const first = Date.parse(job.firstSlotAt);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  const begin = performance.now();
  const windowStart = begin + job.warmUpMs;
  const windowEnd = windowStart + job.durationMs;
  let sequence = 0;
  let completedInWindow = 0;
  let warmUpCount = 0;
  const loop = async () => {
    while (performance.now() < windowEnd) {
      // Distinct slots: request k books doctor k mod D at its (k div D)-th quarter hour.
      const k = sequence++;
      const doctorId = job.doctorIds[k % job.doctorIds.length]!;
      const slot = Math.floor(k / job.doctorIds.length);
      const token = job.tokens[k % job.tokens.length]!;
      const body = {
        doctorId,
        scheduledAt: new Date(first + slot * 15 * 60_000).toISOString(),
        mode: k % 3 === 0 ? 'VIRTUAL' : 'IN_PERSON',
        reason: `Bench booking ${k}: follow-up for blood pressure`,
      };
      const started = performance.now();
      let status: number;
      try {
        const res = await post(agent, job.baseUrl, BOOK, token, body, job.idempotencyKeys ? randomUUID() : undefined);
        status = res.status;
        if (status !== 201 && failures.length < 5) failures.push(`${status}: ${res.text.slice(0, 200)}`);
      } catch (error) {
        status = 0;
        if (failures.length < 5) failures.push(`network: ${(error as Error).message}`);
      }
      const ended = performance.now();
      if (started >= windowStart) {
        latencies.push(ended - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } else {
        warmUpCount++;
      }
      if (ended >= windowStart && ended <= windowEnd && status === 201) completedInWindow++;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  agent.destroy();
  return {
    kind: 'throughput',
    latencies,
    warmUpCount,
    completedInWindow,
    windowMs: job.durationMs,
    statuses,
    failures,
  };
}

async function contention(job: ContentionJob): Promise<ContentionResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.tokens.length });
  const failures: string[] = [];
  const rounds: ContentionResult['rounds'] = [];
  // Open the connections first, so a round measures the database deciding, not TCP handshakes.
  await Promise.all(
    job.tokens.map((token) =>
      post(agent, job.baseUrl, BOOK, token, {}).catch((error: Error) => failures.push(`warm-up: ${error.message}`)),
    ),
  );
  for (const [i, round] of job.rounds.entries()) {
    const results = await Promise.all(
      job.tokens.map(async (token) => {
        const started = performance.now();
        const res = await post(agent, job.baseUrl, BOOK, token, {
          doctorId: job.doctorId,
          scheduledAt: round.scheduledAt,
          mode: 'IN_PERSON',
          reason: `Bench contention round ${i}`,
        }).catch((error: Error) => ({ status: 0, text: error.message }));
        return { status: res.status, text: res.text, ms: performance.now() - started };
      }),
    );
    const other: Record<string, number> = {};
    for (const r of results) {
      if (r.status === 201 || r.status === 409) continue;
      other[r.status] = (other[r.status] ?? 0) + 1;
      if (failures.length < 5) failures.push(`${r.status}: ${r.text.slice(0, 200)}`);
    }
    rounds.push({
      won: results.filter((r) => r.status === 201).length,
      refused: results.filter((r) => r.status === 409).length,
      other,
      latencies: results.map((r) => r.ms),
    });
  }
  agent.destroy();
  return { kind: 'contention', rounds, failures };
}

process.once('message', (job: Job) => {
  const run = job.kind === 'throughput' ? throughput(job) : job.kind === 'read' ? read(job) : contention(job);
  run.then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: Error) => process.send!({ error: error.stack ?? error.message }, () => process.exit(1)),
  );
});
