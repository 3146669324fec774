import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import { idempotencyKeyState, idempotencyLookupBody } from '../../../domain/schemas/offline.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { Db } from '../../db/client.ts';
import { lookupKeys } from '../../platform/idempotencyKeys.ts';

export const idempotencyRoutes =
  ({ db }: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/idempotency-keys/lookup',
      {
        config: { access: allow('ANY', 'caller') },
        schema: {
          tags: ['offline'],
          security: bearerSecurity,
          summary: 'Which of these Idempotency-Keys the server already holds for the caller, and how each was answered',
          description:
            'For a device that lost its local queue (or wants to check it): keys the server never received are simply absent from the answer. Keys are kept for at least 48 hours.',
          body: idempotencyLookupBody,
          response: { 200: successEnvelope(z.object({ keys: z.array(idempotencyKeyState) })) },
        },
      },
      async (request) => ({ data: { keys: await lookupKeys(db, callerOf(request).id, request.body.keys) } }),
    );
  };
