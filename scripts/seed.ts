// `npm run seed`: creates the demo accounts on DATABASE_URL (or the embedded database) when it has no users yet.
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDemoData } from '../server/db/seed.ts';
import { createFileStore } from '../server/platform/files.ts';

try {
  const config = loadConfig({ ...process.env, ALLOW_EMBEDDED_DATABASE: 'true' });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  const created = await seedDemoData(database.db, createFileStore(path.join(config.dataDir, 'files')));
  console.log(
    created
      ? `Created ${created} demo accounts on the ${database.kind} database (password CareMesh@2026).`
      : 'The database already has users; nothing was changed.',
  );
  await database.close();
} catch (error) {
  console.error(`seed: ${error instanceof ConfigError ? error.message : (error as Error).message}`);
  process.exit(1);
}
