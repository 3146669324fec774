import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import {
  joinWaitlistBody,
  myWaitlistQuery,
  notifyWaitlistBody,
  waitlistEntryDetailSchema,
  waitlistEntrySchema,
  waitlistListQuery,
  waitlistListSchema,
  waitlistPositionBody,
  waitlistStatsQuery,
  waitlistStatsSchema,
  waitlistStatusBody,
} from '../../../domain/schemas/waitlist.ts';
import { allow } from '../../platform/access.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { WAITLIST_TEXTS } from './messages.ts';
import type { WaitlistService } from './service.ts';

const entryParams = z.object({ waitlistId: idSchema });
const statusChanged = successEnvelope(z.object({ entry: waitlistEntrySchema, appointmentId: idSchema.nullable() }));
const OFFER_NOTE =
  'When a slot frees (a cancellation, a rejection, a move, an expiry, cancelled leave), the first ACTIVE entry that matches it (doctor or hospital, mode, preferred dates, time of day), by priority then position, is offered it alone: status NOTIFIED, the slot held for 15 minutes when more than a day away (10 within a day, 5 within six hours), never in the last hour before it; during 22:00–07:00 India time the offer waits for the morning unless the slot comes first.';

export const waitlistRoutes =
  ({ waitlist: service }: { waitlist: WaitlistService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['waitlist'];
    const security = bearerSecurity;

    app.get(
      '/waitlist',
      {
        config: { access: allow(['HOSPITAL', 'DOCTOR', 'ADMIN'], 'waitlistParty') },
        schema: {
          tags,
          security,
          summary: "The waitlist of the caller's hospital or of the doctor (admins: every one)",
          description: `Those still waiting first, by priority and position; then ended entries, latest first. ${OFFER_NOTE}`,
          querystring: waitlistListQuery,
          response: { 200: successEnvelope(waitlistListSchema) },
        },
      },
      async (request) => ({ data: await service.list(callerOf(request), request.query) }),
    );

    app.post(
      '/waitlist/join',
      {
        config: { access: allow(['PATIENT'], 'caller') },
        schema: {
          tags,
          security,
          summary: 'Join the waitlist of a doctor (at a place) or of any doctor of a hospital',
          description: OFFER_NOTE,
          body: joinWaitlistBody,
          response: { 201: successEnvelope(waitlistEntrySchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await service.join(callerOf(request), request.body), message: WAITLIST_TEXTS.joined }),
    );

    app.post(
      '/waitlist/notify',
      {
        config: { access: allow(['HOSPITAL', 'DOCTOR'], 'waitlistParty') },
        schema: {
          tags,
          security,
          summary: 'Offer a time to one waiting entry by hand (held for the patient as an automatic offer is)',
          body: notifyWaitlistBody,
          response: { 200: successEnvelope(waitlistEntrySchema) },
        },
      },
      async (request) => ({
        data: await service.notify(callerOf(request), request.body),
        message: WAITLIST_TEXTS.offered,
      }),
    );

    app.get(
      '/waitlist/patient/me',
      {
        config: { access: allow(['PATIENT'], 'caller') },
        schema: {
          tags,
          security,
          summary: "The patient's own waitlist entries, with positions and offers",
          querystring: myWaitlistQuery,
          response: { 200: successEnvelope(waitlistListSchema) },
        },
      },
      async (request) => ({ data: await service.mine(callerOf(request), request.query) }),
    );

    app.get(
      '/waitlist/stats/overview',
      {
        config: { access: allow(['HOSPITAL', 'DOCTOR', 'ADMIN'], 'caller') },
        schema: {
          tags,
          security,
          summary:
            "Entries by status, fill rate, median time to fill, offers per fill, expiries (the caller's own queue)",
          querystring: waitlistStatsQuery,
          response: { 200: successEnvelope(waitlistStatsSchema) },
        },
      },
      async (request) => ({ data: await service.stats(callerOf(request), request.query) }),
    );

    app.get(
      '/waitlist/:waitlistId',
      {
        config: { access: allow(['PATIENT', 'HOSPITAL', 'DOCTOR', 'ADMIN'], 'waitlistParty') },
        schema: {
          tags,
          security,
          summary: 'One waitlist entry with its history (status changes and moves, with who and why)',
          params: entryParams,
          response: { 200: successEnvelope(waitlistEntryDetailSchema) },
        },
      },
      async (request) => ({ data: await service.byId(callerOf(request), request.params.waitlistId) }),
    );

    app.delete(
      '/waitlist/:waitlistId',
      {
        config: { access: allow(['PATIENT', 'HOSPITAL', 'DOCTOR'], 'waitlistParty') },
        schema: {
          tags,
          security,
          summary:
            'Leave the waitlist (the patient) or remove the entry (its hospital or doctor); it is kept as CANCELLED',
          params: entryParams,
          response: { 200: statusChanged },
        },
      },
      async (request) => {
        const done = await service.remove(callerOf(request), request.params.waitlistId);
        return { data: { entry: done.entry, appointmentId: done.appointmentId }, message: done.message };
      },
    );

    app.patch(
      '/waitlist/:waitlistId/position',
      {
        config: { access: allow(['HOSPITAL', 'DOCTOR'], 'waitlistParty') },
        schema: {
          tags,
          security,
          summary: 'Move an entry in its queue and/or set its priority, with the reason (kept in its history)',
          params: entryParams,
          body: waitlistPositionBody,
          response: { 200: successEnvelope(waitlistEntrySchema) },
        },
      },
      async (request) => ({
        data: await service.move(callerOf(request), request.params.waitlistId, request.body),
        message: WAITLIST_TEXTS.moved,
      }),
    );

    app.patch(
      '/waitlist/:waitlistId/status',
      {
        config: { access: allow(['PATIENT', 'HOSPITAL', 'DOCTOR'], 'waitlistParty') },
        schema: {
          tags,
          security,
          summary:
            'Change an entry’s status: the patient accepts (CONVERTED), declines (ACTIVE) or leaves (CANCELLED); the provider removes (CANCELLED) or reinstates (ACTIVE)',
          description:
            'Accepting books the held slot as an ACCEPTED appointment (appointmentId in the answer) and cancels the later appointment it replaces, if any; 409 with details.reason SLOT_GONE when the time was booked just before. Decided by the status table in domain/rules/waitlist.ts.',
          params: entryParams,
          body: waitlistStatusBody,
          response: { 200: statusChanged },
        },
      },
      async (request) => {
        const done = await service.setStatus(callerOf(request), request.params.waitlistId, request.body);
        return { data: { entry: done.entry, appointmentId: done.appointmentId }, message: done.message };
      },
    );
  };
