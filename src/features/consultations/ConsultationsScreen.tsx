import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  CONSULTATION_STATUS_LABELS,
  CONSULTATION_TYPES,
  CONSULTATION_TYPE_LABELS,
  VISIT_TYPE_LABELS,
  type ConsultationStatus,
} from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getConsultationsQueryOptions, type ConsultationSummary } from '../../api/consultations.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { LoadTogether } from '../../ui/LoadTogether.tsx';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { FilterBar } from '../../ui/dataTable/FilterBar.tsx';
import { useUrlListState } from '../../ui/dataTable/useUrlState.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ConsultationStatusBadge } from './parts.tsx';
import { StatsPanel } from './StatsPanel.tsx';

/** The status tabs: the visit's main stages (the later steps show under "All"). */
const TABS: ReadonlyArray<{ status: ConsultationStatus | ''; label: string }> = [
  { status: '', label: 'All' },
  { status: 'IN_PROGRESS', label: 'In progress' },
  { status: 'SCHEDULED', label: 'Scheduled' },
  { status: 'CONSULTATION_COMPLETED', label: CONSULTATION_STATUS_LABELS.CONSULTATION_COMPLETED },
  { status: 'COMPLETED', label: 'Completed' },
  { status: 'CANCELLED', label: 'Cancelled' },
];

const FILTERS = ['status', 'consultationType', 'dateFrom', 'dateTo'];
const PAGE_SIZE = 10;

const COLUMNS: ReadonlyArray<Column<ConsultationSummary>> = [
  {
    id: 'patient',
    header: 'Patient',
    primary: true,
    cell: (c) => (
      <Link to={`/consultations/${c.id}`} className="link link-primary font-medium">
        {c.patient.name}
      </Link>
    ),
  },
  { id: 'doctor', header: 'Doctor', cell: (c) => c.doctor?.name ?? '—' },
  { id: 'when', header: 'Started', cell: (c) => (c.startedAt ? formatDateTime(c.startedAt) : 'Not started') },
  {
    id: 'type',
    header: 'Type',
    cell: (c) => `${CONSULTATION_TYPE_LABELS[c.consultationType]}, ${VISIT_TYPE_LABELS[c.visitType].toLowerCase()}`,
  },
  { id: 'diagnosis', header: 'Diagnosis', cell: (c) => c.primaryDiagnosis ?? '—' },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <span className="flex flex-wrap gap-1">
        <ConsultationStatusBadge status={c.status} />
        {c.openAlerts > 0 && (
          <span className="badge badge-soft badge-error badge-sm whitespace-nowrap">
            {c.openAlerts} open alert{c.openAlerts === 1 ? '' : 's'}
          </span>
        )}
      </span>
    ),
  },
];

/** The hospital's consultations: status tabs, the SPEC §7 filters, newest first. */
export function ConsultationsScreen() {
  usePageTitle('Consultations');
  const list = useUrlListState({ filters: FILTERS });
  const { params, field } = list;
  const status = params.get('status') ?? '';
  const query = {
    page: list.page,
    limit: PAGE_SIZE,
    status: status || undefined,
    consultationType: params.get('consultationType') || undefined,
    dateFrom: params.get('dateFrom') || undefined,
    dateTo: params.get('dateTo') || undefined,
  };
  const consultations = useQuery({ ...getConsultationsQueryOptions(query), placeholderData: (previous) => previous });

  const tab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('status', value);
    else next.delete('status');
    next.delete('page');
    return `?${next.toString()}`;
  };

  return (
    <section aria-labelledby="consultations-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="consultations-title" className="text-2xl font-bold tracking-tight">
          Consultations
        </h1>
        <ButtonLink to="/consultations/walk-in">New walk-in consultation</ButtonLink>
      </header>
      <OfflineNotice />
      <nav aria-label="Consultation status">
        <div className="tabs tabs-box tabs-sm inline-flex flex-wrap sm:tabs-md">
          {TABS.map((t) => (
            <Link
              key={t.label}
              to={tab(t.status)}
              className={`tab whitespace-nowrap ${status === t.status ? 'tab-active' : 'text-base-content/80'}`}
              aria-current={status === t.status ? 'page' : undefined}
            >
              {t.label}
            </Link>
          ))}
        </div>
      </nav>
      <FilterBar
        label="Filter consultations"
        onSubmit={list.apply}
        bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-3"
        actions={
          <Button type="submit" className="grow">
            Apply filters
          </Button>
        }
        folded={
          <>
            <label className="flex flex-col gap-1 text-sm">
              From
              <input type="date" className="input w-full" {...field('dateFrom')} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              To
              <input type="date" className="input w-full" {...field('dateTo')} />
            </label>
          </>
        }
      >
        <label className="flex flex-col gap-1 text-sm">
          Type
          <select className="select w-full" {...field('consultationType')}>
            <option value="">Any type</option>
            {CONSULTATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONSULTATION_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
      </FilterBar>
      <LoadTogether what="consultations">
        <DataTable
          label="Consultations"
          noun="consultations"
          columns={COLUMNS}
          rows={consultations.data?.consultations}
          rowKey={(c) => c.id}
          loading={consultations.isPending}
          error={consultations.isError ? consultations.error : null}
          retry={() => void consultations.refetch()}
          stale={consultations.isPlaceholderData}
          empty={
            <EmptyState title="No consultations to show.">
              A consultation starts from an accepted appointment (Start consultation on the appointment's page), or as a
              walk-in (New walk-in consultation).
            </EmptyState>
          }
          pagination={consultations.data?.pagination}
          onPage={list.toPage}
        />
        <Link to="/referrals" className="link w-max text-sm">
          Referrals sent and received
        </Link>
        <StatsPanel startDate={params.get('dateFrom') || undefined} endDate={params.get('dateTo') || undefined} />
      </LoadTogether>
    </section>
  );
}
