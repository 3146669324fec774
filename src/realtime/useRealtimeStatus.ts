import { useContext } from 'react';
import { RealtimeStatusContext, type RealtimeState } from './context.ts';

/** `{ status, online }`: whether live updates arrive, and whether the browser has a network. */
export function useRealtimeStatus(): RealtimeState {
  const value = useContext(RealtimeStatusContext);
  if (!value) throw new Error('useRealtimeStatus must be used within a RealtimeProvider');
  return value;
}
