import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import type { Authenticator } from './auth.ts';
import { AppError, conflict, invalid } from './errors.ts';
import type { Job } from './jobs.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Answers are kept at least this long (issue: 48 hours), then swept. */
export const IDEMPOTENCY_RETENTION_MS = 72 * 60 * 60 * 1000;
/** A first request that has not finished after this long died with its server: a retry may run it. */
export const STALE_IN_PROGRESS_MS = 30_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { userId: string; key: string; fingerprint?: string; claimed?: boolean };
  }
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The request as a fingerprint: method, path and the raw body, with a multipart body's boundary
 * (chosen anew by the browser for every send) put back to one constant.
 */
export function fingerprintOf(method: string, url: string, body: Buffer, contentType: string | undefined): string {
  const hash = createHash('sha256').update(`${method} ${url}\n`);
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (marker) hash.update(body.toString('latin1').split(marker).join('BOUNDARY'), 'latin1');
  else hash.update(body);
  return hash.digest('hex');
}

const STREAM_MEMBERS = new Set<PropertyKey>([
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'prependListener',
  'prependOnceListener',
  'emit',
  'listeners',
  'listenerCount',
  'pipe',
  'unpipe',
  'read',
  'resume',
  'pause',
  'isPaused',
  'setEncoding',
  'readable',
  'readableEnded',
  'readableFlowing',
  'readableLength',
  'destroyed',
  'destroy',
  'complete',
  Symbol.asyncIterator,
]);

/** The incoming request as before (headers, url, socket), but whose body is read again from `body`. */
function replayingRequest<T extends object>(raw: T, body: Buffer): T {
  const replay = Readable.from(body.length > 0 ? [body] : []) as Readable & { complete?: boolean };
  replay.complete = true;
  return new Proxy(raw, {
    get(target, property) {
      if (STREAM_MEMBERS.has(property)) {
        const value = Reflect.get(replay, property, replay) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(replay) : value;
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * `Idempotency-Key` on every mutating endpoint (DESIGN "The API contract"): the first answer for a
 * (user, key) is stored and returned again for a replay of the same request; the same key with a
 * different request answers 422; while the first is still running, a second answers 409.
 * 5xx and 429 answers are not kept, so the client's retry runs the request again.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, auth: Authenticator) {
  // The raw body is read once here (the outbox's replays carry a key; other requests pass untouched).
  app.addHook('preParsing', async (request, _reply, payload) => {
    const key = keyOf(request);
    if (!key || !MUTATING.has(request.method)) return payload;
    if (!KEY_PATTERN.test(key)) {
      throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is best).');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    const body = Buffer.concat(chunks);
    request.idempotency = {
      userId: '',
      key,
      fingerprint: fingerprintOf(request.method, request.url, body, request.headers['content-type']),
    };
    if (/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
      // @fastify/multipart reads request.raw itself, later, in the handler: give it the same bytes.
      request.raw = replayingRequest(request.raw, body);
      return Readable.from([]);
    }
    const replay = Readable.from(body.length > 0 ? [body] : []);
    (replay as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = body.length;
    return replay;
  });

  app.addHook('preHandler', async (request, reply) => {
    const pending = request.idempotency;
    const key = keyOf(request);
    if (!key || !MUTATING.has(request.method) || !KEY_PATTERN.test(key)) return;
    let userId: string;
    try {
      // Kept on the request: the route's own guard uses it instead of reading the user again.
      request.user = await auth.authenticate(request);
      userId = request.user.id;
    } catch {
      // Not signed in: the route answers 401 and nothing is kept.
      request.idempotency = undefined;
      return;
    }
    const fingerprint = pending?.fingerprint ?? fingerprintOf(request.method, request.url, Buffer.alloc(0), undefined);
    const path = request.url.split('?')[0]!.slice(0, 500);
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, method: request.method, path })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { userId, key, fingerprint, claimed: true };
      return;
    }
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!stored) throw conflict('This request is being processed. Try again in a moment.');
    if (stored.fingerprint !== fingerprint) {
      throw new AppError(
        'VALIDATION',
        'This Idempotency-Key was already used for a different request. Send a new key for a new change.',
        { reason: 'IDEMPOTENCY_KEY_REUSED' },
        422,
      );
    }
    if (stored.status === null) {
      // The first request's server may have died mid-way: after a while, a retry takes it over.
      const takenOver = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            sql`${idempotencyKeys.status} is null`,
            lt(idempotencyKeys.createdAt, new Date(Date.now() - STALE_IN_PROGRESS_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length > 0) {
        request.idempotency = { userId, key, fingerprint, claimed: true };
        return;
      }
      reply.header('retry-after', '1');
      throw conflict('A request with this Idempotency-Key is still being processed. Try again in a moment.', {
        reason: 'IDEMPOTENCY_IN_PROGRESS',
      });
    }
    request.idempotency = undefined;
    reply.header(REPLAYED_HEADER, 'true');
    if (stored.contentType) reply.header('content-type', stored.contentType);
    return reply.code(stored.status).send(stored.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim?.claimed) return payload;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || status === 401) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({
        status,
        body,
        contentType: typeof contentType === 'string' ? contentType : null,
        completedAt: new Date(),
      })
      .where(where);
    return payload;
  });
}

/** What the server holds of a user's keys: how a device that lost its queue learns what was applied. */
export async function lookupKeys(db: Db, userId: string, keys: string[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      key: idempotencyKeys.key,
      method: idempotencyKeys.method,
      path: idempotencyKeys.path,
      status: idempotencyKeys.status,
      createdAt: idempotencyKeys.createdAt,
      completedAt: idempotencyKeys.completedAt,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)));
  return rows.map((row) => ({
    key: row.key,
    state: row.status === null ? ('IN_PROGRESS' as const) : ('COMPLETED' as const),
    method: row.method,
    path: row.path,
    status: row.status,
    receivedAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  }));
}

export function idempotencySweepJob(): Job {
  return {
    name: 'idempotency.sweep',
    everyMs: 60 * 60_000,
    async run(tx) {
      await tx
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_RETENTION_MS)));
    },
  };
}
