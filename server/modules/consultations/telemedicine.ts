import { eq } from 'drizzle-orm';
import { CONSULTATION_WORKFLOW } from '../../../domain/rules/consultations.ts';
import {
  IMPLIED_CONSENT_SCOPE,
  checkStart,
  formatCallDuration,
  joinWindow,
  secondsBetween,
  teleconsultationConsent,
} from '../../../domain/rules/telemedicine.ts';
import type { IceServer, TelemedicineSession } from '../../../domain/schemas/telemedicine.ts';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, consultationConsents, consultations } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { recordHistory } from '../../platform/workflow.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { actorNameOf, audit } from './audit.ts';
import { isoOf, lockConsultation } from './careCommon.ts';
import { NO_SUCH, type ConsultationView } from './queries.ts';

/**
 * Telemedicine (SPEC §7 telemedicine/start and /end): the session of a VIDEO, AUDIO or CHAT
 * consultation between its patient and its treating doctor. The call itself is WebRTC between the
 * two browsers, signalled over socket.io (platform/callRelay.ts), which asks `mayJoinCall`.
 */

export type TelemedicineDeps = {
  db: Db;
  /** STUN/TURN servers handed to both browsers (ICE_SERVERS). */
  iceServers: IceServer[];
  /** Ends the call's signalling room once the session is closed. */
  calls: { endCall(consultationId: string): void };
  notify: Pick<NotificationsService, 'notifyProfiles'>;
};

type Participant = 'DOCTOR' | 'PATIENT';

/** The patient or the treating doctor; anyone else on the consultation (its hospital) is not in the call. */
async function lockParticipant(tx: Tx, caller: AuthUser, id: string) {
  const { row, party } = await lockConsultation(tx, caller, id);
  if (party === 'PATIENT') return { row, party, who: 'PATIENT' as Participant };
  if (party === 'TREATING' && caller.role === 'DOCTOR') return { row, party, who: 'DOCTOR' as Participant };
  throw notFound(NO_SUCH);
}

const MODE = { VIDEO: 'video call', AUDIO: 'audio call', CHAT: 'chat' } as Record<string, string>;
const modeOf = (row: ConsultationView) => MODE[row.consultationType] ?? 'call';

export function telemedicineUseCases(deps: TelemedicineDeps) {
  const { db } = deps;

  async function windowOf(tx: Tx, row: ConsultationView) {
    if (!row.appointmentId) return null;
    const [appointment] = await tx
      .select({ scheduledAt: appointments.scheduledAt, endsAt: appointments.endsAt })
      .from(appointments)
      .where(eq(appointments.id, row.appointmentId));
    return appointment ? joinWindow(appointment) : null;
  }

  function answer(
    row: ConsultationView,
    who: Participant,
    window: { opensAt: Date; closesAt: Date } | null,
  ): TelemedicineSession {
    return {
      consultationId: row.id,
      consultationType: row.consultationType,
      open: row.telemedicineSessionAt !== null,
      sessionStartedAt: isoOf(row.telemedicineSessionAt),
      startedAt: isoOf(row.telemedicineStartedAt),
      endedAt: isoOf(row.telemedicineEndedAt),
      durationSeconds: row.telemedicineSeconds,
      window: window ? { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() } : null,
      appointmentId: row.appointmentId,
      peer:
        who === 'DOCTOR'
          ? { role: 'PATIENT', name: row.patientName }
          : { role: 'DOCTOR', name: row.doctorName ?? 'Your doctor' },
      iceServers: deps.iceServers,
    };
  }

  return {
    /**
     * Opens the session, or joins the one already open (whatever the clock says, so a dropped call
     * can be rejoined). The doctor joining moves a SCHEDULED consultation to IN_PROGRESS.
     */
    async start(caller: AuthUser, id: string, now = new Date()) {
      const result = await db.transaction(async (tx) => {
        const { row, party, who } = await lockParticipant(tx, caller, id);
        const window = await windowOf(tx, row);
        const opened = row.telemedicineSessionAt === null;
        if (opened) {
          const consents = await tx
            .select({
              scope: consultationConsents.scope,
              agreed: consultationConsents.agreed,
              createdAt: consultationConsents.createdAt,
            })
            .from(consultationConsents)
            .where(eq(consultationConsents.consultationId, id));
          const consent = teleconsultationConsent(consents);
          const refusal = checkStart({
            type: row.consultationType,
            status: row.status,
            hasDoctor: row.doctorId !== null,
            window,
            consent,
            byPatient: who === 'PATIENT',
            now,
          });
          if (refusal) throw conflict(refusal.message, { reason: refusal.code, status: row.status });
          if (consent === 'NONE') {
            // Telemedicine Practice Guidelines 2020: the patient starting the teleconsultation is their consent.
            await tx.insert(consultationConsents).values({
              consultationId: id,
              createdBy: caller.id,
              scope: IMPLIED_CONSENT_SCOPE,
              agreed: true,
              givenBy: 'PATIENT',
              recordedByName: actorNameOf(caller, row),
            });
            await audit(tx, caller, row, party, 'CONSENT', `Recorded consent (agreed): ${IMPLIED_CONSENT_SCOPE}`);
          }
          row.telemedicineSessionAt = now;
          row.telemedicineStartedAt ??= now;
        }
        const change: Partial<typeof consultations.$inferInsert> = {
          telemedicineSessionAt: row.telemedicineSessionAt,
          telemedicineStartedAt: row.telemedicineStartedAt,
          updatedAt: now,
        };
        if (who === 'DOCTOR') {
          const decision = CONSULTATION_WORKFLOW.decide('START', 'TREATING', row);
          if (decision.ok && decision.to !== 'UNCHANGED') {
            Object.assign(change, { status: decision.to, startedAt: row.startedAt ?? now });
            await recordHistory(tx, CONSULTATION_WORKFLOW.name, [
              {
                entityId: id,
                action: 'START',
                actor: { userId: caller.id, role: caller.role },
                from: row.status,
                to: decision.to,
                reason: `The doctor joined the ${modeOf(row)}`,
              },
            ]);
            row.status = decision.to;
          }
        }
        await tx.update(consultations).set(change).where(eq(consultations.id, id));
        await audit(
          tx,
          caller,
          row,
          party,
          opened ? 'TELEMEDICINE_START' : 'TELEMEDICINE_JOIN',
          opened ? `Opened the ${modeOf(row)}` : `Joined the ${modeOf(row)}`,
        );
        return { session: answer(row, who, window), opened, row, who };
      });
      if (result.opened) {
        const { row, who } = result;
        const peerProfile = who === 'DOCTOR' ? row.patientId : row.doctorId;
        if (peerProfile) {
          await deps.notify.notifyProfiles(
            [peerProfile],
            {
              title: `Your ${modeOf(row)} has started`,
              message: `${who === 'DOCTOR' ? (row.doctorName ?? 'Your doctor') : row.patientName} is waiting for you in the ${modeOf(row)}.`,
              type: 'CONSULTATION_UPDATE',
              data: { url: `/consultations/${row.id}/call` },
            },
            caller.id,
          );
        }
      }
      return result.session;
    },

    /** Closes the open session and adds its length; ending a closed one answers it as it stands. */
    async end(caller: AuthUser, id: string, now = new Date()) {
      const { session, closed } = await db.transaction(async (tx) => {
        const { row, party, who } = await lockParticipant(tx, caller, id);
        const window = await windowOf(tx, row);
        if (row.telemedicineStartedAt === null) throw conflict('No call has started for this consultation.');
        const open = row.telemedicineSessionAt !== null;
        if (row.telemedicineSessionAt !== null) {
          const seconds = secondsBetween(row.telemedicineSessionAt, now);
          row.telemedicineSessionAt = null;
          row.telemedicineEndedAt = now;
          row.telemedicineSeconds += seconds;
          await tx
            .update(consultations)
            .set({
              telemedicineSessionAt: null,
              telemedicineEndedAt: now,
              telemedicineSeconds: row.telemedicineSeconds,
              updatedAt: now,
            })
            .where(eq(consultations.id, id));
          await audit(
            tx,
            caller,
            row,
            party,
            'TELEMEDICINE_END',
            `Ended the ${modeOf(row)} after ${formatCallDuration(seconds)}`,
          );
        }
        return { session: answer(row, who, window), closed: open };
      });
      // Both browsers hear the session is over, and the call's room empties.
      if (closed) deps.calls.endCall(id);
      return session;
    },

    /** Whether a socket of this account may be in the call's room now: a participant of an open session. */
    async mayJoinCall(user: AuthUser, id: string): Promise<boolean> {
      if (!user.referenceId || (user.role !== 'DOCTOR' && user.role !== 'PATIENT')) return false;
      const [row] = await db
        .select({
          doctorId: consultations.doctorId,
          patientId: consultations.patientId,
          open: consultations.telemedicineSessionAt,
        })
        .from(consultations)
        .where(eq(consultations.id, id));
      if (!row?.open) return false;
      return user.role === 'DOCTOR' ? row.doctorId === user.referenceId : row.patientId === user.referenceId;
    },
  };
}
export type Telemedicine = ReturnType<typeof telemedicineUseCases>;
