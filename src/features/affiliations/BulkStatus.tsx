import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AFFILIATION_STATUS_LABELS } from '../../../domain/enums.ts';
import { BULK_STATUS_ACTIONS, type BulkStatus as BulkTarget } from '../../../domain/rules/affiliations.ts';
import { affiliationKeys, affiliationsApi, type BulkResult } from '../../api/affiliations.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { Button } from '../../ui/Button.tsx';

const TARGETS = Object.keys(BULK_STATUS_ACTIONS) as BulkTarget[];

/** Several affiliations set ACTIVE, SUSPENDED or TERMINATED at once; the server answers for each one. */
export function BulkStatus({
  selected,
  names,
  onClear,
}: {
  selected: readonly string[];
  names: Readonly<Record<string, string>>;
  onClear(): void;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<BulkTarget>('SUSPENDED');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<{ answer: BulkResult; names: Record<string, string> } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Give a reason of at least 3 characters: both sides read it.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await affiliationsApi.bulk({ ids: [...selected], status, reason: reason.trim() });
      setResults({ answer: answer.data, names: { ...names } });
      setReason('');
      onClear();
      await queryClient.invalidateQueries({ queryKey: affiliationKeys.all });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (selected.length === 0 && !results) return null;
  return (
    <section aria-labelledby="bulk-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 id="bulk-title" className="font-semibold">
          Change several at once
        </h2>
        {selected.length > 0 && (
          <form
            className="grid grid-cols-1 gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end"
            onSubmit={submit}
            noValidate
          >
            <label className="flex flex-col gap-1 text-sm">
              Set {selected.length} selected to
              <select
                className="select w-full"
                value={status}
                onChange={(e) => setStatus(e.target.value as BulkTarget)}
              >
                {TARGETS.map((s) => (
                  <option key={s} value={s}>
                    {AFFILIATION_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Reason
              <input
                className="input w-full"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </label>
            <div className="flex gap-2">
              <OnlineButton type="submit" variant="primary" loading={busy}>
                Apply to selected
              </OnlineButton>
              <Button buttonStyle="outline" onClick={onClear} disabled={busy}>
                Clear selection
              </Button>
            </div>
          </form>
        )}
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        {results && (
          <div role="status" className="flex flex-col gap-1 text-sm">
            <p className="font-medium">
              {results.answer.results.filter((r) => r.ok).length} of {results.answer.results.length} changed.
            </p>
            <ul aria-label="Result for each affiliation" className="flex flex-col gap-1">
              {results.answer.results.map((r) => (
                <li key={r.id}>
                  <span className="font-semibold">{r.ok ? 'Changed' : 'Refused'}</span> · {results.names[r.id] ?? r.id}:{' '}
                  {r.ok && r.status
                    ? `now ${AFFILIATION_STATUS_LABELS[r.status as BulkTarget].toLowerCase()}`
                    : r.message}
                </li>
              ))}
            </ul>
            <Button size="sm" buttonStyle="outline" className="w-fit" onClick={() => setResults(null)}>
              Dismiss
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
