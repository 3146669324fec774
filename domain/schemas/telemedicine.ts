import { z } from 'zod';
import { CONSULTATION_TYPES } from '../enums.ts';
import { idSchema } from './common.ts';

/** Telemedicine: the session's answer, the ICE servers, and the signalling messages (socket.io). */

/** An RTCIceServer as the browser takes it (STUN or TURN). */
export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.output<typeof iceServerSchema>;

export const telemedicineSessionSchema = z.object({
  consultationId: idSchema,
  consultationType: z.enum(CONSULTATION_TYPES),
  /** Whether the session is open now (start opens it, end closes it). */
  open: z.boolean(),
  /** When the open session began. */
  sessionStartedAt: z.string().nullable(),
  /** When the first session opened, when the last ended, and the calls' length altogether. */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int(),
  /** The appointment's time window for joining (null for a walk-in). */
  window: z.object({ opensAt: z.string(), closesAt: z.string() }).nullable(),
  /** For CHAT: the appointment whose conversation holds the consultation. */
  appointmentId: idSchema.nullable(),
  /** The other participant. */
  peer: z.object({ role: z.enum(['DOCTOR', 'PATIENT']), name: z.string() }),
  /** STUN/TURN servers from the server's configuration (ICE_SERVERS); empty on one network. */
  iceServers: z.array(iceServerSchema),
});
export type TelemedicineSession = z.output<typeof telemedicineSessionSchema>;

/** Socket events of a call: the client joins the call's room, then relays signals to the other side. */
/** ready: a side is in the room; left: it went away (the server says so when it leaves). */
export const CALL_SIGNAL_KINDS = ['ready', 'offer', 'answer', 'ice', 'hangup', 'left'] as const;
export type CallSignalKind = (typeof CALL_SIGNAL_KINDS)[number];

export const callSignalSchema = z.object({
  consultationId: idSchema,
  kind: z.enum(CALL_SIGNAL_KINDS),
  /** An SDP description (offer, answer) or an ICE candidate (ice); nothing for ready and hangup. */
  data: z.unknown().optional(),
});
export type CallSignal = z.output<typeof callSignalSchema>;
