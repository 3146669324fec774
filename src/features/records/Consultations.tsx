import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CONSULTATION_STATUS_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { consultationPaths, getConsultationsQueryOptions } from '../../api/consultations.ts';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import { Pagination } from '../../ui/Pagination.tsx';

/** The patient's own consultations: each opens the record (private notes excepted) and prints. */
export function Consultations() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...getConsultationsQueryOptions({ page, limit: 10 }),
    placeholderData: (previous) => previous,
  });
  useLoadedTogether(firstAnswerIn(list));
  return (
    <section aria-labelledby="my-consultations-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="my-consultations-title" className="text-lg font-semibold">
          Consultations
        </h2>
        {list.isPending && <Loading what="your consultations" />}
        {list.isError && <LoadError what="your consultations" error={list.error} retry={() => void list.refetch()} />}
        {list.data?.consultations.length === 0 && (
          <EmptyState title="No consultations yet.">
            Your doctor's notes, diagnoses and prescriptions appear here after a visit.
          </EmptyState>
        )}
        <ul className="flex flex-col gap-2">
          {list.data?.consultations.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border border-base-300 p-3 text-sm"
            >
              <Link to={`/consultations/${c.id}`} className="link link-primary font-medium">
                {c.doctor?.name ?? c.hospital?.name ?? 'Consultation'}, {formatDateTime(c.startedAt ?? c.createdAt)}
              </Link>
              <span className="badge badge-soft badge-sm">{CONSULTATION_STATUS_LABELS[c.status]}</span>
              <span className="text-base-content/80">{c.primaryDiagnosis ?? 'No diagnosis recorded'}</span>
              <a className="link ml-auto" href={consultationPaths.summaryUrl(c.id)} target="_blank" rel="noopener">
                Print summary
              </a>
            </li>
          ))}
        </ul>
        {list.data && <Pagination pagination={list.data.pagination} onPage={setPage} />}
      </div>
    </section>
  );
}
