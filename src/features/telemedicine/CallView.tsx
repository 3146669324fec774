import { useEffect, useRef, useState } from 'react';
import type { TelemedicineSession } from '../../api/telemedicine.ts';
import { telemedicineApi } from '../../api/telemedicine.ts';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useRealtimeSend } from '../../realtime/useRealtimeSend.ts';
import { useRealtimeStatus } from '../../realtime/useRealtimeStatus.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { PeerCall, type CallState, type SignalIn, type Side } from './peerCall.ts';

/** A <video> showing a stream (srcObject is a property, not an attribute). */
function StreamVideo({
  stream,
  label,
  muted,
  className,
}: {
  stream: MediaStream | null;
  label: string;
  muted: boolean;
  className: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return <video ref={ref} aria-label={label} className={className} autoPlay playsInline muted={muted} />;
}

const PHASE_TONE: Record<CallState['phase'], string> = {
  starting: 'alert-info',
  waiting: 'alert-info',
  connecting: 'alert-info',
  connected: 'alert-success',
  reconnecting: 'alert-warning',
  ended: 'alert-info',
  failed: 'alert-error',
};

/** The video or audio call: the other side large, this side's preview small, and the controls. */
export function CallView({
  session,
  me,
  onEnded,
  consultationLink,
}: {
  session: TelemedicineSession;
  me: Side;
  onEnded: () => void;
  consultationLink: string;
}) {
  const send = useRealtimeSend();
  const { status } = useRealtimeStatus();
  const callRef = useRef<PeerCall | null>(null);
  const [state, setState] = useState<CallState | null>(null);
  const [hangingUp, setHangingUp] = useState(false);
  const peer = session.peer.name;
  const video = session.consultationType === 'VIDEO';

  useEffect(() => {
    const created = new PeerCall({
      consultationId: session.consultationId,
      me,
      peerName: peer,
      video,
      iceServers: session.iceServers,
      send,
      onChange: setState,
    });
    callRef.current = created;
    void created.start();
    return () => {
      created.leave();
      callRef.current = null;
    };
  }, [session.consultationId, session.iceServers, me, peer, video, send]);

  // The socket came back (its rooms are gone): join the call again.
  const wasConnected = useRef(status === 'connected');
  useEffect(() => {
    if (status === 'connected' && !wasConnected.current) void callRef.current?.join();
    wasConnected.current = status === 'connected';
  }, [status]);

  useRealtimeEvent('callSignal', (payload) => void callRef.current?.handle(payload as SignalIn));
  useRealtimeEvent('callEnded', (payload) => {
    if ((payload as { consultationId?: string }).consultationId !== session.consultationId || hangingUp) return;
    callRef.current?.ended();
    onEnded();
  });

  async function hangUp() {
    setHangingUp(true);
    callRef.current?.hangUp();
    // Closing the session records its length; the other side hears the hang-up either way.
    await telemedicineApi.end(session.consultationId).catch(() => undefined);
    onEnded();
  }

  const s = state;
  const title = `${video ? 'Video' : 'Audio'} call with ${peer}`;
  return (
    <section aria-labelledby="call-title" className="mx-auto flex w-full max-w-4xl flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="call-title" className="text-xl font-bold tracking-tight sm:text-2xl">
          {title}
        </h1>
        <ButtonLink to={consultationLink} size="sm" buttonStyle="ghost">
          The consultation
        </ButtonLink>
      </div>
      <div
        role="status"
        aria-live="polite"
        className={`alert alert-soft py-2 ${PHASE_TONE[s?.phase ?? 'starting']}`}
        data-phase={s?.phase}
      >
        <span>
          {s?.message}
          {s?.note ? <span className="block text-sm">{s.note}</span> : null}
        </span>
      </div>
      <div className="relative overflow-hidden rounded-box bg-neutral text-neutral-content">
        <StreamVideo
          stream={s?.remoteStream ?? null}
          label={`Video of ${peer}`}
          muted={false}
          className={`aspect-video w-full bg-neutral object-contain ${s?.remoteVideo ? '' : 'hidden'}`}
        />
        {!s?.remoteVideo && (
          <div className="flex aspect-video w-full items-center justify-center p-4 text-center">
            <p className="text-lg">{s?.remoteStream ? `${peer} (sound only)` : `${peer} is not connected yet`}</p>
          </div>
        )}
        {!s?.audioOnly && (
          <StreamVideo
            stream={s?.localStream ?? null}
            label="Your camera"
            muted
            className="absolute right-2 bottom-2 w-24 -scale-x-100 rounded-box border-2 border-base-100 bg-neutral shadow sm:w-40"
          />
        )}
      </div>
      <div role="toolbar" aria-label="Call controls" className="flex flex-wrap justify-center gap-2">
        <Button
          size="sm"
          buttonStyle="outline"
          aria-pressed={s?.muted ?? false}
          disabled={!s?.localStream}
          onClick={() => callRef.current?.toggleMute()}
        >
          {s?.muted ? 'Unmute' : 'Mute'}
        </Button>
        {!s?.audioOnly && (
          <Button
            size="sm"
            buttonStyle="outline"
            aria-pressed={s?.cameraOff ?? false}
            disabled={!s?.localStream}
            onClick={() => callRef.current?.toggleCamera()}
          >
            {s?.cameraOff ? 'Camera on' : 'Camera off'}
          </Button>
        )}
        {s?.canSwitchCamera && !s.audioOnly && (
          <Button size="sm" buttonStyle="outline" onClick={() => void callRef.current?.switchCamera()}>
            Switch camera
          </Button>
        )}
        <Button size="sm" variant="danger" loading={hangingUp} onClick={() => void hangUp()}>
          Hang up
        </Button>
      </div>
    </section>
  );
}
