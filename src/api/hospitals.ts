import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  Hospital,
  OnboardHospitalBody,
  departmentBody,
  departmentSchema,
  emergencyContactBody,
  emergencyContactSchema,
  hospitalProfileSchema,
} from '../../domain/schemas/hospitals.ts';
import { request } from './http.ts';

export type HospitalProfile = z.output<typeof hospitalProfileSchema>;
export type Department = z.output<typeof departmentSchema>;
export type EmergencyContact = z.output<typeof emergencyContactSchema>;
export type HospitalSearchParams = Record<string, string | string[] | undefined>;

const base = (hospitalId: string, operation: string) =>
  `/hospitals/${encodeURIComponent(requireParam(hospitalId, 'hospitalId', operation))}`;

/** The path of each hospital endpoint. */
export const hospitalPaths = {
  search: () => '/hospitals/search',
  mine: () => '/hospitals/me',
  onboard: () => '/hospitals/onboard',
  hospital: (hospitalId: string, operation = 'getHospital') => base(hospitalId, operation),
};

export const hospitalsApi = {
  /** One hospital, as the directory shows it (a booking's summary, a doctor's workplace). */
  get: (hospitalId: string, signal?: AbortSignal) =>
    request<{ data: HospitalProfile }>('get', hospitalPaths.hospital(hospitalId), { signal }),
  search: (query: HospitalSearchParams, signal?: AbortSignal) =>
    request<{ data: { hospitals: Array<Hospital & { distanceKm?: number }>; pagination: Pagination } }>(
      'get',
      hospitalPaths.search(),
      {
        query,
        signal,
      },
    ),
  mine: () => request<{ data: HospitalProfile }>('get', hospitalPaths.mine()),
  onboard: (body: OnboardHospitalBody) =>
    request<{ data: HospitalProfile }>('post', hospitalPaths.onboard(), {
      json: requireParam(body, 'body', 'onboardHospital'),
    }),
  update: (hospitalId: string, body: Partial<OnboardHospitalBody>) =>
    request<{ data: HospitalProfile }>('patch', base(hospitalId, 'updateHospital'), { json: body }),
  addDepartment: (hospitalId: string, body: z.input<typeof departmentBody>) =>
    request<{ data: Department }>('post', `${base(hospitalId, 'addDepartment')}/departments`, { json: body }),
  removeDepartment: (hospitalId: string, departmentId: string) =>
    request<{ message: string }>(
      'delete',
      `${base(hospitalId, 'removeDepartment')}/departments/${encodeURIComponent(requireParam(departmentId, 'departmentId', 'removeDepartment'))}`,
    ),
  addEmergencyContact: (hospitalId: string, body: z.input<typeof emergencyContactBody>) =>
    request<{ data: EmergencyContact }>('post', `${base(hospitalId, 'addEmergencyContact')}/emergency-contacts`, {
      json: body,
    }),
  removeEmergencyContact: (hospitalId: string, contactId: string) =>
    request<{ message: string }>(
      'delete',
      `${base(hospitalId, 'removeEmergencyContact')}/emergency-contacts/${encodeURIComponent(requireParam(contactId, 'contactId', 'removeEmergencyContact'))}`,
    ),
};

export const hospitalKeys = {
  all: ['hospitals'] as const,
  search: (params: HospitalSearchParams) => ['hospitals', 'search', params] as const,
  mine: ['hospitals', 'me'] as const,
  detail: (hospitalId: string) => ['hospitals', 'byId', hospitalId] as const,
};

/** One hospital by id: the only fetcher and key for `GET /hospitals/:id`. */
export const getHospitalQueryOptions = (hospitalId: string) =>
  queryOptions({
    queryKey: hospitalKeys.detail(hospitalId),
    queryFn: async ({ signal }) => (await hospitalsApi.get(hospitalId, signal)).data,
  });

/** The signed-in hospital's own profile. */
export const getMyHospitalQueryOptions = () =>
  queryOptions({ queryKey: hospitalKeys.mine, queryFn: async () => (await hospitalsApi.mine()).data });
