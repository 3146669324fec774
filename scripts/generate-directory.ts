// `npx tsx scripts/generate-directory.ts --count 50000 [--database-url URL | --data-dir DIR] [--seed S]`:
// fills a database with a large, deterministic directory of hospitals, doctors, diagnostics centres
// and pharmacies across India, for benchmarks. Without a target it uses DATABASE_URL, else DATA_DIR.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseOptions } from '../server/db/client.ts';
import { directorySplit } from '../server/db/demo/directory.ts';
import { fillDirectory } from '../server/db/demo/insert.ts';

const USAGE =
  'usage: npx tsx scripts/generate-directory.ts --count N [--database-url URL | --data-dir DIR] [--seed S] [--batch-size N]';

function fail(message: string): never {
  console.error(`generate-directory: ${message}\n${USAGE}`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      count: { type: 'string', default: '50000' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string', default: 'bench' },
      'batch-size': { type: 'string', default: '1000' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const count = Number(args.count);
const batchSize = Number(args['batch-size']);
if (!Number.isInteger(count) || count < 1) fail('--count must be a whole number of at least 1');
if (!Number.isInteger(batchSize) || batchSize < 1) fail('--batch-size must be a whole number of at least 1');
if (args['database-url'] && args['data-dir']) fail('give either --database-url or --data-dir, not both');

const databaseUrl = args['database-url'] ?? (args['data-dir'] ? undefined : process.env.DATABASE_URL);
// The same layout as the server's DATA_DIR, so `DATA_DIR=DIR npm start` opens what this wrote.
const target: DatabaseOptions = databaseUrl
  ? { kind: 'postgres', url: databaseUrl }
  : { kind: 'pglite', dataDir: path.join(path.resolve(args['data-dir'] ?? process.env.DATA_DIR ?? './data'), 'db') };
const where = target.kind === 'postgres' ? new URL(target.url).host + new URL(target.url).pathname : target.dataDir;

const split = directorySplit(count);
console.log(
  `Generating ${count.toLocaleString('en-IN')} organisations (seed "${args.seed}") into ${target.kind} at ${where}: ` +
    `${split.hospitals} hospitals, ${split.doctors} doctors, ${split.diagnosticsCentres} diagnostics centres, ` +
    `${split.pharmacies} pharmacies.`,
);

const started = performance.now();
const database = await openDatabase(target).catch((error: Error) => fail(`cannot open the database: ${error.message}`));
try {
  let lastPrinted = 0;
  const inserted = await fillDirectory(database.db, {
    seed: args.seed,
    count,
    batchSize,
    onProgress({ kind, inserted: done, total, elapsedMs }) {
      if (done < total && elapsedMs - lastPrinted < 1000) return;
      lastPrinted = elapsedMs;
      const rate = Math.round(done / (elapsedMs / 1000));
      console.log(
        `  ${String(done).padStart(String(total).length)} / ${total} (${kind}) ${(elapsedMs / 1000).toFixed(1)} s, ${rate}/s`,
      );
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Done in ${seconds.toFixed(1)} s: ${Object.entries(inserted)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')}.`,
  );
} catch (error) {
  console.error(`generate-directory: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
