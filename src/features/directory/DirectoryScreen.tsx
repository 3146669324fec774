import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { directoryKeys } from '../../api/directory.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { DataTable } from '../../ui/dataTable/DataTable.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { DirectoryFilterBar } from './DirectoryFilterBar.tsx';
import type { DirectoryConfig, DirectoryEntry } from './directoryTypes.ts';
import { ResultCard } from './ResultCard.tsx';
import { useDirectorySearch } from './useDirectorySearch.ts';

export type { CardSummary, DirectoryConfig, DirectoryEntry, FilterControl, SortOption } from './directoryTypes.ts';

const PAGE_SIZE = '20';

/**
 * One organisation list for Admins and Users, driven by a config: every filter lives in the URL (so a
 * search survives back/forward and can be shared), "near me" with a typed-city fallback, distance,
 * pages, and loading, empty and error states. Admins also see each entry's verification status.
 */
export function DirectoryScreen<T extends DirectoryEntry>({
  config,
  within,
}: {
  config: DirectoryConfig<T>;
  /** Set when the list is part of another screen (booking): that screen has the page's title and h1. */
  within?: string;
}) {
  const { kind, title, noun } = config;
  usePageTitle(within ?? title);
  const Heading = within ? 'h2' : 'h1';
  const titleId = useId();
  const { user } = useAuth();
  const isAdmin = user?.role === 'ADMIN';
  // Patients book; a User who taps Book is offered to become a patient first.
  const canBook = user?.role === 'PATIENT' || user?.role === 'USER';
  const search = useDirectorySearch(config);
  const { query, update } = search;

  const results = useQuery({
    queryKey: directoryKeys.search(kind, query),
    queryFn: ({ signal }) => config.search({ limit: PAGE_SIZE, ...query }, signal),
    placeholderData: (previous) => previous,
  });

  const data = results.data;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <Heading id={titleId} className={within ? 'text-lg font-semibold' : 'text-2xl font-bold tracking-tight'}>
          {title}
        </Heading>
        {data && <p className="text-sm text-base-content/70">{data.pagination.total.toLocaleString('en-IN')} found</p>}
      </header>
      {!within && <OfflineNotice />}
      <DirectoryFilterBar config={config} search={search} />
      <DataTable
        label={title}
        noun={noun}
        rows={data?.items}
        rowKey={(item) => item.id}
        card={(item) => (
          <ResultCard
            item={item}
            summary={config.summary(item)}
            isAdmin={isAdmin}
            pagePath={config.pagePath(item)}
            bookPath={canBook ? config.bookPath?.(item) : undefined}
          />
        )}
        listClassName="grid grid-cols-1 gap-3 lg:grid-cols-2"
        loading={results.isPending}
        error={results.isError ? results.error : null}
        retry={() => void results.refetch()}
        stale={results.isPlaceholderData}
        empty={
          <EmptyState title={`No ${noun} match these filters.`}>
            Try fewer filters, another city, or a larger area.
          </EmptyState>
        }
        pagination={data?.pagination}
        onPage={(page) => {
          update({ page: String(page) }, false);
          window.scrollTo({ top: 0 });
        }}
      />
    </section>
  );
}
