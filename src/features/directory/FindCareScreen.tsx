import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Doctor } from '../../../domain/schemas/doctors.ts';
import type { Hospital } from '../../../domain/schemas/hospitals.ts';
import { directoryApi, type DirectorySearchParams } from '../../api/directory.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DirectoryScreen, type DirectoryConfig } from './DirectoryScreen.tsx';
import { doctorsDirectory } from './DoctorsScreen.tsx';
import { hospitalsDirectory } from './HospitalsScreen.tsx';

type Kind = 'doctors' | 'hospitals';
const KINDS: ReadonlyArray<readonly [Kind, string]> = [
  ['doctors', 'A doctor'],
  ['hospitals', 'A hospital'],
];

/** `kind` chooses the list; it is not a filter of the search. */
const withoutKind = ({ kind: _kind, ...query }: DirectorySearchParams) => query;

const bookDoctors: DirectoryConfig<Doctor> = {
  ...doctorsDirectory,
  searchLabel: 'Name or speciality',
  search: (query, signal) => directoryApi.searchDoctors(withoutKind(query), signal),
};

const bookHospitals: DirectoryConfig<Hospital> = {
  ...hospitalsDirectory,
  searchLabel: 'Name or speciality',
  search: (query, signal) => directoryApi.searchHospitals(withoutKind(query), signal),
};

/**
 * /appointments/book: one search for everyone who looks for care — the directory's (Near me with a
 * city fallback, fee, language, telemedicine …), with Book on every card. A User may search too; the
 * booking screen offers them to become a patient first.
 */
export function FindCareScreen() {
  usePageTitle('Book an appointment');
  const titleId = useId();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const urlKind: Kind = params.get('kind') === 'hospitals' ? 'hospitals' : 'doctors';
  // The radio follows a click at once (the URL changes a moment later) and the URL on back/forward.
  const [kind, setKind] = useState<Kind>(urlKind);
  const [kindOf, setKindOf] = useState(urlKind);
  if (kindOf !== urlKind) {
    setKindOf(urlKind);
    setKind(urlKind);
  }
  // Another kind is another search: its filters do not carry over; the text and the place do.
  const choose = (next: Kind) => {
    setKind(next);
    const kept = new URLSearchParams();
    for (const key of ['searchQuery', 'city', 'latitude', 'longitude', 'maxDistanceInKm']) {
      const value = params.get(key);
      if (value) kept.set(key, value);
    }
    if (kept.has('latitude')) kept.set('sortBy', 'distance');
    if (next === 'hospitals') kept.set('kind', next);
    setParams(kept);
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      {user?.role === 'PATIENT' && (
        <Link to="/appointments" className="link link-hover w-max text-sm">
          <span aria-hidden="true">← </span>My appointments
        </Link>
      )}
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        Book an appointment
      </h1>
      <OfflineNotice />
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium">Book with</legend>
        {KINDS.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="kind"
              className="radio radio-sm radio-primary"
              checked={kind === value}
              onChange={() => choose(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {kind === 'doctors' ? (
        <DirectoryScreen key="doctors" config={bookDoctors} within="Book an appointment" />
      ) : (
        <DirectoryScreen key="hospitals" config={bookHospitals} within="Book an appointment" />
      )}
    </section>
  );
}
