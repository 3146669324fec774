import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, paginationQuery, successEnvelope } from '../../../domain/schemas/common.ts';
import { listOf } from '../../../domain/schemas/directory.ts';
import {
  PATIENT_DOCUMENT_MAX_MB,
  createPatientBody,
  medicalHistoryBody,
  medicalHistoryEntrySchema,
  patientDocumentSchema,
  patientListQuery,
  patientSchema,
  patientStatisticsSchema,
  updatePatientBody,
} from '../../../domain/schemas/patients.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { attachmentDisposition, readUpload } from '../../platform/files.ts';
import { PATIENT_CREATOR_ROLES, PATIENT_LIST_ROLES, PATIENT_MANAGER_ROLES, type PatientsService } from './service.ts';

const patientParams = z.object({ id: idSchema });
const documentParams = patientParams.extend({ documentId: idSchema });

export const patientsRoutes =
  ({ patients }: { patients: PatientsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['patients'];
    const security = bearerSecurity;

    app.post(
      '/patients',
      {
        config: { access: allow(PATIENT_CREATOR_ROLES, 'caller') },
        schema: {
          tags,
          security,
          summary: "Create the caller's patient profile (a patient or a user), or a patient record (an admin)",
          description:
            'A patient creates their own profile, linked to their account; a second one answers 409. A user who creates their profile becomes a patient. An admin creates a record no account is linked to.',
          body: createPatientBody,
          response: { 201: successEnvelope(patientSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await patients.create(callerOf(request), request.body), message: 'Patient profile created.' }),
    );

    app.get(
      '/patients',
      {
        config: { access: allow(PATIENT_LIST_ROLES, 'patientCare') },
        schema: {
          tags,
          security,
          summary: 'List the patients the caller may see, with filters, order and pages',
          description:
            'An admin sees every patient; a patient only themself; a doctor or hospital only patients they are in a care relationship with (an accepted, rescheduled or confirmed appointment, or one completed within 90 days; domain/rules/careAccess.ts).',
          querystring: patientListQuery,
          response: { 200: listOf('patients', patientSchema) },
        },
      },
      async (request) => ({ data: await patients.list(callerOf(request), request.query) }),
    );

    app.get(
      '/patients/me',
      {
        config: { access: allow(['PATIENT'], 'caller') },
        schema: {
          tags,
          security,
          summary: "The caller's patient profile",
          response: { 200: successEnvelope(patientSchema) },
        },
      },
      async (request) => ({ data: await patients.mine(callerOf(request)) }),
    );

    app.get(
      '/patients/statistics/overview',
      {
        config: { access: allow(['ADMIN'], 'none') },
        schema: {
          tags,
          security,
          summary: 'Patient totals: all, new this month, by gender, by blood group, by state',
          response: { 200: successEnvelope(patientStatisticsSchema) },
        },
      },
      async () => ({ data: await patients.statistics() }),
    );

    app.get(
      '/patients/:id',
      {
        config: { access: allow('ANY', 'patientCare') },
        schema: {
          tags,
          security,
          summary: 'One patient',
          params: patientParams,
          response: { 200: successEnvelope(patientSchema) },
        },
      },
      async (request) => ({ data: await patients.byId(callerOf(request), request.params.id) }),
    );

    app.put(
      '/patients/:id',
      {
        config: { access: allow(PATIENT_MANAGER_ROLES, 'patientCare') },
        schema: {
          tags,
          security,
          summary: 'Change a patient (the patient themself or an admin); fields not sent stay, null clears',
          params: patientParams,
          body: updatePatientBody,
          response: { 200: successEnvelope(patientSchema) },
        },
      },
      async (request) => ({ data: await patients.update(callerOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/patients/:id',
      {
        config: { access: allow(PATIENT_MANAGER_ROLES, 'patientCare') },
        schema: {
          tags,
          security,
          summary: 'Delete a patient (soft; afterwards only admins can reach the record)',
          params: patientParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await patients.remove(callerOf(request), request.params.id);
        return { message: 'Patient deleted.' };
      },
    );

    app.post(
      '/patients/:id/documents',
      {
        config: { access: allow('ANY', 'patientCare'), uploads: true },
        schema: {
          tags,
          security,
          summary: `Upload a document: multipart with "file" (JPEG, PNG, WebP or PDF, up to ${PATIENT_DOCUMENT_MAX_MB} MB) and "title"`,
          consumes: ['multipart/form-data'],
          params: patientParams,
          response: { 201: successEnvelope(patientDocumentSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await patients.addDocument(callerOf(request), request.params.id, () => readUpload(request, 'file')),
          message: 'Document uploaded.',
        }),
    );

    app.get(
      '/patients/:id/documents',
      {
        config: { access: allow('ANY', 'patientCare') },
        schema: {
          tags,
          security,
          summary: "A patient's documents, newest first",
          description:
            'The patient and admins see all of them; a doctor or hospital in a care relationship only those the patient shared with one of their appointments in it, and those they uploaded. The file and thumbnail routes follow the same rule (404 otherwise).',
          params: patientParams,
          querystring: paginationQuery,
          response: { 200: listOf('documents', patientDocumentSchema) },
        },
      },
      async (request) => ({ data: await patients.documents(callerOf(request), request.params.id, request.query) }),
    );

    // A document's file: as a download, and (pictures only) as a thumbnail for lists.
    const documentFile = (
      view: 'content' | 'thumbnail',
      summary: string,
      headers: (file: { fileName: string }) => Record<string, string>,
    ) =>
      app.get(
        `/patients/:id/documents/:documentId/${view}`,
        {
          config: { access: allow('ANY', 'patientCare') },
          schema: { tags, security, summary, params: documentParams },
        },
        async (request, reply) => {
          const { id, documentId } = request.params;
          const file = await patients.documentContent(callerOf(request), id, documentId);
          if (view === 'thumbnail' && !file.contentType.startsWith('image/')) {
            throw notFound('This document has no thumbnail: only pictures (JPEG, PNG, WebP) have one.');
          }
          return reply.type(file.contentType).headers(headers(file)).send(file.content);
        },
      );
    documentFile('content', "Download a document's file (as an attachment, never cached)", (file) => ({
      'content-disposition': attachmentDisposition(file.fileName),
      'cache-control': 'private, no-store',
    }));
    documentFile(
      'thumbnail',
      "An image document's picture for lists, shown inline (the device may keep it); 404 for PDFs",
      () => ({
        'content-disposition': 'inline',
        // The signed-in user's device may keep it (the app's worker caches it per account and removes
        // it at sign-out); no shared cache may.
        'cache-control': 'private, max-age=604800',
        vary: 'Cookie, Authorization',
      }),
    );

    app.post(
      '/patients/:id/medical-history',
      {
        config: { access: allow('ANY', 'patientCare') },
        schema: {
          tags,
          security,
          summary: "Add an entry to a patient's medical history",
          params: patientParams,
          body: medicalHistoryBody,
          response: { 201: successEnvelope(medicalHistoryEntrySchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await patients.addMedicalHistory(callerOf(request), request.params.id, request.body),
        }),
    );

    app.get(
      '/patients/:id/medical-history',
      {
        config: { access: allow('ANY', 'patientCare') },
        schema: {
          tags,
          security,
          summary: "A patient's medical history, newest first",
          params: patientParams,
          querystring: paginationQuery,
          response: { 200: listOf('medicalHistory', medicalHistoryEntrySchema) },
        },
      },
      async (request) => ({ data: await patients.medicalHistory(callerOf(request), request.params.id, request.query) }),
    );
  };
