// Lighthouse 12, mobile profile and its default (simulated) throttling: 150 ms RTT, 1.6 Mbps, 4× CPU.
// The DESIGN budget: performance ≥ 95 on the login route and on a signed-in screen. Runs /login and
// /appointments signed in as the demo patient, interleaved, each in a fresh browser profile (a cold
// load: no HTTP cache, no service worker, nothing on the device), and prints the median of the runs
// with the range. Prints figures; never fails on them.
//
//   npm run bench lighthouse                    3 runs of each page on a server started here
//   BENCH_LIGHTHOUSE_RUNS=5                     more runs
//   BENCH_URL=http://localhost:3000             an app already running (`npm start`) instead
//   BENCH_LIGHTHOUSE_HTTP2=1                    through a TLS front speaking HTTP/2, as a load balancer
//                                               in production would (the openssl command makes its certificate)
//   LIGHTHOUSE_BIN=/path/to/lighthouse-cli.js   another Lighthouse 12 than the one fetched here
//
// Lighthouse is not a dependency of the project (it is large and only this bench uses it): the first
// run installs lighthouse@12 (the last major that runs on Node 20) into the system's temporary folder.
//   BENCH_LIGHTHOUSE_REPORTS=dir                keeps each run's JSON report there (open it in the viewer)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { startHttp2Front, type Front } from './_http2-front.ts';
import { freePort, signInDemoPatient, startApp, waitFor } from './_app.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_VERSION = '12.8.2';
const LIGHTHOUSE = process.env.LIGHTHOUSE_BIN ?? lighthouseCli();

/** The Lighthouse CLI, installed on first use into a folder of its own. */
function lighthouseCli(): string {
  const dir = path.join(os.tmpdir(), `caremesh-lighthouse-${LIGHTHOUSE_VERSION}`);
  const cli = path.join(dir, 'node_modules', 'lighthouse', 'cli', 'index.js');
  try {
    readFileSync(cli);
    return cli;
  } catch {
    process.stdout.write(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${dir} (first run only)…\n`);
    const result = spawnSync(
      'npm',
      ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
    if (result.status !== 0)
      throw new Error('lighthouse could not be installed; set LIGHTHOUSE_BIN to a Lighthouse 12 CLI');
    return cli;
  }
}
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;

type Page = { name: string; path: string; signedIn: boolean };
const ALL_PAGES: Page[] = [
  { name: '/login', path: '/login', signedIn: false },
  { name: '/appointments (patient)', path: '/appointments', signedIn: true },
];
/** `BENCH_LIGHTHOUSE_PAGES=/appointments` runs only the pages named (their paths, comma-separated). */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.path)) : ALL_PAGES;
if (PAGES.length === 0)
  throw new Error(`BENCH_LIGHTHOUSE_PAGES names none of ${ALL_PAGES.map((p) => p.path).join(', ')}`);

type Figures = {
  performance: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  longTasks: number;
};

/** One Lighthouse run in a browser profile of its own; signed in through the session cookie. */
async function run(base: string, page: Page, token: string): Promise<Figures> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'caremesh-lighthouse-profile-'));
  const port = await freePort();
  // Lighthouse drives the browser alone: Playwright only puts the cookie in, then lets go.
  const browser = spawn(
    CHROME,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The HTTP/2 front's certificate is self-signed, made for the run.
      ...(base.startsWith('https:') ? ['--ignore-certificate-errors'] : []),
      'about:blank',
    ],
    // A process group of its own, so the whole browser (its helper processes too) is stopped at the end.
    { stdio: 'ignore', detached: true },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, 30_000);
    if (page.signedIn) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const [context] = cdp.contexts();
      if (!context) throw new Error('the browser has no default context');
      await context.addCookies([{ name: 'jwtToken', value: token, url: base, sameSite: 'Strict' }]);
      await cdp.close();
    }
    const output = path.join(profile, 'report.json');
    const args = [
      LIGHTHOUSE,
      `${base}${page.path}`,
      `--port=${port}`,
      '--form-factor=mobile',
      '--only-categories=performance,best-practices',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      // Lighthouse clears the origin's storage first, the session cookie included; the profile is new.
      ...(page.signedIn ? ['--disable-storage-reset'] : []),
    ];
    // Not spawnSync: the HTTP/2 front runs in this process and must keep answering meanwhile.
    const lighthouse = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    const status = await new Promise<number | null>((resolve) => lighthouse.once('exit', resolve));
    if (status !== 0) throw new Error(`lighthouse failed on ${page.path} (${status})`);
    const text = readFileSync(output, 'utf8');
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path.join(REPORTS, `${page.path.slice(1)}-${Date.now()}.json`), text);
    }
    const report = JSON.parse(text) as LighthouseReport;
    if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
    const final = new URL(report.finalDisplayedUrl).pathname;
    if (final !== page.path) throw new Error(`${page.path} ended on ${final}: not the page meant`);
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((report.categories['performance']?.score ?? 0) * 100),
      bestPractices: Math.round((report.categories['best-practices']?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
      longTasks: report.audits['long-tasks']?.details?.items?.length ?? 0,
    };
  } finally {
    const exited = new Promise((resolve) =>
      browser.exitCode === null ? browser.once('exit', resolve) : resolve(null),
    );
    try {
      if (browser.pid) process.kill(-browser.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
    // A helper process may still be writing its last file; a profile left behind is not worth failing the run.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    } catch {
      process.stderr.write(`could not remove ${profile}; remove it by hand\n`);
    }
  }
}

type LighthouseReport = {
  finalDisplayedUrl: string;
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

function summarise(page: Page, runs: Figures[]) {
  const column = (key: keyof Figures, unit: (n: number) => string) => {
    const values = runs.map((r) => r[key]);
    return `${unit(median(values))} (${unit(Math.min(...values))}–${unit(Math.max(...values))})`;
  };
  const score = (n: number) => n.toFixed(0);
  const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`${page.name}: median of ${runs.length} (range)`);
  console.log(`  performance     ${column('performance', score)}`);
  console.log(`  FCP             ${column('fcp', seconds)}`);
  console.log(`  LCP             ${column('lcp', seconds)}`);
  console.log(`  TBT             ${column('tbt', ms)}`);
  console.log(`  Speed Index     ${column('si', seconds)}`);
  console.log(`  CLS             ${column('cls', (n) => n.toFixed(3))}`);
  console.log(`  long tasks      ${column('longTasks', score)}`);
  console.log(`  best practices  ${column('bestPractices', score)}`);
}

/** Lighthouse now and then fails to record the trace of a load (NO_NAVSTART): such a run is run again, once. */
async function runAgainOnce(base: string, page: Page, token: string): Promise<Figures> {
  try {
    return await run(base, page, token);
  } catch (error) {
    console.log(`  ${page.name}: ${(error as Error).message}; running it again`);
    return run(base, page, token);
  }
}

const app = await startApp('lighthouse');
let front: Front | undefined;
try {
  if (process.env.BENCH_LIGHTHOUSE_HTTP2 === '1') front = await startHttp2Front(app.base);
  const base = front?.base ?? app.base;
  const token = await signInDemoPatient(app.base);
  const results = new Map<Page, Figures[]>(PAGES.map((page) => [page, []]));
  // Interleaved, so a busy minute on this shared machine weighs on both pages alike.
  for (let i = 0; i < RUNS; i++) {
    for (const page of PAGES) {
      const figures = await runAgainOnce(base, page, token);
      results.get(page)?.push(figures);
      console.log(
        `  run ${i + 1} ${page.name}: ${figures.performance} (FCP ${figures.fcp.toFixed(0)} ms, LCP ${figures.lcp.toFixed(0)} ms, TBT ${figures.tbt.toFixed(0)} ms)`,
      );
    }
  }
  const over = front ? `, over HTTP/2 (a TLS front before ${app.base})` : '';
  console.log(`\nLighthouse ${RUNS} runs per page, mobile, simulated throttling, ${base}${over}`);
  for (const [page, runs] of results) summarise(page, runs);
} finally {
  await front?.stop();
  app.stop();
}
