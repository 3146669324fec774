import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliationDetailSchema,
  affiliationListQuery,
  affiliationListSchema,
  bulkResultSchema,
  bulkStatusBody,
  calculateQuery,
  calculationSchema,
  commissionStructureBody,
  dashboardQuery,
  dashboardSchema,
  expiringQuery,
  exportQuery,
  manualLineBody,
  performanceSchema,
  settleBody,
} from '../../../domain/schemas/affiliations.ts';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import type { AffiliationCommission } from './commission.ts';
import { AFFILIATION_TEXTS } from './messages.ts';
import type { AffiliationReports } from './reports.ts';
import { PARTIES, PARTY_ROLES, affiliationParams } from './routes.ts';
import type { AffiliationsService } from './service.ts';

/** Commission, ledger and statements, performance; lists across affiliations (bulk, expiring, export, dashboard, admin). */
export const affiliationMoneyRoutes =
  (services: {
    affiliations: AffiliationsService;
    affiliationCommission: AffiliationCommission;
    affiliationReports: AffiliationReports;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { affiliations: service, affiliationCommission: money, affiliationReports: reports } = services;
    const tags = ['affiliations'];
    const security = bearerSecurity;
    const detail = { 200: successEnvelope(affiliationDetailSchema) };

    app.post(
      '/affiliations/bulk/status',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          security,
          summary: 'Set several affiliations ACTIVE, SUSPENDED or TERMINATED; a result for each',
          description:
            'Each item runs through the workflow on its own: one refused (not yours, wrong status) does not stop the others.',
          body: bulkStatusBody,
          response: { 200: successEnvelope(bulkResultSchema) },
        },
      },
      async (request) => ({ data: await service.bulk(callerOf(request), request.body) }),
    );

    app.put(
      '/affiliations/:affiliationId/commission',
      {
        config: { access: allow([...PARTY_ROLES], 'affiliationParty') },
        schema: {
          tags,
          security,
          summary:
            'A new version of the commission structure (percentage, flat or slabs per service type, with caps), from a date on',
          params: affiliationParams,
          body: commissionStructureBody,
          response: detail,
        },
      },
      async (request) => ({
        data: await money.saveCommission(callerOf(request), request.params.affiliationId, request.body),
        message: AFFILIATION_TEXTS.commission,
      }),
    );

    app.get(
      '/affiliations/:affiliationId/commission/calculate',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          security,
          summary: 'The commission on an amount (paise) for a service type, by the structure in force today',
          params: affiliationParams,
          querystring: calculateQuery,
          response: { 200: successEnvelope(calculationSchema) },
        },
      },
      async (request) => ({
        data: await money.calculate(callerOf(request), request.params.affiliationId, request.query),
      }),
    );

    app.post(
      '/affiliations/:affiliationId/commission/lines',
      {
        config: { access: allow([...PARTY_ROLES], 'affiliationParty') },
        schema: {
          tags,
          security,
          summary: 'A ledger line by hand, with a reason (negative for a refund); priced by the structure in force',
          params: affiliationParams,
          body: manualLineBody,
          response: { 201: successEnvelope(affiliationDetailSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await money.addLine(callerOf(request), request.params.affiliationId, request.body),
          message: AFFILIATION_TEXTS.line,
        }),
    );

    app.post(
      '/affiliations/:affiliationId/commission/settle',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          security,
          summary: 'Close the open ledger lines up to a day into an immutable statement; both sides are told',
          description: 'A statement is never edited: a reversal after it goes into the next one as a negative line.',
          params: affiliationParams,
          body: settleBody,
          response: { 201: successEnvelope(affiliationDetailSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await money.settle(callerOf(request), request.params.affiliationId, request.body),
          message: AFFILIATION_TEXTS.settled,
        }),
    );

    app.get(
      '/affiliations/:affiliationId/performance',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          security,
          summary:
            'Referrals, conversions, revenue, commission and turnaround, computed from the ledger and the orders',
          params: affiliationParams,
          response: { 200: successEnvelope(performanceSchema) },
        },
      },
      async (request) => ({ data: await money.performance(callerOf(request), request.params.affiliationId) }),
    );

    app.post(
      '/affiliations/:affiliationId/performance/update',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          security,
          summary: 'Bring the ledger up to date from the orders that passed through the affiliation, and recompute',
          params: affiliationParams,
          response: { 200: successEnvelope(performanceSchema) },
        },
      },
      async (request) => ({
        data: await money.updatePerformance(callerOf(request), request.params.affiliationId),
        message: AFFILIATION_TEXTS.performance,
      }),
    );

    app.get(
      '/affiliations/expiring',
      {
        config: { access: allow([...PARTY_ROLES, 'ADMIN'], 'caller') },
        schema: {
          tags,
          security,
          summary: 'Active affiliations of the caller ending within `days`',
          querystring: expiringQuery,
          response: { 200: successEnvelope(affiliationListSchema) },
        },
      },
      async (request) => ({ data: await reports.expiring(callerOf(request), request.query) }),
    );

    app.get(
      '/affiliations/export',
      {
        config: { access: allow([...PARTY_ROLES, 'ADMIN'], 'caller') },
        schema: {
          tags,
          security,
          summary:
            "The caller's affiliations as CSV, streamed (format=excel: with the byte-order mark and CRLF spreadsheets expect)",
          querystring: exportQuery,
        },
      },
      async (request, reply) => {
        const stream = await reports.export(callerOf(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .headers({
            'content-disposition': `attachment; filename="affiliations${request.query.format === 'excel' ? '-excel' : ''}.csv"`,
            'cache-control': 'private, no-store',
          })
          .send(stream);
      },
    );

    app.get(
      '/affiliations/hospital/dashboard',
      {
        config: { access: allow(['HOSPITAL'], 'caller') },
        schema: {
          tags,
          security,
          summary:
            "The hospital's affiliations at a glance: by status and type, top partners by revenue, commission due",
          querystring: dashboardQuery,
          response: { 200: successEnvelope(dashboardSchema) },
        },
      },
      async (request) => ({ data: await reports.dashboard(callerOf(request), request.query) }),
    );

    app.get(
      '/affiliations/admin/all',
      {
        config: { access: allow(['ADMIN'], 'none') },
        schema: {
          tags,
          security,
          summary: 'Every affiliation, with filters (admins)',
          querystring: affiliationListQuery,
          response: { 200: successEnvelope(affiliationListSchema) },
        },
      },
      async (request) => ({ data: await service.list(callerOf(request), request.query) }),
    );
  };
