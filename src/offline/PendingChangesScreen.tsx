import { useId, useState } from 'react';
import { useAuth } from '../session/AuthContext.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useToast } from '../ui/toast/index.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { OutboxStateBadge } from './OfflineMarks.tsx';
import { dismissLostChanges, useLostChanges, useOutbox, waitingFor, type OutboxEntry } from './outbox.ts';
import { lostSentence } from './pageReplay.ts';
import { useOnline } from './useOnline.ts';
import { stateInWords, whenText } from './words.ts';

/**
 * /pending-changes: every change made on this device that the server does not have yet, in the order
 * it will be sent, with its state; the user retries or discards what the server refused.
 */
export function PendingChangesScreen() {
  usePageTitle('Pending changes');
  const titleId = useId();
  const sentId = useId();
  const outbox = useOutbox();
  const online = useOnline();
  const { logout } = useAuth();
  const toast = useToast();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const retry = async (entry: OutboxEntry) => {
    setBusy(entry.id);
    try {
      await outbox.retry(entry.id);
    } catch (error) {
      console.warn('outbox: retry failed', error);
      toast.error('This change could not be queued again. Try once more.', { title: 'Error' });
    } finally {
      setBusy(null);
    }
  };

  const discard = async (entry: OutboxEntry) => {
    setBusy(entry.id);
    try {
      const result = await outbox.discard(entry.id);
      if (result === 'sending') toast.info('It is being sent right now. Look again in a moment.');
      else if (result === 'discarded') toast.success(`Discarded: ${entry.label}`, { title: 'Success' });
    } catch (error) {
      console.warn('outbox: discard failed', error);
      toast.error('This change could not be discarded. Try once more.', { title: 'Error' });
    } finally {
      setBusy(null);
      setDiscarding(null);
    }
  };

  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          Pending changes
        </h1>
        <p className="text-sm text-base-content/70">
          Changes made on this device stay here until the server has them. They are sent by themselves, in order, as
          soon as there is a connection.
        </p>
      </header>

      {!online && (
        <p role="status" className="alert alert-soft">
          You are offline. The changes below are kept on this device and will be sent when you are back online.
        </p>
      )}
      {outbox.pausedForAuth && (
        <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-between gap-2">
          <span>Your session has ended. Sign in again to send the changes waiting here; nothing is lost.</span>
          <Button size="sm" onClick={() => logout({ keepLocation: true })}>
            Sign in again
          </Button>
        </div>
      )}
      <LostChanges />
      {outbox.unavailable && (
        <p role="alert" className="alert alert-error alert-soft">
          The changes kept on this device cannot be read right now. Reload the page to try again.
        </p>
      )}

      {outbox.loading ? (
        <p role="status" className="flex items-center gap-2 py-6 text-base-content/70">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading pending changes…
        </p>
      ) : outbox.entries.length === 0 ? (
        <div role="status" className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="font-medium">Nothing is waiting to be sent.</p>
          <p className="text-sm text-base-content/70">
            What you change while offline appears here until it reaches the server.
          </p>
        </div>
      ) : (
        <ol aria-label="Pending changes" className="flex flex-col gap-3">
          {outbox.entries.map((entry) => (
            <PendingEntry
              key={entry.id}
              entry={entry}
              waitsFor={waitingFor(entry, outbox.entries)}
              busy={busy === entry.id}
              onRetry={() => void retry(entry)}
              onDiscard={() => setDiscarding(entry)}
              onSignIn={() => logout({ keepLocation: true })}
            />
          ))}
        </ol>
      )}

      {outbox.recentlySent.length > 0 && (
        <section aria-labelledby={sentId} className="flex flex-col gap-2">
          <h2 id={sentId} className="text-lg font-semibold">
            Sent in the last day
          </h2>
          <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {outbox.recentlySent.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="min-w-0 break-words">{entry.label}</span>
                <span className="text-base-content/70">Sent {entry.sentAt !== null ? whenText(entry.sentAt) : ''}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ConfirmDialog
        open={discarding !== null}
        title="Discard this change?"
        confirmLabel="Discard change"
        cancelLabel="Keep it"
        busy={discarding !== null && busy === discarding.id}
        onConfirm={() => discarding && void discard(discarding)}
        onCancel={() => setDiscarding(null)}
      >
        “{discarding?.label}” will not be sent, and it is removed from this device. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}

type PendingEntryProps = {
  entry: OutboxEntry;
  waitsFor: OutboxEntry | null;
  busy: boolean;
  onRetry(): void;
  onDiscard(): void;
  onSignIn(): void;
};

function PendingEntry({ entry, waitsFor, busy, onRetry, onDiscard, onSignIn }: PendingEntryProps) {
  const labelId = useId();
  const words = stateInWords(entry);
  const conflict = entry.state === 'conflict';
  return (
    <li
      aria-labelledby={labelId}
      className={`card border bg-base-100 ${conflict ? 'border-error/60' : 'border-base-300'}`}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p id={labelId} className="min-w-0 font-semibold break-words">
            {entry.label}
          </p>
          <OutboxStateBadge entry={entry} />
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-base-content/70">
          <div className="flex gap-1">
            <dt>Made</dt>
            <dd>{whenText(entry.createdAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Attempts</dt>
            <dd>{entry.attempts}</dd>
          </div>
        </dl>
        {words.detail && (
          <p className={`text-sm break-words ${conflict ? 'text-error' : 'text-base-content/80'}`}>
            {conflict ? 'The server said: ' : ''}
            {words.detail}
          </p>
        )}
        {waitsFor && <p className="text-sm text-base-content/70">Sent after: {waitsFor.label}</p>}
        {entry.state !== 'sending' && (
          <div className="flex flex-wrap justify-end gap-2" role="group" aria-label={`Actions for ${entry.label}`}>
            {conflict && (
              <Button size="sm" variant="primary" loading={busy} onClick={onRetry}>
                Retry
              </Button>
            )}
            {entry.state === 'failed-retrying' && (
              <Button size="sm" variant="primary" buttonStyle="outline" loading={busy} onClick={onRetry}>
                Retry now
              </Button>
            )}
            {entry.state === 'paused-auth' && (
              <Button size="sm" variant="primary" buttonStyle="outline" onClick={onSignIn}>
                Sign in again
              </Button>
            )}
            <Button size="sm" variant="danger" buttonStyle="outline" disabled={busy} onClick={onDiscard}>
              Discard
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * Changes this device lost before the server had them (the browser dropped its storage): named from
 * the journal, checked with the server, shown until the user has read them.
 */
function LostChanges() {
  const { user } = useAuth();
  const lost = useLostChanges();
  const headingId = useId();
  if (!user || lost.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby={headingId}
      className="alert alert-error alert-soft flex flex-col items-start gap-2"
    >
      <h2 id={headingId} className="font-semibold">
        Lost on this device
      </h2>
      <p className="text-sm">
        {lostSentence(lost.length)} The browser removed them from its storage, and the server does not have them. Please
        make {lost.length === 1 ? 'it' : 'them'} again:
      </p>
      <ul aria-label="Lost changes" className="list-disc ps-5 text-sm">
        {lost.map((item) => (
          <li key={item.id}>
            {item.label} (made {whenText(item.createdAt)})
          </li>
        ))}
      </ul>
      <Button size="sm" variant="danger" onClick={() => void dismissLostChanges(user.id)}>
        I have seen these
      </Button>
    </section>
  );
}
