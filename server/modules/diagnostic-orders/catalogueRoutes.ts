import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  catalogueEntryBody,
  catalogueEntrySchema,
  catalogueList,
  catalogueParams,
} from '../../../domain/schemas/diagnosticOrders.ts';
import { orderingCentreList, orderingCentresQuery } from '../../../domain/schemas/orderingCentres.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import type { CatalogueUseCases } from './catalogue.ts';

/** The centre's catalogue of tests (/tests): read by anyone for a listed centre, changed by the centre. */
export const catalogueRoutes =
  ({ catalogue }: { catalogue: CatalogueUseCases }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['diagnostics'];
    const security = bearerSecurity;

    app.get(
      '/diagnostics/ordering-centres',
      {
        config: { access: allow(['DOCTOR', 'HOSPITAL'], 'caller') },
        schema: {
          tags,
          security,
          summary: 'Where to order tests: listed centres that price them, affiliated ones first',
          description:
            "For a consultation's tests to order: centres with an ACTIVE affiliation with the caller (or the hospital the doctor practises at) come first, marked `affiliated`; then the directory's listed centres by how many of the tests (comma-separated test types) they price.",
          querystring: orderingCentresQuery,
          response: { 200: orderingCentreList },
        },
      },
      async (request) => ({ data: await catalogue.orderingCentres(callerOf(request), request.query) }),
    );

    app.get(
      '/diagnostics/:diagnosticsId/tests',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary:
            "A centre's tests: price (INR), sample, fasting and preparation, promised turnaround, home collection, reference ranges",
          description:
            "The directory's testsAvailable filter and the centre's resultsTurnaround are written from this catalogue.",
          params: z.object({ diagnosticsId: idSchema }),
          response: { 200: catalogueList },
        },
      },
      async (request) => ({ data: await catalogue.list(callerOf(request), request.params.diagnosticsId) }),
    );

    app.put(
      '/diagnostics/:diagnosticsId/tests/:testType',
      {
        config: { access: allow(['DIAGNOSTICS', 'ADMIN'], 'organisation') },
        schema: {
          tags,
          security,
          summary: 'Add or replace one test of the centre’s catalogue',
          description:
            'Reference ranges by sex and age band (years; the band ends before ageTo). Normal limits are exclusive, critical limits inclusive; absolute limits refuse impossible results.',
          params: catalogueParams,
          body: catalogueEntryBody,
          response: { 200: successEnvelope(catalogueEntrySchema) },
        },
      },
      async (request) => ({
        data: await catalogue.put(
          callerOf(request),
          request.params.diagnosticsId,
          request.params.testType,
          request.body,
        ),
        message: 'Test saved.',
      }),
    );

    app.delete(
      '/diagnostics/:diagnosticsId/tests/:testType',
      {
        config: { access: allow(['DIAGNOSTICS', 'ADMIN'], 'organisation') },
        schema: {
          tags,
          security,
          summary: 'Take a test off the centre’s catalogue (orders already placed keep what they were ordered with)',
          params: catalogueParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await catalogue.remove(callerOf(request), request.params.diagnosticsId, request.params.testType);
        return { message: 'Test removed from the catalogue.' };
      },
    );
  };
