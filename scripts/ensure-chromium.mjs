// Playwright drives Debian's Chromium; install it with apt-get when it is missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

process.stdout.write(`Chromium is not at ${CHROMIUM}; installing Debian's chromium package…\n`);
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = asRoot ? [] : ['sudo', '-n'];
const run = (args) =>
  spawnSync(sudo[0] ?? args[0], [...sudo.slice(1), ...(sudo.length ? args : args.slice(1))], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0;

if (run(['apt-get', 'update', '-qq']) && run(['apt-get', 'install', '-y', '-qq', 'chromium']) && existsSync(CHROMIUM)) {
  process.exit(0);
}
process.stderr.write(
  [
    'The end-to-end tests need Chromium and it could not be installed automatically.',
    'Install it yourself, then run the tests again:',
    '  Debian/Ubuntu: sudo apt-get install -y chromium',
    '  elsewhere:     install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
    '',
  ].join('\n'),
);
process.exit(1);
