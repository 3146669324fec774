import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getConsultationAuditLogQueryOptions } from '../../api/consultations.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Section } from './parts.tsx';

/** Who opened and changed the record: every read and change, with role and time. */
export function AuditLogSection({ consultationId }: { consultationId: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const log = useQuery({ ...getConsultationAuditLogQueryOptions(consultationId, page), enabled: open });
  return (
    <Section id="audit-title" title="Access log">
      <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary className="cursor-pointer text-sm">Who opened and changed this record</summary>
        {open && log.isPending && <Loading what="the access log" />}
        {log.isError && <LoadError what="the access log" error={log.error} retry={() => void log.refetch()} />}
        {log.data && (
          <>
            <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Access log">
              {log.data.entries.map((entry) => (
                <li key={entry.id} className="flex flex-wrap gap-x-2">
                  <span className="text-base-content/70">{formatDateTime(entry.at)}</span>
                  <span className="font-medium">
                    {entry.actorName} ({ROLE_LABELS[entry.actorRole]})
                  </span>
                  <span>{entry.what}</span>
                  {entry.emergency && <span className="badge badge-error badge-soft badge-sm">Emergency access</span>}
                </li>
              ))}
            </ul>
            <Pagination pagination={log.data.pagination} onPage={setPage} />
          </>
        )}
      </details>
    </Section>
  );
}
