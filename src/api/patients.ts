import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  CreatePatientBody,
  MedicalHistoryBody,
  MedicalHistoryEntry,
  Patient,
  PatientDocument,
  UpdatePatientBody,
} from '../../domain/schemas/patients.ts';
import { fetchBlob, uploadFile, type UploadProgress } from './upload.ts';
import { API_PREFIX, request } from './http.ts';

export type { MedicalHistoryEntry, Patient, PatientDocument };

const base = (patientId: string, operation: string) =>
  `/patients/${encodeURIComponent(requireParam(patientId, 'patientId', operation))}`;

export const patientsApi = {
  mine: () => request<{ data: Patient }>('get', '/patients/me'),
  create: (body: CreatePatientBody) =>
    request<{ data: Patient }>('post', '/patients', { json: requireParam(body, 'body', 'createPatient') }),
  /** Partial: fields left out stay, null clears an optional one. */
  update: (patientId: string, body: UpdatePatientBody) =>
    request<{ data: Patient }>('put', base(patientId, 'updatePatient'), { json: body }),
  documents: (patientId: string, query: { page: number; limit?: number }, signal?: AbortSignal) =>
    request<{ data: { documents: PatientDocument[]; pagination: Pagination } }>(
      'get',
      `${base(patientId, 'patientDocuments')}/documents`,
      { query, signal },
    ),
  uploadDocument: (
    patientId: string,
    input: { title: string; file: File },
    options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
  ) =>
    uploadFile<{ data: PatientDocument }>(`${base(patientId, 'uploadDocument')}/documents`, input.file, {
      fields: { title: input.title },
      ...options,
    }),
  documentContent: (patientId: string, documentId: string) =>
    fetchBlob(
      `${base(patientId, 'documentContent')}/documents/${encodeURIComponent(requireParam(documentId, 'documentId', 'documentContent'))}/content`,
    ),
  /** A picture document's thumbnail, for an <img> (the session cookie goes with it). */
  documentThumbnailUrl: (patientId: string, documentId: string) =>
    `${API_PREFIX}${base(patientId, 'documentThumbnail')}/documents/${encodeURIComponent(requireParam(documentId, 'documentId', 'documentThumbnail'))}/thumbnail`,
  medicalHistory: (patientId: string, query: { page: number; limit?: number }, signal?: AbortSignal) =>
    request<{ data: { medicalHistory: MedicalHistoryEntry[]; pagination: Pagination } }>(
      'get',
      `${base(patientId, 'medicalHistory')}/medical-history`,
      { query, signal },
    ),
  addMedicalHistory: (patientId: string, body: MedicalHistoryBody) =>
    request<{ data: MedicalHistoryEntry }>('post', `${base(patientId, 'addMedicalHistory')}/medical-history`, {
      json: body,
    }),
};

export const patientKeys = {
  all: ['patients'] as const,
  mine: ['patients', 'me'] as const,
  documents: (patientId: string, page: number) => ['patients', patientId, 'documents', page] as const,
  medicalHistory: (patientId: string, page: number) => ['patients', patientId, 'medical-history', page] as const,
};
