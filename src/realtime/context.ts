import { createContext } from 'react';
import type { RealtimeStatus, SendAnswer } from './connection.ts';
import type { EventHub } from './eventHub.ts';

export type RealtimeState = {
  /** The socket's state; 'connecting' also while its code loads. */
  status: RealtimeStatus;
  /** What the browser says about the network. */
  online: boolean;
};

export const RealtimeEventsContext = createContext<EventHub | null>(null);
export const RealtimeStatusContext = createContext<RealtimeState | null>(null);

/** Sends an event the server acknowledges over the app's one connection (a call's signalling). */
export type RealtimeSend = (event: string, payload: unknown) => Promise<SendAnswer>;
export const RealtimeSendContext = createContext<RealtimeSend | null>(null);
