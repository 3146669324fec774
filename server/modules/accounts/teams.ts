/**
 * Organisation teams (part of accounts): the owner invites members by email, gives them duties,
 * resends or revokes an invitation, and deactivates or reactivates a member. A member signs in with
 * the organisation's role and referenceId. At least one active owner always remains.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TeamDuty } from '../../../domain/enums.ts';
import {
  DUTIES_BY_ROLE,
  INVITATION_HOURS,
  foreignDuties,
  isTeamRole,
  type TeamRole,
} from '../../../domain/rules/teams.ts';
import type { InviteMemberBody, Team, TeamMember, UpdateMemberBody } from '../../../domain/schemas/teams.ts';
import type { Db } from '../../db/client.ts';
import { diagnosticsCentres, hospitals, pharmacies, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { accountChanged } from '../../platform/sessionCache.ts';
import { issueEmailToken, retireEmailTokens } from './email-tokens.ts';

const HOUR = 60 * 60_000;
const INVITATION_TTL = INVITATION_HOURS * HOUR;
const ORGANISATION_TABLES = { HOSPITAL: hospitals, PHARMACY: pharmacies, DIAGNOSTICS: diagnosticsCentres } as const;

const NO_TEAM = 'Teams belong to hospitals, pharmacies and diagnostics centres: onboard your organisation first.';
const NO_MEMBER = 'There is no such member in your team.';
const OWNERS_ONLY = 'Only an owner of your organisation can change its team.';
const LAST_OWNER = 'Your organisation must keep at least one active owner: make another member an owner first.';

type UserRow = typeof users.$inferSelect;

export type TeamsDeps = {
  db: Db;
  mailer: Mailer;
  realtime: Pick<Realtime, 'disconnectUser'>;
  publicUrl: string;
};

function stateOf(row: UserRow): TeamMember['state'] {
  if (row.deactivatedAt) return 'DEACTIVATED';
  return row.passwordHash ? 'ACTIVE' : 'INVITED';
}

function toMember(row: UserRow, now = Date.now()): TeamMember {
  const state = stateOf(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isOwner: row.isOwner,
    duties: row.duties as TeamDuty[],
    state,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    invitationExpired: state === 'INVITED' && row.invitedAt !== null && row.invitedAt.getTime() + INVITATION_TTL < now,
    createdAt: row.createdAt.toISOString(),
  };
}

export function teamUseCases({ db, mailer, realtime, publicUrl }: TeamsDeps) {
  // A member's access changed: no instance may answer from a session it kept (platform/sessionCache.ts).
  const onAccountChange = (userId: string) => accountChanged(db, userId);
  /** The caller's organisation: its role and id, and whether the caller owns it. */
  async function organisationOf(caller: AuthUser) {
    if (!isTeamRole(caller.role) || !caller.referenceId) throw notFound(NO_TEAM);
    const [me] = await db.select().from(users).where(eq(users.id, caller.id));
    if (!me) throw notFound(NO_TEAM);
    return { role: caller.role as TeamRole, id: caller.referenceId, me };
  }

  async function asOwner(caller: AuthUser) {
    const org = await organisationOf(caller);
    if (!org.me.isOwner) throw forbidden(OWNERS_ONLY);
    return org;
  }

  async function memberOf(org: { role: TeamRole; id: string }, memberId: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, memberId), eq(users.referenceId, org.id), eq(users.role, org.role)));
    if (!row) throw notFound(NO_MEMBER);
    return row;
  }

  /** Active owners other than `exceptId`. */
  async function otherActiveOwners(org: { role: TeamRole; id: string }, exceptId: string) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          eq(users.referenceId, org.id),
          eq(users.role, org.role),
          eq(users.isOwner, true),
          isNull(users.deactivatedAt),
          sql`${users.passwordHash} is not null`,
          ne(users.id, exceptId),
        ),
      );
    return Number(row?.n ?? 0);
  }

  function checkDuties(role: TeamRole, duties: readonly string[]) {
    const foreign = foreignDuties(role, duties);
    if (foreign.length > 0) {
      throw invalid(`body.duties: ${foreign.join(', ')} is not a duty of this kind of organisation`, {
        issues: [{ path: 'body.duties', message: `Choose duties from: ${DUTIES_BY_ROLE[role].join(', ')}` }],
      });
    }
  }

  async function organisationName(org: { role: TeamRole; id: string }) {
    const table = ORGANISATION_TABLES[org.role];
    const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, org.id));
    return row?.name ?? 'your organisation';
  }

  async function sendInvitation(member: UserRow, inviter: UserRow, org: { role: TeamRole; id: string }) {
    await retireEmailTokens(db, member.id, 'RESET_PASSWORD');
    const token = await issueEmailToken(db, member.id, 'RESET_PASSWORD', INVITATION_TTL);
    const name = await organisationName(org);
    await mailer.send({
      to: member.email,
      subject: `You are invited to join ${name} on CareMesh`,
      text: [
        `${inviter.name ?? 'The owner'} invited you to join the team of ${name} on CareMesh.`,
        '',
        `Open this link to choose your password (it works once, for ${INVITATION_HOURS} hours):`,
        `${publicUrl}/reset-password/${token}`,
        '',
        'Then sign in with this email address. If you did not expect this, ignore this mail.',
      ].join('\n'),
    });
  }

  async function endSessions(userId: string) {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await onAccountChange(userId);
    realtime.disconnectUser(userId);
  }

  return {
    /** The caller's team: every member, invited or deactivated too; any member may look. */
    async team(caller: AuthUser): Promise<Team> {
      const org = await organisationOf(caller);
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.referenceId, org.id), eq(users.role, org.role)))
        .orderBy(asc(users.createdAt), asc(users.id));
      const now = Date.now();
      return {
        organisationId: org.id,
        role: org.role,
        duties: [...DUTIES_BY_ROLE[org.role]],
        callerIsOwner: org.me.isOwner,
        members: rows.map((row) => toMember(row, now)),
      };
    },

    /** Invites a member: an account of the organisation's role, with no password until the link is used. */
    async invite(caller: AuthUser, input: InviteMemberBody): Promise<TeamMember> {
      const org = await asOwner(caller);
      checkDuties(org.role, input.duties);
      const email = input.email.toLowerCase();
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (existing) {
        throw conflict('This email already has a CareMesh account: invite another address for this person.');
      }
      let created: UserRow | undefined;
      try {
        [created] = await db
          .insert(users)
          .values({
            email,
            name: input.name,
            role: org.role,
            referenceId: org.id,
            duties: input.duties,
            invitedAt: new Date(),
            createdBy: caller.id,
          })
          .returning();
      } catch (error) {
        if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505') {
          throw conflict('This email already has a CareMesh account: invite another address for this person.');
        }
        throw error;
      }
      await sendInvitation(created!, org.me, org);
      return toMember(created!);
    },

    /** Sends the invitation again with a fresh link (the earlier one stops working). */
    async resend(caller: AuthUser, memberId: string): Promise<TeamMember> {
      const org = await asOwner(caller);
      const member = await memberOf(org, memberId);
      if (stateOf(member) !== 'INVITED') throw conflict('This member has already accepted the invitation.');
      const [updated] = await db
        .update(users)
        .set({ invitedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, member.id))
        .returning();
      await sendInvitation(updated!, org.me, org);
      return toMember(updated!);
    },

    /** Withdraws an invitation not yet accepted: the account and its link are gone. */
    async revoke(caller: AuthUser, memberId: string) {
      const org = await asOwner(caller);
      const member = await memberOf(org, memberId);
      if (stateOf(member) !== 'INVITED') {
        throw conflict('This member has accepted the invitation: deactivate them instead.');
      }
      await db.delete(users).where(and(eq(users.id, member.id), isNull(users.passwordHash)));
    },

    async update(caller: AuthUser, memberId: string, input: UpdateMemberBody): Promise<TeamMember> {
      const org = await asOwner(caller);
      const member = await memberOf(org, memberId);
      if (input.duties) checkDuties(org.role, input.duties);
      if (input.isOwner === false && member.isOwner && (await otherActiveOwners(org, member.id)) === 0) {
        throw conflict(LAST_OWNER);
      }
      const [updated] = await db
        .update(users)
        .set({
          ...(input.duties ? { duties: input.duties } : {}),
          ...(input.isOwner === undefined ? {} : { isOwner: input.isOwner }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, member.id))
        .returning();
      await onAccountChange(member.id);
      return toMember(updated!);
    },

    /** Ends the member's access at once (every session, every open page); their history stays theirs. */
    async deactivate(caller: AuthUser, memberId: string): Promise<TeamMember> {
      const org = await asOwner(caller);
      const member = await memberOf(org, memberId);
      if (member.deactivatedAt) return toMember(member);
      if (member.isOwner && (await otherActiveOwners(org, member.id)) === 0) throw conflict(LAST_OWNER);
      const [updated] = await db
        .update(users)
        .set({ deactivatedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, member.id))
        .returning();
      await retireEmailTokens(db, member.id, 'RESET_PASSWORD');
      await endSessions(member.id);
      return toMember(updated!);
    },

    async reactivate(caller: AuthUser, memberId: string): Promise<TeamMember> {
      const org = await asOwner(caller);
      const member = await memberOf(org, memberId);
      const [updated] = await db
        .update(users)
        .set({ deactivatedAt: null, updatedAt: new Date() })
        .where(eq(users.id, member.id))
        .returning();
      await onAccountChange(member.id);
      return toMember(updated!);
    },
  };
}

export type TeamUseCases = ReturnType<typeof teamUseCases>;
