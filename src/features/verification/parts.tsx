/** Pieces every verification screen shows: a document's details, its review, its files in the page. */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import {
  DOCUMENT_CATEGORY_LABELS,
  DOCUMENT_REVIEW_ACTION_LABELS,
  REGISTRY_CHECK_LABELS,
} from '../../../domain/enums.ts';
import { isNoAnswer, messageOf } from '../../api/http.ts';
import {
  verificationApi,
  type ChecklistEntry,
  type VerificationDocument,
  type VerificationFile,
} from '../../api/verification.ts';
import { Button } from '../../ui/Button.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { NOT_AVAILABLE_OFFLINE } from '../../ui/LoadStates.tsx';
import { saveBlob } from '../../ui/saveBlob.ts';
import { useToast } from '../../ui/toast/index.ts';
import { useOnline } from '../../offline/useOnline.ts';
import { ACCEPTED_TYPES, formatSize, groupChecklist } from './model.ts';

/** A version's number, authority and dates. */
export function DocumentDetails({
  document: doc,
  numberLabel,
}: {
  document: VerificationDocument;
  numberLabel: string;
}) {
  return (
    <DetailList
      rows={[
        [numberLabel, doc.documentNumber],
        ['Issuing authority', doc.issuingAuthority],
        ['Issued', formatDate(doc.issueDate)],
        ['Expires', doc.expiryDate ? formatDate(doc.expiryDate) : 'Does not expire'],
        [
          'Uploaded',
          `${formatDateTime(doc.uploadedAt)}${doc.uploadedBy ? ` by ${doc.uploadedBy}` : ''} · version ${doc.version}`,
        ],
      ]}
    />
  );
}

/** The latest decision on a version, in words: who, when, what, why and what was checked. */
export function ReviewNote({ document: doc }: { document: VerificationDocument }) {
  const review = doc.review;
  if (!review) return null;
  const sentBack = review.action === 'REJECT' || review.action === 'REQUEST_REUPLOAD';
  return (
    <div
      className={`rounded-field border p-3 text-sm ${sentBack ? 'border-warning bg-warning/10' : 'border-base-300 bg-base-200/50'}`}
    >
      <p className="font-medium">
        {DOCUMENT_REVIEW_ACTION_LABELS[review.action]}
        {review.reviewerName ? ` by ${review.reviewerName}` : ''} on {formatDateTime(review.reviewedAt)}
      </p>
      {review.reason && (
        <p className="break-words">
          <span className="font-medium">Reviewer’s reason: </span>
          {review.reason}
        </p>
      )}
      <p className="text-base-content/80">
        {REGISTRY_CHECK_LABELS[review.registryCheck]}
        {review.checkNote ? ` — ${review.checkNote}` : ''}
      </p>
    </div>
  );
}

/** A file's bytes as an object URL, fetched with the bearer token (an <img> or a frame cannot send it). */
function useFileObjectUrl(fileId: string, attempt: number) {
  const key = `${fileId}#${attempt}`;
  const [state, setState] = useState<{ for: string; url?: string; error?: unknown }>({ for: key });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    verificationApi.file(fileId, 'inline', controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ for: key, url: objectUrl });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ for: key, error });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId, key]);
  return state.for === key ? state : { for: key };
}

/** One file shown in the page: a picture as an image, a PDF in a frame, with a way to open it full size. */
function FilePreview({ file, title }: { file: VerificationFile; title: string }) {
  const [attempt, setAttempt] = useState(0);
  const { url, error } = useFileObjectUrl(file.id, attempt);
  if (error !== undefined) {
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between text-sm">
        <span>
          {isNoAnswer(error)
            ? `${NOT_AVAILABLE_OFFLINE}: files are shown only while online.`
            : `Could not open ${file.fileName}: ${messageOf(error)}`}
        </span>
        <Button size="sm" variant="danger" buttonStyle="outline" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </div>
    );
  }
  if (!url) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-base-content/70">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Opening {file.fileName}…
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {file.contentType.startsWith('image/') ? (
        <img
          src={url}
          alt={title}
          className="max-h-[32rem] w-full rounded-field border border-base-300 bg-base-200 object-contain"
        />
      ) : (
        <iframe
          src={url}
          title={title}
          className="h-[28rem] w-full rounded-field border border-base-300 bg-base-200 sm:h-[36rem]"
        />
      )}
      <a href={url} target="_blank" rel="noreferrer" className="link link-primary w-fit text-sm">
        Open {file.fileName} full size<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

/**
 * A version's files, each viewable in the page (no download needed) and downloadable. `openFirst`
 * shows the first file at once (a reviewer's page), when online.
 */
export function DocumentFiles({
  files,
  documentLabel,
  openFirst = false,
}: {
  files: readonly VerificationFile[];
  documentLabel: string;
  openFirst?: boolean;
}) {
  // Offline the bytes cannot be fetched (they are never kept on the device): nothing opens by itself.
  const online = useOnline();
  const [open, setOpen] = useState<string | null>(openFirst && online ? (files[0]?.id ?? null) : null);
  if (files.length === 0) return <p className="text-sm text-base-content/70">No files.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={`Files of ${documentLabel}`}>
      {files.map((file, index) => (
        <FileRow
          key={file.id}
          file={file}
          title={`${documentLabel}, file ${index + 1} of ${files.length}: ${file.fileName}`}
          open={open === file.id}
          onToggle={() => setOpen((current) => (current === file.id ? null : file.id))}
        />
      ))}
    </ul>
  );
}

function FileRow({
  file,
  title,
  open,
  onToggle,
}: {
  file: VerificationFile;
  title: string;
  open: boolean;
  onToggle: () => void;
}) {
  const toast = useToast();
  const previewId = useId();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await verificationApi.file(file.id, 'attachment'), file.fileName);
    } catch (error) {
      toast.error(`Could not download ${file.fileName}: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 rounded-field border border-base-300 p-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm wrap-anywhere">
          <span className="font-medium">{file.fileName}</span>
          <span className="text-base-content/70">
            {' '}
            · {ACCEPTED_TYPES[file.contentType] ?? file.contentType} · {formatSize(file.size)}
          </span>
        </p>
        <div className="flex gap-1">
          <Button
            size="sm"
            buttonStyle="outline"
            aria-expanded={open}
            aria-controls={previewId}
            aria-label={`${open ? 'Hide' : 'View'} ${file.fileName}`}
            onClick={onToggle}
          >
            {open ? 'Hide' : 'View'}
          </Button>
          <Button
            size="sm"
            buttonStyle="ghost"
            loading={busy}
            aria-label={`Download ${file.fileName}`}
            onClick={() => void download()}
          >
            Download
          </Button>
        </div>
      </div>
      <div id={previewId}>{open && <FilePreview file={file} title={title} />}</div>
    </li>
  );
}

/**
 * The checklist in its parts (required, then optional) and categories, each part and category under
 * its own heading; `level` is the parts' heading level (categories one below, rows two below).
 */
export function ChecklistParts<T extends ChecklistEntry>({
  items,
  level,
  idPrefix,
  renderRow,
}: {
  items: readonly T[];
  level: 2 | 3;
  idPrefix: string;
  renderRow(item: T): ReactNode;
}) {
  const Part = `h${level}` as const;
  const Category = `h${level + 1}` as 'h3' | 'h4';
  return groupChecklist(items).map((part) => {
    const partId = `${idPrefix}-${part.required ? 'required' : 'optional'}`;
    return (
      <section key={partId} aria-labelledby={partId} className="flex flex-col gap-3">
        <Part id={partId} className="text-xl font-semibold">
          {part.required ? 'Required documents' : 'Optional documents'}
        </Part>
        {part.groups.map((group) => (
          // Not a landmark: each part holds the same categories, and landmarks' names must differ.
          <div key={group.category} className="flex flex-col gap-2">
            <Category
              id={`${partId}-${group.category}`}
              className="text-sm font-semibold tracking-wide text-base-content/70 uppercase"
            >
              {DOCUMENT_CATEGORY_LABELS[group.category]}
            </Category>
            <ul className="flex flex-col gap-3" aria-labelledby={`${partId}-${group.category}`}>
              {group.items.map(renderRow)}
            </ul>
          </div>
        ))}
      </section>
    );
  });
}
