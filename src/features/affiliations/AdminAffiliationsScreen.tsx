import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AFFILIATION_TYPE_LABELS } from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { getAdminAffiliationsQueryOptions, type AffiliationSummary } from '../../api/affiliations.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { useUrlListState } from '../../ui/dataTable/useUrlState.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AffiliationFilters } from './AffiliationFilters.tsx';
import { ExportButton } from './ListPanels.tsx';
import { listParamsOf } from './model.ts';
import { AffiliationStatusBadge, benefitsText, partyKindText } from './parts.tsx';

const PAGE_SIZE = 20;
const FILTERS = ['status', 'type', 'searchTerm'];

const COLUMNS: ReadonlyArray<Column<AffiliationSummary>> = [
  {
    id: 'parties',
    header: 'Parties',
    primary: true,
    cell: (row) => (
      <Link className="link link-primary" to={`/affiliations/${row.id}`}>
        {row.proposer.name} → {row.recipient.name}
      </Link>
    ),
  },
  {
    id: 'kinds',
    header: 'Kinds',
    cell: (row) => `${partyKindText(row.proposer.kind)} → ${partyKindText(row.recipient.kind)}`,
  },
  { id: 'type', header: 'Type', cell: (row) => AFFILIATION_TYPE_LABELS[row.type] },
  { id: 'status', header: 'Status', cell: (row) => <AffiliationStatusBadge status={row.status} size="sm" /> },
  { id: 'benefits', header: 'Benefits', cell: (row) => benefitsText(row.benefits) },
  {
    id: 'verification',
    header: 'Verification',
    cell: (row) =>
      !row.verificationRequired ? (
        'Not needed'
      ) : row.verifiedAt ? (
        <StatusBadge tone="success" size="sm">
          Verified
        </StatusBadge>
      ) : (
        <StatusBadge tone="warning" size="sm">
          To verify
        </StatusBadge>
      ),
  },
  { id: 'dates', header: 'Runs', cell: (row) => `${formatDate(row.startDate)} – ${formatDate(row.endDate)}` },
];

/** /admin/affiliations: every affiliation (GET /affiliations/admin/all); open one to verify its commission. */
export function AdminAffiliationsScreen() {
  usePageTitle('Affiliations');
  const list = useUrlListState({ filters: FILTERS });
  const { params, field } = list;
  const query = useQuery({
    ...getAdminAffiliationsQueryOptions(listParamsOf(params, list.page, PAGE_SIZE)),
    placeholderData: (previous) => previous,
  });
  return (
    <section aria-labelledby="admin-affiliations-title" className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="admin-affiliations-title" className="text-2xl font-bold tracking-tight">
            Affiliations
          </h1>
          <p className="text-sm text-base-content/70">
            Every link between organisations. Those with commission or revenue share wait for your verification.
          </p>
        </div>
        <ExportButton status={listParamsOf(params, 1, PAGE_SIZE).status} />
      </div>
      <OfflineNotice />
      <AffiliationFilters field={field} onSubmit={list.apply} searchPlaceholder="Party name or city" />
      <DataTable
        label="All affiliations"
        noun="affiliations"
        columns={COLUMNS}
        rows={query.data?.affiliations}
        rowKey={(row) => row.id}
        loading={query.isPending}
        error={query.isError ? query.error : null}
        retry={() => void query.refetch()}
        stale={query.isPlaceholderData}
        empty={
          FILTERS.some((key) => params.get(key)) ? (
            <EmptyState title="No affiliation matches these filters.">Try another status, type or search.</EmptyState>
          ) : (
            <EmptyState title="No affiliations yet.">They appear here as organisations propose them.</EmptyState>
          )
        }
        pagination={query.data?.pagination}
        onPage={list.toPage}
      />
    </section>
  );
}
