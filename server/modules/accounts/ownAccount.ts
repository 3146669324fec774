import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AuthUser, TokenService } from '../../platform/auth.ts';
import { invalid, unauthorized } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { accountChanged } from '../../platform/sessionCache.ts';

export type OwnAccountDeps = { db: Db; tokens: TokenService; realtime: Realtime };

const WRONG_PASSWORD = 'Your current password is not right.';

/** What the signed-in person does with their own account (My Account): change its password, delete it. */
export function ownAccountUseCases({ db, tokens, realtime }: OwnAccountDeps) {
  async function checkedRow(caller: AuthUser, password: string, field: string) {
    const [row] = await db.select().from(users).where(eq(users.id, caller.id));
    if (!row) throw unauthorized();
    if (!(await verifyPassword(row.passwordHash, password))) {
      throw invalid(WRONG_PASSWORD, { issues: [{ path: `body.${field}`, message: WRONG_PASSWORD }] });
    }
    return row;
  }

  return {
    /**
     * A new password signs out every other session (a new token version); this device goes on with
     * the new token in the answer.
     */
    async changePassword(caller: AuthUser, currentPassword: string, newPassword: string) {
      await checkedRow(caller, currentPassword, 'currentPassword');
      const [row] = await db
        .update(users)
        .set({
          passwordHash: await hashPassword(newPassword),
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, caller.id))
        .returning();
      if (!row) throw unauthorized();
      await accountChanged(db, caller.id);
      realtime.disconnectUser(caller.id);
      return {
        token: await tokens.issue(row),
        user: { id: row.id, email: row.email, role: row.role, referenceId: row.referenceId, name: row.name },
      };
    },

    /**
     * A User deletes their account: the email is freed and forgotten, the name and password go, and
     * every session ends. The row stays (others may refer to it) as a "Deleted account" nobody can
     * sign in to.
     */
    async deleteAccount(caller: AuthUser, password: string) {
      await checkedRow(caller, password, 'password');
      await db
        .update(users)
        .set({
          email: `deleted-${caller.id}@deleted.invalid`,
          name: null,
          passwordHash: null,
          deactivatedAt: new Date(),
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, caller.id));
      await accountChanged(db, caller.id);
      realtime.disconnectUser(caller.id);
    },
  };
}
export type OwnAccountUseCases = ReturnType<typeof ownAccountUseCases>;
