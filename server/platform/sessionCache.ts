import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Db } from '../db/client.ts';
import type { AuthUser } from './auth.ts';
import { afterCommit, insideUnit } from './unitOfWork.ts';

/**
 * Every request checks its caller against the account as it is now (a password reset or a sign-out
 * ends sessions at once), but not by a query each time: the account and the sessions found not
 * revoked are kept here for a few seconds. Whatever changes an account row or ends a session calls
 * `accountChanged`, which drops the entry in this instance at once and, with Redis, in every other
 * instance through a pub/sub channel; it returns (and the change is answered) only once every
 * instance listening has said it dropped the entry, so a client holding the answer finds the session
 * ended on whichever instance it asks next (a stalled instance is waited for ACK_WAIT_MS). While that
 * channel is down nothing is kept, so an instance never trusts an entry it may have missed the end of.
 */

/** How long an entry is trusted without hearing of a change (it bounds a change made behind the API's back). */
export const SESSION_CACHE_TTL_MS = 15_000;
/** Beyond this many accounts, the oldest entries go first. */
const MAX_ENTRIES = 20_000;
const CHANNEL = 'caremesh:account-changed';
/**
 * How long a change waits for every other instance to say it has dropped the account. Each one
 * answers as soon as it hears (well under a millisecond); only a stalled instance makes a sign-out
 * wait this long, and its entry expires within SESSION_CACHE_TTL_MS anyway.
 */
export const ACK_WAIT_MS = 1_000;

/** What travels on CHANNEL: the account, and where to say it was heard (a plain id from an older instance). */
type ChangeMessage = { userId: string; ackTo?: string; id?: string };
function readChange(message: string): ChangeMessage | null {
  if (!message.startsWith('{')) return { userId: message };
  try {
    const parsed = JSON.parse(message) as Partial<ChangeMessage>;
    return typeof parsed.userId === 'string' ? (parsed as ChangeMessage) : null;
  } catch {
    return null;
  }
}

/** The account row a session check reads, as it stood when read. */
export type CachedAccount = {
  user: AuthUser;
  tokenVersion: number;
  emailVerifiedAt: Date | null;
  createdAt: Date;
};
type Entry = CachedAccount & { sessions: Set<string>; until: number };

export type SessionCache = {
  /** The account, when it is known, still at this token version, and this session was found not revoked. */
  lookup(userId: string, tokenVersion: number, sessionId: string | null): CachedAccount | undefined;
  /** Taken before reading the account: `store` keeps what was read only if nothing changed meanwhile. */
  generation(): number;
  store(account: CachedAccount, sessionId: string | null, generation: number): void;
  /** Drops one account here and, through Redis, in every other instance. */
  forget(userId: string): Promise<void>;
  close(): Promise<void>;
};

/** Each API instance's cache, found from the database handle its services hold (tests run several in one process). */
const caches = new WeakMap<Db, SessionCache>();

/**
 * An account row changed or one of its sessions ended: no instance may answer from what it kept.
 * Called once the change has committed (a transaction's caller calls it after the transaction);
 * inside a unit of work, again once that commits.
 */
export async function accountChanged(db: Db, userId: string): Promise<void> {
  const cache = caches.get(db);
  if (!cache) return;
  // Again once committed: another instance may have read the old row meanwhile. Waited for, like
  // the first, so the answer to a password reset leaves no instance holding the account.
  if (insideUnit()) afterCommit(() => cache.forget(userId));
  await cache.forget(userId);
}

export async function createSessionCache(options: {
  /** The database handle the instance's services use: accountChanged(db, …) reaches this cache. */
  db: Db;
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
  ttlMs?: number;
}): Promise<SessionCache> {
  const { log, ttlMs = SESSION_CACHE_TTL_MS } = options;
  const entries = new Map<string, Entry>();
  let changes = 0;
  // Without Redis this process is the only one: its own calls are all there is to hear.
  let listening = !options.redisUrl;

  const drop = (userId: string) => {
    changes++;
    entries.delete(userId);
  };
  const dropAll = () => {
    changes++;
    entries.clear();
  };

  let publisher: ReturnType<typeof createClient> | undefined;
  let subscriber: ReturnType<typeof createClient> | undefined;
  // Where the other instances say they have heard this one's changes: change id → heard, expected.
  const instanceId = randomUUID();
  const ackChannel = `${CHANNEL}:ack:${instanceId}`;
  const awaited = new Map<string, { heard: number; expected: number; done: () => void }>();
  let sent = 0;
  const heard = (id: string) => {
    const wait = awaited.get(id);
    if (!wait) return;
    wait.heard++;
    if (wait.heard >= wait.expected) wait.done();
  };
  if (options.redisUrl) {
    // A change is told now or not at all (logged): a sign-out must not wait for Redis to come back.
    publisher = createClient({ url: options.redisUrl, disableOfflineQueue: true });
    subscriber = createClient({ url: options.redisUrl });
    publisher.on('error', (error: Error) => log.error({ err: error }, 'redis connection error (session changes)'));
    subscriber.on('error', (error: Error) => {
      listening = false;
      dropAll();
      log.error({ err: error }, 'redis connection error (session changes)');
    });
    // Messages sent while it was away are lost: start again from nothing when it is back.
    for (const event of ['reconnecting', 'end']) {
      subscriber.on(event, () => {
        listening = false;
        dropAll();
      });
    }
    subscriber.on('ready', () => {
      dropAll();
      listening = true;
    });
    await Promise.all([publisher.connect(), subscriber.connect()]);
    const answerer = publisher;
    await subscriber.subscribe(CHANNEL, (message) => {
      const change = readChange(message);
      if (!change) return;
      drop(change.userId);
      if (change.ackTo && change.id) {
        answerer.publish(`${CHANNEL}:ack:${change.ackTo}`, change.id).catch(() => undefined);
      }
    });
    await subscriber.subscribe(ackChannel, heard);
    listening = subscriber.isReady;
  }

  const cache: SessionCache = {
    lookup(userId, tokenVersion, sessionId) {
      if (!listening) return undefined;
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        entries.delete(userId);
        return undefined;
      }
      if (entry.tokenVersion !== tokenVersion || !entry.sessions.has(sessionId ?? '')) return undefined;
      return entry;
    },
    generation: () => changes,
    store(account, sessionId, generation) {
      if (!listening || generation !== changes) return;
      const id = account.user.id;
      const known = entries.get(id);
      const sessions =
        known && known.tokenVersion === account.tokenVersion && known.until > Date.now()
          ? known.sessions
          : new Set<string>();
      sessions.add(sessionId ?? '');
      entries.delete(id);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(id, { ...account, sessions, until: known?.sessions === sessions ? known.until : Date.now() + ttlMs });
    },
    async forget(userId) {
      drop(userId);
      if (!publisher) return;
      // Answered only once every instance listening (this one too) has dropped the account, so the
      // caller's next request finds it gone wherever it lands; a stalled instance is waited for ACK_WAIT_MS.
      const id = String(++sent);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const allHeard = new Promise<void>((done) => {
        awaited.set(id, { heard: 0, expected: Number.POSITIVE_INFINITY, done });
        timer = setTimeout(done, ACK_WAIT_MS);
      });
      try {
        const receivers = await publisher.publish(CHANNEL, JSON.stringify({ userId, ackTo: instanceId, id }));
        const wait = awaited.get(id);
        if (wait) {
          wait.expected = receivers;
          if (wait.heard >= receivers) wait.done();
        }
        await allHeard;
      } catch (error) {
        log.error({ err: error }, 'could not tell the other instances of an account change');
      } finally {
        clearTimeout(timer);
        awaited.delete(id);
      }
    },
    async close() {
      caches.delete(options.db);
      listening = false;
      entries.clear();
      await Promise.all([subscriber, publisher].map((client) => client?.quit().catch(() => undefined)));
    },
  };
  caches.set(options.db, cache);
  return cache;
}
