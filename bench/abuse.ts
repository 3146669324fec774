// What the attacks in the hardening review cost the server now: the real server (server/main.ts) in
// its own process on PostgreSQL, attacked over real HTTP and sockets from this process.
//  1. one socket sending 2,000 `join` events: /api/health latency meanwhile, and what the socket got;
//  2. password-reset requests for known and unknown emails: answer times side by side;
//  3. four anonymous 90 MB uploads carrying an Idempotency-Key: answers and the server's peak memory.
// Figures only; nothing here fails a build.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/platform/passwords.ts';
import { freshPostgres, loadAverage, ms, summarise } from './_support.ts';

const PASSWORD = 'Bench-abuse-2026';
const HOSPITAL_ID = '4b0f1c2e-9a7d-4e3b-8c21-5f6a7b8c9d0e';
const target = await freshPostgres();
if (typeof target === 'string') {
  console.log(target);
  process.exit(0);
}
const hash = await hashPassword(PASSWORD);
await target.database.db.insert(users).values([
  {
    email: 'desk@bench.caremesh.test',
    role: 'HOSPITAL',
    referenceId: HOSPITAL_ID,
    passwordHash: hash,
    emailVerifiedAt: new Date(),
  },
  ...Array.from({ length: 200 }, (_, i) => ({
    email: `known${i}@bench.caremesh.test`,
    passwordHash: hash,
    emailVerifiedAt: new Date(),
  })),
]);

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: target.url,
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'silent',
    // Each attack request comes "from" its own address, so that only the per-account budgets apply.
    TRUST_PROXY: 'true',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 300) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const memory = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
let address = 0;
const from = () => ({ 'x-forwarded-for': `198.18.${(++address >> 8) & 255}.${address & 255}` });
const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from(), ...headers },
    body: JSON.stringify(json),
  });

async function timed(fn: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  await (await fn()).arrayBuffer();
  return performance.now() - started;
}
const health = () => timed(() => fetch(`${base}/api/health`));

console.log(loadAverage());
const token = (
  (await (await post('/api/users/signin', { email: 'desk@bench.caremesh.test', password: PASSWORD })).json()) as {
    data: { token: string };
  }
).data.token;

// 1. A socket that floods.
const idle: number[] = [];
for (let i = 0; i < 100; i++) idle.push(await health());
const socket = io(base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
await new Promise<void>((resolve, reject) => {
  socket.once('connect', () => resolve());
  socket.once('connect_error', reject);
});
let served = 0;
let refused = 0;
const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
for (let i = 0; i < 2_000; i++) {
  socket.emit('join', HOSPITAL_ID, (answer: { ok: boolean }) => (answer.ok ? served++ : refused++));
}
const during: number[] = [];
for (let i = 0; i < 100; i++) during.push(await health());
const reason = await Promise.race([closed, new Promise<string>((r) => setTimeout(() => r('still open'), 3_000))]);
socket.close();
const a = summarise(idle.sort((x, y) => x - y));
const b = summarise(during.sort((x, y) => x - y));
console.log('\n1. one socket sends 2,000 joins (the review measured /api/health at 1.75 s before the budget)');
console.log(`   /api/health idle:          p50 ${ms(a.p50)}  p95 ${ms(a.p95)}  max ${ms(a.max)}`);
console.log(`   /api/health during flood:  p50 ${ms(b.p50)}  p95 ${ms(b.p95)}  max ${ms(b.max)}`);
console.log(
  `   joins answered ${served}, refused RATE_LIMITED ${refused}, unanswered once closed ${2_000 - served - refused}; the socket: ${reason}`,
);

// 2. Reset timing, known vs unknown email, interleaved (the review: 8.0 ms vs 4.9 ms, no overlap).
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < 200; i++) {
  known.push(await timed(() => post('/api/users/request-reset-password', { email: `known${i}@bench.caremesh.test` })));
  unknown.push(
    await timed(() => post('/api/users/request-reset-password', { email: `nobody${i}@bench.caremesh.test` })),
  );
}
const k = summarise(known.sort((x, y) => x - y));
const u = summarise(unknown.sort((x, y) => x - y));
console.log('\n2. password-reset requests, 200 known and 200 unknown emails, interleaved');
console.log(`   known:    p50 ${ms(k.p50)}  p95 ${ms(k.p95)}`);
console.log(`   unknown:  p50 ${ms(u.p50)}  p95 ${ms(u.p95)}   known/unknown p50 ×${(k.p50 / u.p50).toFixed(2)}`);

// 3. Anonymous 90 MB uploads with an Idempotency-Key (the review: 670 → 1,142 MB).
const before = memory('VmRSS');
const boundary = 'bench-boundary';
const body = new Blob([
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  new Uint8Array(90 * 2 ** 20),
  `\r\n--${boundary}--\r\n`,
]);
const answers = await Promise.all(
  Array.from({ length: 4 }, (_, i) =>
    fetch(`${base}/api/patients/${HOSPITAL_ID}/documents`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'idempotency-key': `bench-${i}`,
        ...from(),
      },
      body,
    }).then(
      (res) => String(res.status),
      () => 'connection closed',
    ),
  ),
);
console.log('\n3. four anonymous 90 MB uploads with an Idempotency-Key, at once');
console.log(
  `   answers: ${answers.join(', ')}; server RSS ${before.toFixed(0)} MB before, ${memory('VmRSS').toFixed(0)} MB after, peak of its life ${memory('VmHWM').toFixed(0)} MB`,
);

server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
await target.dispose();
