import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { BLOOD_GROUPS, BLOOD_GROUP_LABELS, INDIAN_REGIONS, INDIAN_REGION_LABELS } from '../../../domain/enums.ts';
import { CARE_ACCESS_DAYS } from '../../../domain/rules/careAccess.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import type { Patient } from '../../../domain/schemas/patients.ts';
import { getPatientsQueryOptions } from '../../api/patients.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { FilterBar } from '../../ui/dataTable/FilterBar.tsx';
import { useUrlListState } from '../../ui/dataTable/useUrlState.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const TEXT_FILTERS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['phoneNumber', 'Phone'],
  ['email', 'Email'],
  ['city', 'City'],
] as const;

const FILTER_KEYS = [...TEXT_FILTERS.map(([key]) => key), 'bloodGroup', 'state', 'sortBy'];
const DEFAULT_SORT = { by: 'lastName', order: 'asc' } as const;

const COLUMNS: ReadonlyArray<Column<Patient>> = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    sortBy: 'lastName',
    cell: (p) => (
      <Link to={`/patients/${p.id}`} className="link link-primary font-medium">
        {p.firstName} {p.lastName}
      </Link>
    ),
  },
  { id: 'dateOfBirth', header: 'Date of birth', sortBy: 'dateOfBirth', cell: (p) => formatDate(p.dateOfBirth) },
  { id: 'bloodGroup', header: 'Blood group', cell: (p) => (p.bloodGroup ? BLOOD_GROUP_LABELS[p.bloodGroup] : '—') },
  { id: 'phone', header: 'Phone', cell: (p) => (p.phone ? formatPhone(p.phone) : '—') },
  { id: 'city', header: 'City', cell: (p) => p.city ?? '—' },
  {
    id: 'tests',
    header: 'Tests',
    cell: (p) => (
      <Link
        className="link"
        to={`/patients/${p.id}/order-tests`}
        aria-label={`Order tests for ${p.firstName} ${p.lastName}`}
      >
        Order tests
      </Link>
    ),
  },
];

/** The doctor's patients with the SPEC §3 filters, all kept in the URL. */
export function PatientsScreen() {
  usePageTitle('Patients');
  const list = useUrlListState({ filters: FILTER_KEYS, defaultSort: DEFAULT_SORT });
  const { params, field } = list;
  const query = Object.fromEntries(params.entries());

  const patients = useQuery({
    ...getPatientsQueryOptions(query),
    placeholderData: (previous) => previous,
  });

  return (
    <section aria-labelledby="patients-title" className="flex flex-col gap-4">
      <h1 id="patients-title" className="text-2xl font-bold tracking-tight">
        Patients
      </h1>
      <OfflineNotice />
      <FilterBar
        label="Filter patients"
        onSubmit={list.apply}
        bodyClassName="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        folded={
          <>
            {TEXT_FILTERS.slice(2).map(([key, label]) => (
              <TextFilter key={key} label={label} {...field(key)} />
            ))}
            <label className="flex flex-col gap-1 text-sm">
              Blood group
              <select className="select w-full" {...field('bloodGroup')}>
                <option value="">Any</option>
                {BLOOD_GROUPS.map((b) => (
                  <option key={b} value={b}>
                    {BLOOD_GROUP_LABELS[b]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              State
              <select className="select w-full" {...field('state')}>
                <option value="">All states</option>
                {INDIAN_REGIONS.map((s) => (
                  <option key={s} value={s}>
                    {INDIAN_REGION_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Sort by
              <select className="select w-full" {...field('sortBy')}>
                <option value="">Last name</option>
                <option value="firstName">First name</option>
                <option value="createdAt">Newest</option>
                <option value="dateOfBirth">Date of birth</option>
              </select>
            </label>
          </>
        }
        actions={
          <Button type="submit" className="grow">
            Apply filters
          </Button>
        }
      >
        {TEXT_FILTERS.slice(0, 2).map(([key, label]) => (
          <TextFilter key={key} label={label} {...field(key)} />
        ))}
      </FilterBar>
      <DataTable
        label="Patients"
        noun="patients"
        columns={COLUMNS}
        rows={patients.data?.patients}
        rowKey={(p) => p.id}
        loading={patients.isPending}
        error={patients.isError ? patients.error : null}
        retry={() => void patients.refetch()}
        stale={patients.isPlaceholderData}
        empty={
          <EmptyState title="No patients to show.">
            Patients appear here once you accept their appointment, and stay for {CARE_ACCESS_DAYS} days after a
            completed visit. You see the documents a patient shares with their visit on the appointment's page.
          </EmptyState>
        }
        pagination={patients.data?.pagination}
        onPage={list.toPage}
        sort={list.sort}
        onSort={list.setSort}
      />
    </section>
  );
}

function TextFilter({
  label,
  ...input
}: {
  label: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input className="input w-full" {...input} />
    </label>
  );
}
