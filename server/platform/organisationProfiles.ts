import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { AuthUser } from './auth.ts';
import { conflict, notFound } from './errors.ts';
import { accountChanged } from './sessionCache.ts';
import type { Role } from '../../domain/enums.ts';

/**
 * The profiles an account owns (a hospital, a doctor, a diagnostics centre, a pharmacy, a patient):
 * who may change one, how one is created and linked to its account, and the columns they share.
 */

/** The owner (the account linked to the profile) or an admin may change a profile; anyone else gets 404. */
export function assertCanManage(caller: AuthUser, ownerRole: Role, profileId: string, what: string) {
  const owns = caller.role === ownerRole && caller.referenceId === profileId;
  if (!owns && caller.role !== 'ADMIN') throw notFound(`There is no ${what} with that id.`);
}

/** The columns a place in a request fills: the address plus its searchable parts. */
export function placeColumns(input: {
  address?: { city: string; state: string; pincode: string } | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}) {
  return {
    ...(input.address
      ? { address: input.address, city: input.address.city, state: input.address.state, pincode: input.address.pincode }
      : {}),
    ...(input.latitude === undefined ? {} : { latitude: input.latitude }),
    ...(input.longitude === undefined ? {} : { longitude: input.longitude }),
  };
}

/** Dates as ISO strings, as the API answers them. */
export function withIsoDates<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Links the caller's account to the profile just created, inside the creating transaction. Of two
 * onboardings at once only the first still finds the account as it was (unlinked, or linked to
 * `previous`); the other gets 409 and its profile rolls back with it. Once the transaction has
 * committed, its caller calls accountChanged: the sessions' cached account has a new referenceId.
 */
export async function linkCallerToProfile(
  tx: Tx,
  callerId: string,
  profileId: string,
  alreadyLinked: string,
  previous: string | null = null,
) {
  const linked = await tx
    .update(users)
    // The account that creates a profile owns it (domain/rules/teams.ts).
    .set({ referenceId: profileId, isOwner: true, updatedAt: new Date() })
    .where(and(eq(users.id, callerId), previous ? eq(users.referenceId, previous) : isNull(users.referenceId)))
    .returning({ id: users.id });
  if (linked.length === 0) throw conflict(alreadyLinked);
}

/**
 * An organisation's account creates its profile: refused when the account already has one, else
 * `insert` (inside one transaction) and the caller's account linked to what it created.
 */
export async function onboardOrganisation<Row extends { id: string }>(
  db: Db,
  caller: AuthUser,
  alreadyOnboarded: string,
  insert: (tx: Tx) => Promise<Row | undefined>,
): Promise<Row> {
  if (caller.referenceId) throw conflict(alreadyOnboarded);
  const created = await db.transaction(async (tx) => {
    const row = await insert(tx);
    if (!row) throw new Error('the onboarded profile was not inserted');
    await linkCallerToProfile(tx, caller.id, row.id, alreadyOnboarded);
    return row;
  });
  await accountChanged(db, caller.id);
  return created;
}
