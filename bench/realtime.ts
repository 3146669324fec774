// Realtime latency across two API instances: two instances on one fresh PostgreSQL database and one
// Redis (the socket.io Redis adapter), built in this process; a doctor's socket.io client on
// instance A; a patient's requests to instance B, one at a time, each causing one event in the
// doctor's room. Measures request start → event received on A, for a booking (`newAppointment`)
// and a message on an appointment (`messageToTheConversation`), and prints p50/p95/p99/max next to
// the DESIGN budget (p95 ≤ 100 ms); and the same on one instance without Redis, for comparison
// (the two setups take turns, request by request, so load from elsewhere weighs on both alike).
// Never fails on the figures.
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  LOCAL_REDIS,
  MACHINE_NOTE,
  freshPostgres,
  loadAverage,
  ms,
  redisReachable,
  seedPeople,
  signInAll,
  slotTimes,
  startInstance,
  summarise,
  verdict,
  type Instance,
  type Summary,
} from './_support.ts';

const BUDGET_P95_MS = 100;
const REQUESTS = Number(process.env.BENCH_REALTIME_REQUESTS ?? 200);
const WARM_UP = 20;
const EVENT_TIMEOUT_MS = 5_000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? LOCAL_REDIS;

/** What the two events carry that the bench matches on. */
type EventPayload = { appointment?: { reason?: string }; message?: { body?: string } } | undefined;

type Kind = 'booking → newAppointment' | 'message → messageToTheConversation';
type Row = { setup: string; kind: Kind; event: Summary; answer: Summary; missed: number; failed: string[] };

function connectSocket(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the time the first `event` matching `match` arrives, or null after the timeout. */
function eventTime(socket: Socket, event: string, match: (payload: EventPayload) => boolean): Promise<number | null> {
  return new Promise((resolve) => {
    const handler = (payload: EventPayload) => {
      if (!match(payload)) return;
      const at = performance.now();
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(at);
    };
    const timer = setTimeout(() => {
      socket.off(event, handler);
      resolve(null);
    }, EVENT_TIMEOUT_MS);
    socket.on(event, handler);
  });
}

const nextSlot = (() => {
  const slot = slotTimes(3);
  let i = 0;
  return () => slot(i++);
})();

type Setup = { label: string; socket: Socket; request: Instance };
type Sample = { event: number | null; answer: number } | { failure: string };

/** One request to the setup's API instance; the time its event reaches the setup's socket. */
async function once(
  kind: Kind,
  setup: Setup,
  marker: string,
  ids: { patientToken: string; doctorId: string; appointmentId: string },
): Promise<Sample> {
  const isBooking = kind.startsWith('booking');
  const arrived = isBooking
    ? eventTime(setup.socket, 'newAppointment', (p) => p?.appointment?.reason === marker)
    : eventTime(setup.socket, 'messageToTheConversation', (p) => p?.message?.body === marker);
  const started = performance.now();
  const res = await fetch(
    isBooking
      ? `${setup.request.baseUrl}/api/appointments/patient/book-appointment`
      : `${setup.request.baseUrl}/api/appointments/${ids.appointmentId}/message`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ids.patientToken}` },
      body: JSON.stringify(
        isBooking
          ? { doctorId: ids.doctorId, scheduledAt: nextSlot(), mode: 'IN_PERSON', reason: marker }
          : { body: marker },
      ),
    },
  );
  const text = await res.text();
  const answered = performance.now();
  if (res.status !== 201) return { failure: `${res.status}: ${text.slice(0, 200)}` };
  const at = await arrived;
  return { event: at === null ? null : at - started, answer: answered - started };
}

/**
 * Request i goes to every setup in turn before request i + 1, so that whatever else the machine
 * is doing meanwhile weighs on every setup alike.
 */
async function measure(kind: Kind, setups: Setup[], ids: Parameters<typeof once>[3]): Promise<Row[]> {
  const run = randomBytes(3).toString('hex');
  const collected = setups.map(() => ({
    event: [] as number[],
    answer: [] as number[],
    missed: 0,
    failed: [] as string[],
  }));
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    for (const [j, setup] of setups.entries()) {
      const sample = await once(kind, setup, `Bench ${run} setup ${j} request ${i}`, ids);
      const into = collected[j]!;
      if ('failure' in sample) {
        if (into.failed.length < 3) into.failed.push(sample.failure);
        continue;
      }
      if (i < WARM_UP) continue;
      into.answer.push(sample.answer);
      if (sample.event === null) into.missed++;
      else into.event.push(sample.event);
    }
  }
  return setups.map((setup, j) => {
    const c = collected[j]!;
    return {
      setup: setup.label,
      kind,
      event: summarise(c.event),
      answer: summarise(c.answer),
      missed: c.missed,
      failed: c.failed,
    };
  });
}

console.log(
  `Realtime latency: ${REQUESTS} requests per row after ${WARM_UP} warm-up, one at a time, the setups taking turns; request start → ` +
    `event received by a socket.io client (websocket) in the doctor's room.\n` +
    `Everything (API instances, sockets, requests) runs in this one Node.js process; ${MACHINE_NOTE} ${loadAverage()}`,
);

const rows: Row[] = [];
const notes: string[] = [];
const total = performance.now();
const target = await freshPostgres();
if (typeof target === 'string') {
  notes.push(target);
} else {
  const instances: Instance[] = [];
  const sockets: Socket[] = [];
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    const withRedis = await redisReachable(REDIS_URL);
    if (!withRedis)
      notes.push(`Redis at ${new URL(REDIS_URL).host} is not reachable; the two-instance rows are skipped`);
    const single = await startInstance(target, { jwtSecret });
    instances.push(single);
    const { doctors, patients } = await seedPeople(target.database, { doctors: 1, patients: 1 }, 'realtime');
    const doctor = doctors[0]!;
    const patient = patients[0]!;
    const [doctorToken, patientToken] = await signInAll(single.baseUrl, [doctor.email, patient.email]);

    // One appointment carries the conversation the message rows write to.
    const first = await fetch(`${single.baseUrl}/api/appointments/patient/book-appointment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${patientToken}` },
      body: JSON.stringify({ doctorId: doctor.id, scheduledAt: nextSlot(), mode: 'VIRTUAL', reason: 'Bench thread' }),
    });
    if (first.status !== 201) throw new Error(`booking the conversation's appointment answered ${first.status}`);
    const appointmentId = ((await first.json()) as { data: { id: string } }).data.id;

    const listening = async (label: string, listen: Instance, request: Instance): Promise<Setup> => {
      const socket = await connectSocket(listen.baseUrl, doctorToken!);
      sockets.push(socket);
      const joined = (await socket.timeout(5_000).emitWithAck('join', doctor.id)) as { ok: boolean };
      if (!joined.ok) throw new Error(`joining the doctor's room on ${label} was refused`);
      return { label, socket, request };
    };
    const setups: Setup[] = [];
    if (withRedis) {
      const a = await startInstance(target, { jwtSecret, redisUrl: REDIS_URL });
      const b = await startInstance(target, { jwtSecret, redisUrl: REDIS_URL });
      instances.push(a, b);
      setups.push(await listening('2 instances + Redis (socket on A, requests to B)', a, b));
    }
    setups.push(await listening('1 instance, no Redis', single, single));

    const ids = { patientToken: patientToken!, doctorId: doctor.id, appointmentId };
    for (const kind of ['booking → newAppointment', 'message → messageToTheConversation'] as const) {
      rows.push(...(await measure(kind, setups, ids)));
    }
  } catch (error) {
    notes.push(`failed — ${(error as Error).stack ?? String(error)}`);
  } finally {
    for (const socket of sockets) socket.close();
    for (const instance of instances.reverse()) await instance.close();
    await target.dispose();
  }
}

console.log(
  `\n${'setup'.padEnd(50)}${'request → event'.padEnd(36)}${['p50', 'p95', 'p99', 'max'].map((h) => h.padStart(10)).join('')}` +
    `   p95 / budget (${BUDGET_P95_MS} ms)   HTTP answer p50   missed`,
);
for (const row of rows) {
  const { event } = row;
  console.log(
    `${row.setup.padEnd(50)}${row.kind.padEnd(36)}${ms(event.p50, 10)}${ms(event.p95, 10)}${ms(event.p99, 10)}${ms(event.max, 10)}` +
      `   ${verdict(event.p95, BUDGET_P95_MS).padEnd(24)}${ms(row.answer.p50, 14)}   ${row.missed} of ${REQUESTS}`,
  );
  for (const failure of row.failed) console.log(`  a request failed: ${failure}`);
}
for (const note of notes) console.log(`note: ${note}`);
console.log(
  'note: the events are emitted before the API answers (the notification is stored after), so an event can ' +
    'arrive before the HTTP answer; the budget names a second browser, measured here with the Node.js socket.io client.',
);
console.log(`at the end: ${loadAverage()}`);
console.log(`total ${((performance.now() - total) / 1000).toFixed(0)} s`);
