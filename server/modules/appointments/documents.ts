import { and, desc, eq } from 'drizzle-orm';
import { isCareRelationship } from '../../../domain/rules/careAccess.ts';
import type { AppointmentDocuments, DocumentShare } from '../../../domain/schemas/appointments.ts';
import type { Db } from '../../db/client.ts';
import { appointmentDocuments, patientDocuments } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { NO_SUCH_APPOINTMENT, loadAppointment, partyOf, reachAppointment } from './queries.ts';

const NO_SUCH_DOCUMENT = 'There is no such document among yours.';

/** The patient's documents shared with an appointment. Part of the appointments service. */
export function documentSharingUseCases({ db }: { db: Db }) {
  return {
    /**
     * The documents the patient shared with the appointment, newest share first: to the patient and
     * an admin always; to its doctor and hospital only while it is a care relationship
     * (domain/rules/careAccess.ts), an empty list otherwise.
     */
    async sharedDocuments(caller: AuthUser, id: string): Promise<AppointmentDocuments> {
      const { row, party } = await reachAppointment(db, caller, id);
      const careRelationship = isCareRelationship(row);
      if (party === 'PROVIDER' && !careRelationship) return { documents: [], careRelationship };
      const rows = await db
        .select({ document: patientDocuments, sharedAt: appointmentDocuments.sharedAt })
        .from(appointmentDocuments)
        .innerJoin(patientDocuments, eq(patientDocuments.id, appointmentDocuments.documentId))
        .where(and(eq(appointmentDocuments.appointmentId, id), eq(patientDocuments.patientId, row.patientId)))
        .orderBy(desc(appointmentDocuments.sharedAt), desc(patientDocuments.id));
      return {
        documents: rows.map(({ document: { fileKey: _key, ...document }, sharedAt }) => ({
          ...document,
          createdAt: document.createdAt.toISOString(),
          sharedAt: sharedAt.toISOString(),
        })),
        careRelationship,
      };
    },

    /** The patient shares one of their documents with their appointment (sharing it again changes nothing). */
    async shareDocument(caller: AuthUser, id: string, documentId: string): Promise<DocumentShare> {
      const row = await loadAppointment(db, id);
      if (!row || partyOf(caller, row) !== 'PATIENT') throw notFound(NO_SUCH_APPOINTMENT);
      const [document] = await db
        .select({ id: patientDocuments.id })
        .from(patientDocuments)
        .where(and(eq(patientDocuments.id, documentId), eq(patientDocuments.patientId, row.patientId)));
      if (!document) throw notFound(NO_SUCH_DOCUMENT);
      await db
        .insert(appointmentDocuments)
        .values({ appointmentId: id, documentId, sharedBy: caller.id })
        .onConflictDoNothing();
      const [share] = await db
        .select({ sharedAt: appointmentDocuments.sharedAt })
        .from(appointmentDocuments)
        .where(and(eq(appointmentDocuments.appointmentId, id), eq(appointmentDocuments.documentId, documentId)));
      return { appointmentId: id, documentId, sharedAt: share!.sharedAt.toISOString() };
    },

    /** The patient stops sharing a document with their appointment; its doctor and hospital no longer open it through it. */
    async unshareDocument(caller: AuthUser, id: string, documentId: string) {
      const row = await loadAppointment(db, id);
      if (!row || partyOf(caller, row) !== 'PATIENT') throw notFound(NO_SUCH_APPOINTMENT);
      const removed = await db
        .delete(appointmentDocuments)
        .where(and(eq(appointmentDocuments.appointmentId, id), eq(appointmentDocuments.documentId, documentId)))
        .returning({ documentId: appointmentDocuments.documentId });
      if (removed.length === 0) throw notFound('This document is not shared with this appointment.');
    },
  };
}
