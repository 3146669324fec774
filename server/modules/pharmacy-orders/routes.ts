import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { output, ZodType } from 'zod';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import {
  bulkAnswer,
  bulkUpdateBody,
  createOrderBody,
  deliveryBody,
  itemBody,
  itemsBody,
  noteBody,
  notifyBody,
  orderItemParams,
  orderList,
  orderListQuery,
  orderParams,
  orderSchema,
  orderStatsSchema,
  qualityCheckBody,
  readyBody,
  reasonBody,
  returnBody,
  reviewBody,
  statsQuery,
  statusBody,
  verifyPrescriptionBody,
} from '../../../domain/schemas/pharmacyOrders.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { attachmentDisposition, readUpload } from '../../platform/files.ts';
import type { OrderItemUseCases } from './items.ts';
import { ORDER_FILE_MAX_MB, type PharmacyOrdersService } from './service.ts';

const NOTE =
  'Decided by the order workflow table (domain/rules/pharmacyOrders.ts): a step the status does not allow answers 409 with details.status; a caller on the wrong side, or a team member without the duty, 403; a caller not on the order 404.';
const PARTIES = ['PATIENT', 'DOCTOR', 'HOSPITAL', 'PHARMACY', 'ADMIN'] as const;

/** SPEC §7 "Pharmacy orders" at /api/pharmacy-orders…, with the prescription file, returns and reviews beside them. */
export const pharmacyOrdersRoutes =
  ({
    pharmacyOrders: service,
    orderItems,
  }: {
    pharmacyOrders: PharmacyOrdersService;
    orderItems: OrderItemUseCases;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['pharmacy-orders'];
    const security = bearerSecurity;
    const base = '/pharmacy-orders';
    const parties = allow(PARTIES, 'pharmacyOrderParty');
    const desk = allow(['PHARMACY', 'ADMIN'], 'pharmacyOrderParty');
    const one = { 200: successEnvelope(orderSchema) };

    app.post(
      base,
      {
        config: { access: allow(['PATIENT', 'PHARMACY'], 'caller') },
        schema: {
          tags,
          security,
          summary:
            'Send a prescription to a pharmacy (patient: a consultation’s, or a list with a photo after) or enter a walk-in (pharmacy desk)',
          description: 'Lines are matched to the pharmacy’s medicines by brand or by salt (generic composition).',
          body: createOrderBody,
          response: { 201: successEnvelope(orderSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await service.create(callerOf(request), request.body),
          message: 'Order sent to the pharmacy.',
        }),
    );
    app.get(
      base,
      {
        config: { access: parties },
        schema: {
          tags,
          security,
          summary: 'The pharmacy orders the caller may see',
          querystring: orderListQuery,
          response: { 200: orderList },
        },
      },
      async (request) => ({ data: await service.list(callerOf(request), request.query) }),
    );
    app.get(
      `${base}/statistics`,
      {
        config: { access: allow(['PHARMACY', 'ADMIN'], 'caller') },
        schema: {
          tags,
          security,
          summary: 'Orders by status, fill rate, time to ready, revenue, top medicines, stock and near-expiry value',
          querystring: statsQuery,
          response: { 200: successEnvelope(orderStatsSchema) },
        },
      },
      async (request) => ({ data: await service.stats(callerOf(request), request.query) }),
    );
    app.patch(
      `${base}/bulk-update`,
      {
        config: { access: allow(['PHARMACY', 'ADMIN'], 'caller') },
        schema: {
          tags,
          security,
          summary: 'Change the status or priority of several orders; each is decided on its own',
          description: NOTE,
          body: bulkUpdateBody,
          response: { 200: successEnvelope(bulkAnswer) },
        },
      },
      async (request) => {
        const data = await service.bulkUpdate(callerOf(request), request.body);
        return { data, message: `${data.updated.length} updated, ${data.refused.length} refused.` };
      },
    );
    app.get(
      `${base}/:id`,
      {
        config: { access: parties },
        schema: {
          tags,
          security,
          summary: 'One order with its items, reservations and duplicate-dispense warnings',
          params: orderParams,
          response: one,
        },
      },
      async (request) => ({ data: await service.byId(callerOf(request), request.params.id) }),
    );

    const post = <B extends ZodType>(
      path: string,
      access: ReturnType<typeof allow>,
      summary: string,
      body: B,
      handle: (caller: ReturnType<typeof callerOf>, id: string, body: output<B>) => Promise<unknown>,
      message: string,
    ) =>
      app.post(
        `${base}/:id/${path}`,
        {
          config: { access },
          schema: { tags, security, summary, description: NOTE, params: orderParams, body, response: one },
        },
        async (request) => ({
          data: (await handle(callerOf(request), request.params.id, request.body as never)) as never,
          message,
        }),
      );
    const patch = <B extends ZodType>(
      path: string,
      summary: string,
      body: B,
      handle: (caller: ReturnType<typeof callerOf>, id: string, body: output<B>) => Promise<unknown>,
      message: string,
    ) =>
      app.patch(
        `${base}/:id/${path}`,
        {
          config: { access: desk },
          schema: { tags, security, summary, description: NOTE, params: orderParams, body, response: one },
        },
        async (request) => ({
          data: (await handle(callerOf(request), request.params.id, request.body as never)) as never,
          message,
        }),
      );

    post(
      'notes',
      parties,
      'Add a note to the order',
      noteBody,
      (c, id, b) => service.addNote(c, id, b.text),
      'Note added.',
    );
    post(
      'cancel',
      allow(['PHARMACY', 'PATIENT', 'ADMIN'], 'pharmacyOrderParty'),
      'Cancel with a reason (the patient only before preparation); reservations are released',
      reasonBody,
      (c, id, b) => service.cancel(c, id, b.reason),
      'Order cancelled.',
    );
    post(
      'complete',
      desk,
      'Complete: dispense every reserved unit (DISPENSE lines in the ledger)',
      readyBody,
      (c, id) => service.complete(c, id),
      'Order completed.',
    );
    post(
      'ready',
      desk,
      'Mark ready after a passed quality check',
      readyBody,
      (c, id) => service.ready(c, id),
      'Order ready.',
    );
    post(
      'quality-check',
      desk,
      'Quality check by a second person (not who prepared it)',
      qualityCheckBody,
      (c, id, b) => service.qualityCheck(c, id, b),
      'Quality check recorded.',
    );
    post(
      'notify',
      desk,
      'Send the patient a message about the order',
      notifyBody,
      (c, id, b) => service.notify(c, id, b.message),
      'Patient notified.',
    );
    post(
      'return',
      desk,
      'Record a return: an unexpired, sealed pack is restocked',
      returnBody,
      (c, id, b) => service.returnOrder(c, id, b.reason, b.sealed),
      'Return recorded.',
    );
    post(
      'review',
      allow(['PATIENT'], 'pharmacyOrderParty'),
      'Review the pharmacy once after completion (1–5 and a comment)',
      reviewBody,
      (c, id, b) => service.review(c, id, b),
      'Thank you for your review.',
    );

    patch(
      'delivery',
      'Delivery: method, address, who delivers, tracking note; out for delivery or delivered',
      deliveryBody,
      (c, id, b) => service.delivery(c, id, b),
      'Delivery updated.',
    );
    patch(
      'status',
      'Move the order to a status (a reason for CANCELLED, RETURNED, ON_HOLD, PARTIALLY_FILLED)',
      statusBody,
      (c, id, b) => service.status(c, id, b),
      'Status updated.',
    );
    patch(
      'items',
      'Change several items at once',
      itemsBody,
      (c, id, b) => orderItems.many(c, id, b.items),
      'Items updated.',
    );
    patch(
      'verify-prescription',
      'A pharmacist verifies the prescription: prescriber, registration number, date',
      verifyPrescriptionBody,
      (c, id, b) => service.verifyPrescription(c, id, b),
      'Prescription verified.',
    );
    app.patch(
      `${base}/:id/items/:itemId`,
      {
        config: { access: desk },
        schema: {
          tags,
          security,
          summary: 'Change one item: substitute, quantity, status, or another batch with a reason',
          params: orderItemParams,
          body: itemBody,
          response: one,
        },
      },
      async (request) => ({
        data: await orderItems.one(callerOf(request), request.params.id, request.params.itemId, request.body),
        message: 'Item updated.',
      }),
    );

    app.post(
      `${base}/:id/prescription`,
      {
        config: { access: allow(['PATIENT', 'PHARMACY', 'ADMIN'], 'pharmacyOrderParty'), uploads: true },
        schema: {
          tags,
          security,
          summary: `Attach the prescription photo or PDF (at most ${ORDER_FILE_MAX_MB} MB)`,
          params: orderParams,
          consumes: ['multipart/form-data'],
          response: one,
        },
      },
      async (request) => ({
        data: await service.attachPrescription(callerOf(request), request.params.id, () => readUpload(request)),
        message: 'Prescription attached.',
      }),
    );
    app.get(
      `${base}/:id/prescription`,
      {
        config: { access: parties },
        schema: { tags, security, summary: 'The prescription file', params: orderParams },
      },
      async (request, reply) => {
        const file = await service.prescriptionFile(callerOf(request), request.params.id);
        return reply
          .type(file.contentType)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .send(file.content);
      },
    );
  };
