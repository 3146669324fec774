import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemoData } from './db/seed.ts';
import { createFileStore } from './platform/files.ts';

function fail(message: string): never {
  process.stderr.write(`caremesh: ${message}\n`);
  process.exit(1);
}

async function connect(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    try {
      return await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    } catch (error) {
      const target = new URL(config.databaseUrl);
      fail(
        `cannot use the PostgreSQL database ${target.hostname}:${target.port || 5432}${target.pathname} from DATABASE_URL: ${(error as Error).message}`,
      );
    }
  }
  try {
    return await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  } catch (error) {
    fail(`cannot open the embedded database in ${config.dataDir} (DATA_DIR): ${(error as Error).message}`);
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const database = await connect(config);
  const app = await buildApp({ config, database });
  // Demo data on the first start of the embedded database; on PostgreSQL through `npm run seed`.
  const seed = config.seedDemoData || (database.kind === 'pglite' && !config.isProduction);
  if (seed) {
    const created = await seedDemoData(database.db, createFileStore(path.join(config.dataDir, 'files')));
    if (created) app.log.info(`created ${created} demo accounts (password CareMesh@2026)`);
  }

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forced = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forced.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (s) => void shutdown(s));
  process.on('SIGINT', (s) => void shutdown(s));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`port ${config.port} is already in use (PORT); stop the other process or choose another PORT.`);
    if (code === 'EACCES') fail(`not allowed to listen on port ${config.port} (PORT); choose a port above 1023.`);
    throw error;
  }
  app.log.info(
    `CareMesh is running on ${config.publicUrl} with the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`caremesh: failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
