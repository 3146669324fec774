import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  admissionBody,
  admissionSchema,
  billingSchema,
  departmentStatsSchema,
  feedbackBody,
  feedbackSchema,
  followUpBody,
  followUpSchema,
  paymentBody,
  referralBody,
  referralDecisionBody,
  referralList,
  referralListQuery,
  referralSchema,
  statsQuery,
  statsSchema,
} from '../../../domain/schemas/consultationCare.ts';
import { callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { ConsultationBilling } from './billing.ts';
import type { ConsultationCare } from './care.ts';
import type { ConsultationReferrals } from './referrals.ts';
import type { ConsultationsService } from './service.ts';
import type { ConsultationStats } from './stats.ts';
import type { Telemedicine } from './telemedicine.ts';
import { registerTelemedicineRoutes } from './telemedicineRoutes.ts';
import { READERS, RULE, TREATING, one, params, security, tags, type RouteApp } from './routeCommon.ts';

export type CareServices = {
  service: ConsultationsService;
  billing: ConsultationBilling;
  care: ConsultationCare;
  referrals: ConsultationReferrals;
  stats: ConsultationStats;
  telemedicine: Telemedicine;
};

const STATS = allow(['DOCTOR', 'HOSPITAL', 'ADMIN'], 'caller');
const REFERRAL_READERS = allow(['DOCTOR', 'HOSPITAL', 'DIAGNOSTICS', 'PATIENT'], 'referralParty');
const RECEIVERS = allow(['DOCTOR', 'HOSPITAL', 'DIAGNOSTICS'], 'referralParty');
const PATIENT = allow(['PATIENT'], 'consultationParty');

/** Billing, referral, follow-up, feedback, admission, diagnostics, statistics (SPEC §7 "Consultations"). */
export function registerCareRoutes(
  app: RouteApp,
  { service, billing, care, referrals, stats, telemedicine }: CareServices,
) {
  registerTelemedicineRoutes(app, telemedicine);
  app.get(
    '/consultations/stats',
    {
      config: { access: STATS },
      schema: {
        tags,
        security,
        summary:
          "Counts by status and type, revenue (paise), average duration and follow-up rate of the caller's consultations",
        querystring: statsQuery,
        response: { 200: successEnvelope(statsSchema) },
      },
    },
    async (request) => ({ data: await stats.stats(callerOf(request), request.query) }),
  );
  app.get(
    '/consultations/stats/department-wise',
    {
      config: { access: STATS },
      schema: {
        tags,
        security,
        summary: "The caller's consultations per department (the doctor's first specialisation)",
        querystring: statsQuery,
        response: { 200: successEnvelope(departmentStatsSchema) },
      },
    },
    async (request) => ({ data: await stats.departments(callerOf(request), request.query) }),
  );
  app.get(
    '/consultations/referrals',
    {
      config: { access: REFERRAL_READERS },
      schema: {
        tags,
        security,
        summary: 'Referrals the caller sent, received, or (a patient) was given, newest first',
        querystring: referralListQuery,
        response: { 200: successEnvelope(referralList) },
      },
    },
    async (request) => ({ data: await referrals.list(callerOf(request), request.query) }),
  );
  app.patch(
    '/consultations/referrals/:referralId',
    {
      config: { access: RECEIVERS },
      schema: {
        tags,
        security,
        summary: 'The receiver accepts or declines a pending referral (409 once decided)',
        params: z.object({ referralId: idSchema }),
        body: referralDecisionBody,
        response: { 200: successEnvelope(referralSchema) },
      },
    },
    async (request) => ({
      data: await referrals.decide(callerOf(request), request.params.referralId, request.body),
    }),
  );

  app.get(
    '/consultations/:consultationId/billing',
    {
      config: { access: READERS },
      schema: {
        tags,
        security,
        summary: 'The bill: its lines (paise), totals, what is paid and due, the payment status',
        description: RULE,
        params,
        response: { 200: successEnvelope(billingSchema) },
      },
    },
    async (request) => ({ data: await billing.billing(callerOf(request), request.params.consultationId) }),
  );
  app.post(
    '/consultations/:consultationId/payments',
    {
      config: { access: TREATING },
      schema: {
        tags,
        security,
        summary: 'Add a line to the bill: a charge, a discount, a payment (cash, UPI, card, insurance) or a refund',
        description:
          'Lines are never changed: a refund is a line of its own. A payment beyond what is due, a refund beyond what was paid answer 409. When nothing is due the consultation moves to BILLING_COMPLETED.',
        params,
        body: paymentBody,
        response: { 201: successEnvelope(billingSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await billing.addLine(callerOf(request), request.params.consultationId, request.body) }),
  );
  app.post(
    '/consultations/:consultationId/referral',
    {
      config: { access: TREATING },
      schema: {
        tags,
        security,
        summary: 'Refer the patient to a doctor, hospital or diagnostics centre in the directory',
        description: 'The receiver and the patient are notified; the receiver accepts or declines.',
        params,
        body: referralBody,
        response: { 201: successEnvelope(referralSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await referrals.refer(callerOf(request), request.params.consultationId, request.body) }),
  );
  app.post(
    '/consultations/:consultationId/follow-up',
    {
      config: { access: TREATING },
      schema: {
        tags,
        security,
        summary: 'Propose a follow-up: a proposed appointment the patient accepts or declines',
        description: 'The consultation moves to FOLLOW_UP_SCHEDULED; one follow-up per consultation (409 after).',
        params,
        body: followUpBody,
        response: { 201: successEnvelope(followUpSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await care.followUp(callerOf(request), request.params.consultationId, request.body) }),
  );
  app.post(
    '/consultations/:consultationId/feedback',
    {
      config: { access: PATIENT },
      schema: {
        tags,
        security,
        summary: 'The patient rates the finished visit (1–5) with an optional comment, once',
        params,
        body: feedbackBody,
        response: { 201: successEnvelope(feedbackSchema) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await care.feedback(callerOf(request), request.params.consultationId, request.body) }),
  );
  app.get(
    '/consultations/:consultationId/admission',
    {
      config: { access: READERS },
      schema: {
        tags,
        security,
        summary: 'The admission of the consultation’s patient: ward, bed, times, discharge summary',
        params,
        response: { 200: successEnvelope(admissionSchema) },
      },
    },
    async (request) => ({ data: await care.admissionOf(callerOf(request), request.params.consultationId) }),
  );
  app.patch(
    '/consultations/:consultationId/admission',
    {
      config: { access: TREATING },
      schema: {
        tags,
        security,
        summary: 'Admission: REQUIRE (ADMISSION_REQUIRED), ADMIT (ward, bed), DISCHARGE (discharge summary)',
        description: `${RULE} A step the status does not allow answers 409.`,
        params,
        body: admissionBody,
        response: { 200: successEnvelope(admissionSchema) },
      },
    },
    async (request) => ({
      data: await care.admission(callerOf(request), request.params.consultationId, request.body),
    }),
  );
  app.patch(
    '/consultations/:consultationId/update-from-diagnostics',
    {
      config: { access: TREATING },
      schema: {
        tags,
        security,
        summary: 'Every diagnostic order of the consultation is released: it moves to DIAGNOSTICS_COMPLETED',
        description: '409 while an order is not released, or when the consultation is not waiting for diagnostics.',
        params,
        response: one,
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await care.updateFromDiagnostics(caller, request.params.consultationId);
      return { data: await service.view(caller, request.params.consultationId) };
    },
  );
}
