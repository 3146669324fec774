import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { messageOf } from '../../api/http.ts';
import { getPatientDocumentsQueryOptions, patientsApi, type PatientDocument } from '../../api/patients.ts';
import { OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { stateInWords } from '../../offline/words.ts';
import { Button } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { saveBlob } from '../../ui/saveBlob.ts';
import { useToast } from '../../ui/toast/index.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import { uploadDocumentChange } from './documentUpload.ts';
import { ACCEPTED_TYPES, formatSize } from './recordFiles.ts';
import { PAGE_SIZE, usePageParam } from './usePageParam.ts';
import { UploadForm } from './UploadForm.tsx';

/** The patient's documents: upload, those waiting to send, and the pages of those on file. */
export function Documents({ patientId }: { patientId: string }) {
  const [page, setPage] = usePageParam('documentsPage');
  const documents = useQuery({
    ...getPatientDocumentsQueryOptions(patientId, page, PAGE_SIZE),
  });
  useLoadedTogether(firstAnswerIn(documents));
  // Uploads made on this device and not sent yet, on top of the first page.
  const allWaiting = uploadDocumentChange.useWaiting({ patientId });
  const waiting = page === 1 ? allWaiting : [];
  return (
    <section aria-labelledby="documents-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="documents-title" className="text-lg font-semibold">
          Documents
        </h2>
        <UploadForm patientId={patientId} onUploaded={() => setPage(1)} />
        {waiting.length > 0 && (
          <ul className="divide-y divide-base-300" aria-label="Documents waiting to send">
            {waiting.map((entry) => (
              <WaitingDocumentRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        {documents.isPending ? (
          <Loading inline what="documents" />
        ) : documents.isError ? (
          <LoadError what="your documents" error={documents.error} retry={() => void documents.refetch()} />
        ) : documents.data.documents.length === 0 ? (
          waiting.length === 0 && (
            <p className="text-sm text-base-content/70">No documents yet. Upload your first report above.</p>
          )
        ) : (
          <>
            <ul className="divide-y divide-base-300" aria-label="Your documents">
              {documents.data.documents.map((doc) => (
                <DocumentRow key={doc.id} patientId={patientId} document={doc} />
              ))}
            </ul>
            <Pagination pagination={documents.data.pagination} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}

/** An upload kept on this device until the server has it. */
function WaitingDocumentRow({ entry }: { entry: OutboxEntry }) {
  const meta = entry.meta ?? {};
  const words = stateInWords(entry);
  const needsUser = entry.state === 'conflict' || entry.state === 'paused-auth';
  const type = typeof meta['contentType'] === 'string' ? meta['contentType'] : '';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">{String(meta['title'] ?? entry.label)}</p>
        <p className="text-xs wrap-anywhere text-base-content/70">
          {String(meta['fileName'] ?? '')} · {ACCEPTED_TYPES[type] ?? type} · {formatSize(Number(meta['size'] ?? 0))}
        </p>
        {needsUser && words.detail && <p className="text-sm text-error break-words">{words.detail}</p>}
      </div>
      <div className="flex items-center gap-2">
        <OutboxStateBadge entry={entry} short />
        <Link to="/pending-changes" className="link link-primary text-sm">
          {entry.state === 'conflict' ? 'Retry or discard' : 'Pending changes'}
        </Link>
      </div>
    </li>
  );
}

/** A picture's thumbnail (the worker keeps it for this account, so it shows offline too). */
function DocumentThumbnail({ patientId, documentId }: { patientId: string; documentId: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={patientsApi.documentThumbnailUrl(patientId, documentId)}
      alt=""
      loading="lazy"
      decoding="async"
      width={48}
      height={48}
      onError={() => setFailed(true)}
      className="size-12 shrink-0 rounded-field border border-base-300 bg-base-200 object-cover"
    />
  );
}

function DocumentRow({ patientId, document: doc }: { patientId: string; document: PatientDocument }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await patientsApi.documentContent(patientId, doc.id), doc.fileName);
    } catch (error) {
      toast.error(`Could not download ${doc.fileName}: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="flex min-w-0 items-center gap-3">
        {doc.contentType.startsWith('image/') && <DocumentThumbnail patientId={patientId} documentId={doc.id} />}
        <div className="min-w-0">
          <p className="font-medium break-words">{doc.title}</p>
          <p className="text-xs wrap-anywhere text-base-content/70">
            {doc.fileName} · {ACCEPTED_TYPES[doc.contentType] ?? doc.contentType} · {formatSize(doc.size)} · uploaded{' '}
            {formatDateTime(doc.createdAt)}
          </p>
        </div>
      </div>
      <Button
        size="sm"
        buttonStyle="outline"
        loading={busy}
        aria-label={`Download ${doc.title}`}
        onClick={() => void download()}
      >
        Download
      </Button>
    </li>
  );
}
