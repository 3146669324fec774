import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, paginationQuery, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  acknowledgeAlertBody,
  alertSchema,
  allergyCheckSchema,
  auditLogSchema,
  clinicalNotesBody,
  consentBody,
  consentSchema,
  consultationList,
  consultationListQuery,
  consultationSchema,
  createConsultationBody,
  diagnosisBody,
  diagnosisSchema,
  diagnosticTestBody,
  diagnosticTestSchema,
  drugCheckBody,
  emergencyAccessQuery,
  emergencyAccessSchema,
  emergencyGrantList,
  interactionCheckSchema,
  limitedConsultationSchema,
  prescriptionBody,
  prescriptionSchema,
  progressSchema,
  updateConsultationBody,
  vitalsBody,
  vitalsSchema,
} from '../../../domain/schemas/consultations.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { ConsultationAccessService, ConsultationPartsService } from './index.ts';
import type { ConsultationsService } from './service.ts';
import { SUMMARY_CSP } from './summary.ts';

const params = z.object({ consultationId: idSchema });
const TREATING = allow(['DOCTOR', 'HOSPITAL'], 'consultationParty');
const READERS = allow(['DOCTOR', 'HOSPITAL', 'PATIENT'], 'consultationParty');
const RULE =
  'The treating doctor and hospital read and write; the patient reads their own (private notes excepted); a doctor or hospital with a live emergency grant reads; anyone else gets 404. The record is written only while the consultation is open (409 otherwise). Every read and change is in the audit log.';

type Part = {
  path: string;
  noun: string;
  idName: string;
  body: z.ZodType;
  answer: z.ZodType;
  add: (caller: ReturnType<typeof callerOf>, id: string, body: never) => Promise<unknown>;
  update: (caller: ReturnType<typeof callerOf>, id: string, partId: string, body: never) => Promise<unknown>;
  remove: (caller: ReturnType<typeof callerOf>, id: string, partId: string) => Promise<unknown>;
};

export const consultationsRoutes =
  ({
    consultations: service,
    consultationParts: parts,
    consultationAccess: access,
  }: {
    consultations: ConsultationsService;
    consultationParts: ConsultationPartsService;
    consultationAccess: ConsultationAccessService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['consultations'];
    const security = bearerSecurity;
    const one = { 200: successEnvelope(consultationSchema) };

    app.post(
      '/consultations',
      {
        config: { access: allow(['DOCTOR', 'HOSPITAL'], 'appointmentParty') },
        schema: {
          tags,
          security,
          summary:
            'Start a consultation: from an accepted or confirmed appointment (its doctor or hospital), or a walk-in (a hospital)',
          description:
            'From an appointment: the appointment becomes CONFIRMED (the visit is happening); a second consultation for it answers 409. A walk-in names a patient in the hospital’s care (patientId) or registers one (newPatient).',
          body: createConsultationBody,
          response: { 201: successEnvelope(consultationSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await service.create(callerOf(request), request.body), message: 'Consultation started.' }),
    );

    app.get(
      '/consultations',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: "The caller's consultations (the doctor's, the hospital's, the patient's own), newest first",
          querystring: consultationListQuery,
          response: { 200: consultationList },
        },
      },
      async (request) => ({ data: await service.list(callerOf(request), request.query) }),
    );

    app.get(
      '/consultations/emergency-grants',
      {
        config: { access: allow(['ADMIN'], 'none') },
        schema: {
          tags,
          security,
          summary: 'Every emergency ("break the glass") grant, newest first, for review',
          querystring: paginationQuery,
          response: { 200: successEnvelope(emergencyGrantList) },
        },
      },
      async (request) => ({ data: await access.grants(request.query) }),
    );

    app.get(
      '/consultations/:consultationId',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: 'One consultation, whole, as the caller may read it',
          description: RULE,
          params,
          response: one,
        },
      },
      async (request) => ({ data: await service.byId(callerOf(request), request.params.consultationId) }),
    );

    app.put(
      '/consultations/:consultationId',
      {
        config: { access: TREATING },
        schema: {
          tags,
          security,
          summary:
            'Change the record’s fields, and/or move its status (action: START, COMPLETE_CONSULTATION, CLOSE, CANCEL)',
          description: `${RULE} Status moves follow domain/rules/consultations.ts: a move the status does not allow answers 409; completing the consultation completes its appointment.`,
          params,
          body: updateConsultationBody,
          response: one,
        },
      },
      async (request) => ({
        data: await service.update(callerOf(request), request.params.consultationId, request.body),
      }),
    );

    const partsTable: Part[] = [
      {
        path: 'diagnoses',
        noun: 'diagnosis',
        idName: 'diagnosisId',
        body: diagnosisBody,
        answer: diagnosisSchema,
        add: parts.addDiagnosis,
        update: parts.updateDiagnosis,
        remove: parts.removeDiagnosis,
      },
      {
        path: 'vital-signs',
        noun: 'vital signs',
        idName: 'vitalSignsId',
        body: vitalsBody,
        answer: vitalsSchema,
        add: parts.addVitals,
        update: parts.updateVitals,
        remove: parts.removeVitals,
      },
      {
        path: 'prescriptions',
        noun: 'prescription',
        idName: 'prescriptionId',
        body: prescriptionBody,
        answer: prescriptionSchema,
        add: parts.addPrescription,
        update: parts.updatePrescription,
        remove: parts.removePrescription,
      },
      {
        path: 'diagnostic-tests',
        noun: 'diagnostic test',
        idName: 'testId',
        body: diagnosticTestBody,
        answer: diagnosticTestSchema,
        add: parts.addTest,
        update: parts.updateTest,
        remove: parts.removeTest,
      },
    ];
    for (const part of partsTable) {
      const partParams = params.extend({ [part.idName]: idSchema } as Record<string, typeof idSchema>);
      const note =
        part.path === 'prescriptions'
          ? ' Runs the allergy and interaction checks; a contraindicated line needs overrideReason (400, details.reason OVERRIDE_REQUIRED, with the checks). Found risks become alerts.'
          : part.path === 'vital-signs'
            ? ' The server reads each value against the adult or paediatric ranges; a critical one becomes an alert.'
            : '';
      app.post(
        `/consultations/:consultationId/${part.path}`,
        {
          config: { access: TREATING },
          schema: {
            tags,
            security,
            summary: `Add a ${part.noun}`,
            description: RULE + note,
            params,
            body: part.body,
            response: { 201: successEnvelope(part.answer) },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send({ data: await part.add(callerOf(request), request.params.consultationId, request.body as never) }),
      );
      app.put(
        `/consultations/:consultationId/${part.path}/:${part.idName}`,
        {
          config: { access: TREATING },
          schema: {
            tags,
            security,
            summary: `Change a ${part.noun}`,
            description: RULE + note,
            params: partParams,
            body: part.body,
            response: { 200: successEnvelope(part.answer) },
          },
        },
        async (request) => {
          const p = request.params as Record<string, string>;
          return {
            data: await part.update(callerOf(request), p.consultationId!, p[part.idName]!, request.body as never),
          };
        },
      );
      app.delete(
        `/consultations/:consultationId/${part.path}/:${part.idName}`,
        {
          config: { access: TREATING },
          schema: {
            tags,
            security,
            summary: `Remove a ${part.noun}`,
            description: RULE,
            params: partParams,
            response: { 200: successEnvelope(z.object({ id: idSchema })) },
          },
        },
        async (request) => {
          const p = request.params as Record<string, string>;
          return { data: (await part.remove(callerOf(request), p.consultationId!, p[part.idName]!)) as { id: string } };
        },
      );
    }

    app.get(
      '/consultations/:consultationId/prescriptions',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: 'The prescription lines',
          description: RULE,
          params,
          response: { 200: successEnvelope(z.array(prescriptionSchema)) },
        },
      },
      async (request) => ({ data: await parts.listPrescriptions(callerOf(request), request.params.consultationId) }),
    );
    app.get(
      '/consultations/:consultationId/diagnostic-tests',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: 'The tests to be ordered',
          description: RULE,
          params,
          response: { 200: successEnvelope(z.array(diagnosticTestSchema)) },
        },
      },
      async (request) => ({ data: await parts.listTests(callerOf(request), request.params.consultationId) }),
    );

    app.put(
      '/consultations/:consultationId/clinical-notes',
      {
        config: { access: TREATING },
        schema: {
          tags,
          security,
          summary: 'Set the clinical notes (read by the patient) and the private notes (clinicians only)',
          description: RULE,
          params,
          body: clinicalNotesBody,
          response: one,
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await parts.setClinicalNotes(caller, request.params.consultationId, request.body);
        return { data: await service.view(caller, request.params.consultationId) };
      },
    );

    app.post(
      '/consultations/:consultationId/consent',
      {
        config: { access: TREATING },
        schema: {
          tags,
          security,
          summary: 'Record what the patient (or guardian) agreed to; when and by whom are recorded',
          description: RULE,
          params,
          body: consentBody,
          response: { 201: successEnvelope(consentSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await parts.recordConsent(callerOf(request), request.params.consultationId, request.body) }),
    );

    app.post(
      '/consultations/:consultationId/alerts/:alertId/acknowledge',
      {
        config: { access: TREATING },
        schema: {
          tags,
          security,
          summary: 'Acknowledge an alert, with an optional comment (who and when are recorded)',
          description: `${RULE} An alert already acknowledged answers 409.`,
          params: params.extend({ alertId: idSchema }),
          body: acknowledgeAlertBody,
          response: { 200: successEnvelope(alertSchema) },
        },
      },
      async (request) => {
        const { consultationId, alertId } = request.params;
        const saved = await parts.acknowledgeAlert(callerOf(request), consultationId, alertId, request.body);
        return {
          data: {
            id: saved.id,
            kind: saved.kind,
            severity: saved.severity,
            message: saved.message,
            createdAt: saved.createdAt.toISOString(),
            acknowledgedAt: saved.acknowledgedAt?.toISOString() ?? null,
            acknowledgedByName: saved.acknowledgedByName,
            comment: saved.comment,
          },
          message: 'Alert acknowledged.',
        };
      },
    );

    app.post(
      '/consultations/:consultationId/check-allergies',
      {
        config: { access: TREATING },
        schema: {
          tags,
          security,
          summary: "Check drugs against the patient's allergies: FOUND, NONE_KNOWN or NOT_CHECKED for each",
          description: RULE,
          params,
          body: drugCheckBody,
          response: { 200: successEnvelope(allergyCheckSchema) },
        },
      },
      async (request) => ({
        data: await parts.checkAllergies(callerOf(request), request.params.consultationId, request.body.drugs),
      }),
    );
    app.post(
      '/consultations/:consultationId/check-drug-interactions',
      {
        config: { access: TREATING },
        schema: {
          tags,
          security,
          summary:
            "Check drugs against each other and the consultation's prescriptions: FOUND, NONE_KNOWN or NOT_CHECKED",
          description: RULE,
          params,
          body: drugCheckBody,
          response: { 200: successEnvelope(interactionCheckSchema) },
        },
      },
      async (request) => ({
        data: await parts.checkInteractions(callerOf(request), request.params.consultationId, request.body.drugs),
      }),
    );

    app.get(
      '/consultations/:consultationId/medical-summary',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: 'The visit as a printable HTML page (Indian prescription layout)',
          description: RULE,
          params,
          produces: ['text/html'],
        },
      },
      async (request, reply) => {
        const html = await access.medicalSummary(callerOf(request), request.params.consultationId);
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', SUMMARY_CSP)
          .header('cache-control', 'no-store')
          .send(html);
      },
    );
    app.get(
      '/consultations/:consultationId/progress',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: "The consultation's steps through its workflow",
          description: RULE,
          params,
          response: { 200: successEnvelope(progressSchema) },
        },
      },
      async (request) => ({ data: await access.progress(callerOf(request), request.params.consultationId) }),
    );
    app.get(
      '/consultations/:consultationId/audit-log',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: 'Every read and change of the record: who, role, when, what',
          description: RULE,
          params,
          querystring: paginationQuery,
          response: { 200: successEnvelope(auditLogSchema) },
        },
      },
      async (request) => ({
        data: await access.auditLog(callerOf(request), request.params.consultationId, request.query),
      }),
    );
    app.get(
      '/consultations/:consultationId/limited',
      {
        config: { access: READERS },
        schema: {
          tags,
          security,
          summary: 'The limited view: no notes, no history',
          description: RULE,
          params,
          response: { 200: successEnvelope(limitedConsultationSchema) },
        },
      },
      async (request) => ({ data: await access.limited(callerOf(request), request.params.consultationId) }),
    );
    app.get(
      '/consultations/:consultationId/emergency-access',
      {
        config: { access: allow(['DOCTOR', 'HOSPITAL'], 'emergency') },
        schema: {
          tags,
          security,
          summary:
            'Break the glass: a time-limited view for a doctor or hospital not on the consultation, with a reason',
          description:
            'The grant lasts EMERGENCY_ACCESS_HOURS (4); the patient and the treating hospital are notified; every read under it is in the audit log; admins review the grants.',
          params,
          querystring: emergencyAccessQuery,
          response: { 200: successEnvelope(emergencyAccessSchema) },
        },
      },
      async (request) => ({
        data: await access.emergencyAccess(callerOf(request), request.params.consultationId, request.query.reason),
        message: 'Emergency access granted.',
      }),
    );
  };
