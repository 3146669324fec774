// Where the main thread's JavaScript goes when the patient's /appointments opens cold (signed in,
// nothing cached, no service worker): V8's CPU profile of the load, from the navigation until the
// network has been quiet for a second, summed per chunk. Lighthouse's TBT moves by a factor of two
// from run to run on a shared machine; this profile is steadier, and says which code the time is in.
// Prints figures; never fails on them.
//
//   npm run bench startup-profile             5 cold loads on a server started here
//   BENCH_STARTUP_RUNS=9                      more loads
//   BENCH_STARTUP_PATH=/medical-records       another signed-in screen of the demo patient
//   BENCH_URL=http://localhost:3000           an app already running (`npm start`) instead
//
// For each chunk (its file name without the content hash): the time evaluating its top-level code,
// including what that code calls (module evaluation: zod building schemas, React Router creating
// the router), and its self time (the time in its own functions, wherever they were called from).
// Unthrottled; the profiler's sampling adds some overhead. Compare builds interleaved.
import { chromium, type CDPSession } from 'playwright';
import { signInDemoPatient, startApp } from './_app.ts';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const PATH = process.env.BENCH_STARTUP_PATH ?? '/appointments';
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Load = { evaluation: Map<string, number>; self: Map<string, number>; scriptMs: number };

/** `/assets/forms-DkOHneyG.js` → `forms`; a script of the page itself keeps its path. */
const chunkOf = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');

function summariseProfile(profile: Profile): Load {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const inclusive = new Map<number, number>();
  const total = (node: ProfileNode): number => {
    const known = inclusive.get(node.id);
    if (known !== undefined) return known;
    let sum = selfUs.get(node.id) ?? 0;
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) sum += total(next);
    }
    inclusive.set(node.id, sum);
    return sum;
  };
  const evaluation = new Map<string, number>();
  const self = new Map<string, number>();
  let scriptMs = 0;
  for (const node of profile.nodes) {
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (!url.startsWith('http')) continue;
    const chunk = chunkOf(url);
    const ownMs = (selfUs.get(node.id) ?? 0) / 1000;
    self.set(chunk, (self.get(chunk) ?? 0) + ownMs);
    scriptMs += ownMs;
    // A module's top-level code is the anonymous function at its very start.
    if (functionName === '' && lineNumber === 0 && columnNumber === 0)
      evaluation.set(chunk, (evaluation.get(chunk) ?? 0) + total(node) / 1000);
  }
  return { evaluation, self, scriptMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const figure = (values: number[]) =>
  `${median(values).toFixed(1).padStart(6)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;

const app = await startApp('startup-profile');
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
try {
  const token = await signInDemoPatient(app.base);
  const loads: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'jwtToken', value: token, url: app.base, sameSite: 'Strict' }]);
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.base}${PATH}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const final = new URL(page.url()).pathname;
    if (final !== PATH) throw new Error(`${PATH} ended on ${final}: not the screen meant`);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const load = summariseProfile(profile);
    loads.push(load);
    const evaluated = [...load.evaluation.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  load ${i + 1}: JavaScript ${load.scriptMs.toFixed(0)} ms, of which module evaluation ${evaluated.toFixed(0)} ms`,
    );
    await context.close();
  }
  const over = (pick: (load: Load) => Map<string, number>) => {
    const chunks = new Set(loads.flatMap((load) => [...pick(load).keys()]));
    return [...chunks]
      .map((chunk) => ({ chunk, values: loads.map((load) => pick(load).get(chunk) ?? 0) }))
      .sort((a, b) => median(b.values) - median(a.values));
  };
  console.log(`\n${PATH} signed in as the demo patient, cold, ${RUNS} loads, ${app.base}: median (range)`);
  console.log(`  JavaScript on the main thread   ${figure(loads.map((l) => l.scriptMs))}`);
  const evaluations = loads.map((l) => [...l.evaluation.values()].reduce((a, b) => a + b, 0));
  console.log(`  evaluating the modules          ${figure(evaluations)}`);
  console.log('evaluating each chunk (its top-level code and what it calls):');
  for (const { chunk, values } of over((l) => l.evaluation).slice(0, 12))
    console.log(`  ${chunk.padEnd(30)} ${figure(values)}`);
  console.log("each chunk's own functions (self time):");
  for (const { chunk, values } of over((l) => l.self).slice(0, 12))
    console.log(`  ${chunk.padEnd(30)} ${figure(values)}`);
} finally {
  await browser.close();
  app.stop();
}
