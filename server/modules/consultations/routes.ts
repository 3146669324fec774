import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginationQuery, successEnvelope } from '../../../domain/schemas/common.ts';
import { z } from 'zod';
import { idSchema } from '../../../domain/schemas/common.ts';
import {
  chartConsultationList,
  consultationList,
  consultationListQuery,
  consultationSchema,
  createConsultationBody,
  emergencyGrantList,
  updateConsultationBody,
} from '../../../domain/schemas/consultations.ts';
import { callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { ConsultationAccessService, ConsultationPartsService } from './index.ts';
import type { ConsultationsService } from './service.ts';
import { registerPartRoutes } from './partRoutes.ts';
import { registerReadRoutes } from './readRoutes.ts';
import { registerCareRoutes, type CareServices } from './careRoutes.ts';
import { READERS, RULE, TREATING, one, params, security, tags } from './routeCommon.ts';

export const consultationsRoutes =
  ({
    consultations: service,
    consultationParts: parts,
    consultationAccess: access,
    consultationCare: careServices,
  }: {
    consultations: ConsultationsService;
    consultationParts: ConsultationPartsService;
    consultationAccess: ConsultationAccessService;
    consultationCare: Omit<CareServices, 'service'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
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
      '/consultations/patient/:patientId',
      {
        config: { access: allow(['DOCTOR', 'HOSPITAL'], 'patientCare') },
        schema: {
          tags,
          security,
          summary:
            "The patient chart's consultations: the caller's own with this patient, newest first, each with its diagnoses and prescriptions",
          description:
            'A doctor or hospital reaches a patient only within a care relationship (domain/rules/careAccess.ts); any other patient answers 404. Only the consultations the caller treated are listed (no notes). Each one listed is a read in its audit log.',
          params: z.object({ patientId: idSchema }),
          querystring: paginationQuery,
          response: { 200: chartConsultationList },
        },
      },
      async (request) => ({
        data: await service.chart(callerOf(request), request.params.patientId, request.query),
      }),
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

    registerPartRoutes(app, { service, parts });
    registerReadRoutes(app, { access });
    registerCareRoutes(app, { service, ...careServices });
  };
