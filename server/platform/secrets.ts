import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

/**
 * A secret generated once and kept in the database, so every instance on that database shares it.
 * Concurrent first starts race on the insert; all of them read back the one that won.
 */
export async function sharedSecret(db: Db, name: string, generate = () => randomBytes(48).toString('base64url')) {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
