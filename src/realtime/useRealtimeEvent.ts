import { useContext, useEffect, useEffectEvent } from 'react';
import type { RealtimeEvent } from '../../domain/enums.ts';
import { RealtimeEventsContext } from './context.ts';

/**
 * Calls `handler` with the payload of every `event` the server sends while the calling component is
 * mounted. The latest handler is used, so it need not be memoised.
 */
export function useRealtimeEvent<E extends RealtimeEvent>(event: E, handler: (payload: unknown) => void): void {
  const hub = useContext(RealtimeEventsContext);
  if (!hub) throw new Error('useRealtimeEvent must be used within a RealtimeProvider');
  const onEvent = useEffectEvent(handler);
  useEffect(() => hub.on(event, (payload) => onEvent(payload)), [hub, event]);
}
