import { PATIENT_DOCUMENT_MAX_MB } from '../../../domain/schemas/patients.ts';

/** What a patient may upload as a document, and how its size reads. */
export const ACCEPTED_TYPES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};
export const MAX_BYTES = PATIENT_DOCUMENT_MAX_MB * 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a file cannot be sent, checked before any byte leaves the browser; undefined when it can. */
export function fileProblem(file: File | undefined): string | undefined {
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
