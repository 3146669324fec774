import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { formatCallDuration, TELECONSULTATION_CONSENT_SCOPE } from '../../../domain/rules/telemedicine.ts';
import { consultationKeys, consultationPaths, getConsultationQueryOptions } from '../../api/consultations.ts';
import { ApiError, request } from '../../api/http.ts';
import { telemedicineApi, type TelemedicineSession } from '../../api/telemedicine.ts';
import type { Consultation } from '../../api/consultations.ts';

type TelemedicineFacts = Consultation['telemedicine'];
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { useRealtimeStatus } from '../../realtime/useRealtimeStatus.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { CallView } from './CallView.tsx';

type Opening =
  | { kind: 'opening' }
  | { kind: 'open'; session: TelemedicineSession }
  | { kind: 'refused'; message: string; reason: string | undefined }
  | { kind: 'error'; error: unknown };

/** /consultations/:id/call — the patient's and the treating doctor's call (VIDEO, AUDIO) or chat session. */
export function CallScreen() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { online } = useRealtimeStatus();
  const queryClient = useQueryClient();
  const consultation = useQuery({
    ...getConsultationQueryOptions(id),
    enabled: id !== '',
  });
  const [opening, setOpening] = useState<Opening>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);
  const [ended, setEnded] = useState(false);
  const type = consultation.data?.consultationType;
  usePageTitle(type === 'CHAT' ? 'Chat session' : type === 'AUDIO' ? 'Audio call' : 'Video call');

  useEffect(() => {
    if (!online || !id) return;
    let cancelled = false;
    telemedicineApi.start(id).then(
      (session) => {
        if (cancelled) return;
        setOpening({ kind: 'open', session });
        void queryClient.invalidateQueries({ queryKey: consultationKeys.detail(id) });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 409) {
          setOpening({ kind: 'refused', message: error.message, reason: error.reason });
        } else setOpening({ kind: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, online, attempt, queryClient]);

  const retry = () => {
    setOpening({ kind: 'opening' });
    setAttempt((n) => n + 1);
  };

  const onEnded = useCallback(() => {
    setEnded(true);
    // The record shows the call's length once the server has it.
    void queryClient.invalidateQueries({ queryKey: consultationKeys.detail(id) });
  }, [id, queryClient]);

  const back = (
    <ButtonLink to={`/consultations/${id}`} size="sm" buttonStyle="outline">
      Back to the consultation
    </ButtonLink>
  );

  if (!online && opening.kind !== 'open') {
    return (
      <Frame title="Call">
        <p role="status">A call needs a connection. It will open when you are back online.</p>
        {back}
      </Frame>
    );
  }
  const failure = opening.kind === 'error' ? opening.error : consultation.error;
  if (failure instanceof ApiError && failure.kind === 'NOT_FOUND') {
    return (
      <Frame title="This call is not yours to join">
        <p role="alert" className="alert alert-error alert-soft">
          Only the patient and the treating doctor of a consultation can join its call.
        </p>
        <ButtonLink to="/" size="sm" buttonStyle="outline">
          Back to the dashboard
        </ButtonLink>
      </Frame>
    );
  }
  if (opening.kind === 'opening' || consultation.isPending) {
    return (
      <Frame title="Call">
        <Loading what="the call" />
      </Frame>
    );
  }
  if (opening.kind === 'error' || consultation.isError) {
    return (
      <Frame title="Call">
        <LoadError
          what="the call"
          error={opening.kind === 'error' ? opening.error : consultation.error}
          retry={retry}
        />
        {back}
      </Frame>
    );
  }
  if (opening.kind === 'refused') {
    return (
      <Frame title="The call cannot start">
        <p role="alert" className="alert alert-warning alert-soft">
          {opening.message}
        </p>
        {opening.reason === 'CONSENT' && user?.role === 'DOCTOR' && (
          <ConsentStep consultationId={id} onRecorded={retry} />
        )}
        {back}
      </Frame>
    );
  }
  const session = opening.session;
  const peer = session.peer.name;
  if (ended) {
    const record = consultation.data.telemedicine as TelemedicineFacts | undefined;
    return (
      <Frame title={`Call with ${peer}`}>
        <p role="status">
          The call has ended.
          {record && !record.open && record.durationSeconds > 0
            ? ` Calls on this consultation lasted ${formatCallDuration(record.durationSeconds)} altogether.`
            : ''}
        </p>
        {back}
      </Frame>
    );
  }
  if (session.consultationType === 'CHAT') {
    return (
      <Frame title={`Chat with ${peer}`}>
        <p role="status">
          The chat session is open. Write to {peer} in the appointment’s conversation; end the session when you are
          done.
        </p>
        <div className="flex flex-wrap gap-2">
          {session.appointmentId && (
            <ButtonLink to={`/appointments/${session.appointmentId}`} size="sm">
              Open the conversation
            </ButtonLink>
          )}
          <OnlineButton
            size="sm"
            variant="danger"
            buttonStyle="outline"
            onClick={() => void telemedicineApi.end(id).then(onEnded, onEnded)}
          >
            End the chat session
          </OnlineButton>
          {back}
        </div>
      </Frame>
    );
  }
  return (
    <CallView
      session={session}
      me={user?.role === 'DOCTOR' ? 'DOCTOR' : 'PATIENT'}
      onEnded={onEnded}
      consultationLink={`/consultations/${id}`}
    />
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="call-title" className="mx-auto flex w-full max-w-3xl flex-col items-start gap-4">
      <h1 id="call-title" className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** The doctor records that the patient agreed to a teleconsultation (asked aloud, or in writing). */
function ConsentStep({ consultationId, onRecorded }: { consultationId: string; onRecorded: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function record() {
    setBusy(true);
    setProblem(null);
    try {
      await request('post', consultationPaths.consent(consultationId), {
        json: { scope: TELECONSULTATION_CONSENT_SCOPE, agreed: true, givenBy: 'PATIENT' },
      });
      onRecorded();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The consent could not be recorded.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col items-start gap-2 text-sm">
      <p>
        Ask the patient whether they agree to this consultation happening online. Record it only if they agree; the
        record keeps your name and the time.
      </p>
      <OnlineButton size="sm" loading={busy} onClick={() => void record()}>
        The patient agrees: record consent
      </OnlineButton>
      {problem && (
        <p role="alert" className="text-error">
          {problem}
        </p>
      )}
    </div>
  );
}
