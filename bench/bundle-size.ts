// What a browser downloads to show the login route: every script it fetches, measured gzipped (the
// DESIGN budget is ≤ 120 KB of JS) and as actually sent (the server sends precompressed variants).
// Also what signing in adds. Prints figures; never fails on them.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDemoData } from '../server/db/seed.ts';

const BUDGET_KB = 120;
buildIfNeeded();
const dist = path.resolve('dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gz = (pathname: string) => gzipSync(readFileSync(path.join(dist, pathname)), { level: 9 }).length;

const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
await seedDemoData(database.db);
const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    // A chunk that finishes as the context closes has no sizes left to read; it is not counted.
    const sizes = await request.sizes().catch(() => null);
    if (sizes) scripts.set(new URL(request.url()).pathname, sizes.responseBodySize);
  });

  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  const login = new Map(scripts);
  report('login route', login);

  await page.getByLabel('Email').fill('hospital@caremesh.test');
  await page.getByLabel('Password', { exact: true }).fill('CareMesh@2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/profile');
  await page.waitForLoadState('networkidle');
  const added = new Map([...scripts].filter(([file]) => !login.has(file)));
  report('added by signing in (first signed-in screen)', added, false);
  await context.close();
  await coldSignedInLoad();
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

/**
 * A cold start of the patient's /appointments with a session (nothing cached, no service worker):
 * what the browser asks for before the list request, and how many steps the chain takes.
 */
async function coldSignedInLoad() {
  const answer = await fetch(`${base}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'patient@caremesh.test', password: 'CareMesh@2026' }),
  });
  const { data } = (await answer.json()) as { data: { token: string } };
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addCookies([{ name: 'jwtToken', value: data.token, url: base, sameSite: 'Strict' }]);
  const page = await context.newPage();
  const requests: { path: string; type: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push({ path: `${url.pathname}${url.search}`, type: request.resourceType() });
  });
  await page.goto(`${base}/appointments`);
  await page.waitForRequest((request) => new URL(request.url()).pathname === '/api/appointments/patient');
  await page.waitForLoadState('networkidle');
  const listAt = requests.findIndex((r) => r.path.startsWith('/api/appointments/patient'));
  const before = requests.slice(0, listAt);
  const scriptsBefore = before.filter((r) => r.type === 'script').map((r) => r.path);
  const gzipBefore = scriptsBefore.reduce((sum, file) => sum + gz(file), 0);
  const apiBefore = before.filter((r) => r.path.startsWith('/api/')).map((r) => r.path);
  console.log('cold start of the patient’s /appointments (signed in, nothing cached):');
  console.log(
    `  before the list request: ${before.length} requests, ${scriptsBefore.length} scripts (gzip ${kb(gzipBefore)} KB)`,
  );
  console.log(`  API calls before it: ${apiBefore.join(', ') || 'none'}`);
  const later = requests
    .slice(listAt + 1)
    .filter((r) => r.type === 'script')
    .map((r) => r.path);
  console.log(
    `  scripts fetched after it: ${later.length} (gzip ${kb(later.reduce((sum, file) => sum + gz(file), 0))} KB)`,
  );
  // Each library's chunk, known by a name that stays in its minified code.
  const holds = (file: string, marker: string) => readFileSync(path.join(dist, file), 'utf8').includes(marker);
  for (const [name, marker] of [
    ['zod', 'ZodString'],
    ['Dexie', 'DexieError'],
    ['socket.io', 'engine.io'],
  ] as const) {
    const at = requests.findIndex((r) => r.type === 'script' && holds(r.path, marker));
    const when = at < 0 ? 'not loaded' : at < listAt ? 'before the list request' : 'after the list request';
    console.log(`  ${name.padEnd(9)} ${when}`);
  }
  await context.close();
}

function report(title: string, files: Map<string, number>, budget = true) {
  let gzipped = 0;
  let sent = 0;
  console.log(`${title}:`);
  for (const [file, transferred] of [...files].sort()) {
    const size = gz(file);
    gzipped += size;
    sent += transferred;
    console.log(`  ${file.padEnd(52)} gzip ${kb(size).padStart(6)} KB   sent ${kb(transferred).padStart(6)} KB`);
  }
  const share = budget ? ` — ${((gzipped / 1024 / BUDGET_KB) * 100).toFixed(0)}% of the ${BUDGET_KB} KB budget` : '';
  console.log(`  total: ${files.size} scripts, gzip ${kb(gzipped)} KB, sent ${kb(sent)} KB${share}`);
}
