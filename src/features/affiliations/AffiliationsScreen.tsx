import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { AFFILIATION_TYPE_LABELS } from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { getAffiliationsQueryOptions, type AffiliationSummary } from '../../api/affiliations.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { LoadTogether, ReadyWhen } from '../../ui/LoadTogether.tsx';
import { useUrlListState } from '../../ui/dataTable/useUrlState.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BulkStatus } from './BulkStatus.tsx';
import { AffiliationFilters } from './AffiliationFilters.tsx';
import { ExpiringSoon, ExportButton } from './ListPanels.tsx';
import { detailPathFor, kindPathOf, listParamsOf } from './model.ts';
import { AffiliationStatusBadge, benefitsText, partyKindText } from './parts.tsx';
import { ProposeDialog } from './ProposeDialog.tsx';

const PAGE_SIZE = 20;
const HospitalDashboard = lazy(() => import('./HospitalDashboard.tsx'));

/** /affiliations for a hospital, doctor, diagnostics centre or pharmacy: its links, filtered and paged in the URL. */
export function AffiliationsScreen() {
  usePageTitle('Affiliations');
  const { user } = useAuth();
  const kind = kindPathOf(user?.role)!;
  const hospital = user?.role === 'HOSPITAL';
  const filters = hospital ? ['status', 'type', 'searchTerm'] : ['status', 'type'];
  const list = useUrlListState({ filters });
  const { params, field } = list;
  const query = useQuery({
    ...getAffiliationsQueryOptions(kind, listParamsOf(params, list.page, PAGE_SIZE)),
    placeholderData: (previous) => previous,
  });
  const [proposing, setProposing] = useState(false);
  // The rows chosen for a bulk change (kept across pages), with their partners' names for the results.
  const [selected, setSelected] = useState<Record<string, string>>({});
  const rows = query.data?.affiliations;
  const toggle = (row: AffiliationSummary, on: boolean) =>
    setSelected((now) => {
      const next = { ...now };
      if (on) next[row.id] = row.partner.name;
      else delete next[row.id];
      return next;
    });

  const columns: ReadonlyArray<Column<AffiliationSummary>> = [
    {
      id: 'select',
      header: 'Select',
      cell: (row) => (
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          aria-label={`Select ${row.partner.name}`}
          checked={row.id in selected}
          onChange={(e) => toggle(row, e.target.checked)}
        />
      ),
    },
    {
      id: 'partner',
      header: 'Partner',
      primary: true,
      cell: (row) => (
        <Link className="link link-primary" to={detailPathFor(user, row.id)}>
          {row.partner.name}
        </Link>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (row) => `${partyKindText(row.partner.kind)}${row.partner.city ? ` · ${row.partner.city}` : ''}`,
    },
    { id: 'type', header: 'Type', cell: (row) => AFFILIATION_TYPE_LABELS[row.type] },
    { id: 'status', header: 'Status', cell: (row) => <AffiliationStatusBadge status={row.status} size="sm" /> },
    { id: 'benefits', header: 'Benefits', cell: (row) => benefitsText(row.benefits) },
    {
      id: 'dates',
      header: 'Runs',
      cell: (row) => `${formatDate(row.startDate)} – ${formatDate(row.endDate)}`,
    },
  ];

  return (
    <section aria-labelledby="affiliations-title" className="flex w-full flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="affiliations-title" className="text-2xl font-bold tracking-tight">
            Affiliations
          </h1>
          <p className="text-sm text-base-content/70">
            Your links with hospitals, doctors, diagnostics centres and pharmacies. Open one to see its terms,
            commission, ledger and history.
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <ExportButton status={listParamsOf(params, 1, PAGE_SIZE).status} />
          <OnlineButton variant="primary" onClick={() => setProposing(true)}>
            Propose affiliation
          </OnlineButton>
        </div>
      </div>
      <OfflineNotice />
      <LoadTogether what="affiliations">
        {hospital && (
          <Suspense
            fallback={
              <ReadyWhen ready={false}>
                <p className="text-sm">Loading the dashboard…</p>
              </ReadyWhen>
            }
          >
            <HospitalDashboard />
          </Suspense>
        )}
        <ExpiringSoon />
        <AffiliationFilters
          field={field}
          onSubmit={list.apply}
          searchPlaceholder={hospital ? 'Partner name or city' : undefined}
        />
        <BulkStatus selected={Object.keys(selected)} names={selected} onClear={() => setSelected({})} />
        <DataTable
          label="Affiliations"
          noun="affiliations"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={query.isPending}
          error={query.isError ? query.error : null}
          retry={() => void query.refetch()}
          stale={query.isPlaceholderData}
          empty={
            filters.some((key) => params.get(key)) ? (
              <EmptyState title="No affiliation matches these filters.">Try another status, type or search.</EmptyState>
            ) : (
              <EmptyState title="No affiliations yet.">
                Propose one to a verified hospital, doctor, diagnostics centre or pharmacy.
              </EmptyState>
            )
          }
          pagination={query.data?.pagination}
          onPage={list.toPage}
        />
      </LoadTogether>
      {user && <ProposeDialog open={proposing} user={user} kind={kind} onClose={() => setProposing(false)} />}
    </section>
  );
}
