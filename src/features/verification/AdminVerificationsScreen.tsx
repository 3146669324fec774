import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  INDIAN_STATE_LABELS,
  ONBOARDING_REQUIRED_ACTION_LABELS,
  PROVIDER_KINDS,
  PROVIDER_KIND_LABELS,
  VERIFICATION_STATUSES,
  VERIFICATION_STATUS_LABELS,
  type IndianState,
  type VerificationStatus,
} from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import {
  getPendingVerificationsQueryOptions,
  getVerificationStatsQueryOptions,
  type PendingEntity,
  type VerificationStats,
} from '../../api/verification.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { FilterBar } from '../../ui/dataTable/FilterBar.tsx';
import { useUrlListState } from '../../ui/dataTable/useUrlState.ts';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { LoadTogether, firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { VerificationStatusBadge } from '../../ui/VerificationBadges.tsx';
import { entityPath, hoursInWords, pendingParamsOf, waitingWords } from './model.ts';

const PAGE_SIZE = 20;
/** The stats table's column headers: short enough for a phone. */
const STATUS_HEADERS: Record<VerificationStatus, string> = {
  PENDING: 'Pending',
  UNDER_REVIEW: 'Under review',
  VERIFIED: 'Verified',
  REJECTED: 'Rejected',
};
const FILTER_KEYS = ['entityType', 'status', 'search'];

const placeOf = (row: { city: string; state: string }) =>
  [row.city, INDIAN_STATE_LABELS[row.state as IndianState] ?? row.state].filter(Boolean).join(', ');

const COLUMNS: ReadonlyArray<Column<PendingEntity>> = [
  {
    id: 'name',
    header: 'Provider',
    primary: true,
    cell: (row) => (
      <Link to={entityPath(row.entityId, row.entityType)} className="link link-primary">
        {row.name}
      </Link>
    ),
  },
  { id: 'kind', header: 'Kind', cell: (row) => PROVIDER_KIND_LABELS[row.entityType] },
  { id: 'place', header: 'Place', cell: placeOf },
  { id: 'status', header: 'Status', cell: (row) => <VerificationStatusBadge status={row.verificationStatus} /> },
  {
    id: 'waiting',
    header: 'Waiting',
    cell: (row) =>
      row.waitingSince ? (
        <span title={formatDateTime(row.waitingSince)}>{waitingWords(row.waitingSince)}</span>
      ) : (
        'Nothing waiting'
      ),
  },
  {
    id: 'documents',
    header: 'Documents',
    cell: (row) =>
      [
        row.awaitingReview > 0 && `${row.awaitingReview} to review`,
        row.sentBack > 0 && `${row.sentBack} sent back`,
        row.approved > 0 && `${row.approved} approved`,
      ]
        .filter(Boolean)
        .join(' · ') || 'None uploaded',
  },
  {
    id: 'action',
    header: 'Provider’s next step',
    cell: (row) => ONBOARDING_REQUIRED_ACTION_LABELS[row.requiredAction],
  },
];

/** The admin's verification queue (SPEC §2 /admin/verifications): the numbers, then who waits longest. */
export function AdminVerificationsScreen() {
  usePageTitle('Verifications');
  const list = useUrlListState({ filters: FILTER_KEYS });
  const { params, field } = list;
  const pending = useQuery({
    ...getPendingVerificationsQueryOptions(pendingParamsOf(params, list.page, PAGE_SIZE)),
    placeholderData: (previous) => previous,
  });
  return (
    <section aria-labelledby="verifications-title" className="flex flex-col gap-4">
      <div>
        <h1 id="verifications-title" className="text-2xl font-bold tracking-tight">
          Verifications
        </h1>
        <p className="text-sm text-base-content/70">
          Providers waiting for a decision, the longest waiting first. Open one to review its documents.
        </p>
        <p className="text-sm">
          <Link className="link link-primary" to="/admin/emergency-access">
            Review emergency access to consultations
          </Link>
        </p>
      </div>
      <OfflineNotice />
      <LoadTogether what="the verification queue">
        <Stats />
        <FilterBar
          label="Filter verifications"
          onSubmit={list.apply}
          bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
          actions={
            <Button type="submit" className="grow">
              Apply filters
            </Button>
          }
        >
          <label className="flex flex-col gap-1 text-sm">
            Kind
            <select className="select w-full" {...field('entityType')}>
              <option value="">All kinds</option>
              {PROVIDER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {PROVIDER_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Status
            <select className="select w-full" {...field('status')}>
              <option value="">Waiting for a decision</option>
              {VERIFICATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {VERIFICATION_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Search
            <input className="input w-full" type="search" placeholder="Name, city or number" {...field('search')} />
          </label>
        </FilterBar>
        <DataTable
          label="Providers waiting for verification"
          noun="the verification queue"
          columns={COLUMNS}
          rows={pending.data?.entities}
          rowKey={(row) => `${row.entityType}-${row.entityId}`}
          loading={pending.isPending}
          error={pending.isError ? pending.error : null}
          retry={() => void pending.refetch()}
          stale={pending.isPlaceholderData}
          empty={
            FILTER_KEYS.some((key) => params.get(key)) ? (
              <EmptyState title="No provider matches these filters.">Try another kind, status or search.</EmptyState>
            ) : (
              <EmptyState title="Nobody is waiting.">
                Providers appear here when they upload documents for review.
              </EmptyState>
            )
          }
          pagination={pending.data?.pagination}
          onPage={list.toPage}
        />
      </LoadTogether>
    </section>
  );
}

function Stats() {
  const stats = useQuery(getVerificationStatsQueryOptions());
  useLoadedTogether(firstAnswerIn(stats));
  if (stats.isPending) return <Loading inline what="the numbers" />;
  if (stats.isError) return <LoadError what="the numbers" error={stats.error} retry={() => void stats.refetch()} />;
  return <StatsView stats={stats.data} />;
}

function StatsView({ stats }: { stats: VerificationStats }) {
  const { oldestWaiting, medianHoursToDecision } = stats;
  return (
    <section aria-labelledby="verification-stats" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 id="verification-stats" className="sr-only">
          Numbers
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="rounded-field bg-base-200/60 p-3">
            <dt className="text-sm text-base-content/70">Documents awaiting review</dt>
            <dd className="text-2xl font-semibold tabular-nums">{stats.documentsAwaitingReview}</dd>
          </div>
          <div className="rounded-field bg-base-200/60 p-3">
            <dt className="text-sm text-base-content/70">Oldest waiting</dt>
            <dd className="font-medium">
              {oldestWaiting ? (
                <>
                  <Link
                    to={entityPath(oldestWaiting.entityId, oldestWaiting.entityType)}
                    className="link link-primary break-words"
                  >
                    {oldestWaiting.name}
                  </Link>
                  <span className="block text-sm font-normal">{waitingWords(oldestWaiting.waitingSince)}</span>
                </>
              ) : (
                'Nobody is waiting'
              )}
            </dd>
          </div>
          <div className="rounded-field bg-base-200/60 p-3">
            <dt className="text-sm text-base-content/70">Median time to a decision</dt>
            <dd className="font-medium">
              {medianHoursToDecision === null ? (
                'No decisions in the last 90 days'
              ) : (
                <>
                  {hoursInWords(medianHoursToDecision)}
                  <span className="block text-sm font-normal text-base-content/70">
                    over {stats.decisionsCounted} decisions in the last 90 days
                  </span>
                </>
              )}
            </dd>
          </div>
        </dl>
        <div className="-mx-4 overflow-x-auto sm:mx-0">
          <table
            className="table table-xs sm:table-sm [&_td]:px-1.5 [&_th]:px-1.5 sm:[&_td]:px-3 sm:[&_th]:px-3"
            aria-label="Providers by kind and status"
          >
            <thead>
              <tr>
                <th scope="col">Kind</th>
                {VERIFICATION_STATUSES.map((status) => (
                  <th key={status} scope="col" className="text-right whitespace-normal">
                    {STATUS_HEADERS[status]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stats.byKind.map((row) => (
                <tr key={row.entityType}>
                  <th scope="row">{PROVIDER_KIND_LABELS[row.entityType]}</th>
                  {VERIFICATION_STATUSES.map((status) => (
                    <td key={status} className="text-right tabular-nums">
                      {row[status]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
