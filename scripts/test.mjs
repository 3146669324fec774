// `npm test`: typecheck, lint, unit, API and end-to-end suites, in that order; stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit tests', ['run', 'test:unit']],
  ['API tests', ['run', 'test:api']],
  ['end-to-end tests', ['run', 'test:e2e']],
];

for (const [name, args] of steps) {
  const started = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${name} failed after ${seconds} s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✔ ${name} passed in ${seconds} s\n`);
}
