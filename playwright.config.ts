import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Prints the first even port from argv[1] (stepping by 2 within 3100–3899) that it and the next are free
 * and that Chromium will open: it refuses the ports on its restricted list (ERR_UNSAFE_PORT), of which
 * 3659 falls in this range.
 */
const FREE_PORT_PAIR = `
const net = require('node:net');
const refused = new Set([3659]);
const free = (port) => new Promise((done) => {
  const server = net.createServer().once('error', () => done(false));
  server.listen(port, () => server.close(() => done(true)));
});
(async () => {
  const start = Number(process.argv[1]);
  for (let step = 0; step < 400; step++) {
    const port = 3100 + ((start - 3100 + 2 * step) % 800);
    if (refused.has(port) || refused.has(port + 1)) continue;
    if ((await free(port)) && (await free(port + 1))) return process.stdout.write(String(port));
  }
  process.exit(1);
})();`;

// Two servers of this run's own, each on its own port and its own fresh embedded database, so two runs
// on one machine (a developer's and CI's) never share a server, every run starts from the same demo
// data, and the two halves of the suite (the projects below) run side by side without touching each
// other's rows. Kept in the environment so the worker processes, which load this file again, agree.
// The pair is checked free before use: a port some other process holds (a developer's server left
// running) would otherwise answer the health check in the app's place and fail every test of a half.
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  ['-e', FREE_PORT_PAIR, String(3100 + (process.pid % 400) * 2)],
  {
    encoding: 'utf8',
  },
);
const port = Number(process.env.E2E_PORT);
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `caremesh-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
const HALVES = ['a', 'b'] as const;
type Half = (typeof HALVES)[number];
const portOf = (half: Half) => port + HALVES.indexOf(half);
const baseURLOf = (half: Half) => `http://localhost:${portOf(half)}`;

/**
 * The specs of the first half; every other spec (a new one too) runs in the second. Split so the two
 * take about as long (the list reporter prints each test's time; offline-reopen alone is a fifth of it).
 */
const FIRST_HALF = [
  'offline-reopen',
  'offline-replay',
  'verification',
  'appointments',
  'people',
  'update',
  'telemedicine',
].map((name) => `**/${name}.spec.ts`);

// Both servers start as `npm start` does, which builds the app first if needed: built once here,
// before either starts, so they never build into the same folder at once. Workers skip it.
if (process.env.TEST_WORKER_INDEX === undefined) {
  execFileSync(process.execPath, [fileURLToPath(new URL('scripts/build-if-needed.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}

// tests/e2e/push.spec.ts stands in for the browser vendor's push service with an https server on
// loopback (web-push only sends to https). Its self-signed certificate is made here, before the app's
// server starts, so that server can trust it through NODE_EXTRA_CA_CERTS.
export const pushServiceTls = {
  key: path.join(dataDir, 'push-service-tls', 'key.pem'),
  cert: path.join(dataDir, 'push-service-tls', 'cert.pem'),
};
if (!existsSync(pushServiceTls.cert)) {
  mkdirSync(path.dirname(pushServiceTls.cert), { recursive: true });
  // prettier-ignore
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout', pushServiceTls.key, '-out', pushServiceTls.cert,
  ], { stdio: 'ignore' });
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Each spec runs whole in one worker; the two halves run side by side, each against its own server.
  fullyParallel: false,
  workers: HALVES.length,
  retries: 0,
  forbidOnly: true,
  // A test's whole budget. Both halves run at once on the machine's two cores, each with its own
  // server and up to three browser contexts, so the machine is at ten or more runnable processes; a
  // two-party scenario (a booking answered live, both sides' actions) takes 50–60 s of work there.
  // Tests with more to do set their own, larger budget.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, network); its screencast cost a fifth of
    // the suite's CPU, and the failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: HALVES.map((half) => ({
    name: `desktop-${half}`,
    // One worker a half: its specs share their server's data and run one after another.
    workers: 1,
    ...(half === 'a' ? { testMatch: FIRST_HALF } : { testIgnore: FIRST_HALF }),
    use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: baseURLOf(half) },
  })),
  webServer: HALVES.map((half) => ({
    // Started exactly as `npm start` starts it: one process on one port.
    command: 'node scripts/start.mjs',
    url: `${baseURLOf(half)}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(portOf(half)),
      DATA_DIR: path.join(dataDir, half),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURLOf(half),
      NODE_EXTRA_CA_CERTS: pushServiceTls.cert,
      // The loopback push service of tests/e2e/push.spec.ts is on this machine, which is refused unless listed.
      PUSH_SERVICE_HOSTS: 'localhost',
      // The suite signs the demo accounts in many times from one address; the limit has its own API tests.
      SIGNIN_ATTEMPTS_PER_15_MIN: '500',
      // tests/e2e/offline-replay.spec.ts replays 200 messages written offline; the limit has its own API tests.
      MESSAGES_PER_MINUTE: '1000',
      // The suite registers new accounts (onboarding, verification, push) from one address; the limit has its own API tests.
      REGISTRATIONS_PER_HOUR: '200',
      // tests/e2e/waitlist.spec.ts sees an offer reach the patient's open page at once, at whatever hour it runs;
      // the quiet hours have their own API test.
      WAITLIST_QUIET_HOURS: 'off',
    },
  })),
});
