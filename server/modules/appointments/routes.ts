import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentDecisionBody,
  appointmentDocumentList,
  appointmentList,
  appointmentListQuery,
  appointmentOutcomeBody,
  appointmentSchema,
  appointmentSearchBody,
  appointmentWithMessage,
  bookAppointmentBody,
  cancelAppointmentBody,
  confirmAppointmentBody,
  conversationList,
  conversationMessageSchema,
  conversationQuery,
  documentShareSchema,
  rescheduleAppointmentBody,
  respondRescheduleBody,
  sendMessageBody,
} from '../../../domain/schemas/appointments.ts';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { bySignedInAccount, spendBudgets } from '../../platform/budgets.ts';
import { allow } from '../../platform/access.ts';
import type { RateLimits } from '../../platform/context.ts';
import type { AppointmentsService } from './service.ts';

const appointmentParams = z.object({ appointmentId: idSchema });
const sharedDocumentParams = appointmentParams.extend({ documentId: idSchema });
const changed = { 200: successEnvelope(appointmentWithMessage) };
const TRANSITION_NOTE =
  'Decided by the appointment state machine (domain/rules/appointments.ts): a change the current status does not allow answers 409 with the status in details.status; a caller on the wrong side answers 403; a caller not on the appointment answers 404. The parties receive the realtime event and a notification.';

export const appointmentsRoutes =
  ({
    appointments: service,
    rateLimits,
  }: {
    appointments: AppointmentsService;
    rateLimits: RateLimits;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['appointments'];
    const security = bearerSecurity;
    const providers = allow(['DOCTOR', 'HOSPITAL'], 'appointmentParty');

    app.post(
      '/appointments/patient/book-appointment',
      {
        config: { access: allow(['PATIENT'], 'caller') },
        preHandler: spendBudgets(app, [{ name: 'booking', rule: rateLimits.booking, key: bySignedInAccount }]),
        schema: {
          tags,
          security,
          summary: 'Book an appointment with a doctor, a hospital, or a doctor at a hospital',
          description:
            'Starts PENDING. A doctor cannot hold two overlapping PENDING, ACCEPTED, RESCHEDULED or CONFIRMED appointments: the database refuses the second (409, details.reason SLOT_TAKEN), so of two bookings for one slot exactly one wins.',
          body: bookAppointmentBody,
          response: { 201: successEnvelope(appointmentSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await service.book(callerOf(request), request.body), message: 'Appointment requested.' }),
    );

    app.post(
      '/appointments/search',
      {
        config: { access: allow(['PATIENT', 'DOCTOR', 'HOSPITAL', 'ADMIN'], 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: 'Search the appointments the caller may see',
          body: appointmentSearchBody,
          response: { 200: appointmentList },
        },
      },
      async (request) => ({ data: await service.search(callerOf(request), request.body) }),
    );

    for (const [path, role] of [
      ['/appointments/patient', 'PATIENT'],
      ['/appointments/doctor', 'DOCTOR'],
      ['/appointments/hospital', 'HOSPITAL'],
    ] as const) {
      app.get(
        path,
        {
          config: { access: allow([role], 'caller') },
          schema: {
            tags,
            security,
            summary: `The ${role.toLowerCase()}'s own appointments, soonest first`,
            querystring: appointmentListQuery,
            response: { 200: appointmentList },
          },
        },
        async (request) => ({ data: await service.list(callerOf(request), request.query) }),
      );
    }

    app.get(
      '/appointments/:appointmentId',
      {
        config: { access: allow('ANY', 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: 'One appointment, with the actions the caller may take now',
          params: appointmentParams,
          response: { 200: successEnvelope(appointmentSchema) },
        },
      },
      async (request) => ({ data: await service.byId(callerOf(request), request.params.appointmentId) }),
    );

    app.delete(
      '/appointments/:appointmentId',
      {
        config: { access: allow(['PATIENT', 'ADMIN'], 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: 'Remove a finished appointment from the lists (the patient), or any (an admin)',
          description: TRANSITION_NOTE,
          params: appointmentParams,
          response: { 200: successEnvelope(z.object({ id: idSchema })) },
        },
      },
      async (request) => {
        await service.remove(callerOf(request), request.params.appointmentId);
        return { data: { id: request.params.appointmentId }, message: 'Appointment removed.' };
      },
    );

    app.patch(
      '/appointments/:appointmentId/decision',
      {
        config: { access: providers },
        schema: {
          tags,
          security,
          summary: 'Accept or reject a pending appointment (the doctor or the hospital)',
          description: TRANSITION_NOTE,
          params: appointmentParams,
          body: appointmentDecisionBody,
          response: changed,
        },
      },
      async (request) => ({
        data: await service.decide(
          callerOf(request),
          request.params.appointmentId,
          request.body.decision,
          request.body.reason,
        ),
      }),
    );

    app.patch(
      '/appointments/:appointmentId/confirm',
      {
        config: { access: providers },
        schema: {
          tags,
          security,
          summary: 'Confirm an accepted appointment (the doctor or the hospital)',
          description: TRANSITION_NOTE,
          params: appointmentParams,
          body: confirmAppointmentBody,
          response: changed,
        },
      },
      async (request) => ({
        data: await service.confirm(callerOf(request), request.params.appointmentId, request.body.note),
      }),
    );

    app.patch(
      '/appointments/:appointmentId/cancel',
      {
        config: { access: allow(['PATIENT'], 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: 'Cancel an appointment (the patient, with a reason)',
          description: TRANSITION_NOTE,
          params: appointmentParams,
          body: cancelAppointmentBody,
          response: changed,
        },
      },
      async (request) => ({
        data: await service.cancel(callerOf(request), request.params.appointmentId, request.body.reason),
      }),
    );

    app.patch(
      '/appointments/:appointmentId/reschedule',
      {
        config: { access: providers },
        schema: {
          tags,
          security,
          summary: 'Propose a new time (the doctor or the hospital); the patient answers',
          description: `${TRANSITION_NOTE} A time the doctor already holds answers 409.`,
          params: appointmentParams,
          body: rescheduleAppointmentBody,
          response: changed,
        },
      },
      async (request) => ({
        data: await service.proposeReschedule(callerOf(request), request.params.appointmentId, request.body),
      }),
    );

    app.patch(
      '/appointments/:appointmentId/respond-reschedule',
      {
        config: { access: allow(['PATIENT'], 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: 'Answer a proposed time (the patient): ACCEPT confirms it, DECLINE keeps the original time pending',
          description: TRANSITION_NOTE,
          params: appointmentParams,
          body: respondRescheduleBody,
          response: changed,
        },
      },
      async (request) => ({
        data: await service.respondToReschedule(
          callerOf(request),
          request.params.appointmentId,
          request.body.decision,
          request.body.reason,
        ),
      }),
    );

    app.patch(
      '/appointments/:appointmentId/outcome',
      {
        config: { access: providers },
        schema: {
          tags,
          security,
          summary: 'Record how an appointment went: COMPLETED or NO_SHOW (once its time has come)',
          description: TRANSITION_NOTE,
          params: appointmentParams,
          body: appointmentOutcomeBody,
          response: changed,
        },
      },
      async (request) => ({
        data: await service.recordOutcome(
          callerOf(request),
          request.params.appointmentId,
          request.body.outcome,
          request.body.note,
        ),
      }),
    );

    app.get(
      '/appointments/:appointmentId/conversation',
      {
        config: { access: allow('ANY', 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: "The appointment's conversation, newest first: messages and a line for each change",
          params: appointmentParams,
          querystring: conversationQuery,
          response: { 200: conversationList },
        },
      },
      async (request) => ({
        data: await service.conversation(callerOf(request), request.params.appointmentId, request.query),
      }),
    );

    app.post(
      '/appointments/:appointmentId/message',
      {
        config: { access: allow(['PATIENT', 'DOCTOR', 'HOSPITAL'], 'appointmentParty') },
        preHandler: spendBudgets(app, [{ name: 'message', rule: rateLimits.message, key: bySignedInAccount }]),
        schema: {
          tags,
          security,
          summary: 'Write in the appointment’s conversation (its patient, doctor or hospital)',
          params: appointmentParams,
          body: sendMessageBody,
          response: { 201: successEnvelope(conversationMessageSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await service.sendMessage(callerOf(request), request.params.appointmentId, request.body.body),
        }),
    );

    app.get(
      '/appointments/:appointmentId/documents',
      {
        config: { access: allow('ANY', 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: "The patient's documents shared with this appointment, newest share first",
          description:
            'For its patient, doctor and hospital (and admins). Its doctor and hospital get the documents only while the appointment is a care relationship (accepted, rescheduled, confirmed, or completed within 90 days; domain/rules/careAccess.ts), an empty list otherwise (careRelationship false). Each opens at GET /patients/{patientId}/documents/{documentId}/content.',
          params: appointmentParams,
          response: { 200: appointmentDocumentList },
        },
      },
      async (request) => ({
        data: await service.sharedDocuments(callerOf(request), request.params.appointmentId),
      }),
    );

    app.put(
      '/appointments/:appointmentId/documents/:documentId',
      {
        config: { access: allow(['PATIENT'], 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: 'Share one of your documents with your appointment (the patient); sharing it again changes nothing',
          description:
            "Its doctor and hospital open it while the appointment is a care relationship. Someone else's appointment or document answers 404.",
          params: sharedDocumentParams,
          response: { 200: successEnvelope(documentShareSchema) },
        },
      },
      async (request) => ({
        data: await service.shareDocument(callerOf(request), request.params.appointmentId, request.params.documentId),
        message: 'Document shared with this appointment.',
      }),
    );

    app.delete(
      '/appointments/:appointmentId/documents/:documentId',
      {
        config: { access: allow(['PATIENT'], 'appointmentParty') },
        schema: {
          tags,
          security,
          summary: 'Stop sharing a document with your appointment (the patient)',
          description: 'A document that is not shared with it answers 404.',
          params: sharedDocumentParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await service.unshareDocument(callerOf(request), request.params.appointmentId, request.params.documentId);
        return { message: 'Document no longer shared with this appointment.' };
      },
    );
  };
