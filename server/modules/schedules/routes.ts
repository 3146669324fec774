import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  doctorScheduleSchema,
  hospitalSlotListSchema,
  scheduleBody,
  slotListSchema,
  slotsQuery,
} from '../../../domain/schemas/schedules.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import type { SchedulesService } from './service.ts';
import { SCHEDULE_TEXTS } from './messages.ts';

const doctorParams = z.object({ doctorId: idSchema });
const hospitalParams = z.object({ hospitalId: idSchema });
const SLOTS_NOTE =
  'In India time: the weekly sessions of each place, minus leave and one-off changes, minus slots that have started and those a PENDING, ACCEPTED, RESCHEDULED or CONFIRMED appointment holds.';

export const schedulesRoutes =
  ({ schedules: service }: { schedules: SchedulesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['schedules'];
    const security = bearerSecurity;

    app.get(
      '/doctors/:doctorId/schedule',
      {
        config: { access: allow(['DOCTOR', 'HOSPITAL', 'ADMIN'], 'scheduleKeeper') },
        schema: {
          tags,
          security,
          summary: "A doctor's weekly schedule at each place: the doctor's own, its hospital's sessions there",
          params: doctorParams,
          response: { 200: successEnvelope(doctorScheduleSchema) },
        },
      },
      async (request) => ({ data: await service.schedule(callerOf(request), request.params.doctorId) }),
    );

    app.put(
      '/doctors/:doctorId/schedule',
      {
        config: { access: allow(['DOCTOR', 'HOSPITAL'], 'scheduleKeeper') },
        schema: {
          tags,
          security,
          summary: "Save a doctor's schedule at one place (the doctor; a hospital at the hospital only)",
          description:
            'Replaces the whole schedule of that place (hospitalId null: the own clinic): weekly sessions with slot length, modes and breaks, leave, one-off changes for dates. Once a doctor has a schedule, bookings take only its slots.',
          params: doctorParams,
          body: scheduleBody,
          response: { 200: successEnvelope(doctorScheduleSchema) },
        },
      },
      async (request) => ({
        data: await service.saveSchedule(callerOf(request), request.params.doctorId, request.body),
        message: SCHEDULE_TEXTS.saved,
      }),
    );

    app.get(
      '/doctors/:doctorId/slots',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: "A doctor's open slots over a date range (default: 7 days from today)",
          description: `${SLOTS_NOTE} hasSchedule false: the doctor has set none and takes any future time.`,
          params: doctorParams,
          querystring: slotsQuery,
          response: { 200: successEnvelope(slotListSchema) },
        },
      },
      async (request) => ({
        data: await service.doctorSlots(callerOf(request), request.params.doctorId, request.query),
      }),
    );

    app.get(
      '/hospitals/:hospitalId/slots',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: "The open slots of a hospital's doctors at the hospital over a date range",
          description: SLOTS_NOTE,
          params: hospitalParams,
          querystring: slotsQuery,
          response: { 200: successEnvelope(hospitalSlotListSchema) },
        },
      },
      async (request) => ({
        data: await service.hospitalSlots(callerOf(request), request.params.hospitalId, request.query),
      }),
    );
  };
