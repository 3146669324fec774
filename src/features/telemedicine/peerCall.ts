import type { CallSignalKind, IceServer } from '../../../domain/schemas/telemedicine.ts';

/**
 * One side of a telemedicine call: the camera and microphone, an RTCPeerConnection to the other
 * browser, and the signalling over the app's socket (call:join, call:signal, call:leave). The
 * doctor always makes the offer (a fresh connection each time the patient says it is ready), the
 * patient answers; every offer carries a number, and answers and candidates of an older offer are
 * dropped, so two "ready" messages crossing never mix two negotiations.
 */

export type Side = 'DOCTOR' | 'PATIENT';
export type Phase = 'starting' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'ended' | 'failed';

export type CallState = {
  phase: Phase;
  /** What the status line says (announced to screen readers). */
  message: string;
  /** A second line: the audio fall-back, a media problem. */
  note: string | null;
  muted: boolean;
  cameraOff: boolean;
  /** No camera (or the video failed): the call carries sound only. */
  audioOnly: boolean;
  canSwitchCamera: boolean;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  /** Whether the other side's stream carries video. */
  remoteVideo: boolean;
};

export type SignalIn = { consultationId: string; kind: CallSignalKind; data?: unknown; from: Side };
type Send = (event: string, payload: unknown) => Promise<{ ok: boolean; error?: string }>;

type Options = {
  consultationId: string;
  me: Side;
  peerName: string;
  /** A video call (else audio only from the start). */
  video: boolean;
  iceServers: IceServer[];
  send: Send;
  onChange: (state: CallState) => void;
  /** The browser pieces (a fake in the tests). */
  media?: Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
};

/** How long a dropped connection may try to recover by itself before a fresh negotiation. */
export const RECOVER_MS = 5_000;
/** Candidates found within this long go in one signal (each signal spends from the socket's event budget). */
export const CANDIDATE_BATCH_MS = 150;

type Described = { n: number; sdp: RTCSessionDescriptionInit };
type Candidates = { n: number; candidates: RTCIceCandidateInit[] };

export class PeerCall {
  private state: CallState;
  private pc: RTCPeerConnection | null = null;
  private n = 0;
  private pending: RTCIceCandidateInit[] = [];
  private recoverTimer: ReturnType<typeof setTimeout> | null = null;
  private facing: 'user' | 'environment' = 'user';
  private closed = false;
  private readonly media: Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;
  private readonly createPeer: (config: RTCConfiguration) => RTCPeerConnection;

  constructor(private readonly o: Options) {
    this.media = o.media ?? navigator.mediaDevices;
    this.createPeer = o.createPeer ?? ((config) => new RTCPeerConnection(config));
    this.state = {
      phase: 'starting',
      message: o.video ? 'Starting your camera and microphone…' : 'Starting your microphone…',
      note: null,
      muted: false,
      cameraOff: false,
      audioOnly: !o.video,
      canSwitchCamera: false,
      localStream: null,
      remoteStream: null,
      remoteVideo: false,
    };
  }

  get current(): CallState {
    return this.state;
  }

  private set(change: Partial<CallState>) {
    if (this.closed && change.phase !== 'ended') return;
    this.state = { ...this.state, ...change };
    this.o.onChange(this.state);
  }

  private signal(kind: CallSignalKind, data?: unknown) {
    return this.o.send('call:signal', { consultationId: this.o.consultationId, kind, data });
  }

  /** The camera and microphone; without a camera (or when it fails), the microphone alone. */
  private async openMedia(): Promise<MediaStream | null> {
    if (this.o.video) {
      try {
        const stream = await this.media.getUserMedia({ audio: true, video: { facingMode: this.facing } });
        const cameras = (await this.media.enumerateDevices()).filter((d) => d.kind === 'videoinput');
        this.set({ canSwitchCamera: cameras.length > 1 });
        return stream;
      } catch {
        this.set({
          audioOnly: true,
          note: 'No camera could be used: the call goes on with sound only.',
        });
      }
    }
    try {
      return await this.media.getUserMedia({ audio: true, video: false });
    } catch {
      this.set({
        phase: 'failed',
        message: 'Your microphone could not be used. Allow the camera and microphone for this site, then try again.',
      });
      return null;
    }
  }

  /** Opens the media, joins the call's room and says it is ready. */
  async start(): Promise<void> {
    this.o.onChange(this.state);
    const stream = await this.openMedia();
    if (!stream || this.closed) {
      stream?.getTracks().forEach((t) => t.stop());
      return;
    }
    this.set({ localStream: stream });
    await this.join();
  }

  /** After the socket connected again (its rooms are gone): join once more. */
  async join(): Promise<void> {
    if (this.closed || !this.state.localStream) return;
    const joined = await this.o.send('call:join', this.o.consultationId);
    if (!joined.ok) {
      this.set({
        phase: 'failed',
        message:
          joined.error === 'OFFLINE' || joined.error === 'TIMEOUT'
            ? 'The live connection to CareMesh is down. The call will join when it is back.'
            : 'This call is not open to you any more.',
      });
      return;
    }
    if (this.state.phase === 'starting' || this.state.phase === 'failed') {
      this.set({ phase: 'waiting', message: `Waiting for ${this.o.peerName} to join.` });
    }
    await this.signal('ready');
  }

  private newPeer(): RTCPeerConnection {
    this.dropPeer();
    const pc = this.createPeer({ iceServers: this.o.iceServers as RTCIceServer[] });
    this.pc = pc;
    this.pending = [];
    const n = this.n;
    for (const track of this.state.localStream?.getTracks() ?? []) pc.addTrack(track, this.state.localStream!);
    let batch: RTCIceCandidateInit[] = [];
    pc.onicecandidate = (event) => {
      if (!event.candidate || this.pc !== pc) return;
      batch.push(event.candidate.toJSON());
      if (batch.length > 1) return;
      setTimeout(() => {
        const candidates = batch;
        batch = [];
        if (this.pc === pc) void this.signal('ice', { n, candidates } satisfies Candidates);
      }, CANDIDATE_BATCH_MS);
    };
    pc.ontrack = (event) => {
      if (this.pc !== pc) return;
      const remote = event.streams[0] ?? new MediaStream([event.track]);
      this.set({ remoteStream: remote, remoteVideo: remote.getVideoTracks().length > 0 });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc === pc) this.onConnectionState(pc.connectionState);
    };
    return pc;
  }

  private dropPeer() {
    if (this.recoverTimer) clearTimeout(this.recoverTimer);
    this.recoverTimer = null;
    if (!this.pc) return;
    const pc = this.pc;
    this.pc = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.close();
  }

  private onConnectionState(state: RTCPeerConnectionState) {
    const name = this.o.peerName;
    if (state === 'connected') {
      if (this.recoverTimer) clearTimeout(this.recoverTimer);
      this.recoverTimer = null;
      this.set({ phase: 'connected', message: `Connected to ${name}.` });
    } else if (state === 'disconnected') {
      this.set({ phase: 'reconnecting', message: `The connection to ${name} dropped. Trying to reconnect…` });
      if (!this.recoverTimer) this.recoverTimer = setTimeout(() => this.renegotiate(), RECOVER_MS);
    } else if (state === 'failed') {
      this.set({ phase: 'reconnecting', message: `The connection to ${name} was lost. Reconnecting…` });
      this.renegotiate();
    }
  }

  /** A fresh negotiation: the doctor offers anew; the patient asks the doctor to. */
  private renegotiate() {
    this.recoverTimer = null;
    if (this.closed) return;
    if (this.o.me === 'DOCTOR') void this.offer();
    else void this.signal('ready');
  }

  private async offer() {
    this.n += 1;
    const pc = this.newPeer();
    const offer = await pc.createOffer();
    if (this.pc !== pc) return;
    await pc.setLocalDescription(offer);
    await this.signal('offer', { n: this.n, sdp: { type: offer.type, sdp: offer.sdp } } satisfies Described);
  }

  private async answer(offer: Described) {
    this.n = offer.n;
    const pc = this.newPeer();
    await pc.setRemoteDescription(offer.sdp);
    await this.flushCandidates(pc);
    const answer = await pc.createAnswer();
    if (this.pc !== pc) return;
    await pc.setLocalDescription(answer);
    await this.signal('answer', { n: offer.n, sdp: { type: answer.type, sdp: answer.sdp } } satisfies Described);
  }

  private async flushCandidates(pc: RTCPeerConnection) {
    for (const candidate of this.pending.splice(0)) await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  /** A signal from the other side (relayed by the server from the call's room). */
  async handle(signal: SignalIn): Promise<void> {
    if (this.closed || signal.consultationId !== this.o.consultationId || signal.from === this.o.me) return;
    if (!this.state.localStream) return;
    const data = (signal.data ?? {}) as Partial<Described & Candidates>;
    try {
      switch (signal.kind) {
        case 'ready':
          if (this.state.phase !== 'connected') {
            this.set({ phase: 'connecting', message: `Connecting to ${this.o.peerName}…` });
          }
          if (this.o.me === 'DOCTOR') await this.offer();
          else await this.signal('ready').then(() => undefined);
          return;
        case 'offer':
          if (this.o.me === 'PATIENT' && data.sdp && typeof data.n === 'number') await this.answer(data as Described);
          return;
        case 'answer':
          if (this.o.me === 'DOCTOR' && data.sdp && data.n === this.n && this.pc) {
            await this.pc.setRemoteDescription(data.sdp);
            await this.flushCandidates(this.pc);
          }
          return;
        case 'ice':
          if (Array.isArray(data.candidates) && data.n === this.n) {
            this.pending.push(...data.candidates);
            if (this.pc?.remoteDescription) await this.flushCandidates(this.pc);
          }
          return;
        case 'left':
          this.dropPeer();
          this.set({
            phase: 'waiting',
            message: `${this.o.peerName} left the call. Waiting for them to come back.`,
            remoteStream: null,
            remoteVideo: false,
          });
          return;
        case 'hangup':
          this.finish(`${this.o.peerName} ended the call.`);
          return;
      }
    } catch {
      this.set({ phase: 'reconnecting', message: `Setting up the call with ${this.o.peerName} failed. Retrying…` });
      if (!this.recoverTimer) this.recoverTimer = setTimeout(() => this.renegotiate(), RECOVER_MS);
    }
  }

  toggleMute() {
    const muted = !this.state.muted;
    this.state.localStream?.getAudioTracks().forEach((t) => (t.enabled = !muted));
    this.set({ muted, message: muted ? 'Your microphone is muted.' : 'Your microphone is on.' });
  }

  toggleCamera() {
    const cameraOff = !this.state.cameraOff;
    this.state.localStream?.getVideoTracks().forEach((t) => (t.enabled = !cameraOff));
    this.set({ cameraOff, message: cameraOff ? 'Your camera is off.' : 'Your camera is on.' });
  }

  /** The phone's other camera (front ↔ back): a new track in place of the old one, without renegotiating. */
  async switchCamera() {
    const stream = this.state.localStream;
    const old = stream?.getVideoTracks()[0];
    if (!stream || !old) return;
    const facing = this.facing === 'user' ? 'environment' : 'user';
    try {
      const fresh = await this.media.getUserMedia({ video: { facingMode: { exact: facing } }, audio: false });
      const track = fresh.getVideoTracks()[0]!;
      track.enabled = !this.state.cameraOff;
      const sender = this.pc?.getSenders().find((s) => s.track?.kind === 'video');
      await sender?.replaceTrack(track);
      stream.removeTrack(old);
      old.stop();
      stream.addTrack(track);
      this.facing = facing;
      this.set({
        localStream: new MediaStream(stream.getTracks()),
        message: facing === 'user' ? 'Using the front camera.' : 'Using the back camera.',
      });
    } catch {
      this.set({ note: 'The other camera could not be used.' });
    }
  }

  private finish(message: string) {
    this.dropPeer();
    this.state.localStream?.getTracks().forEach((t) => t.stop());
    this.closed = true;
    this.set({ phase: 'ended', message, remoteStream: null, remoteVideo: false, localStream: null });
  }

  /** This side hangs up: the other side hears it at once (the session is closed by the caller). */
  hangUp() {
    if (this.closed) return;
    void this.signal('hangup');
    this.finish('You ended the call.');
  }

  /** The session was closed (by either side, through the server). */
  ended() {
    if (!this.closed) this.finish('The call has ended.');
  }

  /** Leaving the screen without hanging up: the other side is told, the session stays open to rejoin. */
  leave() {
    if (this.closed) return;
    void this.o.send('call:leave', this.o.consultationId);
    this.dropPeer();
    this.state.localStream?.getTracks().forEach((t) => t.stop());
    this.closed = true;
  }
}
