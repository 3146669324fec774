import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { RealtimeEvent } from '../../domain/enums.ts';
import type { AuthUser, Authenticator } from './auth.ts';
import { TOKEN_COOKIE } from './auth.ts';
import { afterCommit } from './unitOfWork.ts';
import { endCall, registerCallEvents, type CallGate } from './callRelay.ts';

/** DESIGN "Realtime and push": payloads are capped at 64 KiB. */
export const MAX_SOCKET_PAYLOAD = 64 * 1024;

/** The room a user may join (SPEC §6): Admin its own user id, every other role its referenceId. */
export function ownRoom(user: Pick<AuthUser, 'id' | 'role' | 'referenceId'>): string | null {
  return user.role === 'ADMIN' ? user.id : user.referenceId;
}

/** A room only the server puts a connection in: every connection of one account. */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export type Realtime = {
  /** Sends an event to everyone in a room, on every instance. */
  emit(room: string, event: RealtimeEvent, payload: unknown): void;
  /** Ends every connection of an account (sign-out elsewhere, password reset). */
  disconnectUser(userId: string): void;
  /** Ends the sockets opened with one session (a sign-out), on every instance. */
  disconnectSession(sessionId: string): void;
  /** Who may join a telemedicine call's signalling room (set by the consultations module). */
  gateCalls(gate: CallGate): void;
  /** The session is closed: both sides hear it, the call's room empties (after the commit). */
  endCall(consultationId: string): void;
  /** How many connections this instance holds (for health and tests). */
  connectionCount(): number;
  close(): Promise<void>;
};

type RealtimeOptions = {
  auth: Authenticator;
  log: FastifyBaseLogger;
  publicUrl: string;
  redisUrl?: string;
  parseCookie(header: string): Record<string, string | undefined>;
};

type SocketData = { user: AuthUser; token: string };
type JoinAck = (answer: { ok: true; room: string; quiet?: boolean } | { ok: false; error: string }) => void;

/** How long the time of a room's last event is kept: the longest `since` a join may ask about. */
export const ROOM_ACTIVITY_KEPT_MS = 10 * 60_000;
/** Added to a join's `since`: the page's requests were read by the server a moment after they were sent. */
const QUIET_MARGIN_MS = 2_000;

/**
 * When each room last had an event, on every instance (Redis) or in this process. A page that asks,
 * when it joins, whether anything happened since it fetched its data (`since`) then fetches again only
 * when something did: an event sent before the room was joined never reached it.
 */
export type RoomActivity = {
  /** Records an event for `room`; settles once recorded, so the event goes out after. */
  note(room: string): Promise<void>;
  /** The latest event time among `rooms`, or null when none had one within ROOM_ACTIVITY_KEPT_MS. */
  last(rooms: string[]): Promise<number | null>;
};

type RedisCommands = {
  set(key: string, value: string, options: { PX: number }): Promise<unknown>;
  mGet(keys: string[]): Promise<(string | null)[]>;
};

export function roomActivity(redis?: RedisCommands, now: () => number = Date.now): RoomActivity {
  if (redis) {
    const key = (room: string) => `caremesh:room-activity:${room}`;
    return {
      async note(room) {
        await redis.set(key(room), String(now()), { PX: ROOM_ACTIVITY_KEPT_MS });
      },
      async last(rooms) {
        const times = (await redis.mGet(rooms.map(key))).map(Number).filter((t) => Number.isFinite(t) && t > 0);
        return times.length > 0 ? Math.max(...times) : null;
      },
    };
  }
  const times = new Map<string, number>();
  let prunedAt = now();
  return {
    async note(room) {
      const at = now();
      times.set(room, at);
      // What is too old to be asked about is forgotten, once per period: the map holds the rooms active lately.
      if (at - prunedAt > ROOM_ACTIVITY_KEPT_MS) {
        prunedAt = at;
        for (const [name, t] of times) if (t < at - ROOM_ACTIVITY_KEPT_MS) times.delete(name);
      }
    },
    async last(rooms) {
      const kept = rooms.map((room) => times.get(room) ?? 0).filter((t) => t >= now() - ROOM_ACTIVITY_KEPT_MS);
      return kept.length > 0 ? Math.max(...kept) : null;
    },
  };
}

/**
 * Whether nothing reached `rooms` in the `since` milliseconds before now (plus a margin). Unknown
 * (`since` missing, out of range, or the record unreadable) is not quiet.
 */
export async function quietSince(
  activity: RoomActivity,
  rooms: string[],
  since: unknown,
  now: number,
): Promise<boolean> {
  if (typeof since !== 'number' || !Number.isFinite(since) || since < 0) return false;
  const window = since + QUIET_MARGIN_MS;
  if (window > ROOM_ACTIVITY_KEPT_MS) return false;
  const last = await activity.last(rooms).catch(() => undefined);
  if (last === undefined) return false;
  return last === null || last < now - window;
}

/**
 * A browser page may only connect from this app's own origin (its public URL, or the host it
 * asked for); tools that send no Origin (the API's own clients, tests) are let through to the
 * authentication that every connection must pass anyway.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl).origin || (host !== undefined && url.host === host);
  } catch {
    return false;
  }
}

function tokenOf(socket: Socket, parseCookie: RealtimeOptions['parseCookie']): string | undefined {
  const given = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof given === 'string' && given) return given;
  const header = socket.handshake.headers.cookie;
  return header ? parseCookie(header)[TOKEN_COOKIE] || undefined : undefined;
}

/** What one connection may send: a burst, refilled at a steady rate. The app sends a join per connection. */
export const SOCKET_EVENT_BUDGET = { burst: 20, perSecond: 2, refusalsBeforeDisconnect: 40 };

/**
 * Every event a connection sends spends from its budget before any handler runs. Over budget, an
 * event is answered RATE_LIMITED (no database read, no log line); a connection that keeps flooding
 * is closed, with one log line.
 */
function spendEventBudget(socket: Socket, log: FastifyBaseLogger) {
  const { burst, perSecond, refusalsBeforeDisconnect } = SOCKET_EVENT_BUDGET;
  let tokens = burst;
  let refilledAt = Date.now();
  let refusals = 0;
  socket.use((packet, next) => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * perSecond);
    refilledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      next();
      return;
    }
    const ack = packet.at(-1);
    if (typeof ack === 'function') (ack as (answer: unknown) => void)({ ok: false, error: 'RATE_LIMITED' });
    refusals += 1;
    if (refusals === refusalsBeforeDisconnect) {
      log.warn({ socketId: socket.id, userId: (socket.data as SocketData).user.id }, 'socket flooded: disconnected');
      socket.disconnect(true);
    }
  });
}

export async function createRealtime(httpServer: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const { auth, log, publicUrl, redisUrl, parseCookie } = options;
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_PAYLOAD,
    allowRequest: (req: IncomingMessage, callback) => {
      const allowed = originAllowed(req.headers.origin, req.headers.host, publicUrl);
      if (!allowed) log.warn({ origin: req.headers.origin }, 'socket refused: foreign origin');
      callback(allowed ? null : 'origin not allowed', allowed);
    },
  });

  const redisClients: Array<{ quit(): Promise<unknown> }> = [];
  let activity = roomActivity();
  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      // node-redis reconnects by itself; an unhandled 'error' would end the process.
      client.on('error', (error: Error) => log.error({ err: error }, 'redis connection error (realtime fan-out)'));
      redisClients.push(client);
    }
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter's typings name node-redis 4; the v4+ client API it calls is unchanged.
    io.adapter(createAdapter(pub as never, sub as never));
    activity = roomActivity(pub);
  }

  io.use(async (socket, next) => {
    const token = tokenOf(socket, parseCookie);
    try {
      const { user, expiresAt, sessionId } = await auth.authenticateToken(token);
      socket.data = { user, token: token! };
      // Signing out on the server ends this session's sockets on every instance.
      if (sessionId) void socket.join(sessionRoom(sessionId));
      if (expiresAt) {
        // The connection ends with the session it was opened with.
        const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt * 1000 - Date.now()));
        timer.unref();
        socket.once('disconnect', () => clearTimeout(timer));
      }
      next();
    } catch {
      log.warn({ socketId: socket.id }, 'socket refused: not signed in');
      next(new Error('UNAUTHORIZED'));
    }
  });

  let callGate: CallGate | null = null;

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.user.id));
    spendEventBudget(socket, log);
    registerCallEvents(
      socket as unknown as Socket,
      () => socket.data.user,
      () => callGate,
      log,
    );

    // join(room, ack) or join(room, { since }, ack): `since` asks whether anything reached the room (or
    // the account's own room) in the last `since` ms, the time the page has been fetching its data.
    socket.on('join', async (room: unknown, ...rest: unknown[]) => {
      const ack = rest.at(-1);
      const reply: JoinAck = typeof ack === 'function' ? (ack as JoinAck) : () => undefined;
      const asked = rest.length > 1 && typeof rest[0] === 'object' && rest[0] !== null ? rest[0] : undefined;
      const since = asked ? (asked as { since?: unknown }).since : undefined;
      let user: AuthUser;
      try {
        // Re-read: the account may have onboarded (new referenceId) or lost its session since connecting.
        user = (await auth.authenticateToken(socket.data.token)).user;
        socket.data.user = user;
      } catch {
        reply({ ok: false, error: 'UNAUTHORIZED' });
        socket.disconnect(true);
        return;
      }
      const own = ownRoom(user);
      if (typeof room !== 'string' || room !== own) {
        log.warn(
          { userId: user.id, role: user.role, room: String(room).slice(0, 80) },
          'socket join refused: not the caller’s own room',
        );
        reply({ ok: false, error: 'FORBIDDEN' });
        return;
      }
      await socket.join(room);
      if (!asked) {
        reply({ ok: true, room });
        return;
      }
      // Read after joining: an event sent later reaches the socket; one sent before is in the record.
      const quiet = await quietSince(activity, [room, userRoom(user.id)], since, Date.now());
      reply({ ok: true, room, quiet });
    });

    socket.on('leave', async (room: unknown, ack?: JoinAck) => {
      // The rooms the server put the connection in (its account, its session) stay.
      if (
        typeof room === 'string' &&
        room !== userRoom(socket.data.user.id) &&
        !room.startsWith('session:') &&
        !room.startsWith('call:')
      ) {
        await socket.leave(room);
      }
      if (typeof ack === 'function') ack({ ok: true, room: String(room) });
    });
  });

  return {
    emit(room, event, payload) {
      // Inside a request's transaction, others hear of the change once it is committed.
      afterCommit(() => {
        // Recorded before it goes out, so a page joining after the event finds it in the record.
        const send = () => io.to(room).emit(event as never, payload as never);
        activity.note(room).then(send, (error: unknown) => {
          log.warn({ err: error }, 'realtime: the room activity could not be recorded');
          send();
        });
      });
    },
    gateCalls(gate) {
      callGate = gate;
    },
    endCall(consultationId) {
      afterCommit(() => endCall(io as unknown as Server, consultationId));
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    connectionCount: () => io.engine.clientsCount,
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
