import { INDIAN_REGION_LABELS, labelOf } from '../../../domain/enums.ts';
import type { DirectorySearchParams } from '../../api/directory.ts';

/** One filter of a list, as a form control bound to one query parameter of SPEC §7. */
export type FilterControl =
  /** Applied as soon as it changes; '' is "any". */
  | {
      type: 'select';
      param: string;
      label: string;
      anyLabel: string;
      options: ReadonlyArray<readonly [string, string]>;
    }
  /** Any number of values, applied as they are ticked; sent as a repeated parameter (`?x=a&x=b`). */
  | {
      type: 'multi';
      param: string;
      label: string;
      anyLabel: string;
      options: ReadonlyArray<readonly [string, string]>;
    }
  /** A yes-only filter: checked sends `param=true`, unchecked sends nothing. */
  | { type: 'flag'; param: string; label: string }
  /** Typed, checked with the list's query schema and applied with the search button. */
  | { type: 'number'; param: string; label: string; min: number; max: number; step?: number; hint?: string }
  /** Free-text values typed separated by commas, applied with the search button; a repeated parameter. */
  | { type: 'terms'; param: string; label: string; hint?: string };

/** Parameters the API takes several values of. */
export const isRepeated = (filter: FilterControl) => filter.type === 'multi' || filter.type === 'terms';

/**
 * The values of a multi-value parameter: repeated (`?x=a&x=b`, what the screen writes) or comma-separated
 * (`?x=a,b`, which the API takes too), trimmed and without repeats.
 */
export function valuesOf(params: URLSearchParams, param: string): string[] {
  const values = params
    .getAll(param)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return [...new Set(values)];
}

/** The search the API gets from the URL: a repeated parameter becomes a list, any other its first value. */
export function queryOf(params: URLSearchParams, repeated: readonly string[]): DirectorySearchParams {
  const query: DirectorySearchParams = {};
  for (const key of new Set(params.keys())) {
    if (repeated.includes(key)) {
      const values = valuesOf(params, key);
      if (values.length > 0) query[key] = values;
    } else {
      query[key] = params.get(key) ?? undefined;
    }
  }
  return query;
}

export type ParamChanges = Record<string, string | readonly string[] | undefined>;

/**
 * The URL's parameters after some changes: undefined, '' or [] removes a parameter, a list repeats it.
 * Any change of what is searched goes back to page 1 unless `resetPage` is false (turning a page).
 */
export function withChanges(params: URLSearchParams, changes: ParamChanges, resetPage = true): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (typeof value === 'string' && value !== '') {
      next.set(key, value);
      continue;
    }
    next.delete(key);
    if (Array.isArray(value)) for (const v of new Set<string>(value)) if (v !== '') next.append(key, v);
  }
  if (resetPage) next.delete('page');
  return next;
}

/** One filter that is on, as a removable chip: what it says and the change that removes it. */
export type ActiveFilter = { id: string; text: string; remove: ParamChanges };

/** Every filter that is on (the state and the list's own filters), each value of a multi filter on its own. */
export function activeFilters(params: URLSearchParams, filters: readonly FilterControl[]): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const state = params.get('state');
  if (state) out.push({ id: 'state', text: labelOf(INDIAN_REGION_LABELS, state, state), remove: { state: undefined } });
  for (const filter of filters) {
    const { param } = filter;
    if (isRepeated(filter)) {
      const values = valuesOf(params, param);
      const labels = filter.type === 'multi' ? new Map(filter.options) : new Map<string, string>();
      for (const value of values) {
        out.push({
          id: `${param}=${value}`,
          text: labels.get(value) ?? value,
          remove: { [param]: values.filter((v) => v !== value) },
        });
      }
      continue;
    }
    const value = params.get(param);
    if (!value) continue;
    if (filter.type === 'flag') {
      if (value === 'true') out.push({ id: param, text: filter.label, remove: { [param]: undefined } });
    } else if (filter.type === 'select') {
      const label = filter.options.find(([v]) => v === value)?.[1] ?? value;
      out.push({ id: param, text: label, remove: { [param]: undefined } });
    } else {
      out.push({ id: param, text: `${filter.label}: ${value}`, remove: { [param]: undefined } });
    }
  }
  return out;
}

/** The change that turns every filter off; the text search, the place and the order stay. */
export function clearAllFilters(filters: readonly FilterControl[]): ParamChanges {
  return Object.fromEntries([['state', undefined], ...filters.map((f) => [f.param, undefined])]);
}
