// `npm run bench [name…]`: runs every benchmark in bench/ (or the named ones); each prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const benches = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));
let failed = 0;
for (const file of benches) {
  process.stdout.write(`\n=== bench/${file}\n`);
  const result = spawnSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
