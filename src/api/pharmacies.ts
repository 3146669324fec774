import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  OpeningHoursPatch,
  emergencyInfoBody,
  pharmacistBody,
  pharmacistSchema,
  pharmacyImageSchema,
  pharmacyProfileSchema,
  updatePharmacistBody,
  updatePharmacyBody,
} from '../../domain/schemas/pharmacies.ts';
import { request } from './http.ts';
import { uploadFile, type UploadProgress } from './upload.ts';

export type PharmacyProfile = z.output<typeof pharmacyProfileSchema>;
export type Pharmacist = z.output<typeof pharmacistSchema>;
export type PharmacyImage = z.output<typeof pharmacyImageSchema>;

const base = (pharmacyId: string, operation: string) =>
  `/pharmacies/${encodeURIComponent(requireParam(pharmacyId, 'pharmacyId', operation))}`;
const child = (id: string, name: string, operation: string) => encodeURIComponent(requireParam(id, name, operation));

export const pharmaciesApi = {
  mine: () => request<{ data: PharmacyProfile }>('get', '/pharmacies/me'),
  /** One pharmacy with its pharmacists and images, as anyone who may see it reads it (its public page). */
  get: (pharmacyId: string, signal?: AbortSignal) =>
    request<{ data: PharmacyProfile }>('get', base(pharmacyId, 'getPharmacy'), { signal }),
  /** Fields sent replace theirs, the rest stay (SPEC §7 uses PUT for this partial change). */
  update: (pharmacyId: string, body: z.input<typeof updatePharmacyBody>) =>
    request<{ data: PharmacyProfile }>('put', base(pharmacyId, 'updatePharmacy'), { json: body }),
  changeOpeningHours: (pharmacyId: string, body: OpeningHoursPatch) =>
    request<{ data: PharmacyProfile }>('patch', `${base(pharmacyId, 'changeOpeningHours')}/opening-hours`, {
      json: body,
    }),
  changeEmergencyInfo: (pharmacyId: string, body: z.input<typeof emergencyInfoBody>) =>
    request<{ data: PharmacyProfile }>('patch', `${base(pharmacyId, 'changeEmergencyInfo')}/emergency-info`, {
      json: body,
    }),
  addPharmacist: (pharmacyId: string, body: z.input<typeof pharmacistBody>) =>
    request<{ data: Pharmacist }>('post', `${base(pharmacyId, 'addPharmacist')}/pharmacists`, { json: body }),
  updatePharmacist: (pharmacyId: string, pharmacistId: string, body: z.input<typeof updatePharmacistBody>) =>
    request<{ data: Pharmacist }>(
      'put',
      `${base(pharmacyId, 'updatePharmacist')}/pharmacists/${child(pharmacistId, 'pharmacistId', 'updatePharmacist')}`,
      { json: body },
    ),
  removePharmacist: (pharmacyId: string, pharmacistId: string) =>
    request<{ message: string }>(
      'delete',
      `${base(pharmacyId, 'removePharmacist')}/pharmacists/${child(pharmacistId, 'pharmacistId', 'removePharmacist')}`,
    ),
  /** Multipart upload with progress (XMLHttpRequest), field "file". */
  addImage: (pharmacyId: string, file: Blob, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal) =>
    uploadFile<{ data: PharmacyImage; message?: string }>(`${base(pharmacyId, 'addImage')}/images`, file, {
      onProgress,
      signal,
    }),
  /** SPEC §7 calls the last part {imageUrl}; its value is the image id. */
  removeImage: (pharmacyId: string, imageId: string) =>
    request<{ message: string }>(
      'delete',
      `${base(pharmacyId, 'removeImage')}/images/${child(imageId, 'imageId', 'removeImage')}`,
    ),
};

export const pharmacyKeys = {
  all: ['pharmacies'] as const,
  mine: ['pharmacies', 'me'] as const,
  image: (imageUrl: string) => ['pharmacies', 'image', imageUrl] as const,
  detail: (pharmacyId: string) => ['pharmacies', 'byId', pharmacyId] as const,
};

/** One pharmacy by id (its public page). */
export const getPharmacyQueryOptions = (pharmacyId: string) =>
  queryOptions({
    queryKey: pharmacyKeys.detail(pharmacyId),
    queryFn: async ({ signal }) => (await pharmaciesApi.get(pharmacyId, signal)).data,
  });

/** The signed-in pharmacy's own profile. */
export const getMyPharmacyQueryOptions = () =>
  queryOptions({ queryKey: pharmacyKeys.mine, queryFn: async () => (await pharmaciesApi.mine()).data });
