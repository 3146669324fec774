import { queryOptions } from '@tanstack/react-query';
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

/** The path of each patient endpoint. */
export const patientPaths = {
  list: () => '/patients',
  mine: () => '/patients/me',
  documents: (patientId: string, operation = 'patientDocuments') => `${base(patientId, operation)}/documents`,
  medicalHistory: (patientId: string, operation = 'medicalHistory') => `${base(patientId, operation)}/medical-history`,
};

export type PatientListQuery = Record<string, string>;
export type PatientPage = { patients: Patient[]; pagination: Pagination };

export const patientsApi = {
  /** The doctor's patients, with the SPEC §3 filters. */
  list: (query: PatientListQuery, signal?: AbortSignal) =>
    request<{ data: PatientPage }>('get', patientPaths.list(), { query: { limit: 20, ...query }, signal }),
  mine: () => request<{ data: Patient }>('get', patientPaths.mine()),
  /** One patient's record (the patient, a provider in a care relationship, an admin). */
  get: (patientId: string, signal?: AbortSignal) =>
    request<{ data: Patient }>('get', base(patientId, 'getPatient'), { signal }),
  create: (body: CreatePatientBody) =>
    request<{ data: Patient }>('post', patientPaths.list(), { json: requireParam(body, 'body', 'createPatient') }),
  /** Partial: fields left out stay, null clears an optional one. */
  update: (patientId: string, body: UpdatePatientBody) =>
    request<{ data: Patient }>('put', base(patientId, 'updatePatient'), { json: body }),
  documents: (patientId: string, query: { page: number; limit?: number }, signal?: AbortSignal) =>
    request<{ data: { documents: PatientDocument[]; pagination: Pagination } }>(
      'get',
      patientPaths.documents(patientId),
      { query, signal },
    ),
  uploadDocument: (
    patientId: string,
    input: { title: string; file: File },
    options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
  ) =>
    uploadFile<{ data: PatientDocument }>(patientPaths.documents(patientId, 'uploadDocument'), input.file, {
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
      patientPaths.medicalHistory(patientId),
      { query, signal },
    ),
  addMedicalHistory: (patientId: string, body: MedicalHistoryBody) =>
    request<{ data: MedicalHistoryEntry }>('post', patientPaths.medicalHistory(patientId, 'addMedicalHistory'), {
      json: body,
    }),
};

export const patientKeys = {
  all: ['patients'] as const,
  mine: ['patients', 'me'] as const,
  documents: (patientId: string, page: number) => ['patients', patientId, 'documents', page] as const,
  medicalHistory: (patientId: string, page: number) => ['patients', patientId, 'medical-history', page] as const,
  /** Every page of a patient's documents or history (after an upload or a new entry). */
  allDocuments: (patientId: string) => ['patients', patientId, 'documents'] as const,
  allMedicalHistory: (patientId: string) => ['patients', patientId, 'medical-history'] as const,
  forSharing: (patientId: string) => ['patients', patientId, 'documents', 'for-sharing'] as const,
  list: (query: PatientListQuery) => ['patients', query] as const,
  detail: (patientId: string) => ['patients', patientId, 'detail'] as const,
};

export const getPatientQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: patientKeys.detail(patientId),
    queryFn: async ({ signal }) => (await patientsApi.get(patientId, signal)).data,
  });

export const getPatientsQueryOptions = (query: PatientListQuery) =>
  queryOptions({
    queryKey: patientKeys.list(query),
    queryFn: async ({ signal }) => (await patientsApi.list(query, signal)).data,
  });

/** The signed-in patient's own record. */
export const getMyPatientQueryOptions = () =>
  queryOptions({ queryKey: patientKeys.mine, queryFn: async () => (await patientsApi.mine()).data });

export const getPatientDocumentsQueryOptions = (patientId: string, page: number, limit?: number) =>
  queryOptions({
    queryKey: patientKeys.documents(patientId, page),
    queryFn: async ({ signal }) => (await patientsApi.documents(patientId, { page, limit }, signal)).data,
  });

/** The first documents of a patient, to choose from when sharing with an appointment. */
export const getDocumentsForSharingQueryOptions = (patientId: string, limit: number) =>
  queryOptions({
    queryKey: patientKeys.forSharing(patientId),
    queryFn: async ({ signal }) => (await patientsApi.documents(patientId, { page: 1, limit }, signal)).data,
  });

export const getMedicalHistoryQueryOptions = (patientId: string, page: number, limit?: number) =>
  queryOptions({
    queryKey: patientKeys.medicalHistory(patientId, page),
    queryFn: async ({ signal }) => (await patientsApi.medicalHistory(patientId, { page, limit }, signal)).data,
  });
