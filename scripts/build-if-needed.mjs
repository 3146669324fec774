// Builds the PWA when dist/ is missing or older than any file it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'src',
  'service-worker',
  'domain',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  // The build's own plugins (how it cuts chunks, wraps the schemas, names the manifest …).
  ...readdirSync(path.join(root, 'scripts'))
    .filter((name) => name.startsWith('vite-') && !name.endsWith('.test.ts'))
    .map((name) => path.join('scripts', name)),
];
const STAMP = path.join(root, 'dist', 'index.html');

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function buildIfNeeded() {
  const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= changedAt) return;
  process.stdout.write(
    builtAt ? 'caremesh: sources changed, rebuilding the app…\n' : 'caremesh: building the app (first start)…\n',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // The server may run with NODE_ENV=development; the bundle is always a production one.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    process.stderr.write('caremesh: the app failed to build; see the errors above.\n');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
