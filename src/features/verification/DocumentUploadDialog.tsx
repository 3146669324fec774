import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DOCUMENT_TYPE_LABELS } from '../../../domain/enums.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { messageOf } from '../../api/http.ts';
import { verificationKeys, type ChecklistEntry } from '../../api/verification.ts';
import { savedMessage } from '../../offline/submit.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { changeFor } from './changes.ts';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_TYPES,
  FILES_HINT,
  detailsProblems,
  filesProblem,
  formatSize,
  type DetailsDraft,
} from './model.ts';

/** The form's first values: the current version's (a replacement), or the catalogue's authority. */
function firstDraft(item: ChecklistEntry): DetailsDraft {
  const current = item.document;
  return {
    documentNumber: current?.documentNumber ?? '',
    issuingAuthority: current?.issuingAuthority ?? (item.issuingAuthority === '—' ? '' : item.issuingAuthority),
    issueDate: '',
    expiryDate: '',
  };
}

/**
 * Upload a document, or a new version of the current one, from the catalogue's entry: its number's
 * name, the usual issuing authority filled in, the expiry asked only when the document expires.
 * Checked here as the server checks it; sent through the outbox (kept on the device while offline).
 */
export function DocumentUploadDialog({
  item,
  open,
  onClose,
}: {
  item: ChecklistEntry;
  open: boolean;
  onClose: () => void;
}) {
  const mode = item.document ? 'replace' : 'upload';
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const filesId = useId();
  const [draft, setDraft] = useState<DetailsDraft>(() => firstDraft(item));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // 0…1 while the bytes go up; null when the browser cannot tell.
  const [progress, setProgress] = useState<number | null>(null);
  // Each opening starts from the catalogue's (or the current version's) values.
  const [openedFor, setOpenedFor] = useState(open);
  if (openedFor !== open) {
    setOpenedFor(open);
    if (open) {
      setDraft(firstDraft(item));
      setFiles([]);
      setErrors({});
      setDialogError(null);
    }
  }
  const label = DOCUMENT_TYPE_LABELS[item.documentType];
  const today = todayInIndia();

  const field = (key: keyof DetailsDraft) => ({
    value: draft[key],
    error: errors[key],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value })),
  });

  const choose = (list: FileList | null) => {
    const chosen = list ? [...list] : [];
    setFiles(chosen);
    setErrors((e) => ({ ...e, files: chosen.length > 0 ? (filesProblem(chosen) ?? '') : '' }));
  };

  const submit = async () => {
    setDialogError(null);
    const found = detailsProblems(draft, item.expires);
    const fileError = filesProblem(files);
    if (fileError) found['files'] = fileError;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setProgress(0);
    try {
      const result = await changeFor({ mode }).submit(
        user?.id ?? '',
        {
          documentType: item.documentType,
          mode,
          details: { ...draft, expiryDate: item.expires ? draft.expiryDate : '' },
          files,
        },
        { onProgress: (p) => setProgress(p.fraction) },
      );
      switch (result.status) {
        case 'sent':
          toast.success(`${label} ${mode === 'replace' ? 'replaced' : 'uploaded'}: an admin will review it.`, {
            title: 'Success',
          });
          await queryClient.invalidateQueries({ queryKey: verificationKeys.all });
          onClose();
          break;
        case 'refused':
          setDialogError(result.error.message);
          break;
        case 'saved':
          toast.info(savedMessage(result.reason), { title: 'Not sent yet' });
          onClose();
          break;
        case 'discarded':
          onClose();
          break;
      }
    } catch (error) {
      setDialogError(messageOf(error));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const percent = progress === null ? null : Math.round(progress * 100);
  const fileError = errors['files'] || undefined;
  return (
    <FormDialog
      open={open}
      title={`${mode === 'replace' ? 'Replace' : 'Upload'} ${label}`}
      description={
        mode === 'replace'
          ? 'The new version goes to an admin for review. Earlier versions are kept.'
          : 'An admin reviews it before you are verified.'
      }
      submitLabel={mode === 'replace' ? 'Upload new version' : 'Upload document'}
      busy={busy}
      error={dialogError}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField label={item.numberLabel} required autoFocus autoComplete="off" {...field('documentNumber')} />
      <TextField
        label="Issuing authority"
        required
        hint={item.issuingAuthority !== '—' ? `Usually: ${item.issuingAuthority}` : undefined}
        {...field('issuingAuthority')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Issue date" type="date" required max={today} {...field('issueDate')} />
        {item.expires && (
          <TextField
            label="Expiry date"
            type="date"
            required
            min={draft.issueDate || undefined}
            {...field('expiryDate')}
          />
        )}
      </div>
      <div className="flex flex-col gap-1">
        <div className="text-sm font-medium">
          <label htmlFor={filesId}>Files</label>
          <span className="text-error" aria-hidden="true">
            {' '}
            *
          </span>
        </div>
        <input
          id={filesId}
          type="file"
          multiple
          required
          accept={ACCEPT_ATTRIBUTE}
          className={`file-input w-full ${fileError ? 'file-input-error' : ''}`}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${filesId}-hint${fileError ? ` ${filesId}-error` : ''}`}
          disabled={busy}
          onChange={(e) => choose(e.target.files)}
        />
        <p id={`${filesId}-hint`} className="text-xs text-base-content/70">
          {FILES_HINT}
        </p>
        {fileError && (
          <p id={`${filesId}-error`} className="text-sm text-error" role="alert">
            {fileError}
          </p>
        )}
        {files.length > 0 && (
          <ul className="text-sm" aria-label="Chosen files">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="wrap-anywhere">
                {file.name} · {ACCEPTED_TYPES[file.type] ?? (file.type || 'unknown type')} · {formatSize(file.size)}
              </li>
            ))}
          </ul>
        )}
      </div>
      {busy && (
        <div className="flex items-center gap-2" role="status">
          <progress
            className="progress progress-primary w-full min-w-32"
            value={percent ?? undefined}
            max={100}
            aria-label="Upload progress"
          />
          {percent !== null && <span className="text-sm tabular-nums">{percent}%</span>}
        </div>
      )}
    </FormDialog>
  );
}
