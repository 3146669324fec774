import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { draftOf, pageOf, sortOf, withFilters, withPage, withSort, type Sort } from './urlState.ts';

/**
 * A list's filters, sort and page bound to the URL. Typed filters are drafts until the form is
 * applied; they follow the URL when it changes (back/forward, a header's sort, a link).
 */
export function useUrlListState({ filters, defaultSort }: { filters: readonly string[]; defaultSort?: Sort }) {
  const [params, setParams] = useSearchParams();
  const committed = JSON.stringify(filters.map((key) => params.get(key) ?? ''));
  const [draft, setDraft] = useState(() => draftOf(params, filters));
  const [draftFor, setDraftFor] = useState(committed);
  if (draftFor !== committed) {
    setDraftFor(committed);
    setDraft(draftOf(params, filters));
  }

  return {
    params,
    page: pageOf(params),
    sort: defaultSort ? sortOf(params, defaultSort) : undefined,
    draft,
    /** Props binding one input or select to its draft value. */
    field: (key: string) => ({
      value: draft[key] ?? '',
      onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value })),
    }),
    apply: (event?: FormEvent) => {
      event?.preventDefault();
      setParams(withFilters(params, draft, filters));
    },
    toPage: (page: number) => {
      setParams(withPage(params, page));
      window.scrollTo({ top: 0 });
    },
    setSort: (sort: Sort) => {
      if (defaultSort) setParams(withSort(params, sort, defaultSort));
    },
  };
}
