import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SEVERITIES, SEVERITY_LABELS } from '../../../domain/enums.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import {
  PATIENT_DOCUMENT_MAX_MB,
  medicalHistoryBody,
  patientDocumentFields,
  todayInIndia,
} from '../../../domain/schemas/patients.ts';
import { messageOf } from '../../api/http.ts';
import { patientKeys, patientsApi, type PatientDocument } from '../../api/patients.ts';
import { useAuth } from '../../app/auth/AuthContext.ts';
import { OfflineNotice, OutboxStateBadge } from '../../offline/OfflineMarks.tsx';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { savedMessage, submitChange } from '../../offline/submit.ts';
import { useWaitingChangesWhere } from '../../offline/useWaitingChanges.ts';
import { stateInWords } from '../../offline/words.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { saveBlob } from '../../ui/saveBlob.ts';
import { useToast } from '../../ui/toast/index.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const ACCEPTED_TYPES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};
const MAX_BYTES = PATIENT_DOCUMENT_MAX_MB * 1024 * 1024;
const PAGE_SIZE = 10;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a file cannot be sent, checked before any byte leaves the browser; undefined when it can. */
function fileProblem(file: File | undefined): string | undefined {
  if (!file) return 'Choose a file to upload';
  if (!ACCEPTED_TYPES[file.type]) {
    return `${file.name} is not a JPEG, PNG, WebP or PDF file`;
  }
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > MAX_BYTES) {
    return `${file.name} is ${formatSize(file.size)}; files can be at most ${PATIENT_DOCUMENT_MAX_MB} MB`;
  }
  return undefined;
}

export function MedicalRecordsScreen() {
  usePageTitle('Medical Records');
  const { user } = useAuth();
  const patientId = user?.referenceId;
  return (
    <section aria-labelledby="records-title" className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div>
        <h1 id="records-title" className="text-2xl font-bold tracking-tight">
          Medical Records
        </h1>
        <p className="text-sm text-base-content/70">
          Your reports, prescriptions and scans, and the conditions you have been diagnosed with.
        </p>
      </div>
      <OfflineNotice />
      {patientId ? (
        <>
          <Documents patientId={patientId} />
          <MedicalHistory patientId={patientId} />
        </>
      ) : (
        <div role="status" className="alert alert-info alert-soft flex flex-wrap justify-between">
          <span>Complete your profile first: your records are kept with it.</span>
          <ButtonLink to="/profile" size="sm">
            Complete your profile
          </ButtonLink>
        </div>
      )}
    </section>
  );
}

function usePageParam(name: string) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get(name)) || 1);
  const setPage = (next: number) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next <= 1) copy.delete(name);
        else copy.set(name, String(next));
        return copy;
      },
      { replace: true },
    );
  return [page, setPage] as const;
}

const DOCUMENT_KIND = 'patient-document';

function Documents({ patientId }: { patientId: string }) {
  const [page, setPage] = usePageParam('documentsPage');
  const documents = useQuery({
    queryKey: patientKeys.documents(patientId, page),
    queryFn: async ({ signal }) => (await patientsApi.documents(patientId, { page, limit: PAGE_SIZE }, signal)).data,
  });
  // Uploads made on this device and not sent yet, on top of the first page.
  const allWaiting = useWaitingChangesWhere({ kind: DOCUMENT_KIND, patientId });
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
        {documents.isPending && documents.fetchStatus === 'paused' ? (
          <p role="status" className="text-sm text-base-content/70">
            You are offline, and your documents have not been opened on this device before.
          </p>
        ) : documents.isPending ? (
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
        <p className="text-xs text-base-content/70 break-all">
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
          <p className="text-xs text-base-content/70 break-all">
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

function UploadForm({ patientId, onUploaded }: { patientId: string; onUploaded(): void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File>();
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [uploading, setUploading] = useState(false);
  // 0…1 while the bytes go up; null when the browser cannot tell (the bar then shows activity only).
  const [progress, setProgress] = useState<number | null>(null);

  // The title a chosen file suggested: replaced by the next file's, unless the user typed their own.
  const [suggested, setSuggested] = useState('');

  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    const problem = chosen ? fileProblem(chosen) : undefined;
    setErrors((e) => ({ ...e, file: problem }));
    if (chosen && !problem && (title.trim() === '' || title === suggested)) {
      const name = chosen.name.replace(/\.[^.]+$/, '');
      setTitle(name);
      setSuggested(name);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = patientDocumentFields.safeParse({ title });
    const found = { title: parsed.success ? undefined : parsed.error.issues[0]?.message, file: fileProblem(file) };
    setErrors(found);
    if (found.title || found.file || !file || !parsed.success) return;
    setUploading(true);
    setProgress(0);
    const reset = () => {
      setTitle('');
      setSuggested('');
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
    };
    try {
      // Through the outbox, online too (the bytes are kept on the device until the server has them);
      // while this page sends it, the bar shows how far the upload has gone.
      const result = await submitChange(
        {
          userId: user?.id ?? '',
          method: 'POST',
          path: `/patients/${encodeURIComponent(patientId)}/documents`,
          form: { title: parsed.data.title, file },
          label: `Upload ${parsed.data.title}`,
          invalidates: [['patients', patientId, 'documents']],
          meta: {
            kind: DOCUMENT_KIND,
            patientId,
            title: parsed.data.title,
            fileName: file.name,
            contentType: file.type,
            size: file.size,
          },
        },
        { onProgress: (p) => setProgress(p.fraction) },
      );
      switch (result.status) {
        case 'sent':
          toast.success('Document uploaded.', { title: 'Success' });
          reset();
          await queryClient.invalidateQueries({ queryKey: ['patients', patientId, 'documents'] });
          onUploaded();
          break;
        case 'refused':
          toast.error(`Upload failed: ${result.error.message}`, { title: 'Error' });
          break;
        case 'saved':
          toast.info(savedMessage(result.reason), { title: 'Not sent yet' });
          reset();
          onUploaded();
          break;
        case 'discarded':
          break;
      }
    } catch (error) {
      toast.error(`Upload failed: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setUploading(false);
      setProgress(null);
    }
  };

  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid grid-cols-1 gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2"
      aria-label="Upload a document"
    >
      <TextField
        label="Document title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        required
        disabled={uploading}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium">
          File
        </label>
        <input
          id={fileId}
          ref={fileInput}
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp"
          className={`file-input w-full ${errors.file ? 'file-input-error' : ''}`}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ''}`}
          disabled={uploading}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <p id={`${fileId}-hint`} className="text-xs text-base-content/70">
          JPEG, PNG, WebP or PDF, up to {PATIENT_DOCUMENT_MAX_MB} MB.
        </p>
        {errors.file && (
          <p id={`${fileId}-error`} className="text-sm text-error" role="alert">
            {errors.file}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" loading={uploading} loadingText="Uploading…">
          Upload document
        </Button>
        {uploading && (
          <div className="flex flex-1 items-center gap-2" role="status">
            <progress
              className="progress progress-primary w-full min-w-32"
              value={percent ?? undefined}
              max={100}
              aria-label="Upload progress"
            />
            {percent !== null && <span className="text-sm tabular-nums">{percent}%</span>}
          </div>
        )}
      </div>
    </form>
  );
}

const EMPTY_ENTRY = { condition: '', diagnosedOn: '', severity: '', notes: '' };

function MedicalHistory({ patientId }: { patientId: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const notesId = useId();
  const [page, setPage] = usePageParam('historyPage');
  const [entry, setEntry] = useState(EMPTY_ENTRY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const history = useQuery({
    queryKey: patientKeys.medicalHistory(patientId, page),
    queryFn: async ({ signal }) =>
      (await patientsApi.medicalHistory(patientId, { page, limit: PAGE_SIZE }, signal)).data,
  });
  const set = (key: keyof typeof EMPTY_ENTRY, value: string) => setEntry((e) => ({ ...e, [key]: value }));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = medicalHistoryBody.safeParse({
      condition: entry.condition,
      diagnosedOn: entry.diagnosedOn || undefined,
      severity: entry.severity || undefined,
      notes: entry.notes.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await patientsApi.addMedicalHistory(patientId, parsed.data);
      toast.success('Medical history entry added.', { title: 'Success' });
      setEntry(EMPTY_ENTRY);
      await queryClient.invalidateQueries({ queryKey: ['patients', patientId, 'medical-history'] });
      setPage(1);
    } catch (error) {
      toast.error(`Could not add the entry: ${messageOf(error)}`, { title: 'Error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="history-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id="history-title" className="text-lg font-semibold">
          Medical history
        </h2>
        <form
          onSubmit={(e) => void add(e)}
          noValidate
          aria-label="Add a medical history entry"
          className="grid grid-cols-1 gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-3"
        >
          <TextField
            label="Condition"
            value={entry.condition}
            onChange={(e) => set('condition', e.target.value)}
            error={errors.condition}
            required
          />
          <TextField
            label="Diagnosed on"
            type="date"
            max={todayInIndia()}
            value={entry.diagnosedOn}
            onChange={(e) => set('diagnosedOn', e.target.value)}
            error={errors.diagnosedOn}
          />
          <SelectField
            label="Severity"
            options={SEVERITIES}
            labels={SEVERITY_LABELS}
            placeholder="Not stated"
            value={entry.severity}
            onChange={(e) => set('severity', e.target.value)}
            error={errors.severity}
          />
          <div className="flex flex-col gap-1 sm:col-span-3">
            <label htmlFor={notesId} className="text-sm font-medium">
              Notes
            </label>
            <textarea
              id={notesId}
              className={`textarea w-full ${errors.notes ? 'textarea-error' : ''}`}
              rows={2}
              value={entry.notes}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? `${notesId}-error` : undefined}
              onChange={(e) => set('notes', e.target.value)}
            />
            {errors.notes && (
              <p id={`${notesId}-error`} className="text-sm text-error" role="alert">
                {errors.notes}
              </p>
            )}
          </div>
          <div className="sm:col-span-3">
            <Button type="submit" loading={busy} loadingText="Adding…">
              Add entry
            </Button>
          </div>
        </form>
        {history.isPending ? (
          <Loading inline what="medical history" />
        ) : history.isError ? (
          <LoadError what="your medical history" error={history.error} retry={() => void history.refetch()} />
        ) : history.data.medicalHistory.length === 0 ? (
          <p className="text-sm text-base-content/70">No conditions recorded yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-base-300" aria-label="Your medical history">
              {history.data.medicalHistory.map((h) => (
                <li key={h.id} className="flex flex-col gap-1 py-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{h.condition}</span>
                    {h.severity && (
                      <StatusBadge
                        size="sm"
                        tone={h.severity === 'SEVERE' ? 'error' : h.severity === 'MODERATE' ? 'warning' : 'info'}
                      >
                        {SEVERITY_LABELS[h.severity]}
                      </StatusBadge>
                    )}
                  </div>
                  <p className="text-xs text-base-content/70">
                    {h.diagnosedOn ? `Diagnosed ${formatDate(h.diagnosedOn)}` : 'Diagnosis date not stated'} · recorded{' '}
                    {formatDate(h.createdAt)}
                  </p>
                  {h.notes && <p className="text-sm break-words">{h.notes}</p>}
                </li>
              ))}
            </ul>
            <Pagination pagination={history.data.pagination} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}
