import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../domain/enums.ts';
import type { PublicUser, User } from '../../../domain/schemas/accounts.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { Db } from '../../db/client.ts';
import { revokedSessions, users } from '../../db/schema/index.ts';
import type { AuthUser, TokenService } from '../../platform/auth.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { AppError, conflict, forbidden, invalid, unauthorized } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { accountChanged, type CachedAccount } from '../../platform/sessionCache.ts';
import { shareAnAppointment } from '../appointments/index.ts';
import { claimEmailToken, issueEmailToken, retireEmailTokens, type ClaimFailure } from './email-tokens.ts';

const HOUR = 60 * 60_000;

/**
 * The accounts a caller may know of: an admin, every account; anyone else, themselves, the accounts
 * of their own organisation (one referenceId), and the accounts of the profiles they share an
 * appointment with (a patient and their doctor and hospital). Never the directory of everyone.
 */
export function knownTo(caller: AuthUser): SQL | undefined {
  if (caller.role === 'ADMIN') return undefined;
  if (!caller.referenceId) return eq(users.id, caller.id);
  return or(
    eq(users.id, caller.id),
    eq(users.referenceId, caller.referenceId),
    and(isNotNull(users.referenceId), shareAnAppointment(caller.referenceId, users.referenceId)),
  );
}
export const VERIFY_EMAIL_TTL = 48 * HOUR;
export const RESET_PASSWORD_TTL = HOUR;
export const INVITATION_TTL = 72 * HOUR;

type UserRow = typeof users.$inferSelect;

const toUser = (
  row: Pick<UserRow, 'id' | 'email' | 'role' | 'referenceId' | 'name' | 'emailVerifiedAt' | 'createdAt'>,
): User => ({
  id: row.id,
  email: row.email,
  role: row.role,
  referenceId: row.referenceId,
  name: row.name,
  emailVerified: row.emailVerifiedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

const toPublicUser = (row: Pick<UserRow, 'id' | 'name' | 'role' | 'referenceId'>): PublicUser => ({
  id: row.id,
  name: row.name,
  role: row.role,
  referenceId: row.referenceId,
});

async function findByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

const EMAIL_TAKEN =
  'An account with this email already exists. Sign in, or reset your password if you have forgotten it.';

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** What accounts need: the mail they send, the sessions they sign and end. */
export type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  tokens: TokenService;
  realtime: Pick<Realtime, 'disconnectSession' | 'disconnectUser'>;
  publicUrl: string;
};

export function accountsService({ db, mailer, tokens, realtime, publicUrl }: AccountsDeps) {
  const link = (path: string) => `${publicUrl}${path}`;

  async function sendVerification(user: { id: string; email: string }) {
    const token = await issueEmailToken(db, user.id, 'VERIFY_EMAIL', VERIFY_EMAIL_TTL);
    await mailer.send({
      to: user.email,
      subject: 'Verify your email for CareMesh',
      text: [
        'Welcome to CareMesh.',
        '',
        'Open this link to verify your email address (it works once, for 48 hours):',
        link(`/verify-email?token=${token}`),
        '',
        'If you did not create a CareMesh account, ignore this mail.',
      ].join('\n'),
    });
  }

  /** Someone registered with an email that has an account: its owner hears of it, nobody else. */
  async function tellOwnerOfRegistration(user: UserRow) {
    // Registered but never verified (the first link lost or expired): a fresh link is what they need.
    if (!user.emailVerifiedAt && user.passwordHash) return sendVerification(user);
    await mailer.send({
      to: user.email,
      subject: 'You already have a CareMesh account',
      text: [
        'Someone, perhaps you, tried to create a CareMesh account with this email. You already have one.',
        '',
        `Sign in: ${link('/login')}`,
        `Forgotten your password? Choose a new one: ${link('/forgot-password')}`,
        '',
        'If it was not you, ignore this mail: nothing has changed on your account.',
      ].join('\n'),
    });
  }

  function linkFailure(failure: ClaimFailure, what: 'verification' | 'reset'): AppError {
    const noun = what === 'verification' ? 'verification link' : 'password reset link';
    const next =
      what === 'verification'
        ? 'Sign in with your email and password to get a new one.'
        : 'Request a new one from "Forgot password".';
    const message = {
      UNKNOWN: `This ${noun} is not valid. Check that you opened the whole link from the mail, or ${next.charAt(0).toLowerCase()}${next.slice(1)}`,
      USED: `This ${noun} has already been used. ${what === 'verification' ? 'Your email is verified: you can sign in.' : next}`,
      EXPIRED: `This ${noun} has expired. ${next}`,
    }[failure];
    return invalid(message, { reason: `LINK_${failure}` });
  }

  return {
    /**
     * The same answer whether or not the email already has an account: only its owner learns which,
     * by mail. Both paths hash the password, so neither answers sooner.
     */
    async register(input: { email: string; password: string; role: Role; name?: string | undefined }) {
      const passwordHash = await hashPassword(input.password);
      const existing = await findByEmail(db, input.email);
      if (existing) {
        await tellOwnerOfRegistration(existing);
      } else {
        let created: UserRow | undefined;
        try {
          [created] = await db
            .insert(users)
            .values({ email: input.email, passwordHash, role: input.role, name: input.name ?? null })
            .returning();
        } catch (error) {
          // Two registrations for one email at once: the unique index lets one through.
          if (!isUniqueViolation(error)) throw error;
        }
        if (created) await sendVerification(created);
      }
      return {
        email: input.email,
        role: input.role,
        name: input.name ?? null,
        referenceId: null,
        emailVerified: false as const,
      };
    },

    async verifyEmail(token: string) {
      const claim = await claimEmailToken(db, token, 'VERIFY_EMAIL');
      if ('failure' in claim) throw linkFailure(claim.failure, 'verification');
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, claim.userId), isNull(users.emailVerifiedAt)));
      await accountChanged(db, claim.userId);
    },

    async resendVerification(email: string) {
      const user = await findByEmail(db, email);
      if (user && !user.emailVerifiedAt && user.passwordHash) await sendVerification(user);
    },

    async signin(email: string, password: string) {
      const user = await findByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      // One answer for an unknown email and a wrong password: nothing tells which emails have accounts.
      if (!user || !ok) throw unauthorized('Incorrect email or password.');
      if (!user.emailVerifiedAt) {
        throw new AppError(
          'FORBIDDEN',
          'Please verify your email before signing in: open the link we mailed you, or ask for a new one.',
          { reason: 'EMAIL_NOT_VERIFIED' },
        );
      }
      if (user.deactivatedAt) {
        throw new AppError(
          'FORBIDDEN',
          "Your organisation has deactivated this account. Ask your organisation's owner to reactivate it.",
          { reason: 'ACCOUNT_DEACTIVATED' },
        );
      }
      const token = await tokens.issue(user);
      return {
        token,
        user: { id: user.id, email: user.email, role: user.role, referenceId: user.referenceId, name: user.name },
      };
    },

    /** The caller's account; from the row the session check has just read when it is given. */
    async userDetails(caller: AuthUser, read?: Pick<CachedAccount, 'emailVerifiedAt' | 'createdAt'>) {
      if (read) return toUser({ ...caller, ...read });
      const [row] = await db.select().from(users).where(eq(users.id, caller.id));
      if (!row) throw unauthorized();
      return toUser(row);
    },

    async requestPasswordReset(email: string) {
      const user = await findByEmail(db, email);
      if (!user) return;
      const token = await issueEmailToken(db, user.id, 'RESET_PASSWORD', RESET_PASSWORD_TTL);
      await mailer.send({
        to: user.email,
        subject: 'Reset your CareMesh password',
        text: [
          'Someone asked to reset the password of your CareMesh account.',
          '',
          'Open this link to choose a new password (it works once, for 1 hour):',
          link(`/reset-password/${token}`),
          '',
          'If it was not you, ignore this mail: your password stays as it is.',
        ].join('\n'),
      });
    },

    /**
     * Ends the caller's session: its token id is kept until the token would have expired, and its
     * sockets close. A token signed before sessions had ids ends with every session of the account.
     */
    async signout(caller: AuthUser, token: string | undefined) {
      const claims = token ? tokens.verify(token) : null;
      if (claims?.jti) {
        await db
          .insert(revokedSessions)
          .values({ tokenId: claims.jti, userId: caller.id, expiresAt: new Date(claims.exp * 1000) })
          .onConflictDoNothing();
        await accountChanged(db, caller.id);
        realtime.disconnectSession(claims.jti);
        return;
      }
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, caller.id));
      await accountChanged(db, caller.id);
      realtime.disconnectUser(caller.id);
    },

    async resetPassword(token: string, password: string) {
      const claim = await claimEmailToken(db, token, 'RESET_PASSWORD');
      if ('failure' in claim) throw linkFailure(claim.failure, 'reset');
      const passwordHash = await hashPassword(password);
      // A new version signs out every existing session; the mailed link also proves the address.
      await db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, claim.userId));
      await retireEmailTokens(db, claim.userId, 'RESET_PASSWORD');
      await accountChanged(db, claim.userId);
      // Open pages of the old sessions stop receiving events at once.
      realtime.disconnectUser(claim.userId);
    },

    /**
     * An admin creates a member account already linked to a profile (a doctor, a hospital …).
     * The member sets their own password from the invitation mail; nobody else ever knows it.
     */
    async registerByReferenceId(
      caller: AuthUser,
      input: { email: string; role: Role; referenceId: string; name?: string | undefined },
    ) {
      if (caller.role !== 'ADMIN') throw forbidden('Only an Admin can create accounts for a profile.');
      if (await findByEmail(db, input.email)) throw conflict(EMAIL_TAKEN);
      const [linked] = await db.select({ id: users.id }).from(users).where(eq(users.referenceId, input.referenceId));
      if (linked) throw conflict('That profile already has an account.');
      let created: UserRow | undefined;
      try {
        [created] = await db
          .insert(users)
          .values({
            email: input.email,
            role: input.role,
            referenceId: input.referenceId,
            name: input.name ?? null,
            createdBy: caller.id,
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
      if (!created) throw new Error('user insert returned nothing');
      const token = await issueEmailToken(db, created.id, 'RESET_PASSWORD', INVITATION_TTL);
      await mailer.send({
        to: created.email,
        subject: 'You have been added to CareMesh',
        text: [
          'An administrator has created a CareMesh account for you.',
          '',
          'Open this link to choose your password (it works once, for 72 hours):',
          link(`/reset-password/${token}`),
        ].join('\n'),
      });
      return toUser(created);
    },

    /** Of the given ids, the accounts the caller may know (knownTo); the others are simply absent. */
    async publicUsers(caller: AuthUser, ids: string[], page: number, limit: number) {
      const slice = ids.slice(pageOffset(page, limit), pageOffset(page, limit) + limit);
      const rows = slice.length
        ? await db
            .select({ id: users.id, name: users.name, role: users.role, referenceId: users.referenceId })
            .from(users)
            .where(and(inArray(users.id, slice), knownTo(caller)))
        : [];
      return {
        users: Object.fromEntries(rows.map((row) => [row.id, toPublicUser(row)])),
        pagination: paginationOf(page, limit, ids.length),
      };
    },

    /** Accounts the caller may know (knownTo) whose name contains `name`; all of them without one. */
    async searchByName(caller: AuthUser, name: string | undefined, page: number, limit: number) {
      const pattern = name === undefined ? undefined : `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = and(pattern === undefined ? undefined : ilike(users.name, pattern), knownTo(caller));
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: users.id, name: users.name, role: users.role, referenceId: users.referenceId })
          .from(users)
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { users: rows.map(toPublicUser), pagination: paginationOf(page, limit, total?.n ?? 0) };
    },
  };
}
export type AccountsService = ReturnType<typeof accountsService>;
