import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailboxData, mailboxQuery } from '../../../domain/schemas/accounts.ts';
import { mailOutbox, waitlistOffers } from '../../db/schema/index.ts';
import { localOnlyRoute } from '../../platform/access.ts';
import type { Db } from '../../db/client.ts';
import type { AfterAnswer } from '../../platform/afterAnswer.ts';

/** Development only (registered with DEV_ROUTES, never in production): read the mail the app would have sent. */
export const devRoutes =
  ({ db, afterAnswer }: { db: Db; afterAnswer: AfterAnswer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dev/mailbox',
      {
        config: { access: localOnlyRoute('development mail reader: this machine only, and only with DEV_ROUTES') },
        schema: {
          tags: ['development'],
          summary: 'Mail sent to an address, newest first (not in production)',
          querystring: mailboxQuery,
          response: { 200: z.object({ data: mailboxData }) },
        },
      },
      async (request) => {
        // Mail a request sends after answering (resets, verification) is here once that request has answered.
        await afterAnswer.idle();
        const rows = await db
          .select()
          .from(mailOutbox)
          .where(sql`lower(${mailOutbox.to}) = ${request.query.to}`)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(50);
        return {
          data: {
            messages: rows.map((row) => ({
              to: row.to,
              subject: row.subject,
              text: row.text,
              createdAt: row.createdAt.toISOString(),
            })),
          },
        };
      },
    );

    app.post(
      '/dev/waitlist/run-out-holds',
      {
        config: {
          access: localOnlyRoute(
            'development clock: end every held waitlist offer now, this machine only, with DEV_ROUTES',
          ),
        },
        schema: {
          tags: ['development'],
          summary: 'End every held waitlist offer now and run the waitlist job (not in production)',
          response: { 200: z.object({ data: z.object({ ended: z.number().int() }) }) },
        },
      },
      async () => {
        const ended = await db
          .update(waitlistOffers)
          .set({ expiresAt: new Date() })
          .where(eq(waitlistOffers.status, 'HELD'))
          .returning({ id: waitlistOffers.id });
        await app.jobs.runNow('waitlist.offers');
        return { data: { ended: ended.length } };
      },
    );
  };
