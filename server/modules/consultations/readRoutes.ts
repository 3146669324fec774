import { paginationQuery, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  auditLogSchema,
  emergencyAccessQuery,
  emergencyAccessSchema,
  limitedConsultationSchema,
  progressSchema,
} from '../../../domain/schemas/consultations.ts';
import { callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { ConsultationAccessService } from './index.ts';
import { SUMMARY_CSP } from './summary.ts';
import { READERS, RULE, params, security, tags, type RouteApp } from './routeCommon.ts';

/** The reads beside the record: printable summary, progress, audit log, the limited view, emergency access. */
export function registerReadRoutes(app: RouteApp, { access }: { access: ConsultationAccessService }) {
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
        summary: 'Break the glass: a time-limited view for a doctor or hospital not on the consultation, with a reason',
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
}
