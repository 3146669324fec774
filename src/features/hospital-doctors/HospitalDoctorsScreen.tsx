import { useQuery } from '@tanstack/react-query';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useSearchParams } from 'react-router-dom';
import { SPECIALIZATION_LABELS, VERIFICATION_STATUS_LABELS } from '../../../domain/enums.ts';
import type { Pagination as PageInfo } from '../../../domain/errors.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import type { Doctor } from '../../../domain/schemas/doctors.ts';
import { request } from '../../api/http.ts';
import { useAuth } from '../../app/auth/AuthContext.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

/** A hospital's own doctors (SPEC §2: the Hospital role's /doctors), in any verification state. */
export function HospitalDoctorsScreen() {
  usePageTitle('Doctors');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const page = params.get('page') ?? '1';
  const hospitalId = user?.referenceId ?? '';
  const doctors = useQuery({
    queryKey: ['doctors', 'ofHospital', hospitalId, page],
    queryFn: async ({ signal }) =>
      (
        await request<{ data: { doctors: Doctor[]; pagination: PageInfo } }>('get', '/doctors/search', {
          query: { hospitalId, page, limit: 20, sortBy: 'name' },
          signal,
        })
      ).data,
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
      {doctors.isPending && <Loading what="your doctors" />}
      {doctors.isError && <LoadError what="your doctors" error={doctors.error} retry={() => void doctors.refetch()} />}
      {doctors.data && doctors.data.doctors.length === 0 && (
        <EmptyState title="No doctors are linked to your hospital yet.">
          Doctors appear here when their CareMesh profile names your hospital as where they practise.
        </EmptyState>
      )}
      {doctors.data && doctors.data.doctors.length > 0 && (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Specialisations</th>
                <th scope="col">Experience</th>
                <th scope="col">Fee</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {doctors.data.doctors.map((d) => (
                <tr key={d.id}>
                  <td className="font-medium">{d.name}</td>
                  <td>{d.specializations.map((s) => SPECIALIZATION_LABELS[s as never] ?? s).join(', ')}</td>
                  <td>{d.experienceYears} years</td>
                  <td>{formatINR(d.consultationFee)}</td>
                  <td>
                    <StatusBadge tone={d.verificationStatus === 'VERIFIED' ? 'success' : 'warning'}>
                      {VERIFICATION_STATUS_LABELS[d.verificationStatus]}
                    </StatusBadge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {doctors.data && (
        <Pagination
          pagination={doctors.data.pagination}
          onPage={(next) => setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), page: String(next) }))}
        />
      )}
    </section>
  );
}
