import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// A port of this run's own, so two runs on one machine (a developer's and CI's) never share a server;
// kept in the environment so the worker processes, which load this file again, agree on it.
process.env.E2E_PORT ??= String(3100 + (process.pid % 800));
const port = Number(process.env.E2E_PORT);
// A fresh embedded database per run, so every run starts from the same demo data.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `caremesh-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://localhost:${port}`;

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
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // Started exactly as `npm start` starts it: build if needed, then one process on one port.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
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
  },
});
