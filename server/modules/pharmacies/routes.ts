import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import { listOf } from '../../../domain/schemas/directory.ts';
import {
  MAX_PHARMACY_IMAGES,
  PHARMACY_IMAGE_MAX_MB,
  emergencyInfoBody,
  onboardPharmacyBody,
  openingHoursPatchBody,
  pharmacistBody,
  pharmacistSchema,
  pharmacyImageSchema,
  pharmacyProfileSchema,
  pharmacySchema,
  pharmacySearchQuery,
  updatePharmacistBody,
  updatePharmacyBody,
} from '../../../domain/schemas/pharmacies.ts';
import { bearerSecurity, callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';
import { readUpload } from '../../platform/files.ts';
import type { PharmaciesService } from './service.ts';

const pharmacyParams = z.object({ id: idSchema });
const pharmacistParams = pharmacyParams.extend({ pharmacistId: idSchema });
const imageParams = pharmacyParams.extend({ imageId: idSchema });
/** SPEC §7 names it imageUrl; its value is the image's id (the last-but-one part of the image's url). */
const imageUrlParams = pharmacyParams.extend({ imageUrl: idSchema });
const removed = z.object({ message: z.string() });

export const pharmaciesRoutes =
  ({ pharmacies }: { pharmacies: PharmaciesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['pharmacies'];
    const managers = allow(['PHARMACY', 'ADMIN'], 'organisation');
    const security = bearerSecurity;

    app.post(
      '/pharmacies/onboard',
      {
        config: { access: allow(['PHARMACY'], 'caller') },
        schema: {
          tags,
          security,
          summary: "Create the caller's pharmacy and link it to their account",
          body: onboardPharmacyBody,
          response: { 201: successEnvelope(pharmacyProfileSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await pharmacies.onboard(callerOf(request), request.body), message: 'Pharmacy onboarded.' }),
    );

    app.get(
      '/pharmacies/me',
      {
        config: { access: allow(['PHARMACY'], 'caller') },
        schema: {
          tags,
          security,
          summary: "The caller's pharmacy",
          response: { 200: successEnvelope(pharmacyProfileSchema) },
        },
      },
      async (request) => ({ data: await pharmacies.mine(callerOf(request)) }),
    );

    app.get(
      '/pharmacies/search',
      {
        config: { access: allow('ANY', 'none') },
        schema: {
          tags,
          security,
          summary:
            'Search pharmacies: text (name, city, services), place, radius, filters, order, pages; non-admins see verified, active ones',
          querystring: pharmacySearchQuery,
          response: { 200: listOf('pharmacies', pharmacySchema) },
        },
      },
      async (request) => ({ data: await pharmacies.search(callerOf(request), request.query) }),
    );

    app.get(
      '/pharmacies/:id',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: 'One pharmacy with its pharmacists and images (staff contacts for the owner and admins only)',
          params: pharmacyParams,
          response: { 200: successEnvelope(pharmacyProfileSchema) },
        },
      },
      async (request) => ({ data: await pharmacies.byId(callerOf(request), request.params.id) }),
    );

    app.put(
      '/pharmacies/:id',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Change a pharmacy (its owner or an admin): fields sent replace theirs, the rest stay',
          params: pharmacyParams,
          body: updatePharmacyBody,
          response: { 200: successEnvelope(pharmacyProfileSchema) },
        },
      },
      async (request) => ({ data: await pharmacies.update(callerOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/pharmacies/:id',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary:
            'Archive a pharmacy (its owner or an admin): status ARCHIVED, gone from search and from other users; the record and the account link stay',
          params: pharmacyParams,
          response: { 200: removed },
        },
      },
      async (request) => {
        await pharmacies.archive(callerOf(request), request.params.id);
        return { message: 'Pharmacy archived.' };
      },
    );

    app.patch(
      '/pharmacies/:id/opening-hours',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary:
            'Change opening hours per weekday: { open, close } (HH:mm, open before close), { open24Hours: true } or { closed: true }; null removes a day, days not sent stay',
          params: pharmacyParams,
          body: openingHoursPatchBody,
          response: { 200: successEnvelope(pharmacyProfileSchema) },
        },
      },
      async (request) => ({
        data: await pharmacies.changeOpeningHours(callerOf(request), request.params.id, request.body),
      }),
    );

    app.patch(
      '/pharmacies/:id/emergency-info',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Set the emergency info (replaces it): available24x7, phone, instructions',
          params: pharmacyParams,
          body: emergencyInfoBody,
          response: { 200: successEnvelope(pharmacyProfileSchema) },
        },
      },
      async (request) => ({
        data: await pharmacies.changeEmergencyInfo(callerOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/pharmacies/:id/pharmacists',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Add a pharmacist',
          params: pharmacyParams,
          body: pharmacistBody,
          response: { 201: successEnvelope(pharmacistSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await pharmacies.addPharmacist(callerOf(request), request.params.id, request.body) }),
    );

    app.put(
      '/pharmacies/:id/pharmacists/:pharmacistId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Change a pharmacist (fields not sent stay; a new registration number needs verifying again)',
          params: pharmacistParams,
          body: updatePharmacistBody,
          response: { 200: successEnvelope(pharmacistSchema) },
        },
      },
      async (request) => ({
        data: await pharmacies.updatePharmacist(
          callerOf(request),
          request.params.id,
          request.params.pharmacistId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/pharmacies/:id/pharmacists/:pharmacistId',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Remove a pharmacist',
          params: pharmacistParams,
          response: { 200: removed },
        },
      },
      async (request) => {
        await pharmacies.removePharmacist(callerOf(request), request.params.id, request.params.pharmacistId);
        return { message: 'Pharmacist removed.' };
      },
    );

    app.post(
      '/pharmacies/:id/pharmacists/:pharmacistId/verify',
      {
        config: { access: allow(['ADMIN'], 'none') },
        schema: {
          tags,
          security,
          summary: 'Mark a pharmacist as verified (admins only)',
          params: pharmacistParams,
          response: { 200: successEnvelope(pharmacistSchema) },
        },
      },
      async (request) => ({
        data: await pharmacies.verifyPharmacist(request.params.id, request.params.pharmacistId),
        message: 'Pharmacist verified.',
      }),
    );

    app.post(
      '/pharmacies/:id/images',
      {
        config: { access: managers, uploads: true },
        schema: {
          tags,
          security,
          summary: `Add an image (multipart field "file"; JPEG, PNG or WebP by content, up to ${PHARMACY_IMAGE_MAX_MB} MB; at most ${MAX_PHARMACY_IMAGES} per pharmacy)`,
          consumes: ['multipart/form-data'],
          params: pharmacyParams,
          response: { 201: successEnvelope(pharmacyImageSchema) },
        },
      },
      async (request, reply) => {
        const image = await pharmacies.addImage(
          callerOf(request),
          request.params.id,
          async () => (await readUpload(request, 'file')).buffer,
        );
        return reply.code(201).send({ data: image, message: 'Image added.' });
      },
    );

    app.get(
      '/pharmacies/:id/images',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary: `The images of a pharmacy, oldest first (at most ${MAX_PHARMACY_IMAGES}, one page); for anyone who may see the pharmacy`,
          params: pharmacyParams,
          response: { 200: listOf('images', pharmacyImageSchema) },
        },
      },
      async (request) => ({ data: await pharmacies.images(callerOf(request), request.params.id) }),
    );

    app.get(
      '/pharmacies/:id/images/:imageId/content',
      {
        config: { access: allow('ANY', 'listed') },
        schema: {
          tags,
          security,
          summary:
            "An image's bytes with its content type (the imageUrl of an image); for anyone who may see the pharmacy",
          params: imageParams,
        },
      },
      async (request, reply) => {
        const { content, contentType } = await pharmacies.imageContent(
          callerOf(request),
          request.params.id,
          request.params.imageId,
        );
        return reply.type(contentType).header('cache-control', 'private, max-age=86400').send(content);
      },
    );

    app.delete(
      '/pharmacies/:id/images/:imageUrl',
      {
        config: { access: managers },
        schema: {
          tags,
          security,
          summary: 'Remove an image; {imageUrl} is the image id',
          params: imageUrlParams,
          response: { 200: removed },
        },
      },
      async (request) => {
        await pharmacies.removeImage(callerOf(request), request.params.id, request.params.imageUrl);
        return { message: 'Image removed.' };
      },
    );
  };
