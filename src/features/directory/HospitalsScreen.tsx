import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  HOSPITAL_TYPES,
  HOSPITAL_TYPE_LABELS,
  INDIAN_STATES,
  INDIAN_STATE_LABELS,
  SPECIALIZATIONS,
  SPECIALIZATION_LABELS,
  VERIFICATION_STATUS_LABELS,
} from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { hospitalKeys, hospitalsApi } from '../../api/hospitals.ts';
import { messageOf } from '../../api/http.ts';
import { useAuth } from '../../app/auth/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useNearMe } from './useNearMe.ts';

const NEAR_ME_RADIUS_KM = '25';
const FLAGS = [
  ['emergencyServices', 'Emergency'],
  ['icuAvailability', 'ICU'],
  ['ambulanceService', 'Ambulance'],
] as const;

/** The hospitals directory for Admins and Users: every filter lives in the URL, so a search can be shared. */
export function HospitalsScreen() {
  usePageTitle('Hospitals');
  const { user } = useAuth();
  const isAdmin = user?.role === 'ADMIN';
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [text, setText] = useState(params.get('searchQuery') ?? '');
  const [city, setCity] = useState(params.get('city') ?? '');

  const update = (changes: Record<string, string | undefined>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (resetPage) next.delete('page');
    setParams(next);
  };

  const near = useNearMe((latitude, longitude) =>
    update({
      latitude: String(latitude),
      longitude: String(longitude),
      maxDistanceInKm: NEAR_ME_RADIUS_KM,
      sortBy: 'distance',
    }),
  );
  const hasPoint = params.has('latitude');

  const results = useQuery({
    queryKey: hospitalKeys.search(query),
    queryFn: async ({ signal }) => (await hospitalsApi.search({ limit: '20', ...query }, signal)).data,
    placeholderData: (previous) => previous,
  });

  const submitText = (event: FormEvent) => {
    event.preventDefault();
    update({ searchQuery: text.trim(), city: city.trim() });
  };

  return (
    <section aria-labelledby="hospitals-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 id="hospitals-title" className="text-2xl font-bold tracking-tight">
          Hospitals
        </h1>
        {results.data && (
          <p className="text-sm text-base-content/70">{results.data.pagination.total.toLocaleString('en-IN')} found</p>
        )}
      </header>

      <form
        role="search"
        aria-label="Search hospitals"
        onSubmit={submitText}
        className="card border border-base-300 bg-base-100"
      >
        <div className="card-body gap-3 p-4">
          <div className="flex flex-col gap-2 sm:flex-row">
            <label className="input w-full">
              <span className="sr-only">Name, city or specialty</span>
              <input
                type="search"
                placeholder="Name, city or specialty"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </label>
            <label className="input w-full sm:max-w-48">
              <span className="sr-only">City</span>
              <input type="text" placeholder="City" value={city} onChange={(e) => setCity(e.target.value)} />
            </label>
            <Button type="submit">Search</Button>
          </div>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
            <label className="flex flex-col gap-1 text-sm">
              State
              <select
                className="select w-full"
                value={params.get('state') ?? ''}
                onChange={(e) => update({ state: e.target.value })}
              >
                <option value="">All states</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {INDIAN_STATE_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Type
              <select
                className="select w-full"
                value={params.get('hospitalType') ?? ''}
                onChange={(e) => update({ hospitalType: e.target.value })}
              >
                <option value="">All types</option>
                {HOSPITAL_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {HOSPITAL_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Specialty
              <select
                className="select w-full"
                value={params.get('specialties') ?? ''}
                onChange={(e) => update({ specialties: e.target.value })}
              >
                <option value="">Any specialty</option>
                {SPECIALIZATIONS.map((s) => (
                  <option key={s} value={s}>
                    {SPECIALIZATION_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Sort by
              <select
                className="select w-full"
                value={`${params.get('sortBy') ?? 'name'}:${params.get('sortOrder') ?? 'asc'}`}
                onChange={(e) => {
                  const [sortBy, sortOrder] = e.target.value.split(':');
                  update({ sortBy, sortOrder });
                }}
              >
                <option value="name:asc">Name (A–Z)</option>
                <option value="rating:desc">Rating (highest first)</option>
                <option value="totalBeds:desc">Beds (most first)</option>
                {hasPoint && <option value="distance:asc">Distance (nearest first)</option>}
              </select>
            </label>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {FLAGS.map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm checkbox-primary"
                  checked={params.get(key) === 'true'}
                  onChange={(e) => update({ [key]: e.target.checked ? 'true' : undefined })}
                />
                {label}
              </label>
            ))}
            <span className="grow" />
            {hasPoint ? (
              <Button
                size="sm"
                buttonStyle="ghost"
                onClick={() =>
                  update({ latitude: undefined, longitude: undefined, maxDistanceInKm: undefined, sortBy: undefined })
                }
              >
                Clear location
              </Button>
            ) : (
              <Button size="sm" buttonStyle="outline" loading={near.status === 'locating'} onClick={near.locate}>
                Near me
              </Button>
            )}
          </div>
          {(near.status === 'denied' || near.status === 'unavailable') && (
            <p role="status" className="text-sm text-warning-content">
              {near.status === 'denied'
                ? 'Location permission was refused. Type your city above instead.'
                : 'Your location is not available right now. Type your city above instead.'}
            </p>
          )}
        </div>
      </form>

      {results.isPending && (
        <div role="status" className="flex items-center gap-2 py-8 text-base-content/70">
          <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading hospitals…
        </div>
      )}
      {results.isError && (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
          <span>Could not load hospitals: {messageOf(results.error)}</span>
          <Button size="sm" variant="danger" buttonStyle="outline" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {results.data && results.data.hospitals.length === 0 && (
        <div role="status" className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="font-medium">No hospitals match these filters.</p>
          <p className="text-sm text-base-content/70">Try fewer filters, another city, or a larger area.</p>
        </div>
      )}
      {results.data && results.data.hospitals.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Hospitals">
          {results.data.hospitals.map((h) => (
            <li key={h.id} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold">{h.name}</h2>
                  {h.distanceKm !== undefined && (
                    <span className="badge badge-primary badge-soft shrink-0">{h.distanceKm.toFixed(1)} km</span>
                  )}
                </div>
                <p className="text-sm text-base-content/80">
                  {HOSPITAL_TYPE_LABELS[h.hospitalType]} · {h.city}, {INDIAN_STATE_LABELS[h.state as never] ?? h.state}
                </p>
                <div className="flex flex-wrap gap-1 text-xs">
                  <span className="badge badge-ghost">★ {h.rating.toFixed(1)}</span>
                  {h.emergencyServices && <span className="badge badge-ghost">Emergency</span>}
                  {h.icuAvailability && <span className="badge badge-ghost">ICU</span>}
                  {h.ambulanceService && <span className="badge badge-ghost">Ambulance</span>}
                  {isAdmin && (
                    <span
                      className={`badge ${h.verificationStatus === 'VERIFIED' ? 'badge-success' : 'badge-warning'} badge-soft`}
                    >
                      {VERIFICATION_STATUS_LABELS[h.verificationStatus]}
                      {h.status !== 'ACTIVE' ? ` · ${h.status.toLowerCase()}` : ''}
                    </span>
                  )}
                </div>
                {h.phone && (
                  <a className="link link-primary w-fit text-sm" href={`tel:+91${h.phone}`}>
                    {formatPhone(h.phone)}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {results.data && (
        <Pagination pagination={results.data.pagination} onPage={(page) => update({ page: String(page) }, false)} />
      )}
    </section>
  );
}
