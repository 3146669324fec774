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
    const sizes = await request.sizes();
    scripts.set(new URL(request.url()).pathname, sizes.responseBodySize);
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
} finally {
  await browser.close();
  await app.close();
  await database.close();
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
