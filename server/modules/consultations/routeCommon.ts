import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, successEnvelope } from '../../../domain/schemas/common.ts';
import { consultationSchema } from '../../../domain/schemas/consultations.ts';
import { bearerSecurity, type callerOf } from '../../platform/auth.ts';
import { allow } from '../../platform/access.ts';

/** What the consultation routes share: parameters, access declarations, the rule they document. */

export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
export const tags = ['consultations'];
export const security = bearerSecurity;
export const one = { 200: successEnvelope(consultationSchema) };
export const params = z.object({ consultationId: idSchema });
export const TREATING = allow(['DOCTOR', 'HOSPITAL'], 'consultationParty');
export const READERS = allow(['DOCTOR', 'HOSPITAL', 'PATIENT'], 'consultationParty');
export const RULE =
  'The treating doctor and hospital read and write; the patient reads their own (private notes excepted); a doctor or hospital with a live emergency grant reads; anyone else gets 404. The record is written only while the consultation is open (409 otherwise). Every read and change is in the audit log.';

export type Part = {
  path: string;
  noun: string;
  idName: string;
  body: z.ZodType;
  answer: z.ZodType;
  add: (caller: ReturnType<typeof callerOf>, id: string, body: never) => Promise<unknown>;
  update: (caller: ReturnType<typeof callerOf>, id: string, partId: string, body: never) => Promise<unknown>;
  remove: (caller: ReturnType<typeof callerOf>, id: string, partId: string) => Promise<unknown>;
};
