import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../domain/schemas/notifications.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/schema/index.ts';
import { afterCommit } from './unitOfWork.ts';
import { sharedSecret } from './secrets.ts';

/** How long a push service keeps trying a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A subscription that failed this many times in a row (not 404/410) is given up. */
const MAX_FAILURES = 10;

export type PushSender = {
  publicKey: string;
  /** Sends to every subscription of the user, in the background; gone ones (404/410) are deleted. */
  sendToUser(userId: string, payload: PushPayload, urgency?: 'normal' | 'high'): void;
  /** Resolves when every send started so far has finished (tests, graceful shutdown). */
  idle(): Promise<void>;
};

type VapidKeys = { publicKey: string; privateKey: string };

async function vapidKeys(db: Db, fromEnv: VapidKeys | undefined): Promise<VapidKeys> {
  if (fromEnv) return fromEnv;
  // One pair for every instance on this database: a subscription made through one works from all.
  const stored = await sharedSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as VapidKeys;
}

export async function createPushSender(options: {
  db: Db;
  log: FastifyBaseLogger;
  vapid: VapidKeys | undefined;
  subject: string;
  /** An https agent for the push services (tests trust their loopback push service with it). */
  agent?: Agent;
}): Promise<PushSender> {
  const { db, log, subject, agent } = options;
  const keys = await vapidKeys(db, options.vapid);
  const inFlight = new Set<Promise<void>>();

  async function deliver(userId: string, payload: PushPayload, urgency: 'normal' | 'high') {
    const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    const body = JSON.stringify(payload);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        try {
          await webpush.sendNotification(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            body,
            {
              vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
              TTL: PUSH_TTL_SECONDS,
              urgency,
              topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
              ...(agent ? { agent } : {}),
            },
          );
          await db
            .update(pushSubscriptions)
            .set({ failures: 0, lastSuccessAt: new Date() })
            .where(eq(pushSubscriptions.id, subscription.id));
        } catch (error) {
          const status = error instanceof WebPushError ? error.statusCode : undefined;
          if (status === 404 || status === 410) {
            log.info({ subscriptionId: subscription.id, status }, 'push subscription gone; deleted');
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
            return;
          }
          log.warn({ subscriptionId: subscription.id, status, err: (error as Error).message }, 'push delivery failed');
          await db
            .update(pushSubscriptions)
            .set({ failures: sql`${pushSubscriptions.failures} + 1` })
            .where(eq(pushSubscriptions.id, subscription.id));
          await db
            .delete(pushSubscriptions)
            .where(
              sql`${pushSubscriptions.id} = ${subscription.id} and ${pushSubscriptions.failures} >= ${MAX_FAILURES}`,
            );
        }
      }),
    );
  }

  return {
    publicKey: keys.publicKey,
    sendToUser(userId, payload, urgency = 'normal') {
      // Never about a change that may still roll back: inside a transaction, after its commit.
      afterCommit(() => {
        const job = deliver(userId, payload, urgency)
          .catch((error: unknown) => log.error({ err: error }, 'push delivery crashed'))
          .finally(() => inFlight.delete(job));
        inFlight.add(job);
      });
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
