import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  APPOINTMENT_MODE_LABELS,
  URGENCIES,
  URGENCY_LABELS,
  WAITLIST_STATUSES,
  type Urgency,
  type WaitlistStatus,
} from '../../../../domain/enums.ts';
import { formatDateTime } from '../../../../domain/rules/format.ts';
import { DAY_PARTS } from '../../../../domain/rules/schedules.ts';
import { getHospitalDoctorsQueryOptions } from '../../../api/doctors.ts';
import {
  getWaitlistQueryOptions,
  getWaitlistStatsQueryOptions,
  type WaitlistEntry,
  type WaitlistFilters,
  type WaitlistStats,
} from '../../../api/waitlist.ts';
import { useNeedsConnection } from '../../../offline/NeedsConnection.tsx';
import { OfflineNotice } from '../../../offline/OfflineMarks.tsx';
import { useAuth } from '../../../session/AuthContext.ts';
import { Button } from '../../../ui/Button.tsx';
import { DataTable } from '../../../ui/dataTable/DataTable.tsx';
import { FilterBar } from '../../../ui/dataTable/FilterBar.tsx';
import { useUrlListState } from '../../../ui/dataTable/useUrlState.ts';
import { SelectField } from '../../../ui/form/SelectField.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { EmptyState } from '../../../ui/LoadStates.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { LoadTogether, ReadyWhen, firstAnswerIn } from '../../../ui/LoadTogether.tsx';
import { DeskDialog, type DeskAction } from './DeskDialogs.tsx';
import { PriorityBadge, WaitlistStatusBadge, datesOf } from './parts.tsx';

const FILTER_KEYS = ['status', 'priority', 'doctorId', 'preferredDate'] as const;
const PAGE_SIZE = 10;
const PART_LABELS = Object.fromEntries(DAY_PARTS.map((part) => [part.key, part.label.toLowerCase()]));
const STATUS_FILTER_LABELS: Record<string, string> = {
  '': 'Any status',
  ACTIVE: 'Waiting',
  NOTIFIED: 'Offer held',
  CONVERTED: 'Booked',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};
const PRIORITY_FILTER_LABELS: Record<string, string> = { '': 'Any priority', ...URGENCY_LABELS };

/** /waitlist (hospital): the queue with every SPEC filter, its figures, and what the desk does by hand. */
export function WaitlistScreen() {
  usePageTitle('Waitlist');
  const titleId = useId();
  const { user } = useAuth();
  const hospitalId = user?.referenceId ?? '';
  const list = useUrlListState({ filters: FILTER_KEYS });
  const filters: WaitlistFilters = {
    page: list.page,
    limit: PAGE_SIZE,
    ...(list.params.get('status') ? { status: list.params.get('status') as WaitlistStatus } : {}),
    ...(list.params.get('priority') ? { priority: list.params.get('priority') as Urgency } : {}),
    ...(list.params.get('doctorId') ? { doctorId: list.params.get('doctorId')! } : {}),
    ...(list.params.get('preferredDate') ? { preferredDate: list.params.get('preferredDate')! } : {}),
  };
  const query = getWaitlistQueryOptions(filters);
  const entries = useQuery({ ...query, placeholderData: (previous) => previous });
  const stats = useQuery(getWaitlistStatsQueryOptions());
  const doctors = useQuery({ ...getHospitalDoctorsQueryOptions(hospitalId, '1'), enabled: Boolean(hospitalId) });
  const doctorOptions = ['', ...(doctors.data?.doctors.map((d) => d.id) ?? [])];
  const doctorLabels: Record<string, string> = {
    '': 'Any doctor',
    ...Object.fromEntries((doctors.data?.doctors ?? []).map((d) => [d.id, d.name])),
  };
  const [acting, setActing] = useState<{ entry: WaitlistEntry; action: DeskAction } | null>(null);
  const connection = useNeedsConnection('The desk’s changes need a connection: they are made on the server at once.');

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        Waitlist
      </h1>
      <p className="max-w-prose text-sm text-base-content/80">
        When an appointment is cancelled, rejected or moved, the freed time is offered to the first matching patient
        here (priority first, then position) and held for them for a few minutes. You can also offer a time by hand.
      </p>
      <LoadTogether what="the waitlist">
        <ReadyWhen ready={firstAnswerIn(stats)} />
        <StatsRow stats={stats.data} />
        <FilterBar
          label="Filter the waitlist"
          onSubmit={list.apply}
          bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          actions={<Button type="submit">Apply</Button>}
          folded={
            <>
              <SelectField
                label="Priority"
                options={['', ...URGENCIES]}
                labels={PRIORITY_FILTER_LABELS}
                placeholder=""
                {...list.field('priority')}
              />
              <SelectField
                label="Doctor"
                options={doctorOptions}
                labels={doctorLabels}
                placeholder=""
                {...list.field('doctorId')}
              />
              <TextField label="Preferred date" type="date" {...list.field('preferredDate')} />
            </>
          }
        >
          <SelectField
            label="Status"
            options={['', ...WAITLIST_STATUSES]}
            labels={STATUS_FILTER_LABELS}
            placeholder=""
            {...list.field('status')}
          />
        </FilterBar>
        <OfflineNotice queryKey={query.queryKey} />
        {connection.note}
        <DataTable
          label="Waitlist entries"
          noun="the waitlist"
          rows={entries.data?.entries}
          rowKey={(entry) => entry.id}
          card={(entry) => (
            <EntryRow
              entry={entry}
              offline={connection.offline}
              describedBy={connection.describedBy}
              onAct={(action) => setActing({ entry, action })}
            />
          )}
          loading={entries.isPending}
          error={entries.isError && !entries.data ? entries.error : null}
          retry={() => void entries.refetch()}
          stale={entries.isPlaceholderData}
          empty={
            <EmptyState title="Nobody is on the waitlist with these filters.">
              Patients join from a doctor’s booking page when no open time suits them.
            </EmptyState>
          }
          pagination={entries.data?.pagination}
          onPage={list.toPage}
        />
      </LoadTogether>
      {acting && <DeskDialog entry={acting.entry} action={acting.action} onClose={() => setActing(null)} />}
    </section>
  );
}

function StatsRow({ stats }: { stats: WaitlistStats | undefined }) {
  const items: Array<[string, string]> = stats
    ? [
        ['Waiting', String(stats.byStatus.ACTIVE ?? 0)],
        ['Offers held', String(stats.byStatus.NOTIFIED ?? 0)],
        ['Booked from the waitlist', String(stats.filledFromWaitlist)],
        ['Fill rate', stats.fillRate === null ? '—' : `${Math.round(stats.fillRate * 100)}%`],
        ['Median time to fill', stats.medianMinutesToFill === null ? '—' : `${stats.medianMinutesToFill} min`],
        ['Offers per fill', stats.offersPerFill === null ? '—' : String(stats.offersPerFill)],
        ['Expired', String(stats.expiredEntries)],
      ]
    : [];
  if (!stats) return null;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-label="Waitlist figures">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-box border border-base-300 bg-base-100 p-3">
          <dt className="text-xs text-base-content/80">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EntryRow({
  entry,
  offline,
  describedBy,
  onAct,
}: {
  entry: WaitlistEntry;
  offline: boolean;
  describedBy: string | undefined;
  onAct: (action: DeskAction) => void;
}) {
  const live = entry.status === 'ACTIVE' || entry.status === 'NOTIFIED';
  const when = entry.timesOfDay.length ? entry.timesOfDay.map((p) => PART_LABELS[p]).join(', ') : 'any time';
  const button = (action: DeskAction, label: string, hidden?: string) => (
    <Button
      size="sm"
      buttonStyle="outline"
      disabled={offline}
      aria-describedby={describedBy}
      onClick={() => onAct(action)}
    >
      {label}
      {hidden && <span className="sr-only"> {hidden}</span>}
    </Button>
  );
  return (
    <article className="card border border-base-300 bg-base-100" aria-label={`Waitlist entry: ${entry.patientName}`}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold break-words">
              {live && entry.position !== null && <span className="me-2 tabular-nums">#{entry.position}</span>}
              {entry.patientName}
            </p>
            <p className="text-sm text-base-content/80">
              {entry.doctorName ?? 'Any doctor'} · {datesOf(entry.preferredFrom, entry.preferredTo)} · {when} ·{' '}
              {entry.mode ? APPOINTMENT_MODE_LABELS[entry.mode] : 'any mode'}
            </p>
            <p className="line-clamp-2 text-sm break-words">{entry.reason}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <PriorityBadge priority={entry.priority} />
            <WaitlistStatusBadge status={entry.status} />
          </div>
        </div>
        {entry.urgency !== 'MEDIUM' && (
          <p className="text-sm">Patient marked it {URGENCY_LABELS[entry.urgency].toLowerCase()}.</p>
        )}
        {entry.offer && (
          <p className="text-sm">
            Offered {formatDateTime(entry.offer.slotStart)} with {entry.offer.doctorName ?? 'the doctor'}, held until{' '}
            {formatDateTime(entry.offer.expiresAt)}
            {entry.offer.source === 'MANUAL' ? ' (offered by hand)' : ''}.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {live && entry.position !== null && entry.position > 1 && button('UP', 'Move up', entry.patientName)}
          {live && button('DOWN', 'Move down', entry.patientName)}
          {live && button('PRIORITY', 'Priority…', entry.patientName)}
          {entry.status === 'ACTIVE' && button('OFFER', 'Offer a time…', entry.patientName)}
          {entry.actions.includes('REMOVE') && button('REMOVE', 'Remove', entry.patientName)}
          {entry.actions.includes('REINSTATE') && button('REINSTATE', 'Put back', entry.patientName)}
        </div>
      </div>
    </article>
  );
}
