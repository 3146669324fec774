// `npm test`: typecheck and lint (side by side: each uses one core), then the unit, API and end-to-end
// suites, in that order; stops at the first failure.
import { spawn } from 'node:child_process';

const stages = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['lint', ['run', 'lint']],
  ],
  [['unit tests', ['run', 'test:unit']]],
  [['API tests', ['run', 'test:api']]],
  [['end-to-end tests', ['run', 'test:e2e']]],
];

/** Runs one step; a step beside others keeps its output and prints it whole when it ends. */
function run([name, args], alone) {
  const started = Date.now();
  if (alone) process.stdout.write(`\n▶ ${name}\n`);
  const child = spawn('npm', args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) process.stdout.write(`\n▶ ${name}\n${Buffer.concat(output).toString()}`);
      if (code === 0) process.stdout.write(`✔ ${name} passed in ${seconds} s\n`);
      else process.stderr.write(`\n✖ ${name} failed after ${seconds} s\n`);
      resolve(code ?? 1);
    });
  });
}

for (const steps of stages) {
  const codes = await Promise.all(steps.map((step) => run(step, steps.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
