import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AFFILIATION_KIND_PATHS,
  activateBody,
  adminVerificationBody,
  affiliationDetailSchema,
  affiliationListQuery,
  affiliationListSchema,
  approvalBody,
  createAffiliationBody,
  rejectionBody,
  renewalBody,
  suspendBody,
  updateAffiliationBody,
} from '../../../domain/schemas/affiliations.ts';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { AFFILIATION_TEXTS } from './messages.ts';
import { KIND_OF_PATH, ROLE_OF_KIND } from './parties.ts';
import type { AffiliationsService } from './service.ts';

export const affiliationParams = z.object({ affiliationId: idSchema });
export const PARTY_ROLES = ['HOSPITAL', 'DOCTOR', 'DIAGNOSTICS', 'PHARMACY'] as const;
export const PARTIES = allow([...PARTY_ROLES, 'ADMIN'], 'affiliationParty');
const detail = { 200: successEnvelope(affiliationDetailSchema) };

/** The affiliation itself: proposals and lists per kind, its detail, and every change of status. */
export const affiliationsRoutes =
  ({ affiliations: service }: { affiliations: AffiliationsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['affiliations'];
    const security = bearerSecurity;

    for (const kindPath of AFFILIATION_KIND_PATHS) {
      const role = ROLE_OF_KIND[KIND_OF_PATH[kindPath]];
      app.post(
        `/affiliations/${kindPath}`,
        {
          config: { access: allow([role], 'caller') },
          schema: {
            tags,
            security,
            summary: `Propose an affiliation from the caller's ${kindPath} to a verified partner`,
            description:
              'The partner is asked to approve (AFFILIATION_REQUEST). Where a party is an individual doctor, COMMISSION and REVENUE_SHARE are refused (Indian Medical Council Regulations 2002, §6.4.1). Money benefits wait for an admin to verify them.',
            body: createAffiliationBody,
            response: { 201: successEnvelope(affiliationDetailSchema) },
          },
        },
        async (request, reply) =>
          reply.code(201).send({
            data: await service.create(callerOf(request), kindPath, request.body),
            message: AFFILIATION_TEXTS.created,
          }),
      );
      app.get(
        `/affiliations/${kindPath}`,
        {
          config: { access: allow([role], 'affiliationParty') },
          schema: {
            tags,
            security,
            summary: `The affiliations the caller's ${kindPath} is a party of`,
            querystring: affiliationListQuery,
            response: { 200: successEnvelope(affiliationListSchema) },
          },
        },
        async (request) => ({ data: await service.list(callerOf(request), request.query) }),
      );
      app.get(
        `/affiliations/${kindPath}/:affiliationId`,
        {
          config: { access: allow([role, 'ADMIN'], 'affiliationParty') },
          schema: {
            tags,
            security,
            summary:
              'One affiliation: parties, terms and their versions, commission, ledger, statements, performance, history',
            params: affiliationParams,
            response: detail,
          },
        },
        async (request) => ({
          data: await service.detailFor(callerOf(request), kindPath, request.params.affiliationId),
        }),
      );
      app.put(
        `/affiliations/${kindPath}/:affiliationId`,
        {
          config: { access: allow([role], 'affiliationParty') },
          schema: {
            tags,
            security,
            summary: 'Change the terms before approval (the proposer); a new version of the terms is kept',
            params: affiliationParams,
            body: updateAffiliationBody,
            response: detail,
          },
        },
        async (request) => ({
          data: await service.update(callerOf(request), kindPath, request.params.affiliationId, request.body),
          message: AFFILIATION_TEXTS.updated,
        }),
      );
    }

    const change = <B extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      run: (caller: ReturnType<typeof callerOf>, id: string, body: z.output<B>) => Promise<unknown>,
      message: string,
      roles: 'PARTIES' | 'ADMIN' = 'PARTIES',
    ) =>
      app.put(
        `/affiliations${path}`,
        {
          config: { access: roles === 'ADMIN' ? allow(['ADMIN'], 'none') : PARTIES },
          schema: { tags, security, summary, params: affiliationParams, body, response: detail },
        },
        async (request) => ({
          data: (await run(callerOf(request), request.params.affiliationId, request.body as z.output<B>)) as never,
          message,
        }),
      );

    change(
      '/:affiliationId/activate',
      'Activate (after approval and, for money benefits, verification) or resume',
      activateBody,
      (c, id) => service.act(c, id, 'ACTIVATE'),
      AFFILIATION_TEXTS.activated,
    );
    change(
      '/:affiliationId/approve',
      'The other side decides: ACCEPT gives consent, REJECT ends it (notes as the reason)',
      approvalBody,
      (c, id, b) => service.approve(c, id, b),
      AFFILIATION_TEXTS.approved,
    );
    change(
      '/:affiliationId/reject',
      'The other side rejects the proposal, with a reason',
      rejectionBody,
      (c, id, b) => service.act(c, id, 'REJECT', { reason: b.reason }),
      AFFILIATION_TEXTS.rejected,
    );
    change(
      '/:affiliationId/suspend',
      'Suspend an active affiliation, with a reason',
      suspendBody,
      (c, id, b) => service.act(c, id, 'SUSPEND', { reason: b.reason }),
      AFFILIATION_TEXTS.suspended,
    );
    change(
      '/:affiliationId/terminate',
      'Terminate, with a reason',
      suspendBody,
      (c, id, b) => service.act(c, id, 'TERMINATE', { reason: b.reason }),
      AFFILIATION_TEXTS.terminated,
    );
    change(
      '/:affiliationId/renew',
      'Renew to a later end date (a new version of the terms)',
      renewalBody,
      (c, id, b) => service.renew(c, id, b),
      AFFILIATION_TEXTS.renewed,
    );
    change(
      '/admin/:affiliationId/verify',
      'An admin verifies an affiliation that carries commission or revenue share',
      adminVerificationBody,
      (c, id, b) => service.act(c, id, 'VERIFY', { reason: b.notes ?? null }),
      AFFILIATION_TEXTS.verified,
      'ADMIN',
    );
  };
