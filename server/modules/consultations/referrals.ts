import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { decideReferral, type ReferralTarget } from '../../../domain/rules/consultationCare.ts';
import { mayRecord } from '../../../domain/rules/consultations.ts';
import type {
  referralBody,
  referralDecisionBody,
  referralListQuery,
  referralSchema,
} from '../../../domain/schemas/consultationCare.ts';
import { pageOffset, paginationOf } from '../../../domain/schemas/common.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  consultationReferrals,
  consultations,
  diagnosticsCentres,
  doctors,
  hospitals,
  patients,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { audit } from './audit.ts';
import { isoOf, lockConsultation } from './careCommon.ts';
import { visitIsOver } from '../../../domain/rules/consultationCare.ts';

/**
 * Referrals: the treating doctor or hospital refers the patient to a doctor, hospital or
 * diagnostics centre in the directory; the receiver accepts or declines; the patient books an
 * accepted one in one step. Both sides and the patient see it with its status.
 */

type Referral = z.output<typeof referralSchema>;
const NO_REFERRAL = 'There is no such referral.';
const TARGET_ROLE: Record<ReferralTarget, AuthUser['role']> = {
  DOCTOR: 'DOCTOR',
  HOSPITAL: 'HOSPITAL',
  DIAGNOSTICS: 'DIAGNOSTICS',
};

async function targetName(executor: Db | Tx, kind: ReferralTarget, id: string): Promise<string | null> {
  const table = kind === 'DOCTOR' ? doctors : kind === 'HOSPITAL' ? hospitals : diagnosticsCentres;
  const [found] = await executor
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.id, id), eq(table.status, 'ACTIVE')));
  return found?.name ?? null;
}

const targetNameSql = sql<string>`coalesce(
  (select name from doctors where doctors.id = ${consultationReferrals.targetId} and ${consultationReferrals.targetKind} = 'DOCTOR'),
  (select name from hospitals where hospitals.id = ${consultationReferrals.targetId} and ${consultationReferrals.targetKind} = 'HOSPITAL'),
  (select name from diagnostics_centres where diagnostics_centres.id = ${consultationReferrals.targetId} and ${consultationReferrals.targetKind} = 'DIAGNOSTICS'),
  'Unknown')`;
const fromNameSql = sql<string>`coalesce(${doctors.name}, ${hospitals.name}, 'CareMesh')`;

/** Referrals the caller sees: sent from their consultations, sent to them, or their own as a patient. */
function scopeOf(caller: AuthUser): SQL {
  const ref = caller.referenceId;
  if (!ref) return sql`false`;
  if (caller.role === 'PATIENT') return eq(consultationReferrals.patientId, ref);
  const received = and(
    eq(consultationReferrals.targetId, ref),
    eq(
      consultationReferrals.targetKind,
      caller.role === 'DOCTOR' ? 'DOCTOR' : caller.role === 'HOSPITAL' ? 'HOSPITAL' : 'DIAGNOSTICS',
    ),
  )!;
  if (caller.role === 'DOCTOR') return or(received, eq(consultations.doctorId, ref))!;
  if (caller.role === 'HOSPITAL') return or(received, eq(consultations.hospitalId, ref))!;
  if (caller.role === 'DIAGNOSTICS') return received;
  return sql`false`;
}

function select(executor: Db | Tx) {
  return executor
    .select({
      referral: consultationReferrals,
      patientName: sql<string>`${patients.firstName} || ' ' || ${patients.lastName}`,
      fromName: fromNameSql,
      targetName: targetNameSql,
      doctorId: consultations.doctorId,
      hospitalId: consultations.hospitalId,
    })
    .from(consultationReferrals)
    .innerJoin(consultations, eq(consultations.id, consultationReferrals.consultationId))
    .innerJoin(patients, eq(patients.id, consultationReferrals.patientId))
    .leftJoin(doctors, eq(doctors.id, consultations.doctorId))
    .leftJoin(hospitals, eq(hospitals.id, consultations.hospitalId));
}
type Selected = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

function bookingUrlOf(r: Selected['referral']): string {
  if (r.targetKind === 'DIAGNOSTICS') return `/medical-records/book-tests?centre=${r.targetId}&referral=${r.id}`;
  return `/appointments/book/${r.targetKind === 'DOCTOR' ? 'doctor' : 'hospital'}/${r.targetId}?referral=${r.id}`;
}

function toReferral(caller: AuthUser, s: Selected): Referral {
  const r = s.referral;
  const receiver = caller.referenceId === r.targetId && caller.role === TARGET_ROLE[r.targetKind];
  const side = caller.role === 'PATIENT' ? 'PATIENT' : receiver ? 'RECEIVER' : 'SENDER';
  return {
    id: r.id,
    consultationId: r.consultationId,
    patientId: r.patientId,
    patientName: s.patientName,
    fromName: s.fromName,
    targetKind: r.targetKind,
    targetId: r.targetId,
    targetName: s.targetName,
    urgency: r.urgency,
    reason: r.reason,
    status: r.status,
    responseNote: r.responseNote,
    respondedAt: isoOf(r.respondedAt),
    createdAt: isoOf(r.createdAt)!,
    side,
    bookingUrl: side === 'PATIENT' && r.status === 'ACCEPTED' ? bookingUrlOf(r) : null,
  };
}

export function consultationReferralUseCases(deps: { db: Db; notify: Pick<NotificationsService, 'notifyProfiles'> }) {
  const { db } = deps;

  async function one(caller: AuthUser, id: string, executor: Db | Tx = db) {
    const [found] = await select(executor).where(and(eq(consultationReferrals.id, id), scopeOf(caller)));
    if (!found) throw notFound(NO_REFERRAL);
    return toReferral(caller, found);
  }

  return {
    async refer(caller: AuthUser, consultationId: string, body: z.output<typeof referralBody>): Promise<Referral> {
      const id = await db.transaction(async (tx) => {
        const { row, party } = await lockConsultation(tx, caller, consultationId);
        if (party !== 'TREATING') throw notFound('There is no such consultation.');
        if (!mayRecord(party, row.status) && !visitIsOver(row.status)) {
          throw conflict('A cancelled consultation cannot refer.', { status: row.status });
        }
        const name = await targetName(tx, body.targetKind, body.targetId);
        if (!name) throw notFound('There is no such doctor, hospital or diagnostics centre in the directory.');
        if (body.targetId === caller.referenceId) throw conflict('Refer the patient to someone else.');
        const [created] = await tx
          .insert(consultationReferrals)
          .values({ consultationId, patientId: row.patientId, ...body, createdBy: caller.id })
          .returning({ id: consultationReferrals.id });
        await audit(tx, caller, row, party, 'REFERRAL', `Referred the patient to ${name} (${body.urgency})`);
        return created!.id;
      });
      const referral = await one(caller, id);
      await deps.notify.notifyProfiles(
        [body.targetId],
        {
          title: 'A new referral',
          message: `${referral.fromName} referred a patient to you (${body.urgency.toLowerCase()} urgency). Accept or decline it.`,
          type: 'CONSULTATION_UPDATE',
          data: { url: '/referrals' },
        },
        caller.id,
      );
      await deps.notify.notifyProfiles([referral.patientId], {
        title: 'You have been referred',
        message: `${referral.fromName} referred you to ${referral.targetName}. You can book once they accept.`,
        type: 'CONSULTATION_UPDATE',
        data: { url: '/referrals' },
      });
      return referral;
    },

    async list(caller: AuthUser, query: z.output<typeof referralListQuery>) {
      const where = and(scopeOf(caller), query.status ? eq(consultationReferrals.status, query.status) : undefined);
      const [rows, [total]] = await Promise.all([
        select(db)
          .where(where)
          .orderBy(desc(consultationReferrals.createdAt), desc(consultationReferrals.id))
          .limit(query.limit)
          .offset(pageOffset(query.page, query.limit)),
        db
          .select({ n: count() })
          .from(consultationReferrals)
          .innerJoin(consultations, eq(consultations.id, consultationReferrals.consultationId))
          .where(where),
      ]);
      return {
        referrals: rows.map((r) => toReferral(caller, r)),
        pagination: paginationOf(query.page, query.limit, total?.n ?? 0),
      };
    },

    /** The receiver accepts or declines, once. */
    async decide(caller: AuthUser, id: string, body: z.output<typeof referralDecisionBody>): Promise<Referral> {
      const referral = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(consultationReferrals)
          .where(eq(consultationReferrals.id, id))
          .for('update');
        const receiver =
          locked && caller.referenceId === locked.targetId && caller.role === TARGET_ROLE[locked.targetKind];
        if (!locked || !receiver) throw notFound(NO_REFERRAL);
        const decision = decideReferral(locked.status, body.decision);
        if (!decision.ok) throw conflict(decision.message, { status: locked.status });
        await tx
          .update(consultationReferrals)
          .set({ status: decision.to, responseNote: body.note ?? null, respondedAt: new Date() })
          .where(eq(consultationReferrals.id, id));
        return one(caller, id, tx);
      });
      const [sender] = await db
        .select({ doctorId: consultations.doctorId, hospitalId: consultations.hospitalId })
        .from(consultations)
        .where(eq(consultations.id, referral.consultationId));
      const word = referral.status === 'ACCEPTED' ? 'accepted' : 'declined';
      await deps.notify.notifyProfiles(
        [sender?.doctorId, sender?.hospitalId, referral.patientId].filter((v): v is string => !!v),
        {
          title: `Referral ${word}`,
          message: `${referral.targetName} ${word} the referral of ${referral.patientName}.${referral.status === 'ACCEPTED' ? ' The patient can book now.' : ''}`,
          type: 'CONSULTATION_UPDATE',
          data: { url: '/referrals' },
        },
        caller.id,
      );
      return referral;
    },
  };
}
export type ConsultationReferrals = ReturnType<typeof consultationReferralUseCases>;
