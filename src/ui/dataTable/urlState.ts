/**
 * A list's paging, sorting and filters kept in the URL's search parameters, so a view survives
 * back/forward and a reload and can be shared. Pure: each function returns new parameters.
 */

export type SortOrder = 'asc' | 'desc';
export type Sort = { by: string; order: SortOrder };

/** The page asked for: 1 when absent or not a whole number above 0. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The same view on another page; page 1 is the absence of `page`. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** The sort in `sortBy` and `sortOrder`, or the list's default for what is absent or unknown. */
export function sortOf(params: URLSearchParams, defaults: Sort): Sort {
  const order = params.get('sortOrder');
  return {
    by: params.get('sortBy') || defaults.by,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
  };
}

/** A click on a column's header: the column sorted now turns around; another one starts ascending. */
export function toggledSort(current: Sort, by: string): Sort {
  if (current.by === by) return { by, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { by, order: 'asc' };
}

/** The view sorted another way, from its first page; the default sort leaves the URL bare. */
export function withSort(params: URLSearchParams, sort: Sort, defaults: Sort): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (sort.by === defaults.by) next.delete('sortBy');
  else next.set('sortBy', sort.by);
  if (sort.order === defaults.order) next.delete('sortOrder');
  else next.set('sortOrder', sort.order);
  return next;
}

/** The values of a filter form, read from the URL ('' for each one absent). */
export function draftOf(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, params.get(key) ?? '']));
}

/**
 * The view with a filter form's values applied: each one trimmed, an empty one removed, from the
 * first page; parameters the form does not hold (the sort order, say) stay.
 */
export function withFilters(
  params: URLSearchParams,
  draft: Readonly<Record<string, string>>,
  keys: readonly string[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  for (const key of keys) {
    const value = (draft[key] ?? '').trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** `aria-sort` of a column's header. */
export function ariaSortOf(sort: Sort | undefined, by: string | undefined): 'ascending' | 'descending' | undefined {
  if (!sort || !by || sort.by !== by) return undefined;
  return sort.order === 'asc' ? 'ascending' : 'descending';
}
