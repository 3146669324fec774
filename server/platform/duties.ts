import { eq } from 'drizzle-orm';
import { TEAM_DUTY_LABELS, type TeamDuty } from '../../domain/enums.ts';
import { hasDuty } from '../../domain/rules/teams.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { AuthUser } from './auth.ts';
import { forbidden } from './errors.ts';

/**
 * The caller holds `duty` in their organisation's team (domain/rules/teams.ts: an owner holds every
 * duty; admins and roles without teams pass), or 403 naming the duty.
 */
export async function requireDuty(db: Db | Tx, caller: AuthUser, duty: TeamDuty): Promise<void> {
  if (caller.role === 'ADMIN') return;
  const [member] = await db
    .select({ isOwner: users.isOwner, duties: users.duties })
    .from(users)
    .where(eq(users.id, caller.id));
  if (member && hasDuty({ role: caller.role, ...member }, duty)) return;
  throw forbidden(
    `This needs the “${TEAM_DUTY_LABELS[duty]}” duty in your organisation's team: ask its owner to give it to you.`,
  );
}
