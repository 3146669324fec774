// `npm run test:postgres`: the API suite against PostgreSQL. Each test file creates and drops its own database.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
process.stdout.write(`API suite on PostgreSQL (${new URL(url).host})\n`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
