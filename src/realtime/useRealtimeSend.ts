import { useContext } from 'react';
import { RealtimeSendContext, type RealtimeSend } from './context.ts';

/** Sends an event the server acknowledges (a call's signalling) over the app's connection. */
export function useRealtimeSend(): RealtimeSend {
  const send = useContext(RealtimeSendContext);
  if (!send) throw new Error('useRealtimeSend must be used within a RealtimeProvider');
  return send;
}
