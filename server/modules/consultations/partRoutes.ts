import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  acknowledgeAlertBody,
  alertSchema,
  allergyCheckSchema,
  clinicalNotesBody,
  consentBody,
  consentSchema,
  diagnosisBody,
  diagnosisSchema,
  diagnosticTestBody,
  diagnosticTestSchema,
  drugCheckBody,
  interactionCheckSchema,
  prescriptionBody,
  prescriptionSchema,
  vitalsBody,
  vitalsSchema,
} from '../../../domain/schemas/consultations.ts';
import { callerOf } from '../../platform/auth.ts';
import type { ConsultationPartsService } from './index.ts';
import type { ConsultationsService } from './service.ts';
import { RULE, READERS, TREATING, one, params, security, tags, type Part, type RouteApp } from './routeCommon.ts';

/** The clinical parts, notes, consent, alerts and the prescribing checks. */
export function registerPartRoutes(
  app: RouteApp,
  { service, parts }: { service: ConsultationsService; parts: ConsultationPartsService },
) {
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
}
