import { createContext } from 'react';
import type { RealtimeStatus, SendAnswer } from './connection.ts';
import type { EventHub } from './eventHub.ts';

export type RealtimeState = {
  /** The socket's state; 'connecting' also while its code loads. */
  status: RealtimeStatus;
  /** What the browser says about the network. */
  online: boolean;
  /**
   * When (Date.now()) the server last confirmed the user's room: events arrive from then on, and what
   * was fetched before may have missed some. Null before the first confirmation.
   */
  liveSince: number | null;
};

export const RealtimeEventsContext = createContext<EventHub | null>(null);
export const RealtimeStatusContext = createContext<RealtimeState | null>(null);

/** Sends an event the server acknowledges over the app's one connection (a call's signalling). */
export type RealtimeSend = (event: string, payload: unknown) => Promise<SendAnswer>;
export const RealtimeSendContext = createContext<RealtimeSend | null>(null);
