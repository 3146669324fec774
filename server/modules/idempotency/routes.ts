import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../../domain/schemas/common.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { lookupKeys } from '../../platform/idempotency.ts';

const lookupBody = z.object({
  keys: z.array(z.string().min(1).max(255)).min(1, 'Send at least one key').max(500, 'At most 500 keys at a time'),
});
const keyState = z.object({
  key: z.string(),
  state: z.enum(['IN_PROGRESS', 'COMPLETED']),
  method: z.string(),
  path: z.string(),
  status: z.number().int().nullable(),
  receivedAt: z.string(),
  completedAt: z.string().nullable(),
});

export const idempotencyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/idempotency-keys/lookup',
      {
        preHandler: ctx.auth.require(),
        schema: {
          tags: ['offline'],
          security: bearerSecurity,
          summary: 'Which of these Idempotency-Keys the server already holds for the caller, and how each was answered',
          description:
            'For a device that lost its local queue (or wants to check it): keys the server never received are simply absent from the answer. Keys are kept for at least 48 hours.',
          body: lookupBody,
          response: { 200: successEnvelope(z.object({ keys: z.array(keyState) })) },
        },
      },
      async (request) => ({ data: { keys: await lookupKeys(ctx.db, callerOf(request).id, request.body.keys) } }),
    );
  };
