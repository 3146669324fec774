import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import { listOf } from '../../../domain/schemas/directory.ts';
import {
  doctorSchema,
  doctorSearchQuery,
  doctorSlug,
  onboardDoctorBody,
  updateDoctorBody,
} from '../../../domain/schemas/doctors.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import type { DoctorsService } from './service.ts';

const doctorParams = z.object({ doctorId: idSchema });
const slugParams = z.object({ slug: doctorSlug });

export const doctorsRoutes =
  ({ doctors }: { doctors: DoctorsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['doctors'];
    const security = bearerSecurity;

    app.post(
      '/doctors/onboard',
      {
        config: { access: allow(['DOCTOR'], 'caller') },
        schema: {
          tags,
          security,
          summary: "Create the caller's doctor profile (with a unique slug from the name) and link it to their account",
          body: onboardDoctorBody,
          response: { 201: successEnvelope(doctorSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await doctors.onboard(callerOf(request), request.body), message: 'Doctor profile created.' }),
    );

    app.get(
      '/doctors/me',
      {
        config: { access: allow(['DOCTOR'], 'caller') },
        schema: {
          tags,
          security,
          summary: "The caller's doctor profile",
          response: { 200: successEnvelope(doctorSchema) },
        },
      },
      async (request) => ({ data: await doctors.mine(callerOf(request)) }),
    );

    app.get(
      '/doctors/search',
      {
        config: { access: allow('ANY', 'none') },
        schema: {
          tags,
          security,
          summary:
            "Search doctors: text (name, city, specialisations), place, radius, filters, order, pages; hospitalId lists a hospital's doctors (all of them for that hospital itself)",
          querystring: doctorSearchQuery,
          response: { 200: listOf('doctors', doctorSchema) },
        },
      },
      async (request) => ({ data: await doctors.search(callerOf(request), request.query) }),
    );

    app.get(
      '/doctors/slug/:slug',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: 'One doctor, by the slug of their profile address',
          params: slugParams,
          response: { 200: successEnvelope(doctorSchema) },
        },
      },
      async (request) => ({ data: await doctors.bySlug(callerOf(request), request.params.slug) }),
    );

    app.get(
      '/doctors/:doctorId',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: 'One doctor',
          params: doctorParams,
          response: { 200: successEnvelope(doctorSchema) },
        },
      },
      async (request) => ({ data: await doctors.byId(callerOf(request), request.params.doctorId) }),
    );

    app.patch(
      '/doctors/:doctorId',
      {
        config: { access: allow(['DOCTOR', 'ADMIN'], 'organisation') },
        schema: {
          tags,
          security,
          summary: 'Change a doctor profile (the doctor or an admin); the slug never changes',
          params: doctorParams,
          body: updateDoctorBody,
          response: { 200: successEnvelope(doctorSchema) },
        },
      },
      async (request) => ({ data: await doctors.update(callerOf(request), request.params.doctorId, request.body) }),
    );
  };
