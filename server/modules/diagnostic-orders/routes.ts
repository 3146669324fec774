import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  acknowledgeBody,
  createOrderBody,
  orderFileParams,
  orderList,
  orderListQuery,
  orderParams,
  orderSchema,
  orderStatsSchema,
  orderTestParams,
  resultBody,
  statsQuery,
  testStatusBody,
  updateOrderBody,
} from '../../../domain/schemas/diagnosticOrders.ts';
import { reportList, reportsQuery, todayAnswer, todayQuery } from '../../../domain/schemas/diagnosticReports.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { readUpload } from '../../platform/files.ts';
import { ORDER_FILE_MAX_MB, type DiagnosticOrdersService } from './service.ts';
import type { OrderTestUseCases } from './tests.ts';

const TRANSITION_NOTE =
  'Decided by the per-test workflow table (domain/rules/diagnosticOrders.ts): a step the test’s status does not allow answers 409 with details.status; a caller on the wrong side, or a team member without the duty, 403; a caller not on the order 404. The order’s status follows from its tests.';
const ORDER_ROLES = ['PATIENT', 'DOCTOR', 'HOSPITAL', 'DIAGNOSTICS', 'ADMIN'] as const;
const one = { 200: successEnvelope(orderSchema) };

/**
 * SPEC §7 writes these paths with a leading /api on top of the /api base: each route answers at
 * /api/diagnostic-orders… and at the SPEC's literal /api/api/diagnostic-orders….
 */
export const ORDER_PATH_PREFIXES = ['/diagnostic-orders', '/api/diagnostic-orders'] as const;

export const diagnosticOrdersRoutes =
  ({
    diagnosticOrders: service,
    orderTests,
  }: {
    diagnosticOrders: DiagnosticOrdersService;
    orderTests: OrderTestUseCases;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['diagnostic-orders'];
    const security = bearerSecurity;
    const parties = allow(ORDER_ROLES, 'orderParty');

    for (const base of ORDER_PATH_PREFIXES) {
      app.post(
        base,
        {
          config: { access: allow(['PATIENT', 'DOCTOR', 'HOSPITAL'], 'caller') },
          schema: {
            tags,
            security,
            summary:
              'Order tests at a centre: a patient books for themself, a doctor or hospital for a patient in their care',
            description:
              'Each test must be on the centre’s catalogue (its price, sample and promised turnaround are copied onto the order). A home collection needs an address and a time window, and every test collectable at home. A prescription file is attached after, at …/{orderId}/prescription.',
            body: createOrderBody,
            response: { 201: successEnvelope(orderSchema) },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send({ data: await service.create(callerOf(request), request.body), message: 'Tests ordered.' }),
      );

      app.get(
        base,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary: 'The diagnostic orders the caller may see, newest first (dates yyyy-mm-dd, India’s days)',
            querystring: orderListQuery,
            response: { 200: orderList },
          },
        },
        async (request) => ({ data: await service.list(callerOf(request), request.query) }),
      );

      app.get(
        `${base}/stats`,
        {
          config: { access: allow(['DIAGNOSTICS', 'ADMIN'], 'caller') },
          schema: {
            tags,
            security,
            summary: 'Volumes by test and status, turnaround per stage (median, 90th percentile), rejection rate',
            description:
              'A centre reads its own (another centre’s id answers 404); an admin any or all. Default: the last 30 days.',
            querystring: statsQuery,
            response: { 200: successEnvelope(orderStatsSchema) },
          },
        },
        async (request) => ({ data: await service.stats(callerOf(request), request.query) }),
      );

      app.get(
        `${base}/reports`,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary: 'Released and corrected reports, newest release first, with turnaround against the promised time',
            querystring: reportsQuery,
            response: { 200: reportList },
          },
        },
        async (request) => ({ data: await service.reports(callerOf(request), request.query) }),
      );

      app.get(
        `${base}/collections/today`,
        {
          config: { access: allow(['DIAGNOSTICS'], 'caller') },
          schema: {
            tags,
            security,
            summary:
              'The signed-in collector’s round: home collections assigned to them for the day (and earlier ones not yet collected)',
            querystring: todayQuery,
            response: { 200: todayAnswer },
          },
        },
        async (request) => ({ data: await service.today(callerOf(request), request.query.date) }),
      );

      app.get(
        `${base}/center/:diagnosticCenterId`,
        {
          config: { access: allow(['DIAGNOSTICS', 'ADMIN'], 'organisation') },
          schema: {
            tags,
            security,
            summary: 'A centre’s orders (the centre itself, or an admin)',
            params: z.object({ diagnosticCenterId: idSchema }),
            querystring: orderListQuery,
            response: { 200: orderList },
          },
        },
        async (request) => ({
          data: await service.byCentre(callerOf(request), request.params.diagnosticCenterId, request.query),
        }),
      );

      app.get(
        `${base}/patient/:patientId`,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary: 'A patient’s orders: the patient’s own, or those the caller ordered or performs',
            params: z.object({ patientId: idSchema }),
            querystring: orderListQuery,
            response: { 200: orderList },
          },
        },
        async (request) => ({
          data: await service.byPatient(callerOf(request), request.params.patientId, request.query),
        }),
      );

      app.get(
        `${base}/consultation/:consultationId`,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary: 'The orders made from one consultation that the caller may see',
            params: z.object({ consultationId: idSchema }),
            querystring: orderListQuery,
            response: { 200: orderList },
          },
        },
        async (request) => ({
          data: await service.byConsultation(callerOf(request), request.params.consultationId, request.query),
        }),
      );

      app.get(
        `${base}/:orderId`,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary:
              'One order with its tests, results (the patient and orderer see released ones), files and the actions the caller may take',
            params: orderParams,
            response: one,
          },
        },
        async (request) => ({ data: await service.byId(callerOf(request), request.params.orderId) }),
      );

      app.put(
        `${base}/:orderId`,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary:
              'Change an order: priority, notes and home visit (the orderer or patient, before collection); the collector (the centre’s desk)',
            description:
              'Assigning a field collector (a team member with that duty) schedules the collection of every test still waiting for a sample.',
            params: orderParams,
            body: updateOrderBody,
            response: one,
          },
        },
        async (request) => ({
          data: await service.update(callerOf(request), request.params.orderId, request.body),
          message: 'Order updated.',
        }),
      );

      app.delete(
        `${base}/:orderId`,
        {
          config: { access: allow(['PATIENT', 'DOCTOR', 'HOSPITAL', 'ADMIN'], 'orderParty') },
          schema: {
            tags,
            security,
            summary: 'Delete an order before any sample is collected (its orderer, its patient, or an admin)',
            params: orderParams,
            response: { 200: successEnvelope(z.object({ id: idSchema })) },
          },
        },
        async (request) => {
          await service.remove(callerOf(request), request.params.orderId);
          return { data: { id: request.params.orderId }, message: 'Order deleted.' };
        },
      );

      app.post(
        `${base}/:orderId/prescription`,
        {
          config: { access: allow(['PATIENT', 'DOCTOR', 'HOSPITAL', 'ADMIN'], 'orderParty'), uploads: true },
          schema: {
            tags,
            security,
            summary: `Attach the prescription: multipart "file" (JPEG, PNG, WebP or PDF, up to ${ORDER_FILE_MAX_MB} MB), checked by content`,
            consumes: ['multipart/form-data'],
            params: orderParams,
            response: one,
          },
        },
        async (request) => ({
          data: await service.attachPrescription(callerOf(request), request.params.orderId, () => readUpload(request)),
          message: 'Prescription attached.',
        }),
      );

      app.get(
        `${base}/:orderId/files/:fileId`,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary:
              'A file of the order: the prescription, or a report file (the patient and orderer once the test is released)',
            params: orderFileParams,
          },
        },
        async (request, reply) => {
          const file = await orderTests.file(callerOf(request), request.params.orderId, request.params.fileId);
          return reply
            .type(file.contentType)
            .headers({ 'content-disposition': file.disposition, 'cache-control': 'private, no-store' })
            .send(file.content);
        },
      );

      app.put(
        `${base}/:orderId/tests/:testId/status`,
        {
          config: { access: parties },
          schema: {
            tags,
            security,
            summary:
              'Move one test: schedule, collected (with the real time), received, rejected (reason), in progress, released, cancelled, declined',
            description: TRANSITION_NOTE,
            params: orderTestParams,
            body: testStatusBody,
            response: one,
          },
        },
        async (request) => ({
          data: await orderTests.setStatus(
            callerOf(request),
            request.params.orderId,
            request.params.testId,
            request.body,
          ),
        }),
      );

      app.post(
        `${base}/:orderId/tests/:testId/results`,
        {
          config: { access: allow(['DIAGNOSTICS', 'ADMIN'], 'orderParty') },
          schema: {
            tags,
            security,
            summary: 'Enter a result (a new version): preliminary before release, a correction with its reason after',
            description: `${TRANSITION_NOTE} The reference range for the patient’s sex and age is resolved and stored with the result, and the server flags it (LOW, HIGH, CRITICAL_LOW, CRITICAL_HIGH; none when no range applies). A value beyond the test’s absolute limits answers 400. A critical value tells the orderer at once (urgent, realtime and push).`,
            params: orderTestParams,
            body: resultBody,
            response: { 201: successEnvelope(orderSchema) },
          },
        },
        async (request, reply) =>
          reply.code(201).send({
            data: await orderTests.enterResult(
              callerOf(request),
              request.params.orderId,
              request.params.testId,
              request.body,
            ),
            message: 'Result saved.',
          }),
      );

      app.post(
        `${base}/:orderId/tests/:testId/attachments`,
        {
          config: { access: allow(['DIAGNOSTICS', 'ADMIN'], 'orderParty'), uploads: true },
          schema: {
            tags,
            security,
            summary: `Attach a report file to a test: multipart "file" (PDF or photo, up to ${ORDER_FILE_MAX_MB} MB); the same file twice is kept once`,
            consumes: ['multipart/form-data'],
            params: orderTestParams,
            response: { 201: successEnvelope(orderSchema) },
          },
        },
        async (request, reply) =>
          reply.code(201).send({
            data: await orderTests.attach(callerOf(request), request.params.orderId, request.params.testId, () =>
              readUpload(request),
            ),
            message: 'Report file attached.',
          }),
      );

      app.post(
        `${base}/:orderId/tests/:testId/acknowledge`,
        {
          config: { access: allow(['DOCTOR', 'HOSPITAL', 'ADMIN'], 'orderParty') },
          schema: {
            tags,
            security,
            summary:
              'Acknowledge a critical result with a comment (the doctor or hospital that ordered it); it joins the test’s history',
            params: orderTestParams,
            body: acknowledgeBody,
            response: one,
          },
        },
        async (request) => ({
          data: await orderTests.acknowledge(
            callerOf(request),
            request.params.orderId,
            request.params.testId,
            request.body,
          ),
          message: 'Critical result acknowledged.',
        }),
      );
    }
  };
