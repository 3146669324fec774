import { useQuery } from '@tanstack/react-query';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useEffect, useId, useRef, useState, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ZodType } from 'zod';
import { INDIAN_STATES, INDIAN_STATE_LABELS, VERIFICATION_STATUS_LABELS, labelOf } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import type { directoryEntrySchema } from '../../../domain/schemas/directory.ts';
import type { z } from 'zod';
import {
  directoryKeys,
  type DirectoryKind,
  type DirectoryPage,
  type DirectorySearchParams,
} from '../../api/directory.ts';
import { messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { MultiSelect } from '../../ui/form/MultiSelect.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import {
  activeFilters,
  clearAllFilters,
  isRepeated,
  queryOf,
  valuesOf,
  withChanges,
  type FilterControl,
  type ParamChanges,
} from './directoryFilters.ts';
import { useNearMe } from './useNearMe.ts';

export type DirectoryEntry = z.output<typeof directoryEntrySchema>;

export type { FilterControl } from './directoryFilters.ts';

/** `value` is `sortBy:sortOrder`. */
export type SortOption = { value: `${string}:${'asc' | 'desc'}`; label: string };

/** How a result card describes one entry, beyond its name, place, rating, phone and distance. */
export type CardSummary = {
  /** Shown before the place: the type of organisation, or a doctor's specialisations. */
  subtitle: string;
  badges?: string[];
  facts?: Array<{ label: string; value: string }>;
};

export type DirectoryConfig<T extends DirectoryEntry> = {
  kind: DirectoryKind;
  /** 'Pharmacies': the heading, page title and list name. */
  title: string;
  /** 'pharmacies': used in sentences. */
  noun: string;
  /** What the free-text search looks in, e.g. 'Name, city or service'. */
  searchLabel: string;
  search(query: DirectorySearchParams, signal?: AbortSignal): Promise<DirectoryPage<T>>;
  /** The server's query schema (domain/schemas/<kind>.ts): typed filters are checked with it before they apply. */
  querySchema: ZodType;
  filters: readonly FilterControl[];
  /** Without distance: that one is offered when the search has a point. */
  sorts: readonly SortOption[];
  summary(item: T): CardSummary;
};

const PAGE_SIZE = '20';
const NEAR_ME_RADIUS_KM = '25';
const RADII = ['5', '10', '25', '50', '100'] as const;
const DISTANCE_SORT: SortOption = { value: 'distance:asc', label: 'Distance (nearest first)' };
const GEO_PARAMS = { latitude: undefined, longitude: undefined, maxDistanceInKm: undefined } as const;

/**
 * One organisation list for Admins and Users, driven by a config: every filter lives in the URL (so a
 * search survives back/forward and can be shared), "near me" with a typed-city fallback, distance,
 * pages, and loading, empty and error states. Admins also see each entry's verification status.
 */
export function DirectoryScreen<T extends DirectoryEntry>({ config }: { config: DirectoryConfig<T> }) {
  const { kind, title, noun } = config;
  usePageTitle(title);
  const titleId = useId();
  const { user } = useAuth();
  const isAdmin = user?.role === 'ADMIN';
  const [params, setParams] = useSearchParams();
  const repeated = config.filters.filter(isRepeated).map((f) => f.param);
  const query = queryOf(params, repeated);
  const hasPoint = params.has('latitude') && params.has('longitude');

  // Typed fields are drafts until the form is submitted; they follow the URL when it changes (back/forward).
  const typedParams = [
    'searchQuery',
    'city',
    ...config.filters.filter((f) => f.type === 'number' || f.type === 'terms').map((f) => f.param),
  ];
  const urlValue = (p: string) => (repeated.includes(p) ? valuesOf(params, p).join(', ') : (params.get(p) ?? ''));
  const committed = JSON.stringify(typedParams.map(urlValue));
  const draftFromUrl = () => Object.fromEntries(typedParams.map((p) => [p, urlValue(p)]));
  const [draft, setDraft] = useState<Record<string, string>>(draftFromUrl);
  const [draftOf, setDraftOf] = useState(committed);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (draftOf !== committed) {
    setDraftOf(committed);
    setDraft(draftFromUrl());
    setErrors({});
  }
  const labelFor = (param: string) =>
    param === 'searchQuery'
      ? 'Search'
      : param === 'city'
        ? 'City'
        : (config.filters.find((f) => f.param === param)?.label ?? param);
  const filtersId = useId();
  const [showFilters, setShowFilters] = useState(false);
  const active = activeFilters(params, config.filters);
  const setField = (param: string, value: string) => setDraft((d) => ({ ...d, [param]: value }));

  const update = (changes: ParamChanges, resetPage = true) => setParams(withChanges(params, changes, resetPage));

  const near = useNearMe((latitude, longitude) =>
    update({
      latitude: String(latitude),
      longitude: String(longitude),
      maxDistanceInKm: NEAR_ME_RADIUS_KM,
      sortBy: 'distance',
      sortOrder: undefined,
    }),
  );
  // Without a position, the city is the way to search nearby: put the cursor there.
  const cityRef = useRef<HTMLInputElement>(null);
  const locationFailed = near.status === 'denied' || near.status === 'unavailable';
  useEffect(() => {
    if (locationFailed) cityRef.current?.focus();
  }, [locationFailed]);

  const results = useQuery({
    queryKey: directoryKeys.search(kind, query),
    queryFn: ({ signal }) => config.search({ limit: PAGE_SIZE, ...query }, signal),
    placeholderData: (previous) => previous,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: ParamChanges = Object.fromEntries(
      Object.entries(draft).map(([k, v]) => [
        k,
        repeated.includes(k)
          ? v
              .split(',')
              .map((term) => term.trim())
              .filter(Boolean)
          : v.trim(),
      ]),
    );
    const next = { ...query, ...changes };
    const candidate = Object.fromEntries(
      Object.entries(next).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
    );
    const parsed = config.querySchema.safeParse(candidate);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        // The schema names the query parameter ("minExperience must be …"); the form names the field.
        if (typedParams.includes(field) && !found[field]) found[field] = issue.message.replace(field, labelFor(field));
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setShowFilters(true);
      return;
    }
    update(changes);
  };

  const clearFilters = () => {
    const changes = clearAllFilters(config.filters);
    // Typed filters not yet applied go too, with their messages.
    setDraft((d) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, k in changes ? '' : v])));
    setErrors({});
    update(changes);
  };

  const sorts = hasPoint ? [...config.sorts, DISTANCE_SORT] : config.sorts;
  const sortValue = `${params.get('sortBy') ?? 'name'}:${params.get('sortOrder') ?? 'asc'}`;
  const clearLocation = () =>
    update({
      ...GEO_PARAMS,
      ...(params.get('sortBy') === 'distance' ? { sortBy: undefined, sortOrder: undefined } : {}),
    });

  const data = results.data;
  const showing = data?.items ?? [];

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {data && <p className="text-sm text-base-content/70">{data.pagination.total.toLocaleString('en-IN')} found</p>}
      </header>
      <OfflineNotice />

      <form
        role="search"
        aria-label={`Search ${noun}`}
        onSubmit={submit}
        noValidate
        className="card border border-base-300 bg-base-100"
      >
        <div className="card-body gap-3 p-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField
              label={config.searchLabel}
              type="search"
              className="w-full"
              value={draft.searchQuery ?? ''}
              error={errors.searchQuery}
              onChange={(e) => setField('searchQuery', e.target.value)}
            />
            <TextField
              ref={cityRef}
              label="City"
              className="w-full sm:max-w-56"
              autoComplete="address-level2"
              value={draft.city ?? ''}
              error={errors.city}
              onChange={(e) => setField('city', e.target.value)}
            />
            <Button type="submit">Search</Button>
            {hasPoint ? (
              <Button buttonStyle="ghost" onClick={clearLocation}>
                Clear location
              </Button>
            ) : (
              <Button buttonStyle="outline" loading={near.status === 'locating'} onClick={near.locate}>
                Near me
              </Button>
            )}
          </div>

          {/* On a phone the filters fold away behind a button, so the results are not pages down. */}
          <div id={filtersId} className={`${showFilters ? 'flex' : 'hidden'} flex-col gap-3 sm:flex`}>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField
                label="State"
                value={params.get('state') ?? ''}
                onChange={(e) => update({ state: e.target.value })}
              >
                <option value="">All states</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {INDIAN_STATE_LABELS[s]}
                  </option>
                ))}
              </SelectField>
              {config.filters.map((filter) =>
                filter.type === 'select' ? (
                  <SelectField
                    key={filter.param}
                    label={filter.label}
                    value={params.get(filter.param) ?? ''}
                    onChange={(e) => update({ [filter.param]: e.target.value })}
                  >
                    <option value="">{filter.anyLabel}</option>
                    {filter.options.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </SelectField>
                ) : filter.type === 'multi' ? (
                  <MultiSelect
                    key={filter.param}
                    label={filter.label}
                    anyLabel={filter.anyLabel}
                    options={filter.options.map(([value]) => value)}
                    labels={Object.fromEntries(filter.options)}
                    value={valuesOf(params, filter.param)}
                    onChange={(values) => update({ [filter.param]: values })}
                  />
                ) : filter.type === 'terms' ? (
                  <TextField
                    key={filter.param}
                    label={filter.label}
                    hint={filter.hint}
                    value={draft[filter.param] ?? ''}
                    error={errors[filter.param]}
                    onChange={(e) => setField(filter.param, e.target.value)}
                  />
                ) : filter.type === 'number' ? (
                  <TextField
                    key={filter.param}
                    label={filter.label}
                    type="number"
                    inputMode="numeric"
                    min={filter.min}
                    max={filter.max}
                    step={filter.step ?? 1}
                    hint={filter.hint}
                    value={draft[filter.param] ?? ''}
                    error={errors[filter.param]}
                    onChange={(e) => setField(filter.param, e.target.value)}
                  />
                ) : null,
              )}
              <SelectField
                label="Sort by"
                value={sortValue}
                onChange={(e) => {
                  const [sortBy, sortOrder] = e.target.value.split(':');
                  update({ sortBy, sortOrder });
                }}
              >
                {!sorts.some((s) => s.value === sortValue) && <option value={sortValue}>—</option>}
                {sorts.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </SelectField>
              {hasPoint && (
                <SelectField
                  label="Within"
                  value={params.get('maxDistanceInKm') ?? ''}
                  onChange={(e) => update({ maxDistanceInKm: e.target.value })}
                >
                  <option value="">Any distance</option>
                  {RADII.map((km) => (
                    <option key={km} value={km}>
                      {km} km
                    </option>
                  ))}
                </SelectField>
              )}
            </div>

            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {config.filters.map(
                (filter) =>
                  filter.type === 'flag' && (
                    <label key={filter.param} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm checkbox-primary"
                        checked={params.get(filter.param) === 'true'}
                        onChange={(e) => update({ [filter.param]: e.target.checked ? 'true' : undefined })}
                      />
                      {filter.label}
                    </label>
                  ),
              )}
            </div>
          </div>
          {active.length > 0 && (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-base-content/70" id={`${filtersId}-on`}>
                Filters on:
              </span>
              <ul className="flex flex-wrap gap-2" aria-labelledby={`${filtersId}-on`}>
                {active.map((filter) => (
                  <li key={filter.id}>
                    <Button
                      size="sm"
                      buttonStyle="outline"
                      className="rounded-full font-normal"
                      aria-label={`Remove filter ${filter.text}`}
                      onClick={() => update(filter.remove)}
                    >
                      {filter.text}
                      <span aria-hidden="true">×</span>
                    </Button>
                  </li>
                ))}
              </ul>
              <Button size="sm" buttonStyle="link" onClick={clearFilters}>
                Clear all filters
              </Button>
            </div>
          )}
          <div className="flex sm:hidden">
            <Button
              size="sm"
              buttonStyle="outline"
              className="sm:hidden"
              aria-expanded={showFilters}
              aria-controls={filtersId}
              onClick={() => setShowFilters((shown) => !shown)}
            >
              {showFilters ? 'Hide filters' : 'Filters'}
              {active.length > 0 ? ` (${active.length} on)` : ''}
            </Button>
          </div>
          {hasPoint && (
            <p className="text-sm text-base-content/70">
              Showing {noun} near your location
              {params.get('maxDistanceInKm') ? `, within ${params.get('maxDistanceInKm')} km` : ''}.
            </p>
          )}
          {locationFailed && (
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
          <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading {noun}…
        </div>
      )}
      {results.isError && (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
          <span>
            Could not load {noun}: {messageOf(results.error)}
          </span>
          <Button size="sm" variant="danger" buttonStyle="outline" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {data && showing.length === 0 && (
        <div role="status" className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="font-medium">No {noun} match these filters.</p>
          <p className="text-sm text-base-content/70">Try fewer filters, another city, or a larger area.</p>
        </div>
      )}
      {showing.length > 0 && (
        <ul
          className={`grid grid-cols-1 gap-3 lg:grid-cols-2 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label={title}
          aria-busy={results.isPlaceholderData || undefined}
        >
          {showing.map((item) => (
            <ResultCard key={item.id} item={item} summary={config.summary(item)} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
      {data && (
        <Pagination
          pagination={data.pagination}
          onPage={(page) => {
            update({ page: String(page) }, false);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </section>
  );
}

/** A labelled select; the label is outside the control so its name is the label alone. */
function SelectField({ label, children, ...select }: ComponentPropsWithoutRef<'select'> & { label: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select {...select} id={id} className="select w-full">
        {children}
      </select>
    </div>
  );
}

function ResultCard({ item, summary, isAdmin }: { item: DirectoryEntry; summary: CardSummary; isAdmin: boolean }) {
  const place = `${item.city}, ${labelOf(INDIAN_STATE_LABELS, item.state, item.state)}`;
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold">{item.name}</h2>
          {item.distanceKm !== undefined && (
            <span className="badge badge-primary badge-soft shrink-0" data-distance-km={item.distanceKm}>
              {item.distanceKm.toFixed(1)} km
            </span>
          )}
        </div>
        <p className="grow-0 text-sm text-base-content/80">
          {summary.subtitle ? `${summary.subtitle} · ${place}` : place}
        </p>
        <div className="flex flex-wrap gap-1 text-xs">
          <span className="badge badge-ghost">
            <span aria-hidden="true">★</span> {item.rating.toFixed(1)}
            <span className="sr-only"> out of 5</span> · {item.reviewCount.toLocaleString('en-IN')}{' '}
            {item.reviewCount === 1 ? 'review' : 'reviews'}
          </span>
          {summary.badges?.map((badge) => (
            <span key={badge} className="badge badge-ghost">
              {badge}
            </span>
          ))}
          {isAdmin && (
            <span
              className={`badge ${item.verificationStatus === 'VERIFIED' ? 'badge-success' : 'badge-warning'} badge-soft`}
            >
              {VERIFICATION_STATUS_LABELS[item.verificationStatus]}
              {item.status !== 'ACTIVE' ? ` · ${item.status.toLowerCase()}` : ''}
            </span>
          )}
        </div>
        {summary.facts && summary.facts.length > 0 && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {summary.facts.map((fact) => (
              <div key={fact.label} className="contents">
                <dt className="text-base-content/70">{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {item.phone && (
          <a className="link link-primary w-fit text-sm" href={`tel:+91${item.phone}`}>
            {formatPhone(item.phone)}
          </a>
        )}
      </div>
    </li>
  );
}
