import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError, conflict, invalid } from './errors.ts';
import { KEY_LOCK_SPACE } from './idempotencyKeys.ts';
import { fingerprintOf, replayingRequest } from './replayableRequest.ts';
import { inUnitOfWork, preparedSql, type Unit } from './unitOfWork.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: {
      userId: string;
      key: string;
      fingerprint: string;
      /** Set once this request holds the key: its answer is what every replay will get. */
      claimed?: boolean;
      /** The transaction the change and its stored answer commit in. */
      unit?: AnswerUnit;
    };
  }
}

/** How the route's transaction and the onSend hook hand the answer over to each other. */
type AnswerUnit = {
  unit: Unit;
  /** Resolves once the answer is written in the transaction; rejects to roll it back. */
  answered: Deferred<void>;
  /** Resolves with true once committed, false once rolled back. */
  closed: Deferred<boolean>;
  /** The onSend hook has the answer in hand (so an error after this must not be sent again). */
  reached: boolean;
};

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Answers that are not kept: the client's retry must run the request again. */
const notKept = (status: number) => status >= 500 || status === 429 || status === 401;
/** The longest a route may take between returning and its answer reaching onSend. */
const ANSWER_TIMEOUT_MS = 60_000;

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `Idempotency-Key` on every mutating endpoint (DESIGN "The API contract"): the first answer for a
 * (user, key) is stored and returned again for a replay of the same request; the same key with a
 * different request answers 422; while the first is still running, a second answers 409.
 * 5xx and 429 answers are not kept, so the client's retry runs the request again.
 */
/** How much of a keyed request's body is read into memory: Fastify's limit for JSON, more for uploads. */
export type BodyLimits = { json: number; multipart: number };

function bodyTooLarge(limit: number): AppError {
  return new AppError(
    'VALIDATION',
    `The request body is larger than the limit of ${Math.round(limit / 1024)} KB.`,
    undefined,
    413,
  );
}

export function registerIdempotency(app: FastifyInstance, db: Db, limits: BodyLimits) {
  const p = (name: string) => sql.placeholder(name);
  // The key's lock and its claim in one statement: the claim is only attempted once the lock is
  // held (the insert reads from the lock), and a replay finds the stored row.
  const claimKey = preparedSql<{ locked: boolean; claimed: number }>(
    db,
    'idempotency_claim',
    sql`
      with lock as (
        select pg_try_advisory_xact_lock(${KEY_LOCK_SPACE}, hashtext(${p('userId')}::text || ':' || ${p('key')}::text)) as locked
      ), claim as (
        insert into ${idempotencyKeys} (user_id, key, fingerprint, method, path)
        select ${p('userId')}::uuid, ${p('key')}::text, ${p('fingerprint')}::text, ${p('method')}::text, ${p('path')}::text
        from lock where locked
        on conflict (user_id, key) do update set fingerprint = excluded.fingerprint, created_at = now()
        -- A claim left unanswered by a server that stopped (kept by versions that committed the
        -- claim first): taken over once it is clearly not running any more.
        where ${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < ${p('staleBefore')}::timestamptz
        returning 1
      )
      select (select locked from lock) as locked, (select count(*) from claim)::int as claimed`,
  );
  // The answer, stored in the change's transaction.
  const storeAnswer = preparedSql(
    db,
    'idempotency_answer',
    sql`update ${idempotencyKeys}
      set status = ${p('status')}::int, body = ${p('body')}::text, content_type = ${p('contentType')}::text,
        completed_at = ${p('completedAt')}::timestamptz
      where user_id = ${p('userId')}::uuid and key = ${p('key')}::text`,
  );
  // The raw body is read once here (the outbox's replays carry a key; other requests pass untouched).
  // Only for a caller the route admits: the access gate (onRequest) has refused everyone else and
  // set request.user; a public route's request has no account to key on and is left alone.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const key = keyOf(request);
    if (!key || !MUTATING.has(request.method) || !request.user) return payload;
    if (!KEY_PATTERN.test(key)) {
      throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is best).');
    }
    // Read whole (to fingerprint it), so bounded before and while reading; files only where a route takes them.
    const multipart = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
    const limit = multipart && request.routeOptions.config.uploads ? limits.multipart : limits.json;
    if (Number(request.headers['content-length'] ?? 0) > limit) throw bodyTooLarge(limit);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += bytes.length;
      if (size > limit) throw bodyTooLarge(limit);
      chunks.push(bytes);
    }
    const body = Buffer.concat(chunks);
    request.idempotency = {
      userId: '',
      key,
      fingerprint: fingerprintOf(request.method, request.url, body, request.headers['content-type']),
    };
    if (multipart) {
      // @fastify/multipart reads request.raw itself, later, in the handler: give it the same bytes.
      request.raw = replayingRequest(request.raw, body);
      return Readable.from([]);
    }
    const replay = Readable.from(body.length > 0 ? [body] : []);
    (replay as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = body.length;
    return replay;
  });

  app.addHook('preHandler', async (request) => {
    const key = keyOf(request);
    if (!key || !MUTATING.has(request.method) || !KEY_PATTERN.test(key) || !request.user) return;
    // A request whose body was never parsed (no content) is fingerprinted by its method and path.
    const pending = (request.idempotency ??= {
      userId: '',
      key,
      fingerprint: fingerprintOf(request.method, request.url, Buffer.alloc(0), undefined),
    });
    pending.userId = request.user.id;
    // Whether an answer is stored already is learnt by claiming the key (in the route's transaction):
    // a first request, by far the most common, sends one statement fewer.
  });

  // Every mutating route: with a key, the route runs in one transaction with the claim of the key
  // and the stored answer. A server that dies half-way leaves neither, so the retry runs it again;
  // one that dies after the commit has the answer stored for the retry. Nothing runs twice.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => MUTATING.has(method))) return;
    const handler = route.handler;
    route.handler = async function idempotentHandler(this: FastifyInstance, request, reply) {
      const pending = request.idempotency;
      if (!pending?.userId) return handler.call(this, request, reply);
      const answer: AnswerUnit = {
        unit: undefined as unknown as Unit,
        answered: deferred<void>(),
        closed: deferred<boolean>(),
        reached: false,
      };
      let alreadyStored = false;
      try {
        await inUnitOfWork(
          db,
          async (tx, unit) => {
            answer.unit = unit;
            const [outcome] = await claimKey(
              {
                userId: pending.userId,
                key: pending.key,
                fingerprint: pending.fingerprint,
                method: request.method,
                path: pathOf(request),
                staleBefore: new Date(Date.now() - STALE_CLAIM_MS),
              },
              tx,
            );
            if (!outcome?.locked) throw stillRunning(reply);
            if (!outcome.claimed) {
              // Answered already (a replay), or another request with this key finished before our lock.
              alreadyStored = true;
              return;
            }
            pending.claimed = true;
            pending.unit = answer;
            // A route that sends through `reply` resolves only once the response has gone out, which
            // waits for this commit: so the answer reaching onSend, not the route, ends the transaction.
            const running = Promise.resolve(handler.call(this, request, reply) as unknown);
            running.catch((error: unknown) => {
              if (answer.reached) request.log.error({ err: error }, 'the route failed after answering');
            });
            const first = await Promise.race([
              running.then((value) => ({ returned: value })),
              answer.answered.promise.then(() => null),
            ]);
            if (first && first.returned !== reply && !answer.reached && !reply.sent && !reply.raw.headersSent) {
              // What Fastify does with a returned value (an empty answer for nothing at all).
              void reply.send(first.returned);
            }
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([
              answer.answered.promise,
              new Promise((_, fail) => {
                timer = setTimeout(() => fail(new Error('the route returned but sent no answer')), ANSWER_TIMEOUT_MS);
              }),
            ]).finally(() => clearTimeout(timer));
          },
          (error) => request.log.error({ err: error }, 'an effect after the commit failed'),
        );
        answer.closed.resolve(true);
      } catch (error) {
        answer.closed.resolve(false);
        // The answer went out through onSend already: it turns into a 500 there.
        if (answer.reached) return reply;
        throw error;
      }
      if (alreadyStored) {
        const [stored] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, pending.userId), eq(idempotencyKeys.key, pending.key)));
        request.idempotency = undefined;
        if (!stored) throw new Error('a stored idempotent answer vanished');
        if (stored.status === null) throw stillRunning(reply);
        return sendStored(reply, stored, pending.fingerprint);
      }
      return reply;
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim?.claimed) return payload;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const header = reply.getHeader('content-type');
    const contentType = typeof header === 'string' ? header : null;
    const answer = claim.unit;
    if (answer && answer.unit.state === 'open' && !answer.reached) {
      answer.reached = true;
      if (notKept(status)) {
        // Roll the change back with its claim, so that the retry runs it again.
        answer.answered.reject(new Error(`answered ${status}: not kept`));
        await answer.closed.promise;
        return payload;
      }
      const tx = answer.unit.tx!;
      try {
        await storeAnswer(
          { status, body, contentType, completedAt: new Date(), userId: claim.userId, key: claim.key },
          tx,
        );
      } catch (error) {
        answer.answered.reject(error);
        throw error;
      }
      answer.answered.resolve();
      if (await answer.closed.promise) return payload;
      // The commit failed after the answer was written: nothing happened, and the client must know.
      reply.code(500);
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({
        error: 'SERVER_ERROR',
        message: `Your change could not be saved. Please try again; if it keeps happening, contact support and quote reference ${request.id}.`,
      });
    }
    // The route failed and its transaction rolled back: keep the refusal (4xx), so that a replay gets
    // it too. Anything else here belongs to no committed change and is not kept.
    if (notKept(status) || status < 400) return payload;
    await db
      .insert(idempotencyKeys)
      .values({
        userId: claim.userId,
        key: claim.key,
        fingerprint: claim.fingerprint,
        method: request.method,
        path: pathOf(request),
        status,
        body,
        contentType,
        completedAt: new Date(),
      })
      .onConflictDoNothing();
    return payload;
  });
}

/** A claim younger than this may belong to a request still running on another instance. */
const STALE_CLAIM_MS = 30_000;

function stillRunning(reply: FastifyReply): AppError {
  reply.header('retry-after', '1');
  return conflict('A request with this Idempotency-Key is still being processed. Try again in a moment.', {
    reason: 'IDEMPOTENCY_IN_PROGRESS',
  });
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!.slice(0, 500);

function sendStored(reply: FastifyReply, stored: typeof idempotencyKeys.$inferSelect, fingerprint: string) {
  if (stored.fingerprint !== fingerprint) {
    throw new AppError(
      'VALIDATION',
      'This Idempotency-Key was already used for a different request. Send a new key for a new change.',
      { reason: 'IDEMPOTENCY_KEY_REUSED' },
      422,
    );
  }
  reply.header(REPLAYED_HEADER, 'true');
  if (stored.contentType) reply.header('content-type', stored.contentType);
  return reply.code(stored.status!).send(stored.body ?? '');
}
