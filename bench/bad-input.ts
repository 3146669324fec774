// `npm run bench bad-input`: the bad-input suite (tests/api/bad-input.test.ts) with many more cases per
// operation than CI runs. BAD_INPUT_RUNS (default here 200) and BAD_INPUT_SEED (default: a new one,
// printed so a failure can be replayed) may be set.
import { spawnSync } from 'node:child_process';

const runs = process.env.BAD_INPUT_RUNS ?? '200';
const seed = process.env.BAD_INPUT_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`bad input: ${runs} cases per operation, seed ${seed}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'tests/api/bad-input.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, BAD_INPUT_RUNS: runs, BAD_INPUT_SEED: seed },
});
process.exit(result.status ?? 1);
