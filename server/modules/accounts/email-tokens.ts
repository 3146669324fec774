import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, type EMAIL_TOKEN_PURPOSES } from '../../db/schema/index.ts';

type Purpose = (typeof EMAIL_TOKEN_PURPOSES)[number];
export type ClaimFailure = 'UNKNOWN' | 'USED' | 'EXPIRED';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use token; the caller mails it, the database keeps only its digest. */
export async function issueEmailToken(db: Db, userId: string, purpose: Purpose, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: digest(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Uses a token up, atomically: of two concurrent claims exactly one gets the user id.
 * The failure says why, so the user can be told what to do next.
 */
export async function claimEmailToken(
  db: Db,
  token: string,
  purpose: Purpose,
): Promise<{ userId: string } | { failure: ClaimFailure }> {
  const tokenHash = digest(token);
  const [claimed] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        sql`${emailTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (claimed) return { userId: claimed.userId };
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
  if (!row) return { failure: 'UNKNOWN' };
  return { failure: row.usedAt ? 'USED' : 'EXPIRED' };
}

/** Retires every open token of one purpose (a new password makes older reset links useless). */
export async function retireEmailTokens(db: Db, userId: string, purpose: Purpose) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
