import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../domain/schemas/health.ts';
import type { Database } from '../../db/client.ts';
import { publicRoute } from '../../platform/access.ts';
import { APP_VERSION } from '../../version.ts';

export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { access: publicRoute('load balancers and monitors ask whether the API is up') },
        schema: {
          tags: ['platform'],
          summary: 'Whether the API and its database answer',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (_request, reply) => {
        const up = await database.ping();
        return reply
          .code(up ? 200 : 503)
          .header('Cache-Control', 'no-store')
          .send({ data: { status: up ? 'ok' : 'degraded', database: database.kind, version: APP_VERSION } });
      },
    );
  };
