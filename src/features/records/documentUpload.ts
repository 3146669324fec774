/** A patient's document upload works offline: the bytes stay on the device until the server has them. */
import { patientKeys, patientPaths } from '../../api/patients.ts';
import { defineOfflineChange } from '../../offline/offlineChange.ts';

export type DocumentUploadInput = { patientId: string; title: string; file: File };

/** Shown on top of the first page of the patient's documents while it waits. */
export const uploadDocumentChange = defineOfflineChange<DocumentUploadInput>({
  kind: 'patient-document',
  method: 'POST',
  path: ({ patientId }) => patientPaths.documents(patientId, 'uploadDocument'),
  form: ({ title, file }) => ({ title, file }),
  label: ({ title }) => `Upload ${title}`,
  invalidates: ({ patientId }) => [patientKeys.allDocuments(patientId)],
  meta: ({ patientId, title, file }) => ({
    patientId,
    title,
    fileName: file.name,
    contentType: file.type,
    size: file.size,
  }),
});
