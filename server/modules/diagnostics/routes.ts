import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import { listOf } from '../../../domain/schemas/directory.ts';
import {
  diagnosticsCentreSchema,
  diagnosticsSearchQuery,
  onboardDiagnosticsBody,
  resultsTurnaroundBody,
  staffingExpertiseBody,
  updateDiagnosticsBody,
} from '../../../domain/schemas/diagnostics.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { DiagnosticsService } from './service.ts';

const centreParams = z.object({ diagnosticsId: idSchema });

export const diagnosticsRoutes =
  ({ diagnostics }: { diagnostics: DiagnosticsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['diagnostics'];
    const managers = allow(['DIAGNOSTICS', 'ADMIN'], 'organisation');
    const security = bearerSecurity;

    app.post(
      '/diagnostics/onboard',
      {
        config: { access: allow(['DIAGNOSTICS'], 'caller') },
        schema: {
          tags,
          security,
          summary: "Create the caller's diagnostics centre and link it to their account",
          body: onboardDiagnosticsBody,
          response: { 201: successEnvelope(diagnosticsCentreSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await diagnostics.onboard(callerOf(request), request.body),
          message: 'Diagnostics centre onboarded.',
        }),
    );

    app.get(
      '/diagnostics/me',
      {
        config: { access: allow(['DIAGNOSTICS'], 'caller') },
        schema: {
          tags,
          security,
          summary: "The caller's diagnostics centre",
          response: { 200: successEnvelope(diagnosticsCentreSchema) },
        },
      },
      async (request) => ({ data: await diagnostics.mine(callerOf(request)) }),
    );

    app.get(
      '/diagnostics/search',
      {
        config: { access: allow('ANY', 'none') },
        schema: {
          tags,
          security,
          summary: 'Search diagnostics centres: text (name, city, tests), place, radius, filters, order, pages',
          querystring: diagnosticsSearchQuery,
          response: { 200: listOf('diagnosticsCentres', diagnosticsCentreSchema) },
        },
      },
      async (request) => ({ data: await diagnostics.search(callerOf(request), request.query) }),
    );

    app.get(
      '/diagnostics/:diagnosticsId',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: 'One diagnostics centre',
          params: centreParams,
          response: { 200: successEnvelope(diagnosticsCentreSchema) },
        },
      },
      async (request) => ({ data: await diagnostics.byId(callerOf(request), request.params.diagnosticsId) }),
    );

    app.patch(
      '/diagnostics/:diagnosticsId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Change a diagnostics centre (its owner or an admin)',
          params: centreParams,
          body: updateDiagnosticsBody,
          response: { 200: successEnvelope(diagnosticsCentreSchema) },
        },
      },
      async (request) => ({
        data: await diagnostics.update(callerOf(request), request.params.diagnosticsId, request.body),
      }),
    );

    app.patch(
      '/diagnostics/:diagnosticsId/results-turnaround',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary:
            'Results turnaround: replace the map of test type → hours from sample to result (1 to 720), for offered tests only; {} clears it. The SPEC names this PATCH without its path.',
          params: centreParams,
          body: resultsTurnaroundBody,
          response: { 200: successEnvelope(diagnosticsCentreSchema) },
        },
      },
      async (request) => ({
        data: await diagnostics.setResultsTurnaround(callerOf(request), request.params.diagnosticsId, request.body),
      }),
    );

    app.patch(
      '/diagnostics/:diagnosticsId/staffing-expertise',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary:
            'Staffing and expertise: pathologist, radiologist and technician counts (0 to 500) and areas of expertise; fields left out stay as they were. The SPEC names this PATCH without its path.',
          params: centreParams,
          body: staffingExpertiseBody,
          response: { 200: successEnvelope(diagnosticsCentreSchema) },
        },
      },
      async (request) => ({
        data: await diagnostics.setStaffingExpertise(callerOf(request), request.params.diagnosticsId, request.body),
      }),
    );
  };
