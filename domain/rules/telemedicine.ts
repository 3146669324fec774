import type { ConsultationStatus, ConsultationType } from '../enums.ts';

/**
 * Telemedicine (Telemedicine Practice Guidelines 2020): VIDEO, AUDIO and CHAT consultations happen
 * inside CareMesh. A session opens only for the patient and the treating doctor, only around the
 * appointment's time, and only once the patient's consent to a teleconsultation is on the record.
 */

export const TELEMEDICINE_TYPES = ['VIDEO', 'AUDIO', 'CHAT'] as const satisfies readonly ConsultationType[];
export type TelemedicineType = (typeof TELEMEDICINE_TYPES)[number];
export const isTelemedicineType = (type: ConsultationType): type is TelemedicineType =>
  (TELEMEDICINE_TYPES as readonly string[]).includes(type);

/** The waiting room opens this long before the appointment's start. */
export const JOIN_EARLY_MINUTES = 15;
/** And stays open this long after the appointment's end (a visit that runs late). */
export const JOIN_GRACE_MINUTES = 30;

/** A call happens while the consultation is open for the record. */
export const CALL_STATUSES = ['SCHEDULED', 'IN_PROGRESS'] as const satisfies readonly ConsultationStatus[];

/** The consent scope the app records, and how a teleconsultation consent is told from others. */
export const TELECONSULTATION_CONSENT_SCOPE = 'Teleconsultation (video, audio or chat) with the treating doctor';
export const IMPLIED_CONSENT_SCOPE = 'Teleconsultation: implied, the patient started the teleconsultation';
export const isTeleconsultationConsent = (scope: string) => /^\s*tele(consultation|medicine)\b/i.test(scope);

/** When the patient and the doctor may join: from JOIN_EARLY_MINUTES before to JOIN_GRACE_MINUTES after. */
export function joinWindow(appointment: { scheduledAt: Date; endsAt: Date }) {
  return {
    opensAt: new Date(appointment.scheduledAt.getTime() - JOIN_EARLY_MINUTES * 60_000),
    closesAt: new Date(appointment.endsAt.getTime() + JOIN_GRACE_MINUTES * 60_000),
  };
}

/** The latest teleconsultation consent decides: agreed, refused (withdrawn), or none yet. */
export function teleconsultationConsent(
  consents: ReadonlyArray<{ scope: string; agreed: boolean; createdAt: Date }>,
): 'AGREED' | 'REFUSED' | 'NONE' {
  const latest = consents
    .filter((c) => isTeleconsultationConsent(c.scope))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return latest ? (latest.agreed ? 'AGREED' : 'REFUSED') : 'NONE';
}

export type StartRefusal = {
  code: 'TYPE' | 'STATUS' | 'NO_DOCTOR' | 'TOO_EARLY' | 'TOO_LATE' | 'CONSENT' | 'CONSENT_REFUSED';
  message: string;
};

const time = (d: Date) =>
  d.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });

/**
 * Whether a new session may open now. A session already open is joined whatever the clock says
 * (the caller checks that first). Consent: the patient's own start is their consent (implied, it
 * is then recorded); the doctor needs it recorded first (explicit).
 */
export function checkStart(input: {
  type: ConsultationType;
  status: ConsultationStatus;
  hasDoctor: boolean;
  window: { opensAt: Date; closesAt: Date } | null;
  consent: 'AGREED' | 'REFUSED' | 'NONE';
  byPatient: boolean;
  now: Date;
}): StartRefusal | null {
  if (!isTelemedicineType(input.type))
    return { code: 'TYPE', message: 'Only a video, audio or chat consultation happens online.' };
  if (!(CALL_STATUSES as readonly string[]).includes(input.status))
    return { code: 'STATUS', message: 'This consultation is no longer open for a call.' };
  if (!input.hasDoctor) return { code: 'NO_DOCTOR', message: 'This consultation has no doctor to call.' };
  if (input.window) {
    if (input.now < input.window.opensAt)
      return {
        code: 'TOO_EARLY',
        message: `The call opens ${JOIN_EARLY_MINUTES} minutes before the appointment, at ${time(input.window.opensAt)}.`,
      };
    if (input.now >= input.window.closesAt)
      return { code: 'TOO_LATE', message: 'The time for this call has passed. Book another appointment.' };
  } else if (input.status !== 'IN_PROGRESS') {
    // A walk-in has no appointment time: its call happens once the doctor has started it.
    return { code: 'TOO_EARLY', message: 'The call opens once the doctor starts the consultation.' };
  }
  if (input.consent === 'REFUSED')
    return { code: 'CONSENT_REFUSED', message: 'The patient has refused a teleconsultation; it cannot start.' };
  if (input.consent === 'NONE' && !input.byPatient)
    return {
      code: 'CONSENT',
      message: "Record the patient's consent to a teleconsultation before starting the call.",
    };
  return null;
}

/** Seconds between two instants, never negative. */
export const secondsBetween = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** "12 min 5 s", "45 s", "1 h 2 min". */
export function formatCallDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}
