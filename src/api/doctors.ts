import type { z } from 'zod';
import { requireParam } from '../../domain/rules/params.ts';
import type { Doctor, OnboardDoctorBody, updateDoctorBody } from '../../domain/schemas/doctors.ts';
import type { Hospital } from '../../domain/schemas/hospitals.ts';
import { request } from './http.ts';

export type { Doctor };

export const doctorsApi = {
  mine: () => request<{ data: Doctor }>('get', '/doctors/me'),
  onboard: (body: OnboardDoctorBody) =>
    request<{ data: Doctor }>('post', '/doctors/onboard', { json: requireParam(body, 'body', 'onboardDoctor') }),
  update: (doctorId: string, body: z.input<typeof updateDoctorBody>) =>
    request<{ data: Doctor }>(
      'patch',
      `/doctors/${encodeURIComponent(requireParam(doctorId, 'doctorId', 'updateDoctor'))}`,
      { json: body },
    ),
  /** The hospital a doctor practises at, for its name. */
  hospital: (hospitalId: string) =>
    request<{ data: Hospital }>(
      'get',
      `/hospitals/${encodeURIComponent(requireParam(hospitalId, 'hospitalId', 'doctorHospital'))}`,
    ),
};

export const doctorKeys = {
  all: ['doctors'] as const,
  mine: ['doctors', 'me'] as const,
  hospital: (hospitalId: string) => ['doctors', 'hospital', hospitalId] as const,
};
