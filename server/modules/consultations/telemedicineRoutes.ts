import { successEnvelope } from '../../../domain/schemas/common.ts';
import { telemedicineSessionSchema } from '../../../domain/schemas/telemedicine.ts';
import { JOIN_EARLY_MINUTES, JOIN_GRACE_MINUTES } from '../../../domain/rules/telemedicine.ts';
import { allow } from '../../platform/access.ts';
import { callerOf } from '../../platform/auth.ts';
import { params, security, tags, type RouteApp } from './routeCommon.ts';
import type { Telemedicine } from './telemedicine.ts';

/** Only the patient and the treating doctor are in the call; the hospital gets 403, anyone else 404. */
const PARTICIPANTS = allow(['DOCTOR', 'PATIENT'], 'consultationParty');

const START_RULE = `Only for a VIDEO, AUDIO or CHAT consultation that is open (SCHEDULED or IN_PROGRESS) and has a doctor; from ${JOIN_EARLY_MINUTES} minutes before its appointment to ${JOIN_GRACE_MINUTES} minutes after the appointment's end (a walk-in: once IN_PROGRESS); and only once the patient's consent to a teleconsultation is recorded (POST consent with a scope starting "Teleconsultation"; the latest such consent decides). The patient starting it is their consent (implied, Telemedicine Practice Guidelines 2020) and is recorded so. A session already open is joined at any time. The treating doctor joining moves a SCHEDULED consultation to IN_PROGRESS. A refusal answers 409 with details.reason (TYPE, STATUS, NO_DOCTOR, TOO_EARLY, TOO_LATE, CONSENT: none recorded, CONSENT_REFUSED). The answer carries the STUN/TURN servers (ICE_SERVERS) for the WebRTC call, signalled over socket.io (call:join, call:signal, call:leave).`;

/** SPEC §7: POST telemedicine/start and telemedicine/end. */
export function registerTelemedicineRoutes(app: RouteApp, telemedicine: Telemedicine) {
  app.post(
    '/consultations/:consultationId/telemedicine/start',
    {
      config: { access: PARTICIPANTS },
      schema: {
        tags,
        security,
        summary: 'Open the teleconsultation (or join the open one): the patient and the treating doctor only',
        description: START_RULE,
        params,
        response: { 200: successEnvelope(telemedicineSessionSchema) },
      },
    },
    async (request) => ({
      data: await telemedicine.start(callerOf(request), request.params.consultationId),
    }),
  );
  app.post(
    '/consultations/:consultationId/telemedicine/end',
    {
      config: { access: PARTICIPANTS },
      schema: {
        tags,
        security,
        summary: 'Close the teleconsultation and record its length (started at, ended at, duration in seconds)',
        description:
          'Either participant ends it for both; the call’s signalling room empties. Ending a session already closed answers it as it stands (200); 409 when no call has started.',
        params,
        response: { 200: successEnvelope(telemedicineSessionSchema) },
      },
    },
    async (request) => ({
      data: await telemedicine.end(callerOf(request), request.params.consultationId),
    }),
  );
}
