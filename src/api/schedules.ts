import { queryOptions } from '@tanstack/react-query';
import { requireParam } from '../../domain/rules/params.ts';
import {
  doctorScheduleSchema,
  hospitalSlotListSchema,
  slotListSchema,
  type DoctorSchedule,
  type HospitalSlotList,
  type OpenSlot,
  type ScheduleInput,
  type SlotList,
} from '../../domain/schemas/schedules.ts';
import { successEnvelope } from '../../domain/schemas/common.ts';
import { request } from './http.ts';

export type { DoctorSchedule, HospitalSlotList, OpenSlot, ScheduleInput, SlotList };

const doctorBase = (doctorId: string, operation: string) =>
  `/doctors/${encodeURIComponent(requireParam(doctorId, 'doctorId', operation))}`;

/** The path of each schedules endpoint. */
export const schedulePaths = {
  schedule: (doctorId: string, operation = 'getDoctorSchedule') => `${doctorBase(doctorId, operation)}/schedule`,
  doctorSlots: (doctorId: string) => `${doctorBase(doctorId, 'getDoctorSlots')}/slots`,
  hospitalSlots: (hospitalId: string) =>
    `/hospitals/${encodeURIComponent(requireParam(hospitalId, 'hospitalId', 'getHospitalSlots'))}/slots`,
};

export type SlotRange = { from: string; days: number };

const scheduleAnswer = successEnvelope(doctorScheduleSchema);
const slotsAnswer = successEnvelope(slotListSchema);
const hospitalSlotsAnswer = successEnvelope(hospitalSlotListSchema);

export const schedulesApi = {
  schedule: async (doctorId: string, signal?: AbortSignal) =>
    scheduleAnswer.parse(await request('get', schedulePaths.schedule(doctorId), { signal })).data,
  save: async (doctorId: string, body: ScheduleInput) => {
    const answer = await request('put', schedulePaths.schedule(doctorId, 'saveDoctorSchedule'), {
      json: requireParam(body, 'body', 'saveDoctorSchedule'),
    });
    return scheduleAnswer.parse(answer);
  },
  doctorSlots: async (doctorId: string, range: SlotRange, signal?: AbortSignal) =>
    slotsAnswer.parse(await request('get', schedulePaths.doctorSlots(doctorId), { query: range, signal })).data,
  hospitalSlots: async (hospitalId: string, range: SlotRange, signal?: AbortSignal) =>
    hospitalSlotsAnswer.parse(await request('get', schedulePaths.hospitalSlots(hospitalId), { query: range, signal }))
      .data,
};

/**
 * Slots start with 'realtime': others book them, so they count as fresh for 30 s only
 * (src/api/freshness.ts); the last seen stay on the device for offline booking.
 */
export const scheduleKeys = {
  schedule: (doctorId: string) => ['schedules', doctorId] as const,
  slots: ['realtime', 'slots'] as const,
  doctorSlots: (doctorId: string, range: SlotRange) => ['realtime', 'slots', 'doctor', doctorId, range] as const,
  hospitalSlots: (hospitalId: string, range: SlotRange) =>
    ['realtime', 'slots', 'hospital', hospitalId, range] as const,
};

export const getDoctorScheduleQueryOptions = (doctorId: string) =>
  queryOptions({
    queryKey: scheduleKeys.schedule(doctorId),
    queryFn: ({ signal }) => schedulesApi.schedule(doctorId, signal),
  });

export const getDoctorSlotsQueryOptions = (doctorId: string, range: SlotRange) =>
  queryOptions({
    queryKey: scheduleKeys.doctorSlots(doctorId, range),
    queryFn: ({ signal }) => schedulesApi.doctorSlots(doctorId, range, signal),
  });

export const getHospitalSlotsQueryOptions = (hospitalId: string, range: SlotRange) =>
  queryOptions({
    queryKey: scheduleKeys.hospitalSlots(hospitalId, range),
    queryFn: ({ signal }) => schedulesApi.hospitalSlots(hospitalId, range, signal),
  });
