import { createContext } from 'react';
import type { RealtimeStatus, SendAnswer } from './connection.ts';
import type { EventHub } from './eventHub.ts';

export type RealtimeState = {
  /** The socket's state; 'connecting' also while its code loads. */
  status: RealtimeStatus;
  /** What the browser says about the network. */
  online: boolean;
  /**
   * Set each time the server confirms the user's room: answers fetched before this time
   * (Date.now()) may have missed an event sent before the room was joined, and are fetched again
   * (useFetchAgainWhenLive). Null before the first confirmation.
   */
  fetchAgainBefore: number | null;
};

export const RealtimeEventsContext = createContext<EventHub | null>(null);
export const RealtimeStatusContext = createContext<RealtimeState | null>(null);

/** Sends an event the server acknowledges over the app's one connection (a call's signalling). */
export type RealtimeSend = (event: string, payload: unknown) => Promise<SendAnswer>;
export const RealtimeSendContext = createContext<RealtimeSend | null>(null);
