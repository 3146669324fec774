import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Pagination } from '../../domain/errors.ts';
import { requireParam } from '../../domain/rules/params.ts';
import type { Doctor, OnboardDoctorBody, updateDoctorBody } from '../../domain/schemas/doctors.ts';
import { request } from './http.ts';

export type { Doctor };

const doctorPath = (doctorId: string, operation: string) =>
  `/doctors/${encodeURIComponent(requireParam(doctorId, 'doctorId', operation))}`;

/** The path of each doctor endpoint. */
export const doctorPaths = {
  mine: () => '/doctors/me',
  onboard: () => '/doctors/onboard',
  search: () => '/doctors/search',
  doctor: (doctorId: string, operation = 'getDoctor') => doctorPath(doctorId, operation),
  bySlug: (slug: string) => `/doctors/slug/${encodeURIComponent(requireParam(slug, 'slug', 'getDoctorBySlug'))}`,
};

export type HospitalDoctorsPage = { doctors: Doctor[]; pagination: Pagination };

export const doctorsApi = {
  mine: () => request<{ data: Doctor }>('get', doctorPaths.mine()),
  onboard: (body: OnboardDoctorBody) =>
    request<{ data: Doctor }>('post', doctorPaths.onboard(), { json: requireParam(body, 'body', 'onboardDoctor') }),
  update: (doctorId: string, body: z.input<typeof updateDoctorBody>) =>
    request<{ data: Doctor }>('patch', doctorPaths.doctor(doctorId, 'updateDoctor'), { json: body }),
  /** One doctor, as the directory shows them (the summary beside the booking form). */
  get: (doctorId: string, signal?: AbortSignal) =>
    request<{ data: Doctor }>('get', doctorPaths.doctor(doctorId), { signal }),
  /** One doctor by the slug of their profile address (their public page). */
  bySlug: (slug: string, signal?: AbortSignal) =>
    request<{ data: Doctor }>('get', doctorPaths.bySlug(slug), { signal }),
  /** A hospital's own doctors, in any verification state, by name. */
  ofHospital: (hospitalId: string, page: string, signal?: AbortSignal, limit = 20) =>
    request<{ data: HospitalDoctorsPage }>('get', doctorPaths.search(), {
      query: { hospitalId, page, limit, sortBy: 'name' },
      signal,
    }),
};

export const doctorKeys = {
  all: ['doctors'] as const,
  mine: ['doctors', 'me'] as const,
  detail: (doctorId: string) => ['doctors', 'byId', doctorId] as const,
  bySlug: (slug: string) => ['doctors', 'bySlug', slug] as const,
  ofHospital: (hospitalId: string, page: string) => ['doctors', 'ofHospital', hospitalId, page] as const,
  choicesOfHospital: (hospitalId: string) => ['doctors', 'ofHospital', hospitalId, 'choices'] as const,
};

/** The signed-in doctor's own profile. */
export const getMyDoctorQueryOptions = () =>
  queryOptions({ queryKey: doctorKeys.mine, queryFn: async () => (await doctorsApi.mine()).data });

export const getDoctorQueryOptions = (doctorId: string) =>
  queryOptions({
    queryKey: doctorKeys.detail(doctorId),
    queryFn: async ({ signal }) => (await doctorsApi.get(doctorId, signal)).data,
  });

/** A doctor's public page: the doctor by slug. */
export const getDoctorBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: doctorKeys.bySlug(slug),
    queryFn: async ({ signal }) => (await doctorsApi.bySlug(slug, signal)).data,
  });

export const getHospitalDoctorsQueryOptions = (hospitalId: string, page: string) =>
  queryOptions({
    queryKey: doctorKeys.ofHospital(hospitalId, page),
    queryFn: async ({ signal }) => (await doctorsApi.ofHospital(hospitalId, page, signal)).data,
  });

/** A hospital's doctors to choose from (the treating doctor of a walk-in): the first hundred by name. */
export const getHospitalDoctorChoicesQueryOptions = (hospitalId: string) =>
  queryOptions({
    queryKey: doctorKeys.choicesOfHospital(hospitalId),
    queryFn: async ({ signal }) => (await doctorsApi.ofHospital(hospitalId, '1', signal, 100)).data,
  });
