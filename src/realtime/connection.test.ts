import { describe, expect, it, vi } from 'vitest';
import { roomFor, SOCKET_OPTIONS, wireSocket, type ConnectionOptions, type SocketLike } from './connection.ts';
import { createEventHub } from './eventHub.ts';

type Handler = (...args: unknown[]) => void;

/** A socket.io client socket's surface, driven by the test. */
function fakeSocket() {
  const handlers = new Map<string, Handler[]>();
  const managerHandlers = new Map<string, Handler[]>();
  let anyHandler: ((event: string, ...args: unknown[]) => void) | null = null;
  const add = (map: Map<string, Handler[]>, event: string, handler: Handler) =>
    map.set(event, [...(map.get(event) ?? []), handler]);
  const socket = {
    connected: false,
    active: true,
    emitted: [] as unknown[][],
    on: (event: string, handler: Handler) => add(handlers, event, handler),
    onAny: (handler: (event: string, ...args: unknown[]) => void) => {
      anyHandler = handler;
    },
    emit: vi.fn((...args: unknown[]) => socket.emitted.push(args)),
    timed: [] as Array<{ ms: number; args: unknown[] }>,
    timeout: (ms: number) => ({ emit: (...args: unknown[]) => socket.timed.push({ ms, args }) }),
    connect: vi.fn(),
    disconnect: vi.fn(),
    io: { on: (event: string, handler: Handler) => add(managerHandlers, event, handler) },
    /** What the server does: */
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      handlers.get(event)?.forEach((handler) => handler(...args));
    },
    fireManager(event: string, ...args: unknown[]) {
      managerHandlers.get(event)?.forEach((handler) => handler(...args));
    },
    serverEvent(event: string, payload: unknown) {
      anyHandler?.(event, payload);
    },
  };
  return socket;
}

function setup(overrides: Partial<ConnectionOptions> = {}) {
  const socket = fakeSocket();
  const scheduled: Array<() => void> = [];
  const options = {
    room: vi.fn((): string | null => 'room-1'),
    dispatch: vi.fn(),
    onStatus: vi.fn(),
    onUnauthorized: vi.fn(),
    warn: vi.fn(),
    schedule: vi.fn((run: () => void) => {
      scheduled.push(run);
      return () => scheduled.splice(scheduled.indexOf(run), 1);
    }),
  };
  Object.assign(options, overrides);
  const connection = wireSocket(socket as unknown as SocketLike, options);
  return { socket, options, connection, scheduled };
}

describe('roomFor (SPEC §6)', () => {
  it('is the user id for an Admin and the referenceId for everyone else', () => {
    expect(roomFor({ id: 'u1', role: 'ADMIN', referenceId: null })).toBe('u1');
    expect(roomFor({ id: 'u1', role: 'ADMIN', referenceId: 'p1' })).toBe('u1');
    expect(roomFor({ id: 'u2', role: 'DOCTOR', referenceId: 'd1' })).toBe('d1');
    expect(roomFor({ id: 'u3', role: 'HOSPITAL', referenceId: null })).toBeNull();
    expect(roomFor({ id: 'u4', role: 'USER', referenceId: '' })).toBeNull();
  });
});

describe('SOCKET_OPTIONS (SPEC §7, §9)', () => {
  it('has reconnection on, 5 attempts 1 s apart, a 20 s timeout, websocket then polling', () => {
    expect(SOCKET_OPTIONS).toEqual({
      path: '/socket.io',
      withCredentials: true,
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      timeout: 20_000,
      autoConnect: true,
    });
  });
});

describe('wireSocket', () => {
  it('joins the room after every connect, so a reconnect re-joins', () => {
    const { socket, options } = setup();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    const joins = socket.emitted.filter(([event]) => event === 'join');
    expect(joins.map(([, room]) => room)).toEqual(['room-1', 'room-1']);
    expect(options.onStatus.mock.calls.map(([s]) => s)).toEqual(['connected', 'connecting', 'connected']);
  });

  it('joins nothing without a room, and a room that appears later at once', () => {
    const room = vi.fn((): string | null => null);
    const { socket, connection } = setup({ room });
    socket.fire('connect');
    expect(socket.emitted).toEqual([]);
    connection.join('ref-9');
    expect(socket.emitted.map(([event, value]) => [event, value])).toEqual([['join', 'ref-9']]);
  });

  it('does not emit join while disconnected', () => {
    const { socket, connection } = setup();
    connection.join('room-1');
    expect(socket.emitted).toEqual([]);
  });

  it('logs a refused join', () => {
    const { socket, options } = setup();
    socket.fire('connect');
    const ack = socket.emitted[0]?.[2] as (answer: unknown) => void;
    ack({ ok: true, room: 'room-1' });
    expect(options.warn).not.toHaveBeenCalled();
    ack({ ok: false, error: 'FORBIDDEN' });
    expect(options.warn).toHaveBeenCalledWith('realtime: join refused', 'room-1', 'FORBIDDEN');
  });

  it('says when the server has confirmed the room, at each join, and not for a refused one', () => {
    const onJoined = vi.fn();
    const { socket } = setup({ onJoined });
    socket.fire('connect');
    expect(onJoined).not.toHaveBeenCalled();
    (socket.emitted[0]?.[2] as (answer: unknown) => void)({ ok: true });
    expect(onJoined).toHaveBeenCalledWith('room-1', false);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    (socket.emitted[1]?.[2] as (answer: unknown) => void)({ ok: false, error: 'FORBIDDEN' });
    expect(onJoined).toHaveBeenCalledTimes(1);
  });

  it('asks at a join whether anything reached the room in the time given, and passes the answer on', () => {
    const onJoined = vi.fn();
    const joinSince = vi.fn((): number | undefined => 1_500);
    const { socket } = setup({ onJoined, joinSince });
    socket.fire('connect');
    expect(socket.emitted[0]?.slice(0, 3)).toEqual(['join', 'room-1', { since: 1_500 }]);
    (socket.emitted[0]?.[3] as (answer: unknown) => void)({ ok: true, room: 'room-1', quiet: true });
    expect(onJoined).toHaveBeenLastCalledWith('room-1', true);
    // A reconnect that asks nothing joins as before, and is never taken as quiet.
    joinSince.mockReturnValue(undefined);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(socket.emitted[1]?.slice(0, 2)).toEqual(['join', 'room-1']);
    (socket.emitted[1]?.[2] as (answer: unknown) => void)({ ok: true, room: 'room-1', quiet: true });
    expect(onJoined).toHaveBeenLastCalledWith('room-1', false);
  });

  it('hands every server event to dispatch', () => {
    const hub = createEventHub();
    const handler = vi.fn();
    hub.on('newNotification', handler);
    const { socket } = setup({ dispatch: (event, payload) => hub.emit(event, payload) });
    socket.serverEvent('newNotification', { id: 'n1' });
    socket.serverEvent('newAppointment', { id: 'a1' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ id: 'n1' });
  });

  it('only logs connection errors, socket errors and disconnects (SPEC §8)', () => {
    const { socket, options } = setup();
    socket.fire('connect_error', new Error('xhr poll error'));
    socket.fireManager('error', new Error('boom'));
    socket.fire('disconnect', 'transport error');
    expect(options.warn).toHaveBeenCalledTimes(3);
    expect(options.onUnauthorized).not.toHaveBeenCalled();
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it('signs out when the server refuses the session', () => {
    const { socket, options } = setup();
    socket.active = false;
    socket.fire('connect_error', new Error('UNAUTHORIZED'));
    expect(options.warn).toHaveBeenCalledWith('realtime: connection error', 'UNAUTHORIZED');
    expect(options.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(options.onStatus).toHaveBeenLastCalledWith('disconnected');
  });

  it('after the server ends the connection, connects again once to let the handshake decide', () => {
    const { socket, scheduled, options } = setup();
    socket.fire('connect');
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(options.schedule).toHaveBeenCalledWith(expect.any(Function), 1000);
    expect(socket.connect).not.toHaveBeenCalled();
    scheduled[0]?.();
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it('reports disconnected when the attempts run out, and retries when asked', () => {
    const { socket, options, connection } = setup();
    socket.active = false;
    socket.fireManager('reconnect_failed');
    expect(options.onStatus).toHaveBeenLastCalledWith('disconnected');
    connection.retry();
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(options.onStatus).toHaveBeenLastCalledWith('connecting');
  });

  it('close disconnects and cancels a pending reconnect', () => {
    const { socket, scheduled, connection } = setup();
    socket.fire('connect');
    socket.fire('disconnect', 'io server disconnect');
    expect(scheduled).toHaveLength(1);
    connection.close();
    expect(scheduled).toHaveLength(0);
    expect(socket.disconnect).toHaveBeenCalled();
    connection.retry();
    expect(socket.connect).not.toHaveBeenCalled();
  });
});

describe('createEventHub', () => {
  it('calls each listener of the event until it unsubscribes; a failing one does not stop the rest', () => {
    const warn = vi.fn();
    const hub = createEventHub(warn);
    const failing = vi.fn(() => {
      throw new Error('bad');
    });
    const ok = vi.fn();
    hub.on('notificationRead', failing);
    const off = hub.on('notificationRead', ok);
    hub.emit('notificationRead', { id: 'x' });
    expect(ok).toHaveBeenCalledWith({ id: 'x' });
    expect(warn).toHaveBeenCalledTimes(1);
    off();
    hub.emit('notificationRead', { id: 'y' });
    expect(ok).toHaveBeenCalledTimes(1);
    hub.emit('unknownEvent', {});
  });
});

describe("send (a call's signalling)", () => {
  it("answers OFFLINE without a connection, and passes on the server's acknowledgement or a timeout", async () => {
    const { socket, connection } = setup();
    expect(await connection.send('call:join', 'c1')).toEqual({ ok: false, error: 'OFFLINE' });
    socket.fire('connect');
    const sent = connection.send('call:signal', { kind: 'ready' });
    const [call] = socket.timed;
    expect(call!.ms).toBe(10_000);
    expect(call!.args.slice(0, 2)).toEqual(['call:signal', { kind: 'ready' }]);
    (call!.args[2] as (error: unknown, answer: unknown) => void)(null, { ok: false, error: 'FORBIDDEN' });
    expect(await sent).toEqual({ ok: false, error: 'FORBIDDEN' });
    const late = connection.send('call:signal', { kind: 'hangup' });
    (socket.timed[1]!.args[2] as (error: unknown) => void)(new Error('operation has timed out'));
    expect(await late).toEqual({ ok: false, error: 'TIMEOUT' });
  });
});
