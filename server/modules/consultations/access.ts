import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { emergencyExpiry, EMERGENCY_ACCESS_HOURS } from '../../../domain/rules/consultations.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { paginationOf } from '../../../domain/schemas/common.ts';
import type { Db } from '../../db/client.ts';
import { consultationAudit, consultationEmergencyGrants, workflowHistory } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { actorNameOf, audit } from './audit.ts';
import { NO_SUCH, isTreating, loadConsultation, loadParts, reachConsultation, toConsultation } from './queries.ts';
import { renderMedicalSummary } from './summary.ts';
import type { ConsultationsDeps } from './service.ts';

/** Who read and changed the record, emergency access, the limited view, progress and the printable summary. */

type Grant = typeof consultationEmergencyGrants.$inferSelect;

async function readsUnder(db: Db, grant: Grant): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(consultationAudit)
    .where(
      and(
        eq(consultationAudit.consultationId, grant.consultationId),
        eq(consultationAudit.actorUserId, grant.userId),
        eq(consultationAudit.emergency, true),
        eq(consultationAudit.action, 'READ'),
        sql`${consultationAudit.createdAt} >= ${grant.createdAt.toISOString()}::timestamptz`,
        sql`${consultationAudit.createdAt} <= ${grant.expiresAt.toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

const toGrant = (grant: Grant, reads: number) => ({
  id: grant.id,
  consultationId: grant.consultationId,
  grantedToName: grant.name,
  grantedToRole: grant.role,
  reason: grant.reason,
  grantedAt: grant.createdAt.toISOString(),
  expiresAt: grant.expiresAt.toISOString(),
  reads,
});

function limitedOf(full: ReturnType<typeof toConsultation>) {
  const {
    id,
    status,
    consultationType,
    visitType,
    patient,
    doctor,
    hospital,
    diagnoses,
    vitals,
    prescriptions,
    alerts,
    access,
    accessUntil,
    startedAt,
    completedAt,
  } = full;
  return {
    id,
    status,
    consultationType,
    visitType,
    patient,
    doctor,
    hospital,
    diagnoses,
    vitals,
    prescriptions,
    alerts,
    access,
    accessUntil,
    startedAt,
    completedAt,
  };
}

export function consultationAccessUseCases(deps: ConsultationsDeps) {
  const { db } = deps;

  return {
    /** The view for a role that is not treating: no notes, no history. Audited. */
    async limited(caller: AuthUser, id: string) {
      const { row, party, grant } = await reachConsultation(db, caller, id);
      await audit(db, caller, row, party, 'READ', 'Opened the limited view');
      return limitedOf(toConsultation(row, await loadParts(db, id), party, grant?.expiresAt ?? null));
    },

    /**
     * Break the glass: a doctor or hospital not on the consultation asks with a reason and reads the
     * limited view for EMERGENCY_ACCESS_HOURS; the patient and the treating hospital are told; every
     * read under the grant is in the audit log; admins review the grants.
     */
    async emergencyAccess(caller: AuthUser, id: string, reason: string) {
      const row = await loadConsultation(db, id);
      if (!row) throw notFound(NO_SUCH);
      if (isTreating(caller, row)) throw conflict('You are treating this patient: open the consultation itself.');
      const now = new Date();
      const name = caller.name ?? (caller.role === 'DOCTOR' ? 'A doctor' : 'A hospital');
      const grant = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(consultationEmergencyGrants)
          .values({
            consultationId: id,
            userId: caller.id,
            role: caller.role,
            referenceId: caller.referenceId,
            name,
            reason,
            expiresAt: emergencyExpiry(now),
          })
          .returning();
        await audit(
          tx,
          caller,
          row,
          'EMERGENCY',
          'EMERGENCY_ACCESS',
          `Emergency access for ${EMERGENCY_ACCESS_HOURS} hours: ${reason}`,
        );
        return created!;
      });
      const until = formatDateTime(grant.expiresAt);
      await deps.notify.notifyProfiles([row.patientId], {
        title: 'Emergency access to your record',
        message: `${actorNameOf(caller, row)} opened your consultation record in an emergency, until ${until}. Every read is in its access log.`,
        type: 'SECURITY',
        priority: 'HIGH',
        data: { url: `/consultations/${id}` },
      });
      if (row.hospitalId) {
        await deps.notify.notifyProfiles([row.hospitalId], {
          title: 'Emergency access to a consultation',
          message: `${actorNameOf(caller, row)} was granted emergency access to a consultation at your hospital, until ${until}.`,
          type: 'SECURITY',
          priority: 'HIGH',
          data: { url: `/consultations/${id}` },
        });
      }
      const parts = await loadParts(db, id);
      return {
        grant: toGrant(grant, 0),
        consultation: limitedOf(toConsultation(row, parts, 'EMERGENCY', grant.expiresAt)),
      };
    },

    /** Admins review every grant, newest first. */
    async grants(query: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(consultationEmergencyGrants)
          .orderBy(desc(consultationEmergencyGrants.createdAt), desc(consultationEmergencyGrants.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(consultationEmergencyGrants),
      ]);
      const grants = await Promise.all(rows.map(async (g) => toGrant(g, await readsUnder(db, g))));
      return { grants, pagination: paginationOf(query.page, query.limit, total?.n ?? 0) };
    },

    /** Who read and changed the record: the treating side and the patient see it (reads included). */
    async auditLog(caller: AuthUser, id: string, query: { page: number; limit: number }) {
      const { party } = await reachConsultation(db, caller, id);
      if (party === 'EMERGENCY') throw notFound(NO_SUCH);
      const where = eq(consultationAudit.consultationId, id);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(consultationAudit)
          .where(where)
          .orderBy(desc(consultationAudit.createdAt), desc(consultationAudit.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(consultationAudit).where(where),
      ]);
      return {
        entries: rows.map((r) => ({
          id: r.id,
          action: r.action,
          what: r.what,
          actorName: r.actorName,
          actorRole: r.actorRole,
          emergency: r.emergency,
          at: r.createdAt.toISOString(),
        })),
        pagination: paginationOf(query.page, query.limit, total?.n ?? 0),
      };
    },

    /** The consultation's steps through its workflow. */
    async progress(caller: AuthUser, id: string) {
      const { row, party } = await reachConsultation(db, caller, id);
      const steps = await db
        .select()
        .from(workflowHistory)
        .where(and(eq(workflowHistory.workflow, 'consultation'), eq(workflowHistory.entityId, id)))
        .orderBy(asc(workflowHistory.at), asc(workflowHistory.id));
      await audit(db, caller, row, party, 'READ', 'Read the progress');
      return {
        status: row.status,
        steps: steps.map((s) => ({
          action: s.action,
          from: s.fromStatus,
          to: s.toStatus,
          byRole: s.actorRole,
          at: s.at.toISOString(),
        })),
      };
    },

    /** The visit as a printable page, with the prescription laid out as Indian prescriptions are. */
    async medicalSummary(caller: AuthUser, id: string) {
      const { row, party, grant } = await reachConsultation(db, caller, id);
      await audit(db, caller, row, party, 'READ', 'Opened the printable summary');
      return renderMedicalSummary(toConsultation(row, await loadParts(db, id), party, grant?.expiresAt ?? null));
    },
  };
}
