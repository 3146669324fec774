import type { User } from '../../domain/schemas/accounts.ts';

/** SPEC §7 and §9: same origin, path /socket.io, websocket then polling, 5 attempts 1 s apart, 20 s timeout. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  withCredentials: true,
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  timeout: 20_000,
  autoConnect: true,
} as const;

/** The message of the connect_error the server answers a handshake without a valid session with. */
export const UNAUTHORIZED = 'UNAUTHORIZED';

/** SPEC §6: Admin joins its own user id, every other role its referenceId (none until onboarded). */
export function roomFor(user: Pick<User, 'id' | 'role' | 'referenceId'>): string | null {
  return user.role === 'ADMIN' ? user.id : user.referenceId || null;
}

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

type Listener = (...args: never[]) => void;

/** The parts of a socket.io client socket used here (a fake in the tests). */
export type SocketLike = {
  readonly connected: boolean;
  readonly active: boolean;
  on(event: string, listener: Listener): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  timeout(ms: number): { emit(event: string, ...args: unknown[]): unknown };
  connect(): unknown;
  disconnect(): unknown;
  io: { on(event: string, listener: Listener): unknown };
};

export type ConnectionOptions = {
  /** The room to join after every connect; read each time, so a new referenceId is picked up. */
  room(): string | null;
  /** Every server event, to the listeners. */
  dispatch(event: string, payload: unknown): void;
  onStatus(status: RealtimeStatus): void;
  /**
   * At a join, how long (ms) the page has been fetching what an event may have changed: the server then
   * says whether any event reached the room meanwhile. Undefined asks nothing.
   */
  joinSince?(): number | undefined;
  /**
   * The server confirmed the room: from now on its events arrive. `quiet`: it said none was sent in the
   * `joinSince` asked about, so nothing was missed; false when it was not asked or could not tell.
   */
  onJoined?(room: string, quiet: boolean): void;
  /** The server refused the session: sign out (SPEC §8). */
  onUnauthorized(): void;
  warn?: (...args: unknown[]) => void;
  /** Waits before reconnecting after the server ended the connection. */
  schedule?: (run: () => void, ms: number) => () => void;
};

export type Connection = {
  /** Joins `room` now when connected (after onboarding, for example); later connects join by themselves. */
  join(room: string | null): void;
  /** Connects again when the browser comes back online after the reconnection attempts ran out. */
  retry(): void;
  /** Sends an event the server acknowledges (a call's signalling); OFFLINE when not connected, TIMEOUT after 10 s. */
  send(event: string, payload: unknown): Promise<SendAnswer>;
  close(): void;
};

type JoinAnswer = { ok: boolean; error?: string; quiet?: boolean };
export type SendAnswer = { ok: boolean; error?: string };
export const SEND_TIMEOUT_MS = 10_000;

/**
 * Wires a socket to the app: joins the caller's room after every connect (so a reconnect re-joins),
 * reports the status, hands events to the listeners, and only logs connection trouble, except a
 * refused session, which signs out.
 */
export function wireSocket(socket: SocketLike, options: ConnectionOptions): Connection {
  const warn = options.warn ?? console.warn;
  const schedule =
    options.schedule ??
    ((run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  let closed = false;
  let cancelReconnect: (() => void) | null = null;

  const join = (room: string | null) => {
    if (!room || !socket.connected) return;
    const since = options.joinSince?.();
    const onAnswer = (answer: JoinAnswer | undefined) => {
      if (!answer?.ok) warn('realtime: join refused', room, answer?.error);
      else options.onJoined?.(room, since !== undefined && answer.quiet === true);
    };
    if (since === undefined) socket.emit('join', room, onAnswer);
    else socket.emit('join', room, { since }, onAnswer);
  };

  socket.on('connect', () => {
    options.onStatus('connected');
    join(options.room());
  });

  socket.on('connect_error', (error: Error) => {
    warn('realtime: connection error', error?.message);
    if (error?.message === UNAUTHORIZED) {
      options.onStatus('disconnected');
      options.onUnauthorized();
      return;
    }
    options.onStatus(socket.active ? 'connecting' : 'disconnected');
  });

  socket.on('disconnect', (reason: string) => {
    warn('realtime: disconnected', reason);
    if (closed) return;
    if (reason === 'io server disconnect') {
      // The server ended it (sign-out elsewhere, password reset, session over): a new handshake tells
      // whether the session still holds; a refused one signs out above.
      options.onStatus('connecting');
      cancelReconnect = schedule(() => {
        cancelReconnect = null;
        if (!closed) socket.connect();
      }, SOCKET_OPTIONS.reconnectionDelay);
      return;
    }
    options.onStatus(socket.active ? 'connecting' : 'disconnected');
  });

  socket.io.on('error', (error: Error) => warn('realtime: socket error', error?.message));
  socket.io.on('reconnect_failed', () => {
    warn('realtime: gave up reconnecting');
    options.onStatus('disconnected');
  });

  socket.onAny((event, payload) => options.dispatch(event, payload));

  return {
    join,
    retry() {
      if (!closed && !socket.connected && !socket.active) {
        options.onStatus('connecting');
        socket.connect();
      }
    },
    send(event, payload) {
      if (!socket.connected) return Promise.resolve({ ok: false, error: 'OFFLINE' });
      return new Promise<SendAnswer>((resolve) => {
        // With a timeout, the acknowledgement's first argument is the error (or null), then the answer.
        socket.timeout(SEND_TIMEOUT_MS).emit(event, payload, (error: unknown, answer: SendAnswer | undefined) => {
          resolve(error ? { ok: false, error: 'TIMEOUT' } : (answer ?? { ok: false, error: 'NO_ANSWER' }));
        });
      });
    },
    close() {
      closed = true;
      cancelReconnect?.();
      socket.disconnect();
    },
  };
}
