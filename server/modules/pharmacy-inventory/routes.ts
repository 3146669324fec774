import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import {
  batchBody,
  batchParams,
  expiringSchema,
  expiryQuery,
  h1Register,
  inventoryList,
  inventoryQuery,
  ledgerList,
  ledgerQuery,
  medicineBody,
  medicineParams,
  medicineSchema,
  medicineUpdateBody,
  movementBody,
  receiptAnswer,
  receiptBody,
  recallBody,
} from '../../../domain/schemas/pharmacyInventory.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { RECEIPT_HELP, type InventoryCsv } from './csv.ts';
import type { InventoryService } from './service.ts';

/** /api/pharmacy-inventory: the pharmacy's own medicine master, batches, ledger, expiry and exports. */
export const pharmacyInventoryRoutes =
  ({ inventory, inventoryCsv }: { inventory: InventoryService; inventoryCsv: InventoryCsv }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['pharmacy-inventory'];
    const security = bearerSecurity;
    const access = allow(['PHARMACY'], 'caller');
    const one = { 200: successEnvelope(medicineSchema) };
    const base = '/pharmacy-inventory';
    const csvReply = (name: string, body: string) => ({
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
      body,
    });

    app.get(
      base,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary:
            'The pharmacy’s medicines with their batches; on hand is the ledger’s sum, sellable excludes expired, recalled and reserved',
          querystring: inventoryQuery,
          response: { 200: inventoryList },
        },
      },
      async (request) => ({ data: await inventory.list(callerOf(request), request.query) }),
    );
    app.post(
      base,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Add a medicine to the master (pharmacist)',
          body: medicineBody,
          response: { 201: successEnvelope(medicineSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await inventory.create(callerOf(request), request.body), message: 'Medicine added.' }),
    );
    app.get(
      `${base}/ledger`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'The stock ledger, newest first',
          querystring: ledgerQuery,
          response: { 200: ledgerList },
        },
      },
      async (request) => ({ data: await inventory.ledger(callerOf(request), request.query) }),
    );
    app.get(
      `${base}/expiring`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Expired stock and batches expiring within 30, 60 or 90 days, with their value',
          querystring: expiryQuery,
          response: { 200: successEnvelope(expiringSchema) },
        },
      },
      async (request) => ({ data: await inventory.expiring(callerOf(request), request.query.days) }),
    );
    app.post(
      `${base}/receipts`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Receive stock from a CSV (all rows or none)',
          description: RECEIPT_HELP,
          body: receiptBody,
          response: { 201: successEnvelope(receiptAnswer) },
        },
      },
      async (request, reply) => {
        const data = await inventoryCsv.importReceipt(callerOf(request), request.body.csv);
        return reply.code(201).send({ data, message: `${data.units} units received in ${data.batches} batches.` });
      },
    );
    for (const [path, name, make] of [
      ['stock.csv', 'stock', (c: Parameters<InventoryCsv['stock']>[0]) => inventoryCsv.stock(c)],
      ['ledger.csv', 'ledger', (c: Parameters<InventoryCsv['ledger']>[0]) => inventoryCsv.ledger(c)],
      ['h1-register.csv', 'h1-register', (c: Parameters<InventoryCsv['ledger']>[0]) => inventoryCsv.h1RegisterCsv(c)],
    ] as const) {
      app.get(
        `${base}/export/${path}`,
        { config: { access }, schema: { tags, security, summary: `Download the ${name.replace('-', ' ')} as CSV` } },
        async (request, reply) => {
          const file = csvReply(name, await make(callerOf(request)));
          return reply.type(file.type).header('content-disposition', file.disposition).send(file.body);
        },
      );
    }
    app.get(
      `${base}/h1-register`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'The Schedule H1 register: every H1 dispense (never deleted)',
          response: { 200: h1Register },
        },
      },
      async (request) => ({ data: { entries: await inventoryCsv.h1Register(callerOf(request)) } }),
    );
    app.get(
      `${base}/:medicineId`,
      {
        config: { access },
        schema: { tags, security, summary: 'One medicine with its batches', params: medicineParams, response: one },
      },
      async (request) => ({ data: await inventory.one(callerOf(request), request.params.medicineId) }),
    );
    app.patch(
      `${base}/:medicineId`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Change a medicine (reorder level, schedule…)',
          params: medicineParams,
          body: medicineUpdateBody,
          response: one,
        },
      },
      async (request) => ({
        data: await inventory.update(callerOf(request), request.params.medicineId, request.body),
        message: 'Medicine saved.',
      }),
    );
    app.post(
      `${base}/:medicineId/batches`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Receive a batch (a RECEIPT line)',
          params: medicineParams,
          body: batchBody,
          response: { 201: successEnvelope(medicineSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await inventory.receive(callerOf(request), request.params.medicineId, request.body),
          message: 'Batch received.',
        }),
    );
    app.post(
      `${base}/batches/:batchId/movements`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Adjust a batch or write off expired stock, with a reason',
          params: batchParams,
          body: movementBody,
          response: { 201: successEnvelope(medicineSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await inventory.move(callerOf(request), request.params.batchId, request.body),
          message: 'Stock updated.',
        }),
    );
    app.post(
      `${base}/batches/:batchId/recall`,
      {
        config: { access },
        schema: {
          tags,
          security,
          summary: 'Recall a batch: it is never picked again and its stock leaves the shelf',
          params: batchParams,
          body: recallBody,
          response: one,
        },
      },
      async (request) => ({
        data: await inventory.recall(callerOf(request), request.params.batchId, request.body.reason),
        message: 'Batch recalled.',
      }),
    );
  };
