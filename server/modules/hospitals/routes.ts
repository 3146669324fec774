import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import { listOf } from '../../../domain/schemas/directory.ts';
import {
  departmentBody,
  departmentSchema,
  emergencyContactBody,
  emergencyContactSchema,
  hospitalProfileSchema,
  hospitalSchema,
  hospitalSearchQuery,
  onboardHospitalBody,
  updateHospitalBody,
} from '../../../domain/schemas/hospitals.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { HospitalsService } from './service.ts';

const hospitalParams = z.object({ hospitalId: idSchema });
const departmentParams = hospitalParams.extend({ departmentId: idSchema });
const contactParams = hospitalParams.extend({ contactId: idSchema });
const removed = z.object({ message: z.string() });

export const hospitalsRoutes =
  ({ hospitals }: { hospitals: HospitalsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['hospitals'];
    const managers = allow(['HOSPITAL', 'ADMIN'], 'organisation');
    const security = bearerSecurity;

    app.post(
      '/hospitals/onboard',
      {
        config: { access: allow(['HOSPITAL'], 'caller') },
        schema: {
          tags,
          security,
          summary: "Create the caller's hospital and link it to their account",
          body: onboardHospitalBody,
          response: { 201: successEnvelope(hospitalProfileSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await hospitals.onboard(callerOf(request), request.body), message: 'Hospital onboarded.' }),
    );

    app.get(
      '/hospitals/me',
      {
        config: { access: allow(['HOSPITAL'], 'caller') },
        schema: {
          tags,
          security,
          summary: "The caller's hospital",
          response: { 200: successEnvelope(hospitalProfileSchema) },
        },
      },
      async (request) => ({ data: await hospitals.mine(callerOf(request)) }),
    );

    app.get(
      '/hospitals/search',
      {
        config: { access: allow('ANY', 'none') },
        schema: {
          tags,
          security,
          summary: 'Search hospitals: text, place, radius, filters, order, pages',
          querystring: hospitalSearchQuery,
          response: { 200: listOf('hospitals', hospitalSchema) },
        },
      },
      async (request) => ({ data: await hospitals.search(callerOf(request), request.query) }),
    );

    app.get(
      '/hospitals/:hospitalId',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: 'One hospital',
          params: hospitalParams,
          response: { 200: successEnvelope(hospitalProfileSchema) },
        },
      },
      async (request) => ({ data: await hospitals.byId(callerOf(request), request.params.hospitalId) }),
    );

    app.patch(
      '/hospitals/:hospitalId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Change a hospital (its owner or an admin)',
          params: hospitalParams,
          body: updateHospitalBody,
          response: { 200: successEnvelope(hospitalProfileSchema) },
        },
      },
      async (request) => ({ data: await hospitals.update(callerOf(request), request.params.hospitalId, request.body) }),
    );

    app.post(
      '/hospitals/:hospitalId/departments',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Add a department',
          params: hospitalParams,
          body: departmentBody,
          response: { 201: successEnvelope(departmentSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await hospitals.addDepartment(callerOf(request), request.params.hospitalId, request.body) }),
    );

    app.put(
      '/hospitals/:hospitalId/departments/:departmentId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Change a department',
          params: departmentParams,
          body: departmentBody,
          response: { 200: successEnvelope(departmentSchema) },
        },
      },
      async (request) => ({
        data: await hospitals.updateDepartment(
          callerOf(request),
          request.params.hospitalId,
          request.params.departmentId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/hospitals/:hospitalId/departments/:departmentId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Remove a department',
          params: departmentParams,
          response: { 200: removed },
        },
      },
      async (request) => {
        await hospitals.removeDepartment(callerOf(request), request.params.hospitalId, request.params.departmentId);
        return { message: 'Department removed.' };
      },
    );

    app.post(
      '/hospitals/:hospitalId/emergency-contacts',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Add an emergency contact',
          params: hospitalParams,
          body: emergencyContactBody,
          response: { 201: successEnvelope(emergencyContactSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await hospitals.addEmergencyContact(callerOf(request), request.params.hospitalId, request.body),
        }),
    );

    app.patch(
      '/hospitals/:hospitalId/emergency-contacts/:contactId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Change an emergency contact',
          params: contactParams,
          body: emergencyContactBody.partial(),
          response: { 200: successEnvelope(emergencyContactSchema) },
        },
      },
      async (request) => ({
        data: await hospitals.updateEmergencyContact(
          callerOf(request),
          request.params.hospitalId,
          request.params.contactId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/hospitals/:hospitalId/emergency-contacts/:contactId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Remove an emergency contact',
          params: contactParams,
          response: { 200: removed },
        },
      },
      async (request) => {
        await hospitals.removeEmergencyContact(callerOf(request), request.params.hospitalId, request.params.contactId);
        return { message: 'Emergency contact removed.' };
      },
    );
  };
