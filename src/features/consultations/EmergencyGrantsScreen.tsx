import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getEmergencyGrantsQueryOptions, type EmergencyGrants } from '../../api/consultations.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { EmptyState } from '../../ui/LoadStates.tsx';
import { DataTable, type Column } from '../../ui/dataTable/DataTable.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

type Grant = EmergencyGrants['grants'][number];

const COLUMNS: ReadonlyArray<Column<Grant>> = [
  {
    id: 'who',
    header: 'Granted to',
    primary: true,
    cell: (g) => `${g.grantedToName} (${ROLE_LABELS[g.grantedToRole]})`,
  },
  { id: 'reason', header: 'Reason', cell: (g) => g.reason },
  { id: 'when', header: 'Granted', cell: (g) => formatDateTime(g.grantedAt) },
  {
    id: 'until',
    header: 'Until',
    cell: (g) => `${formatDateTime(g.expiresAt)}${new Date(g.expiresAt).getTime() > Date.now() ? ' (active)' : ''}`,
  },
  { id: 'reads', header: 'Reads', cell: (g) => String(g.reads) },
];

/** Admins review every emergency ("break the glass") grant to a consultation, newest first. */
export function EmergencyGrantsScreen() {
  usePageTitle('Emergency access');
  const [page, setPage] = useState(1);
  const grants = useQuery({ ...getEmergencyGrantsQueryOptions(page), placeholderData: (previous) => previous });
  return (
    <section aria-labelledby="grants-title" className="flex flex-col gap-4">
      <div>
        <h1 id="grants-title" className="text-2xl font-bold tracking-tight">
          Emergency access
        </h1>
        <p className="text-sm text-base-content/70">
          Every time a doctor or hospital not treating a patient opened a consultation in an emergency, with their
          reason and how many times they read it.
        </p>
      </div>
      <OfflineNotice />
      <DataTable
        label="Emergency access grants"
        noun="emergency access grants"
        columns={COLUMNS}
        rows={grants.data?.grants}
        rowKey={(g) => g.id}
        loading={grants.isPending}
        error={grants.isError ? grants.error : null}
        retry={() => void grants.refetch()}
        stale={grants.isPlaceholderData}
        empty={<EmptyState title="No emergency access so far." />}
        pagination={grants.data?.pagination}
        onPage={setPage}
      />
    </section>
  );
}
