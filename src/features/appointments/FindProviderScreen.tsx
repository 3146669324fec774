import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HOSPITAL_TYPE_LABELS, SPECIALIZATIONS, SPECIALIZATION_LABELS, labelOf } from '../../../domain/enums.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import type { Doctor } from '../../../domain/schemas/doctors.ts';
import type { Hospital } from '../../../domain/schemas/hospitals.ts';
import { directoryApi, type DirectoryPage, type DirectorySearchParams } from '../../api/directory.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { NeedsPatientProfile } from './parts.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';

type Kind = 'doctors' | 'hospitals';
type Found = { kind: 'doctors'; page: DirectoryPage<Doctor> } | { kind: 'hospitals'; page: DirectoryPage<Hospital> };
const PAGE_SIZE = '10';
const KINDS: ReadonlyArray<readonly [Kind, string]> = [
  ['doctors', 'A doctor'],
  ['hospitals', 'A hospital'],
];

const specialitiesOf = (values: readonly string[]) =>
  values.map((v) => labelOf(SPECIALIZATION_LABELS, v, v)).join(', ');

/** /appointments/book: a patient finds the doctor or hospital to book with (the directory search, for patients). */
export function FindProviderScreen() {
  usePageTitle('Book an appointment');
  const { user } = useAuth();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <Link to="/appointments" className="link link-hover w-max text-sm">
        <span aria-hidden="true">← </span>My appointments
      </Link>
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        Book an appointment
      </h1>
      <OfflineNotice />
      {user?.referenceId ? <FindProvider /> : <NeedsPatientProfile />}
    </section>
  );
}

function FindProvider() {
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('kind') === 'hospitals' ? 'hospitals' : 'doctors';
  const speciality = params.get('speciality') ?? '';
  const page = params.get('page') ?? '1';
  const searchQuery = params.get('searchQuery') ?? '';
  const city = params.get('city') ?? '';
  const [draft, setDraft] = useState({ searchQuery, city });
  const [draftOf, setDraftOf] = useState(`${searchQuery}|${city}`);
  // Back and forward change the URL: the typed fields follow it.
  if (draftOf !== `${searchQuery}|${city}`) {
    setDraftOf(`${searchQuery}|${city}`);
    setDraft({ searchQuery, city });
  }

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value.trim() === '') next.delete(key);
      else next.set(key, value.trim());
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const query: DirectorySearchParams = {
    searchQuery: searchQuery || undefined,
    city: city || undefined,
    page,
    limit: PAGE_SIZE,
    ...(speciality ? { [kind === 'doctors' ? 'specializations' : 'specialties']: speciality } : {}),
  };
  const results = useQuery({
    queryKey: ['appointments', 'book', kind, query],
    // Tagged, so a previous page kept on screen while the other kind loads still shows as what it is.
    queryFn: async ({ signal }): Promise<Found> =>
      kind === 'doctors'
        ? { kind, page: await directoryApi.searchDoctors(query, signal) }
        : { kind, page: await directoryApi.searchHospitals(query, signal) },
    placeholderData: (previous) => previous,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ searchQuery: draft.searchQuery, city: draft.city });
  };

  const data = results.data?.page;
  const found = results.data;
  return (
    <>
      <form
        role="search"
        aria-label="Find a doctor or a hospital"
        onSubmit={submit}
        className="card border border-base-300 bg-base-100"
      >
        <div className="card-body gap-3 p-4">
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <legend className="mb-1 text-sm font-medium">Book with</legend>
            {KINDS.map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="kind"
                  className="radio radio-sm radio-primary"
                  checked={kind === value}
                  onChange={() => update({ kind: value })}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
            <TextField
              label="Name or speciality"
              type="search"
              value={draft.searchQuery}
              onChange={(e) => setDraft((d) => ({ ...d, searchQuery: e.target.value }))}
            />
            <TextField
              label="City"
              autoComplete="address-level2"
              value={draft.city}
              onChange={(e) => setDraft((d) => ({ ...d, city: e.target.value }))}
            />
            <SelectField
              label="Speciality"
              options={SPECIALIZATIONS}
              labels={SPECIALIZATION_LABELS}
              placeholder="Any speciality"
              value={speciality}
              onChange={(e) => update({ speciality: e.target.value })}
            />
            <Button type="submit">Search</Button>
          </div>
        </div>
      </form>

      {results.isPending && <Loading what={kind} />}
      {results.isError && !data && <LoadError what={kind} error={results.error} retry={() => void results.refetch()} />}
      {data && data.items.length === 0 && (
        <EmptyState title={`No ${kind} match this search.`}>Try another name, city or speciality.</EmptyState>
      )}
      {found && found.page.items.length > 0 && (
        <ul
          aria-label={found.kind === 'doctors' ? 'Doctors' : 'Hospitals'}
          aria-busy={results.isPlaceholderData || undefined}
          className={`grid grid-cols-1 gap-3 lg:grid-cols-2 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {found.kind === 'doctors'
            ? found.page.items.map((doctor) => <DoctorCard key={doctor.id} doctor={doctor} />)
            : found.page.items.map((hospital) => <HospitalCard key={hospital.id} hospital={hospital} />)}
        </ul>
      )}
      {data && (
        <Pagination
          pagination={data.pagination}
          onPage={(n) => {
            update({ page: String(n) });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </>
  );
}

function DoctorCard({ doctor }: { doctor: Doctor }) {
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h2 className="text-base font-semibold">{doctor.name}</h2>
        <p className="text-sm text-base-content/80">{specialitiesOf(doctor.specializations)}</p>
        <p className="text-sm text-base-content/70">
          {doctor.city} · {doctor.experienceYears} years ·{' '}
          {doctor.consultationFee === null ? 'Fee not stated' : `${formatINR(doctor.consultationFee)} fee`}
        </p>
        <div className="card-actions justify-end">
          <ButtonLink to={`/appointments/book/doctor/${doctor.id}`} size="sm">
            Book<span className="sr-only"> with {doctor.name}</span>
          </ButtonLink>
        </div>
      </div>
    </li>
  );
}

function HospitalCard({ hospital }: { hospital: Hospital }) {
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h2 className="text-base font-semibold">{hospital.name}</h2>
        <p className="text-sm text-base-content/80">{labelOf(HOSPITAL_TYPE_LABELS, hospital.hospitalType)}</p>
        <p className="line-clamp-2 text-sm text-base-content/70">
          {hospital.city}
          {hospital.specialties.length > 0 ? ` · ${specialitiesOf(hospital.specialties)}` : ''}
        </p>
        <div className="card-actions justify-end">
          <ButtonLink to={`/appointments/book/hospital/${hospital.id}`} size="sm">
            Book<span className="sr-only"> with {hospital.name}</span>
          </ButtonLink>
        </div>
      </div>
    </li>
  );
}
