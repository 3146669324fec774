import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { CARE_ACCESS_DAYS } from '../../../domain/rules/careAccess.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { getPatientsQueryOptions, type Patient } from '../../api/patients.ts';
import { Button } from '../../ui/Button.tsx';
import { useOnline } from '../../offline/useOnline.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { queriesFor } from './patientSearch.ts';

export type FoundPatient = Pick<Patient, 'id' | 'firstName' | 'lastName' | 'dateOfBirth' | 'phone'>;

function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const describe = (p: FoundPatient) =>
  [p.dateOfBirth ? `born ${formatDate(p.dateOfBirth)}` : null, p.phone ? formatPhone(p.phone) : null]
    .filter(Boolean)
    .join(' · ');

/**
 * Finds a patient the hospital may know (the server lists only those in its care: an accepted or
 * confirmed appointment, or one completed within the follow-up window) by name or phone.
 */
export function PatientFinder({
  chosen,
  onChoose,
  error,
}: {
  chosen: FoundPatient | null;
  onChoose(patient: FoundPatient | null): void;
  error?: string | undefined;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [term, setTerm] = useState('');
  const settled = useDebounced(term, 300);
  const [first, second] = queriesFor(settled);
  const one = useQuery({ ...getPatientsQueryOptions({ ...first, limit: '10' }), enabled: Boolean(first) });
  const two = useQuery({ ...getPatientsQueryOptions({ ...second, limit: '10' }), enabled: Boolean(second) });
  const online = useOnline();

  if (chosen) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3">
        <div>
          <p className="font-medium">
            {chosen.firstName} {chosen.lastName}
          </p>
          <p className="text-sm text-base-content/70">{describe(chosen)}</p>
        </div>
        <Button size="sm" buttonStyle="outline" onClick={() => onChoose(null)}>
          Choose someone else
        </Button>
      </div>
    );
  }

  const results = [...(one.data?.patients ?? []), ...(two.data?.patients ?? [])].filter(
    (p, i, all) => all.findIndex((q) => q.id === p.id) === i,
  );
  const pending =
    (first && one.isPending && one.fetchStatus !== 'idle') || (second && two.isPending && two.fetchStatus !== 'idle');
  const failed = one.isError ? one : two.isError ? two : null;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Find the patient
        </label>
        <input
          id={inputId}
          type="search"
          autoComplete="off"
          className={`input w-full ${error ? 'input-error' : ''}`}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        />
        <p id={hintId} className="text-xs text-base-content/70">
          A name or a phone number. Patients in your care show here: an accepted or confirmed appointment at your
          hospital, or one completed in the last {CARE_ACCESS_DAYS} days. Anyone else, register as a new patient.
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
      {!online && failed ? (
        <p role="status" className="text-sm text-base-content/70">
          You are offline: searching needs the connection.
        </p>
      ) : pending ? (
        <Loading inline what="patients" />
      ) : failed ? (
        <LoadError what="patients" error={failed.error} retry={() => void failed.refetch()} />
      ) : first && settled === term ? (
        results.length === 0 ? (
          <p role="status" className="text-sm text-base-content/70">
            No patient in your care matches “{settled.trim()}”. Register them as a new patient.
          </p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label="Patients found">
            {results.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    {p.firstName} {p.lastName}
                  </p>
                  <p className="text-xs text-base-content/70">{describe(p)}</p>
                </div>
                <Button size="sm" onClick={() => onChoose(p)} aria-label={`Choose ${p.firstName} ${p.lastName}`}>
                  Choose
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
