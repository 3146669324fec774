import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { idSchema } from '../../domain/schemas/common.ts';
import { callSignalSchema } from '../../domain/schemas/telemedicine.ts';
import type { AuthUser } from './auth.ts';

/**
 * The signalling of a telemedicine call (WebRTC offer, answer, ICE candidates, hang-up) over the
 * app's socket.io connection. A socket joins a call's room only when the gate (the consultations
 * module) says its account is a participant of an open session; a signal is relayed only from a
 * socket in that room, and only to the others in it. Ending the session empties the room.
 * Every event spends from the connection's budget (realtime.ts) before it gets here.
 */

export type CallGate = (user: AuthUser, consultationId: string) => Promise<boolean>;
export const callRoom = (consultationId: string) => `call:${consultationId}`;

type Ack = (answer: { ok: true } | { ok: false; error: string }) => void;
const ackOf = (ack: unknown): Ack => (typeof ack === 'function' ? (ack as Ack) : () => undefined);

export function registerCallEvents(
  socket: Socket,
  user: () => AuthUser,
  gate: () => CallGate | null,
  log: FastifyBaseLogger,
) {
  const refuse = (reply: Ack, why: string) => {
    log.warn({ userId: user().id, role: user().role }, `call event refused: ${why}`);
    reply({ ok: false, error: 'FORBIDDEN' });
  };

  socket.on('call:join', async (consultationId: unknown, ack?: unknown) => {
    const reply = ackOf(ack);
    const id = idSchema.safeParse(consultationId);
    const check = gate();
    if (!id.success || !check) return refuse(reply, 'not a call');
    let allowed = false;
    try {
      allowed = await check(user(), id.data);
    } catch (error) {
      log.error({ err: error }, 'call gate failed');
    }
    if (!allowed) return refuse(reply, 'not a participant of an open session');
    await socket.join(callRoom(id.data));
    reply({ ok: true });
  });

  socket.on('call:signal', (payload: unknown, ack?: unknown) => {
    const reply = ackOf(ack);
    const signal = callSignalSchema.safeParse(payload);
    if (!signal.success) return refuse(reply, 'malformed signal');
    const room = callRoom(signal.data.consultationId);
    if (!socket.rooms.has(room)) return refuse(reply, 'not in the call');
    socket.to(room).emit('callSignal', { ...signal.data, from: user().role });
    reply({ ok: true });
  });

  socket.on('call:leave', async (consultationId: unknown, ack?: unknown) => {
    const reply = ackOf(ack);
    const id = idSchema.safeParse(consultationId);
    if (id.success && socket.rooms.has(callRoom(id.data))) {
      const room = callRoom(id.data);
      socket.to(room).emit('callSignal', { consultationId: id.data, kind: 'left', from: user().role });
      await socket.leave(room);
    }
    reply({ ok: true });
  });
}

/** After the session closed: both sides hear it, and nobody stays in the room. */
export function endCall(io: Server, consultationId: string) {
  const room = callRoom(consultationId);
  io.to(room).emit('callEnded', { consultationId });
  io.in(room).socketsLeave(room);
}
