import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PATIENT_DOCUMENT_MAX_MB, patientDocumentFields } from '../../../domain/schemas/patients.ts';
import { messageOf } from '../../api/http.ts';
import { patientKeys } from '../../api/patients.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { savedMessage } from '../../offline/submit.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { uploadDocumentChange } from './documentUpload.ts';
import { fileProblem } from './recordFiles.ts';

/** Upload one report, prescription or scan; checked in the browser first, queued while offline. */
export function UploadForm({ patientId, onUploaded }: { patientId: string; onUploaded(): void }) {
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
      const result = await uploadDocumentChange.submit(
        user?.id ?? '',
        { patientId, title: parsed.data.title, file },
        { onProgress: (p) => setProgress(p.fraction) },
      );
      switch (result.status) {
        case 'sent':
          toast.success('Document uploaded.', { title: 'Success' });
          reset();
          await queryClient.invalidateQueries({ queryKey: patientKeys.allDocuments(patientId) });
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
