// How long after a first visit the app opens with no network: from the navigation to the moment the
// service worker, its precache complete, controls the page. A field user who closes the app sooner
// finds nothing offline. Each run is a fresh browser profile (nothing cached) opening /login, through
// a relay that adds a round-trip time to every exchange (no bandwidth cap: the precache is many small
// files, so round trips dominate). Prints the median and range per round-trip time; never fails on them.
//
//   npm run bench offline-ready                   3 runs at 0 and 150 ms on a server started here
//   BENCH_OFFLINE_RUNS=5  BENCH_RTT_MS=0,150,300  other counts and round-trip times
//   BENCH_URL=http://localhost:3000               an app already running instead (another build)
import { createServer, connect, type Socket } from 'node:net';
import { loadavg } from 'node:os';
import { chromium } from 'playwright';
import { startApp } from './_app.ts';

const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 3);
const RTTS = (process.env.BENCH_RTT_MS ?? '0,150').split(',').map(Number);
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A TCP relay to the app that holds every chunk half a round trip each way. */
function latencyRelay(target: URL, rttMs: number): Promise<{ base: string; close(): void }> {
  const half = rttMs / 2;
  const later = (act: () => void) => (half > 0 ? setTimeout(act, half) : act());
  const pipe = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => later(() => to.write(chunk)));
    from.on('end', () => later(() => to.end()));
    from.on('error', () => to.destroy());
  };
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname === 'localhost' ? '127.0.0.1' : target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        base: `http://127.0.0.1:${port}`,
        close() {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    }),
  );
}

const app = await startApp('offline-ready');
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
try {
  const rows: string[] = [];
  for (const rtt of RTTS) {
    const relay = await latencyRelay(new URL(app.base), rtt);
    const loads: number[] = [];
    const ready: number[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          const started = Date.now();
          await page.goto(`${relay.base}/login`, { waitUntil: 'load' });
          loads.push(Date.now() - started);
          await page.evaluate(async () => {
            await navigator.serviceWorker.ready;
            if (navigator.serviceWorker.controller) return;
            await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
          });
          ready.push(Date.now() - started);
          console.log(
            `  ${rtt} ms round trip, run ${i + 1}: loaded ${loads.at(-1)} ms, offline-ready ${ready.at(-1)} ms`,
          );
        } finally {
          await context.close();
        }
      }
    } finally {
      relay.close();
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const line = (values: number[]) => {
      const s = sorted(values);
      return `${(s[Math.floor((s.length - 1) / 2)]! / 1000).toFixed(2)} s (${(s[0]! / 1000).toFixed(2)}–${(s.at(-1)! / 1000).toFixed(2)})`;
    };
    rows.push(`  ${String(rtt).padStart(4)} ms   loaded ${line(loads)}   offline-ready ${line(ready)}`);
  }
  console.log(`\nOffline-ready after a first visit to /login, median of ${RUNS} (range), ${app.base}`);
  console.log('  round trip');
  for (const row of rows) console.log(row);
  console.log(
    `Load average ${loadavg()[0]!.toFixed(1)} (1 min): the app, the browser and the relay share this machine.`,
  );
} finally {
  await browser.close();
  app.stop();
}
