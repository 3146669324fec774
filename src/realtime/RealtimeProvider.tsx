import { useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { afterFirstScreenShown } from '../session/firstScreen.ts';
import { getToken } from '../session/token.ts';
import { useAuth } from '../session/AuthContext.ts';
import { roomFor, SOCKET_OPTIONS, wireSocket, type Connection, type RealtimeStatus } from './connection.ts';
import {
  RealtimeEventsContext,
  RealtimeSendContext,
  RealtimeStatusContext,
  type RealtimeSend,
  type RealtimeState,
} from './context.ts';
import { createEventHub } from './eventHub.ts';

/** A request answered this soon after a join may still have been read by the server before it. */
const JOIN_MARGIN_MS = 2_000;

function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const isOnline = () => navigator.onLine;

/**
 * The socket.io connection of the signed-in user (SPEC §7 "Realtime channel"). Its client library is
 * fetched only here, after sign-in, so the sign-in screens never download it.
 */
export function RealtimeProvider({
  children,
  listenersReady,
}: {
  children: ReactNode;
  /**
   * Settles once the components listening for events are mounted (they load after the first screen):
   * events the socket receives before then are held and handed to them in order, so none is missed.
   */
  listenersReady?: () => Promise<unknown>;
}) {
  const { user, logout } = useAuth();
  const [hub] = useState(() => createEventHub());
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [fetchAgainBefore, setFetchAgainBefore] = useState<number | null>(null);
  // This page's own answers are all fetched after this moment; older ones came from the device.
  const [startedAt] = useState(() => Date.now());
  const online = useSyncExternalStore(subscribeToNetwork, isOnline, () => true);
  const connection = useRef<Connection | null>(null);
  const userId = user?.id;
  const room = user ? roomFor(user) : null;
  const roomRef = useRef(room);

  const signOut = useEffectEvent(() => logout({ keepLocation: true }));

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let joinedOnce = false;
    let stopWaiting = () => undefined as void;
    // Events that arrive before their listeners are mounted wait here, in order, and are handed on
    // once they are (`listenersReady`).
    let held: [string, unknown][] | null = listenersReady ? [] : null;
    void listenersReady?.().then(() => {
      const events = held ?? [];
      held = null;
      if (!cancelled) for (const [event, payload] of events) hub.emit(event, payload);
    });
    // Connected once the first screen is on screen: the first join asks what reached the room since
    // this page started fetching (joinSince), so nothing sent meanwhile is missed.
    new Promise<void>((resolve) => {
      stopWaiting = afterFirstScreenShown(resolve);
    })
      .then(() => import('socket.io-client'))
      .then(({ io }) => {
        if (cancelled) return;
        const socket = io({
          ...SOCKET_OPTIONS,
          transports: [...SOCKET_OPTIONS.transports],
          // Read at every handshake, so a reconnect carries the session as it is now.
          auth: (send) => send({ token: getToken() }),
        });
        connection.current = wireSocket(socket, {
          room: () => roomRef.current,
          dispatch: (event, payload) => {
            if (held) held.push([event, payload]);
            else hub.emit(event, payload);
          },
          onStatus: setStatus,
          // The first join asks whether any event reached the room since the page started fetching:
          // usually none, and nothing is fetched again. After a reconnection everything is.
          joinSince: () => (joinedOnce ? undefined : Date.now() - startedAt),
          onJoined: (_room, quiet) => {
            joinedOnce = true;
            setFetchAgainBefore(quiet ? startedAt : Date.now() + JOIN_MARGIN_MS);
          },
          onUnauthorized: () => signOut(),
        });
      })
      .catch((error: unknown) => {
        // The chunk could not be fetched (offline start): the app works on, without live updates.
        console.warn('realtime: the client could not be loaded', error);
        if (!cancelled) setStatus('disconnected');
      });
    return () => {
      cancelled = true;
      stopWaiting();
      connection.current?.close();
      connection.current = null;
    };
  }, [userId, hub, listenersReady, startedAt]);

  // A room that appears later (onboarding sets the referenceId) is joined at once.
  useEffect(() => {
    roomRef.current = room;
    connection.current?.join(room);
  }, [room]);

  // After the reconnection attempts run out, coming back online or to the app tries again.
  useEffect(() => {
    if (online) connection.current?.retry();
  }, [online]);
  useEffect(() => {
    const retryWhenShown = () => {
      if (document.visibilityState === 'visible') connection.current?.retry();
    };
    document.addEventListener('visibilitychange', retryWhenShown);
    return () => document.removeEventListener('visibilitychange', retryWhenShown);
  }, []);

  const state = useMemo<RealtimeState>(
    () => ({ status, online, fetchAgainBefore }),
    [status, online, fetchAgainBefore],
  );
  const [send] = useState<RealtimeSend>(() => {
    const sendNow: RealtimeSend = (event, payload) =>
      connection.current?.send(event, payload) ?? Promise.resolve({ ok: false, error: 'OFFLINE' });
    return sendNow;
  });
  return (
    <RealtimeEventsContext value={hub}>
      <RealtimeSendContext value={send}>
        <RealtimeStatusContext value={state}>{children}</RealtimeStatusContext>
      </RealtimeSendContext>
    </RealtimeEventsContext>
  );
}
