import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  activeFilters,
  clearAllFilters,
  isRepeated,
  queryOf,
  valuesOf,
  withChanges,
  type ParamChanges,
} from './directoryFilters.ts';
import type { DirectoryConfig, DirectoryEntry, SortOption } from './directoryTypes.ts';
import { useNearMe } from './useNearMe.ts';

const NEAR_ME_RADIUS_KM = '25';
const DISTANCE_SORT: SortOption = { value: 'distance:asc', label: 'Distance (nearest first)' };
const GEO_PARAMS = { latitude: undefined, longitude: undefined, maxDistanceInKm: undefined } as const;

/**
 * The state of a directory search: every filter lives in the URL (so a search survives back/forward
 * and can be shared); typed fields are drafts, checked with the server's schema before they apply;
 * "near me" falls back to a typed city.
 */
export function useDirectorySearch<T extends DirectoryEntry>(config: DirectoryConfig<T>) {
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

  return {
    params,
    query,
    hasPoint,
    draft,
    errors,
    setField,
    filtersId,
    showFilters,
    setShowFilters,
    active,
    update,
    near,
    cityRef,
    locationFailed,
    submit,
    clearFilters,
    sorts,
    sortValue,
    clearLocation,
  };
}

export type DirectorySearch = ReturnType<typeof useDirectorySearch>;
