import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../../domain/enums.ts';
import { getDocumentHistoryQueryOptions, type VerificationDocument } from '../../api/verification.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { DocumentStatusBadge, UrgencyBadge } from '../../ui/VerificationBadges.tsx';
import { DocumentDetails, DocumentFiles, ReviewNote } from './parts.tsx';

const HISTORY_PAGE_SIZE = 5;

/** Every version of one document, newest first, each with its review and its files. */
export function VersionList({
  versions,
  numberLabel,
}: {
  versions: readonly VerificationDocument[];
  numberLabel: string;
}) {
  if (versions.length === 0) return <p className="text-sm text-base-content/70">No versions yet.</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label="Versions, newest first">
      {versions.map((version) => {
        const title = `${DOCUMENT_TYPE_LABELS[version.documentType]}, version ${version.version}`;
        return (
          <li key={version.id} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span>Version {version.version}</span>
              {version.current && <span className="text-sm font-normal text-base-content/70">(current)</span>}
              <DocumentStatusBadge status={version.status} size="sm" />
              {version.urgency && <UrgencyBadge urgency={version.urgency} size="sm" />}
            </p>
            <DocumentDetails document={version} numberLabel={numberLabel} />
            <ReviewNote document={version} />
            <DocumentFiles files={version.files} documentLabel={title} />
          </li>
        );
      })}
    </ol>
  );
}

/** The provider's versions of one document, fetched when opened, a page at a time. */
export function ProviderVersionHistory({
  documentType,
  numberLabel,
}: {
  documentType: DocumentType;
  numberLabel: string;
}) {
  const [page, setPage] = useState(1);
  const history = useQuery(getDocumentHistoryQueryOptions({ documentType, page, limit: HISTORY_PAGE_SIZE }));
  if (history.isPending) return <Loading inline what="the version history" />;
  if (history.isError) {
    return <LoadError what="the version history" error={history.error} retry={() => void history.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-2">
      <VersionList versions={history.data.documents} numberLabel={numberLabel} />
      <Pagination pagination={history.data.pagination} onPage={setPage} />
    </div>
  );
}
