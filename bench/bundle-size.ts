// What the browser downloads for the first screen: the entry script, its static imports and the CSS,
// gzipped, against the DESIGN budget (≤ 120 KB of JS for the login route).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';

const BUDGET_KB = 120;
const dist = path.resolve('dist');
buildIfNeeded();

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);

// Follow static imports of the entry chunks (Vite emits them as `from"./x.js"` or `import"./x.js"`).
const seen = new Set<string>();
const queue = entryFiles.filter((f) => f.endsWith('.js'));
while (queue.length) {
  const file = queue.shift() as string;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`assets/${m[1]}`);
}
const js = [...seen];
const css = entryFiles.filter((f) => f.endsWith('.css'));
const jsBytes = js.reduce((sum, f) => sum + gz(f), 0);
const cssBytes = css.reduce((sum, f) => sum + gz(f), 0);

const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const allJsBytes = allJs.reduce((sum, f) => sum + gz(`assets/${f}`), 0);
const swBytes = statSync(path.join(dist, 'sw.js')).size;

console.log('bundle size (gzip -9)');
for (const f of js) console.log(`  ${f.padEnd(48)} ${kb(gz(f)).padStart(7)} KB`);
console.log(
  `  first-screen JS: ${kb(jsBytes)} KB of a ${BUDGET_KB} KB budget (${((jsBytes / 1024 / BUDGET_KB) * 100).toFixed(0)}%)`,
);
console.log(`  first-screen CSS: ${kb(cssBytes)} KB`);
console.log(`  all JS chunks (${allJs.length}): ${kb(allJsBytes)} KB; service worker: ${kb(swBytes)} KB raw`);
