// What one release costs a returning user: the app is built twice, the second time with one string
// changed in one screen (a typical small release), and the files whose names changed are what the
// service worker downloads again at the update. Prints how many of the hashed files changed and their
// gzipped size; never fails on them. `BENCH_RELEASE_LEAF` names another module to change (a path
// under src/).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const LEAF = process.env.BENCH_RELEASE_LEAF ?? 'src/features/pharmacy/InventoryScreen.tsx';
const leafId = path.resolve(LEAF);

/** Changes the first string literal of the leaf module, as a one-word text fix would. */
const oneStringChanged: Plugin = {
  name: 'bench-one-string-changed',
  enforce: 'pre',
  transform(code, id) {
    if (id !== leafId) return null;
    // The first string after the imports: a module specifier changed would not resolve.
    const body = code.search(/^(?!import|\s|\}|$)/m);
    const changed = code.slice(0, body) + code.slice(body).replace(/'([^'\n]{3,})'/, "'$1 '");
    if (changed === code) throw new Error(`${LEAF} has no string literal to change`);
    return changed;
  },
};

type Files = Map<string, number>;
async function buildTo(outDir: string, plugins: Plugin[]): Promise<Files> {
  rmSync(outDir, { recursive: true, force: true });
  await build({ logLevel: 'warn', plugins, build: { outDir, emptyOutDir: true } });
  const assets = path.join(outDir, 'assets');
  const files: Files = new Map();
  for (const name of readdirSync(assets)) {
    if (!/\.(js|css)$/.test(name)) continue;
    files.set(name, gzipSync(readFileSync(path.join(assets, name)), { level: 9 }).length);
  }
  return files;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Iterable<number>) => [...files].reduce((a, b) => a + b, 0);

const root = path.join(tmpdir(), `caremesh-release-${process.pid}`);
try {
  const before = await buildTo(path.join(root, 'before'), []);
  const after = await buildTo(path.join(root, 'after'), [oneStringChanged]);
  const changed = [...after].filter(([name]) => !before.has(name));
  console.log(`One string changed in ${LEAF}:`);
  console.log(
    `  hashed JS and CSS files changed: ${changed.length} of ${after.size} ` +
      `(${((100 * changed.length) / after.size).toFixed(0)}%)`,
  );
  console.log(
    `  downloaded again at the update (gzip): ${kb(sum(changed.map(([, size]) => size)))} ` +
      `of ${kb(sum(after.values()))}`,
  );
  if (process.env.BENCH_RELEASE_LIST) for (const [name, size] of changed) console.log(`    ${name} ${kb(size)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
