import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { URGENCIES, URGENCY_LABELS, type Urgency } from '../../../domain/enums.ts';
import { REFERRAL_TARGETS, type ReferralTarget } from '../../../domain/rules/consultationCare.ts';
import { directoryApi, directoryKeys, type DirectoryKind } from '../../api/directory.ts';
import { Button } from '../../ui/Button.tsx';
import { changeTo } from './changes.ts';
import { useRecordChange } from './parts.tsx';

const TARGET_LABELS: Record<ReferralTarget, string> = {
  DOCTOR: 'Doctor',
  HOSPITAL: 'Hospital',
  DIAGNOSTICS: 'Diagnostics centre',
};
const DIRECTORY: Record<ReferralTarget, DirectoryKind> = {
  DOCTOR: 'doctors',
  HOSPITAL: 'hospitals',
  DIAGNOSTICS: 'diagnostics',
};

async function searchTargets(kind: ReferralTarget, text: string, signal?: AbortSignal) {
  const query = { searchQuery: text, page: '1', limit: '5' };
  const page =
    kind === 'DOCTOR'
      ? await directoryApi.searchDoctors(query, signal)
      : kind === 'HOSPITAL'
        ? await directoryApi.searchHospitals(query, signal)
        : await directoryApi.searchDiagnostics(query, signal);
  return page.items.map((e) => ({ id: e.id, name: e.name, city: e.address?.city ?? '' }));
}

/** Refer the patient to a doctor, hospital or diagnostics centre found in the directory. */
export function ReferralForm({ consultationId }: { consultationId: string }) {
  const [kind, setKind] = useState<ReferralTarget>('DIAGNOSTICS');
  const [text, setText] = useState('');
  const [targetId, setTargetId] = useState('');
  const [urgency, setUrgency] = useState<Urgency>('MEDIUM');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  const listId = useId();
  const found = useQuery({
    queryKey: [...directoryKeys.search(DIRECTORY[kind], { searchQuery: text }), 'referral'],
    queryFn: ({ signal }) => searchTargets(kind, text.trim(), signal),
    enabled: text.trim().length >= 2,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!targetId) return setError('Choose who the patient is referred to');
    if (!reason.trim()) return setError('Give the reason for the referral');
    const done = await send(
      changeTo.referral(consultationId, { targetKind: kind, targetId, urgency, reason: reason.trim() }),
      'Referral sent.',
    );
    if (done.ok) {
      setText('');
      setTargetId('');
      setReason('');
    } else if (done.error) setError(done.error.message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Refer the patient" className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          Refer to
          <select
            className="select select-sm w-full"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as ReferralTarget);
              setTargetId('');
            }}
          >
            {REFERRAL_TARGETS.map((k) => (
              <option key={k} value={k}>
                {TARGET_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Urgency
          <select
            className="select select-sm w-full"
            value={urgency}
            onChange={(e) => setUrgency(e.target.value as Urgency)}
          >
            {URGENCIES.map((u) => (
              <option key={u} value={u}>
                {URGENCY_LABELS[u]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        Search the directory
        <input
          className="input input-sm w-full"
          value={text}
          placeholder="Name, at least 2 letters"
          aria-describedby={listId}
          onChange={(e) => {
            setText(e.target.value);
            setTargetId('');
          }}
        />
      </label>
      <div id={listId} aria-live="polite">
        {found.isFetching && <p className="text-xs">Searching…</p>}
        {found.isError && <p className="text-xs text-error">The directory could not be searched. Try again.</p>}
        {found.data && found.data.length === 0 && <p className="text-xs">No one found by that name.</p>}
        {found.data && found.data.length > 0 && (
          <fieldset className="flex flex-col gap-1">
            <legend className="sr-only">Choose the receiver</legend>
            {found.data.map((e) => (
              <label key={e.id} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="referral-target"
                  checked={targetId === e.id}
                  onChange={() => setTargetId(e.id)}
                />
                {e.name}
                {e.city ? <span className="text-base-content/70">, {e.city}</span> : null}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        Reason
        <textarea className="textarea textarea-sm w-full" value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" loading={busy} className="self-start">
        Send referral
      </Button>
    </form>
  );
}
