import { useQuery } from '@tanstack/react-query';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Link, useSearchParams } from 'react-router-dom';
import { SPECIALIZATION_LABELS, VERIFICATION_STATUS_LABELS } from '../../../domain/enums.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import type { Doctor } from '../../../domain/schemas/doctors.ts';
import { getHospitalDoctorsQueryOptions } from '../../api/doctors.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { withPage } from '../../ui/dataTable/urlState.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const COLUMNS: ReadonlyArray<Column<Doctor>> = [
  { id: 'name', header: 'Name', primary: true, cell: (d) => d.name },
  {
    id: 'specializations',
    header: 'Specialisations',
    cell: (d) => d.specializations.map((s) => SPECIALIZATION_LABELS[s as never] ?? s).join(', '),
  },
  { id: 'experience', header: 'Experience', cell: (d) => `${d.experienceYears} years` },
  { id: 'fee', header: 'Fee', cell: (d) => formatINR(d.consultationFee) },
  {
    id: 'schedule',
    header: 'Schedule',
    cell: (d) => (
      <Link to={`/doctors/${d.id}/schedule`} className="link link-primary" aria-label={`Schedule of ${d.name}`}>
        Schedule
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (d) => (
      <StatusBadge tone={d.verificationStatus === 'VERIFIED' ? 'success' : 'warning'}>
        {VERIFICATION_STATUS_LABELS[d.verificationStatus]}
      </StatusBadge>
    ),
  },
];

/** A hospital's own doctors (SPEC §2: the Hospital role's /doctors), in any verification state. */
export function HospitalDoctorsScreen() {
  usePageTitle('Doctors');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = params.get('page') ?? '1';
  const hospitalId = user?.referenceId ?? '';
  const doctors = useQuery({
    ...getHospitalDoctorsQueryOptions(hospitalId, page),
    enabled: hospitalId !== '',
    placeholderData: (previous) => previous,
  });

  return (
    <section aria-labelledby="doctors-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <h1 id="doctors-title" className="text-2xl font-bold tracking-tight">
          Doctors
        </h1>
        {doctors.data && (
          <p className="text-sm text-base-content/70">
            {doctors.data.pagination.total.toLocaleString('en-IN')} at your hospital
          </p>
        )}
      </header>
      <OfflineNotice />
      <DataTable
        label="Doctors at your hospital"
        noun="your doctors"
        columns={COLUMNS}
        rows={doctors.data?.doctors}
        rowKey={(d) => d.id}
        loading={doctors.isPending}
        error={doctors.isError ? doctors.error : null}
        retry={() => void doctors.refetch()}
        stale={doctors.isPlaceholderData}
        empty={
          <EmptyState title="No doctors are linked to your hospital yet.">
            Doctors appear here when their CareMesh profile names your hospital as where they practise.
          </EmptyState>
        }
        pagination={doctors.data?.pagination}
        onPage={(next) => {
          setParams((p) => withPage(p, next));
          window.scrollTo({ top: 0 });
        }}
      />
    </section>
  );
}
