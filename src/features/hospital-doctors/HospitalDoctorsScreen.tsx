import { useQuery } from '@tanstack/react-query';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useSearchParams } from 'react-router-dom';
import { SPECIALIZATION_LABELS, VERIFICATION_STATUS_LABELS } from '../../../domain/enums.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import { getHospitalDoctorsQueryOptions } from '../../api/doctors.ts';
import { messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

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
      {doctors.isPending && (
        <div role="status" className="flex items-center gap-2 py-8 text-base-content/70">
          <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading your doctors…
        </div>
      )}
      {doctors.isError && (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
          <span>Could not load your doctors: {messageOf(doctors.error)}</span>
          <Button size="sm" variant="danger" buttonStyle="outline" onClick={() => void doctors.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {doctors.data && doctors.data.doctors.length === 0 && (
        <div role="status" className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="font-medium">No doctors are linked to your hospital yet.</p>
          <p className="text-sm text-base-content/70">
            Doctors appear here when their CareMesh profile names your hospital as where they practise.
          </p>
        </div>
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
                    <span
                      className={`badge badge-soft ${d.verificationStatus === 'VERIFIED' ? 'badge-success' : 'badge-warning'}`}
                    >
                      {VERIFICATION_STATUS_LABELS[d.verificationStatus]}
                    </span>
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
