import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANDIDATE_BATCH_MS, PeerCall, RECOVER_MS, type CallState, type Side, type SignalIn } from './peerCall.ts';

/** A media track and stream as far as the call uses them. */
function track(kind: 'audio' | 'video') {
  return { kind, enabled: true, stop: vi.fn() };
}
type FakeTrack = ReturnType<typeof track>;
function stream(tracks: FakeTrack[]) {
  return {
    tracks,
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
  };
}

/** An RTCPeerConnection that records what the call asks of it. */
class FakePeer {
  static made: FakePeer[] = [];
  remoteDescription: unknown = null;
  connectionState = 'new';
  added: unknown[] = [];
  candidates: unknown[] = [];
  closed = false;
  onicecandidate: ((e: unknown) => void) | null = null;
  ontrack: ((e: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeer.made.push(this);
  }
  addTrack(t: unknown) {
    this.added.push(t);
  }
  createOffer = vi.fn(async () => ({ type: 'offer', sdp: `offer-${FakePeer.made.length}` }));
  createAnswer = vi.fn(async () => ({ type: 'answer', sdp: 'answer' }));
  setLocalDescription = vi.fn(async () => undefined);
  async setRemoteDescription(d: unknown) {
    this.remoteDescription = d;
  }
  async addIceCandidate(c: unknown) {
    this.candidates.push(c);
  }
  getSenders() {
    return [];
  }
  close() {
    this.closed = true;
  }
  become(state: string) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

function setup(me: Side, media: { failVideo?: boolean; joinError?: string } = {}) {
  const sent: Array<{ event: string; payload: unknown }> = [];
  const states: CallState[] = [];
  const local = stream([track('audio'), track('video')]);
  const audioOnly = stream([track('audio')]);
  const call = new PeerCall({
    consultationId: 'c1',
    me,
    peerName: me === 'DOCTOR' ? 'Priya Sharma' : 'Dr Arjun Rao',
    video: true,
    iceServers: [{ urls: 'stun:stun.example.in:3478' }],
    send: async (event, payload) => {
      sent.push({ event, payload });
      if (event === 'call:join' && media.joinError) return { ok: false, error: media.joinError };
      return { ok: true };
    },
    onChange: (state) => states.push(state),
    media: {
      getUserMedia: vi.fn(async (constraints?: MediaStreamConstraints) => {
        if (constraints?.video && media.failVideo) throw new Error('NotFoundError');
        return (constraints?.video ? local : audioOnly) as unknown as MediaStream;
      }),
      enumerateDevices: vi.fn(async () => [{ kind: 'videoinput' }, { kind: 'videoinput' }] as MediaDeviceInfo[]),
    },
    createPeer: (config) => new FakePeer(config) as unknown as RTCPeerConnection,
  });
  const signals = () => sent.filter((s) => s.event === 'call:signal').map((s) => s.payload);
  const from = (kind: SignalIn['kind'], data?: unknown): SignalIn => ({
    consultationId: 'c1',
    kind,
    data,
    from: me === 'DOCTOR' ? 'PATIENT' : 'DOCTOR',
  });
  return { call, sent, signals, states, local, from, last: () => states.at(-1)! };
}

beforeEach(() => {
  FakePeer.made = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PeerCall', () => {
  it('joins the call’s room, says it is ready, and waits for the other side', async () => {
    const { call, sent, last } = setup('DOCTOR');
    await call.start();
    expect(sent.map((s) => s.event)).toEqual(['call:join', 'call:signal']);
    expect(sent[1]!.payload).toEqual({ consultationId: 'c1', kind: 'ready', data: undefined });
    expect(last()).toMatchObject({ phase: 'waiting', message: 'Waiting for Priya Sharma to join.' });
    expect(last().canSwitchCamera).toBe(true);
  });

  it('says so when the room refuses it', async () => {
    const { call, last } = setup('PATIENT', { joinError: 'FORBIDDEN' });
    await call.start();
    expect(last()).toMatchObject({ phase: 'failed', message: 'This call is not open to you any more.' });
  });

  it('the doctor offers when the patient is ready, and takes only the answer to its latest offer', async () => {
    const { call, signals, from } = setup('DOCTOR');
    await call.start();
    await call.handle(from('ready'));
    const offer = signals().at(-1);
    expect(offer).toMatchObject({ kind: 'offer', data: { n: 1, sdp: { type: 'offer' } } });
    const peer = FakePeer.made[0]!;
    expect(peer.config.iceServers).toEqual([{ urls: 'stun:stun.example.in:3478' }]);
    expect(peer.added).toHaveLength(2);
    // A candidate before the answer waits for it.
    await call.handle(from('ice', { n: 1, candidates: [{ candidate: 'a' }] }));
    expect(peer.candidates).toEqual([]);
    await call.handle(from('answer', { n: 0, sdp: { type: 'answer', sdp: 'stale' } }));
    expect(peer.remoteDescription).toBeNull();
    await call.handle(from('answer', { n: 1, sdp: { type: 'answer', sdp: 'answer' } }));
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'answer' });
    expect(peer.candidates).toEqual([{ candidate: 'a' }]);
    await call.handle(from('ice', { n: 1, candidates: [{ candidate: 'b' }, { candidate: 'c' }] }));
    expect(peer.candidates).toEqual([{ candidate: 'a' }, { candidate: 'b' }, { candidate: 'c' }]);
  });

  it('sends the candidates it finds together, as one signal', async () => {
    vi.useFakeTimers();
    const { call, signals, from } = setup('DOCTOR');
    await call.start();
    await call.handle(from('ready'));
    const peer = FakePeer.made[0]!;
    for (const candidate of ['x', 'y', 'z']) peer.onicecandidate?.({ candidate: { toJSON: () => ({ candidate }) } });
    await vi.advanceTimersByTimeAsync(CANDIDATE_BATCH_MS);
    expect(signals().filter((s) => (s as { kind: string }).kind === 'ice')).toEqual([
      {
        consultationId: 'c1',
        kind: 'ice',
        data: { n: 1, candidates: [{ candidate: 'x' }, { candidate: 'y' }, { candidate: 'z' }] },
      },
    ]);
  });

  it('the patient answers an offer with its number, and replies ready to the doctor’s ready', async () => {
    const { call, signals, from } = setup('PATIENT');
    await call.start();
    await call.handle(from('ready'));
    expect(signals().at(-1)).toMatchObject({ kind: 'ready' });
    await call.handle(from('offer', { n: 4, sdp: { type: 'offer', sdp: 'o' } }));
    expect(signals().at(-1)).toMatchObject({ kind: 'answer', data: { n: 4, sdp: { type: 'answer' } } });
  });

  it('ignores its own side’s signals and another consultation’s', async () => {
    const { call, signals } = setup('DOCTOR');
    await call.start();
    const before = signals().length;
    await call.handle({ consultationId: 'c1', kind: 'ready', from: 'DOCTOR' });
    await call.handle({ consultationId: 'c2', kind: 'ready', from: 'PATIENT' });
    expect(signals()).toHaveLength(before);
  });

  it('tells when the connection drops, and negotiates afresh when it does not recover', async () => {
    vi.useFakeTimers();
    const { call, signals, from, last } = setup('DOCTOR');
    await call.start();
    await call.handle(from('ready'));
    const peer = FakePeer.made[0]!;
    peer.become('connected');
    expect(last()).toMatchObject({ phase: 'connected', message: 'Connected to Priya Sharma.' });
    peer.become('disconnected');
    expect(last()).toMatchObject({
      phase: 'reconnecting',
      message: 'The connection to Priya Sharma dropped. Trying to reconnect…',
    });
    await vi.advanceTimersByTimeAsync(RECOVER_MS);
    expect(peer.closed).toBe(true);
    expect(signals().at(-1)).toMatchObject({ kind: 'offer', data: { n: 2 } });
  });

  it('the patient asks for a fresh offer when its connection fails', async () => {
    const { call, signals, from } = setup('PATIENT');
    await call.start();
    await call.handle(from('offer', { n: 1, sdp: { type: 'offer', sdp: 'o' } }));
    FakePeer.made[0]!.become('failed');
    expect(signals().at(-1)).toMatchObject({ kind: 'ready' });
  });

  it('falls back to sound only when no camera can be used', async () => {
    const { call, last } = setup('PATIENT', { failVideo: true });
    await call.start();
    expect(last()).toMatchObject({
      audioOnly: true,
      phase: 'waiting',
      note: 'No camera could be used: the call goes on with sound only.',
    });
  });

  it('mutes, turns the camera off, and ends when the other side hangs up', async () => {
    const { call, local, from, last } = setup('DOCTOR');
    await call.start();
    call.toggleMute();
    expect(local.getAudioTracks()[0]!.enabled).toBe(false);
    expect(last()).toMatchObject({ muted: true, message: 'Your microphone is muted.' });
    call.toggleCamera();
    expect(local.getVideoTracks()[0]!.enabled).toBe(false);
    expect(last().cameraOff).toBe(true);
    await call.handle(from('left'));
    expect(last().message).toBe('Priya Sharma left the call. Waiting for them to come back.');
    await call.handle(from('hangup'));
    expect(last()).toMatchObject({ phase: 'ended', message: 'Priya Sharma ended the call.' });
    expect(local.tracks.every((t) => t.stop.mock.calls.length === 1)).toBe(true);
  });
});
