// The bad-input suite: every operation the app serves (app.routeList), called as a caller its access
// declaration admits, with requests derived from the operation's own JSON Schema (/api/docs/json)
// and then broken: wrong types, nulls, missing fields, strings past their limit, hostile text (NUL,
// lone surrogates, control characters, SQL, ../), numbers out of range, NaN-like strings, dates
// PostgreSQL cannot hold, extra fields, unreadable bodies.
// For every call: no 5xx; no stack trace, SQL or internal path in the answer; and a refused (4xx)
// mutating call stores nothing (the rows and last changes of every table are the same after it).
// BAD_INPUT_RUNS (cases per operation) and BAD_INPUT_SEED make a larger or another run:
// `npm run bench bad-input`.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/enums.ts';
import { rowsOf } from '../../server/db/client.ts';
import { affiliations, appointments } from '../../server/db/schema/index.ts';
import { admittedRoles, type RouteEntry } from '../../server/platform/access.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, newAccount, signin } from './support/accounts.ts';
import { appointmentWorld, book, futureSlot, json, patientBody } from './support/appointments.ts';
import { onboard, onboardDiagnostics, onboardPharmacy } from './support/organisations.ts';
import { CBC_ENTRY } from './support/diagnosticOrders.ts';
import { teleconsultation } from './support/telemedicine.ts';
import { diagnosticsCentres } from '../../server/db/schema/index.ts';

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 25);
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_260_401);
const TAG = 'badinput';
const MISSING = '00000000-0000-4000-8000-000000000000';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// The app is built while the file is collected, so that each operation is a test of its own.
const t: TestApp = await startTestApp({ rateLimits: GENEROUS_LIMITS });
const ROUTES: RouteEntry[] = [...t.app.routeList];
const OPENAPI = (await (await t.request('/api/docs/json')).json()) as {
  paths: Record<string, Record<string, Operation>>;
};
afterAll(() => t.close());

// ── JSON Schema → arbitraries ─────────────────────────────────────────────────────────

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
};
type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Ids of real rows, so a well-formed request reaches past validation. */
const knownIds: string[] = [MISSING];

/** Field names whose JSON Schema says only "string" but whose rule is stricter. */
const BY_NAME: Record<string, fc.Arbitrary<unknown>> = {
  phone: fc.constantFrom('+91 98220 12345', '098220 33333', '9822012345'),
  phoneNumber: fc.constantFrom('9822012345'),
  password: fc.constantFrom('Swasthya2026'),
  email: fc.constantFrom(`someone.${TAG}@example.in`),
  scheduledAt: fc.integer({ min: 1, max: 200 }).map((days) => futureSlot(days)),
  from: fc.constantFrom('2024-01-01T00:00:00+05:30'),
  to: fc.constantFrom('2099-12-31T23:59:59Z'),
};

const WORD = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCअआ'.split('')), minLength: 1 });

function valid(schema: Schema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(undefined);
  const base = validNotNull(schema, name, depth);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validNotNull(s: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (BY_NAME[name] && (s.type === 'string' || s.anyOf)) return BY_NAME[name]!;
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return fc.oneof(...choices.map((c) => valid(c, name, depth + 1)));
  if (s.allOf?.[0]) return valid(s.allOf[0], name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'string':
      return validString(s);
    case 'integer':
    case 'number': {
      const min = Math.max(s.minimum ?? -1000, -1e6) + (s.exclusiveMinimum !== undefined ? 1 : 0);
      const max = Math.min(s.maximum ?? 1000, 1e6);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
        : fc.integer({ min: Math.ceil(min * 100), max: Math.floor(Math.max(min, max) * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(s.items, name, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object':
      return validObject(s, depth);
    default:
      return fc.constant('');
  }
}

function validString(s: Schema): fc.Arbitrary<unknown> {
  switch (s.format) {
    case 'uuid':
      return fc.constantFrom(...knownIds);
    case 'email':
      return fc.constantFrom(`someone.${TAG}@example.in`);
    case 'date':
      return fc.integer({ min: 1950, max: 2020 }).map((year) => `${year}-06-15`);
    case 'date-time':
      return fc.integer({ min: 1, max: 200 }).map((days) => futureSlot(days));
    case 'uri':
      return fc.constantFrom('https://push.example.in/endpoint/1', 'https://example.in');
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain words, most likely refused.
    }
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 30, 30));
  return fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABC'.split('')), minLength, maxLength });
}

function validObject(s: Schema, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  if (Object.keys(props).length === 0 && s.additionalProperties && typeof s.additionalProperties === 'object') {
    const keys = s.propertyNames?.enum ? fc.constantFrom(...(s.propertyNames.enum as string[])) : WORD;
    return fc.dictionary(keys, valid(s.additionalProperties, '', depth + 1), { maxKeys: 3 });
  }
  // Optional fields now and then: a request that sets every optional filter at once is rarely a valid one.
  const required = new Set(s.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(props)) {
    const arbitrary = valid(value, key, depth + 1);
    record[key] = required.has(key) ? arbitrary : fc.option(arbitrary, { nil: undefined, freq: 3 });
  }
  return fc
    .record(record)
    .map((value) => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)));
}

// ── mutations ─────────────────────────────────────────────────────────────────────────

const LONE = '\ud800';
const HOSTILE = [
  'a\u0000b',
  '\u0000',
  `x${LONE}y`,
  '\udc00',
  'bell\u0007esc\u001b[31m',
  '\u0085\u009f',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  'Robert"); DELETE FROM patients; --',
  '%00',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '{"$gt": ""}',
  '\u202e\u200b\ufeff',
  '👩‍⚕️'.repeat(3000),
  'क्ष'.repeat(5000),
];
const NAN_LIKE = ['NaN', 'Infinity', '-Infinity', '1e999', '-0', '0x1F', '', ' ', '1_000', '١٢٣', 'null', 'true'];
const BAD_NUMBERS = [-1, -1e308, 1e308, 2 ** 53 + 1, -(2 ** 53) - 1, 0.5, 1e-320, 4_294_967_296];
const BAD_DATES = [
  '0000-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59.999999999-12:00',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2024-02-30',
  '2024-13-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '2024-01-05T25:00:00Z',
  '2024-01-05T10:30:00',
];
const WRONG_TYPES: unknown[] = [12345, -1, true, false, {}, [], [null], { a: 1 }, 'text', 0];

type Where = 'params' | 'query' | 'body';
type Mutation =
  | { kind: 'remove' | 'null'; where: Where; path: string[] }
  | { kind: 'set'; where: Where; path: string[]; value: unknown }
  | { kind: 'huge'; where: Where; path: string[]; length: number; unit: string }
  | { kind: 'extra'; where: Where; path: string[]; key: string; value: unknown }
  | { kind: 'rawBody'; raw: string; contentType: string }
  /** Every plain text field (or every date field) at once: what the database cannot hold, in otherwise fine text. */
  | { kind: 'poison'; targets: Array<{ where: Where; path: string[]; value: string }> };

/** Every property path a schema describes (objects only; an array's items through index 0). */
function pathsOf(schema: Schema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 4) return [];
  const out: string[][] = [];
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const s of variants) {
    for (const [key, value] of Object.entries(s.properties ?? {})) {
      out.push([...prefix, key]);
      out.push(...pathsOf(value, [...prefix, key], depth + 1));
    }
    if (s.items) out.push(...pathsOf(s.items, [...prefix, '0'], depth + 1));
  }
  return out;
}

/** Property paths with their schema, for the leaves that are strings. */
function stringLeaves(schema: Schema | undefined, prefix: string[] = [], depth = 0): Array<[string[], Schema]> {
  if (!schema || depth > 4) return [];
  const out: Array<[string[], Schema]> = [];
  for (const s of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    if (prefix.length && type === 'string' && !s.enum) out.push([prefix, s]);
    for (const [key, value] of Object.entries(s.properties ?? {})) {
      out.push(...stringLeaves(value, [...prefix, key], depth + 1));
    }
    if (s.items) out.push(...stringLeaves(s.items, [...prefix, '0'], depth + 1));
  }
  return out;
}

const POISON = ['\u0000', LONE, '\udc00', '\u0007', '\u001b', '\u007f'];

function poisonFor(op: Shape): fc.Arbitrary<Mutation> | undefined {
  const leaves = [
    ...stringLeaves(op.query).map(([path, s]) => ({ where: 'query' as const, path, s })),
    ...stringLeaves(op.body).map(([path, s]) => ({ where: 'body' as const, path, s })),
  ];
  const text = leaves.filter(({ s }) => !s.format && !s.pattern);
  const dates = leaves.filter(({ s }) => s.format === 'date' || s.format === 'date-time');
  const options: Array<fc.Arbitrary<Mutation>> = [];
  if (text.length) {
    options.push(
      fc.constantFrom(...POISON).map((bad) => ({
        kind: 'poison' as const,
        targets: text.map(({ where, path, s }) => ({
          where,
          path,
          value: `Asha Kale ${bad}x`.slice(-Math.max(2, Math.min(s.maxLength ?? 12, 12))),
        })),
      })),
    );
  }
  if (dates.length) {
    options.push(
      fc.constantFrom(...BAD_DATES).map((bad) => ({
        kind: 'poison' as const,
        targets: dates.map(({ where, path, s }) => ({
          where,
          path,
          value: s.format === 'date' ? bad.slice(0, 10) : bad.length > 10 ? bad : `${bad}T00:00:00Z`,
        })),
      })),
    );
  }
  return options.length ? fc.oneof(...options) : undefined;
}

function mutationsFor(op: Shape): fc.Arbitrary<Mutation> {
  const targets: Array<{ where: Where; path: string[] }> = [];
  for (const name of Object.keys(op.params.properties ?? {})) targets.push({ where: 'params', path: [name] });
  for (const path of pathsOf(op.query)) targets.push({ where: 'query', path });
  for (const path of pathsOf(op.body)) targets.push({ where: 'body', path });
  const anywhere: Array<{ where: Where; path: string[] }> = [
    ...(op.hasBody ? [{ where: 'body' as const, path: [] }] : []),
    { where: 'query', path: [] },
  ];
  const target = fc.constantFrom(...(targets.length ? targets : anywhere));
  const kinds: Array<fc.Arbitrary<Mutation>> = [
    target.map((t) => ({ kind: 'remove' as const, ...t })),
    target.map((t) => ({ kind: 'null' as const, ...t })),
    fc.tuple(target, fc.constantFrom(...WRONG_TYPES)).map(([t, value]) => ({ kind: 'set' as const, ...t, value })),
    fc.tuple(target, fc.constantFrom(...HOSTILE)).map(([t, value]) => ({ kind: 'set' as const, ...t, value })),
    fc.tuple(target, fc.constantFrom(...NAN_LIKE)).map(([t, value]) => ({ kind: 'set' as const, ...t, value })),
    fc.tuple(target, fc.constantFrom(...BAD_NUMBERS)).map(([t, value]) => ({ kind: 'set' as const, ...t, value })),
    fc.tuple(target, fc.constantFrom(...BAD_DATES)).map(([t, value]) => ({ kind: 'set' as const, ...t, value })),
    fc
      .tuple(target, fc.constantFrom(257, 1_001, 2_001, 10_001, 120_000), fc.constantFrom('x', 'é', '😀'))
      .map(([t, length, unit]) => ({ kind: 'huge' as const, ...t, length, unit })),
    fc
      .tuple(fc.constantFrom(...anywhere, ...targets), fc.constantFrom('extra', 'isAdmin', 'role', 'id', 'deletedAt'))
      .chain(([t, key]) =>
        fc.constantFrom(...HOSTILE.slice(0, 10), 'ADMIN', 1, null).map((value) => ({
          kind: 'extra' as const,
          ...t,
          key,
          value,
        })),
      ),
  ];
  if (op.hasBody) {
    kinds.push(
      fc.constantFrom(
        { kind: 'rawBody' as const, raw: '{"a":', contentType: 'application/json' },
        { kind: 'rawBody' as const, raw: '[1,2,3]', contentType: 'application/json' },
        { kind: 'rawBody' as const, raw: '"text"', contentType: 'application/json' },
        { kind: 'rawBody' as const, raw: 'null', contentType: 'application/json' },
        { kind: 'rawBody' as const, raw: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
        { kind: 'rawBody' as const, raw: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
        { kind: 'rawBody' as const, raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
        { kind: 'rawBody' as const, raw: '<x/>', contentType: 'text/xml' },
        { kind: 'rawBody' as const, raw: '{"a":"\\ud800"}', contentType: 'application/json' },
        { kind: 'rawBody' as const, raw: '{"a":"\\u0000"}', contentType: 'application/json' },
      ),
    );
  }
  const poison = poisonFor(op);
  if (poison) kinds.push(poison, poison, poison);
  return fc.oneof(...kinds);
}

type Req = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown };

function apply(req: Req, m: Mutation): { raw?: { body: string; contentType: string } } {
  if (m.kind === 'rawBody') return { raw: { body: m.raw, contentType: m.contentType } };
  if (m.kind === 'poison') {
    for (const target of m.targets) {
      // Only where the request has the field's parent: a made-up parent would be refused for what it lacks.
      let parent: unknown = req[target.where];
      for (const key of target.path.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[key];
      if (parent && typeof parent === 'object') apply(req, { kind: 'set', ...target });
    }
    return {};
  }
  const root = req[m.where];
  if (m.path.length === 0) {
    if (m.kind === 'extra' && root && typeof root === 'object') (root as Record<string, unknown>)[m.key] = m.value;
    else if (m.where === 'body') req.body = m.kind === 'null' ? null : m.kind === 'set' ? m.value : undefined;
    return {};
  }
  let parent = root as Record<string, unknown> | undefined;
  for (const key of m.path.slice(0, -1)) {
    if (!parent) return {};
    const next = parent[key];
    if (!next || typeof next !== 'object') parent[key] = {};
    parent = parent[key] as Record<string, unknown>;
  }
  if (!parent || typeof parent !== 'object') return {};
  const last = m.path.at(-1)!;
  switch (m.kind) {
    case 'remove':
      delete parent[last];
      break;
    case 'null':
      parent[last] = null;
      break;
    case 'set':
      parent[last] = m.value;
      break;
    case 'huge':
      parent[last] = m.unit.repeat(m.length);
      break;
    case 'extra': {
      const holder = parent[last];
      if (holder && typeof holder === 'object') (holder as Record<string, unknown>)[m.key] = m.value;
      else parent[m.key] = m.value;
      break;
    }
  }
  return {};
}

// ── sending ───────────────────────────────────────────────────────────────────────────

/** Percent-encodes any string, a lone surrogate included (as its CESU-8 bytes, which no decoder accepts). */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(asText(item))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function pathOf(url: string, params: Record<string, unknown>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encode(asText(params[name])));
}

// ── the world the operations act on ───────────────────────────────────────────────────

type Caller = { token: string } | null;
let callers: Partial<Record<Role, Caller>> = {};
let signoutAccount: { email: string; token: string };
let paramValues: (route: RouteEntry) => Record<string, string>;
let fingerprintQuery: ReturnType<typeof sql.raw>;

async function created(token: string, path: string, body: unknown, form?: FormData): Promise<string> {
  const res = form
    ? await t.request(path, { method: 'POST', body: form, headers: bearer(token) })
    : await t.request(path, { method: 'POST', json: body, headers: bearer(token) });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  return (await json(res)).data.id as string;
}

const pngForm = (title?: string) => {
  const form = new FormData();
  if (title) form.append('title', title);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'front.png');
  return form;
};

beforeAll(async () => {
  const w = await appointmentWorld(t, TAG);
  const pharmacy = await onboardPharmacy(t, `chemist.${TAG}@example.in`, 'Jeevan Bad Input Medicals', 'MH-20B-B1');
  const sparePharmacy = await onboardPharmacy(t, `chemist2.${TAG}@example.in`, 'Spare Medicals', 'MH-20B-B2');
  const diagnostics = await onboardDiagnostics(t, `lab.${TAG}@example.in`, 'Precision Labs', 'MH-CEA-B1');
  const sparePatient = await onboard(t, `spare.${TAG}@example.in`, 'PATIENT', '/api/patients', patientBody('Spare'));
  const signoutUser = await newAccount(t, `signout.${TAG}@example.in`, 'USER');
  signoutAccount = { email: `signout.${TAG}@example.in`, token: signoutUser.token };
  callers = {
    ADMIN: { token: w.admin.token },
    PATIENT: { token: w.patient.token },
    DOCTOR: { token: w.doctor.token },
    HOSPITAL: { token: w.hospital.token },
    PHARMACY: { token: pharmacy.token },
    DIAGNOSTICS: { token: diagnostics.token },
    USER: { token: w.user.token },
  };

  const hospitalId = w.hospital.referenceId;
  const departmentId = await created(w.hospital.token, `/api/hospitals/${hospitalId}/departments`, {
    name: 'Cardiology',
  });
  const contactId = await created(w.hospital.token, `/api/hospitals/${hospitalId}/emergency-contacts`, {
    name: 'Night desk',
    phone: '+91 98220 12345',
  });
  const documentId = await created(
    w.patient.token,
    `/api/patients/${w.patient.referenceId}/documents`,
    undefined,
    pngForm('Prescription'),
  );
  const pharmacistId = await created(pharmacy.token, `/api/pharmacies/${pharmacy.referenceId}/pharmacists`, {
    name: 'Meera Joshi',
    registrationNumber: 'MH-PCI-55120',
  });
  const imageId = await created(pharmacy.token, `/api/pharmacies/${pharmacy.referenceId}/images`, undefined, pngForm());
  const bookOne = async (days: number) => {
    const res = await book(t, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(days) });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).data.id as string;
  };
  const appointmentId = await bookOne(30);
  const spareAppointmentId = await bookOne(31);
  const notificationId = await created(w.admin.token, '/api/notifications', {
    userId: w.admin.userId,
    title: 'Clinic closed on Friday',
    message: 'The OPD is closed for Diwali.',
  });
  const doctor = await json(
    await t.request(`/api/doctors/${w.doctor.referenceId}`, { headers: bearer(w.admin.token) }),
  );
  const paper = pngForm();
  for (const [key, value] of Object.entries({
    documentType: 'PAN_CARD',
    documentNumber: 'AAACS1234K',
    issuingAuthority: 'Income Tax Department',
    issueDate: '2020-04-01',
  })) {
    paper.append(key, value);
  }
  paper.set('files', paper.get('file')!);
  paper.delete('file');
  const verificationDocument = await json(
    await t.request('/api/verification/documents/upload', {
      method: 'POST',
      body: paper,
      headers: bearer(w.hospital.token),
    }),
  );
  const verificationFileId = verificationDocument.data.files[0].id as string;
  const teamMemberId = await created(w.hospital.token, '/api/teams/me/members', {
    email: `frontdesk.member.${TAG}@example.in`,
    name: 'Anita Desai',
    duties: ['FRONT_DESK'],
  });
  const waitlistId = await created(w.patient.token, '/api/waitlist/join', {
    doctorId: w.doctor.referenceId,
    hospitalId,
    preferredFrom: '2030-12-01',
    preferredTo: '2030-12-20',
    reason: 'An earlier review of the ECG',
  });
  // A consultation of the world's patient with its doctor, with one of each part (and an alert).
  const consultationAppointmentId = await bookOne(32);
  await t.database.db
    .update(appointments)
    .set({ status: 'ACCEPTED' })
    .where(eq(appointments.id, consultationAppointmentId));
  const consultationId = await created(w.doctor.token, '/api/consultations', {
    appointmentId: consultationAppointmentId,
  });
  const inConsultation = (rest: string, body: unknown) =>
    created(w.doctor.token, `/api/consultations/${consultationId}${rest}`, body);
  const diagnosisId = await inConsultation('/diagnoses', { description: 'Hypertension' });
  const vitalSignsId = await inConsultation('/vital-signs', { spo2: 85 });
  const prescriptionId = await inConsultation('/prescriptions', {
    genericName: 'Paracetamol',
    dose: '1 tablet',
    frequency: 'Twice a day',
    duration: '3 days',
  });
  const testId = await inConsultation('/diagnostic-tests', { testName: 'ECG' });
  const consultation = await json(
    await t.request(`/api/consultations/${consultationId}`, { headers: bearer(w.doctor.token) }),
  );
  const alertId = consultation.data.alerts[0].id as string;
  // A video consultation around now, for the telemedicine routes to reach past their rules.
  const teleconsultationId = await teleconsultation(t, w);
  // A listed centre with a catalogue entry, and an order there with one test.
  await t.database.db
    .update(diagnosticsCentres)
    .set({ verificationStatus: 'VERIFIED' })
    .where(eq(diagnosticsCentres.id, diagnostics.referenceId));
  const entry = await t.request(`/api/diagnostics/${diagnostics.referenceId}/tests/CBC`, {
    method: 'PUT',
    json: CBC_ENTRY,
    headers: bearer(diagnostics.token),
  });
  expect(entry.status).toBe(200);
  const order = await t.request('/api/diagnostic-orders', {
    method: 'POST',
    json: { diagnosticCenterId: diagnostics.referenceId, tests: ['CBC'] },
    headers: bearer(w.patient.token),
  });
  expect(order.status, await order.clone().text()).toBe(201);
  const { id: orderId, tests: orderTests } = (await json(order)).data;
  // An active affiliation with commission between the hospital and the centre (its routes' id).
  const [affiliation] = await t.database.db
    .insert(affiliations)
    .values({
      proposerKind: 'HOSPITAL',
      proposerId: hospitalId,
      recipientKind: 'DIAGNOSTICS',
      recipientId: diagnostics.referenceId,
      partyType: 'INTERNAL',
      type: 'REFERRAL',
      benefits: ['COMMISSION'],
      startDate: '2026-01-01',
      endDate: '2030-12-31',
      terms: 'Referrals',
      status: 'ACTIVE',
      verificationRequired: true,
      consentedAt: new Date(),
      verifiedAt: new Date(),
      activatedAt: new Date(),
      createdBy: w.hospital.userId,
    })
    .returning({ id: affiliations.id });
  const affiliationId = affiliation!.id;
  knownIds.push(
    affiliationId,
    orderId,
    orderTests[0].id,
    hospitalId,
    waitlistId,
    departmentId,
    contactId,
    w.patient.referenceId,
    documentId,
    pharmacy.referenceId,
    pharmacistId,
    imageId,
    diagnostics.referenceId,
    w.doctor.referenceId,
    appointmentId,
    notificationId,
    verificationFileId,
    teamMemberId,
    consultationId,
    teleconsultationId,
    w.patient.userId,
    w.doctor.userId,
  );

  const byName: Record<string, string> = {
    hospitalId,
    departmentId,
    contactId,
    documentId,
    pharmacistId,
    imageId,
    imageUrl: imageId,
    diagnosticsId: diagnostics.referenceId,
    doctorId: w.doctor.referenceId,
    slug: doctor.data.slug as string,
    appointmentId,
    notificationId,
    fileId: verificationFileId,
    memberId: teamMemberId,
    waitlistId,
    consultationId,
    diagnosisId,
    vitalSignsId,
    prescriptionId,
    testId,
    alertId,
    entityId: hospitalId,
    documentType: 'PAN_CARD',
    testType: 'CBC',
    orderId,
    affiliationId,
    diagnosticCenterId: diagnostics.referenceId,
    patientId: w.patient.referenceId,
    token: 'no-such-token-0123456789abcdefghijklmnopqrstuvwxyz',
  };
  paramValues = (route) => {
    const values = { ...byName };
    const deletes = route.method === 'DELETE';
    if (route.url.startsWith('/api/patients/')) values.id = deletes ? sparePatient.referenceId : w.patient.referenceId;
    if (route.url.startsWith('/api/pharmacies/'))
      values.id = deletes && route.url === '/api/pharmacies/:id' ? sparePharmacy.referenceId : pharmacy.referenceId;
    if (deletes && route.url === '/api/appointments/:appointmentId') values.appointmentId = spareAppointmentId;
    // A test of the order on the order's routes (a consultation's test on the consultation's).
    if (route.url.includes('/diagnostic-orders')) values.testId = orderTests[0].id as string;
    if (route.url.includes('/telemedicine/')) values.consultationId = teleconsultationId;
    return values;
  };

  // What a refused request must leave as it was: the rows of every table and the latest time one changed.
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await t.database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('created_at', 'updated_at')`),
  );
  const tables = rowsOf<{ table_name: string }>(
    await t.database.db.execute(sql`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not like '%drizzle%' order by table_name`),
  ).map((r) => r.table_name);
  const selects = tables.map((table) => {
    const stamps = columns.filter((c) => c.table_name === table).map((c) => `max("${c.column_name}")::text`);
    return `select '${table}' as t, count(*)::text || '|' || ${stamps.length ? `concat_ws('|', ${stamps.join(', ')})` : "''"} as v from "${table}"`;
  });
  fingerprintQuery = sql.raw(selects.join(' union all '));
  expect(tables.length).toBeGreaterThan(10);
}, 180_000);

async function fingerprint(): Promise<Record<string, string>> {
  const rows = rowsOf<{ t: string; v: string }>(await t.database.db.execute(fingerprintQuery));
  return Object.fromEntries(rows.map((r) => [r.t, r.v]));
}

// ── the operations ────────────────────────────────────────────────────────────────────

type Shape = { params: Schema; query: Schema; body?: Schema; hasBody: boolean };

function shapeOf(route: RouteEntry): Shape | undefined {
  const openPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
  const op = OPENAPI.paths[openPath]?.[route.method.toLowerCase()];
  if (!op) return undefined;
  const group = (where: string): Schema => {
    const list = (op.parameters ?? []).filter((p) => p.in === where);
    return {
      type: 'object',
      properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
      required: list.filter((p) => p.required).map((p) => p.name),
    };
  };
  const body = op.requestBody?.content?.['application/json']?.schema;
  return {
    params: group('path'),
    query: group('query'),
    body,
    hasBody: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
  };
}

const PREFERRED: Role[] = ['ADMIN', 'PATIENT', 'DOCTOR', 'HOSPITAL', 'PHARMACY', 'DIAGNOSTICS', 'USER'];

function callerFor(route: RouteEntry): { role: Role | 'anonymous'; caller: Caller } {
  const access = route.access!;
  if (access.public) return { role: 'anonymous', caller: null };
  if (route.url === '/api/users/signout') return { role: 'USER', caller: signoutAccount };
  const admitted = admittedRoles(access);
  const role = PREFERRED.find((r) => admitted.includes(r))!;
  return { role, caller: callers[role]! };
}

const STACK = /\n\s+at\s|\bat\s+\S+\s+\(.*:\d+:\d+\)|Error:\s.*\n/;
const SQL_TEXT =
  /syntax error at or near|violates (not-null|unique|foreign key|check) constraint|invalid input syntax for|duplicate key value|relation "\w+"|column "\w+"|\bselect\s+.+\s+from\s+"|\binsert\s+into\s+"|\bupdate\s+"\w+"\s+set\b|Failed query:|drizzle|postgres(ql)?:\/\//i;
const INTERNAL_PATH = /\/work\/|node_modules|file:\/\/|\.ts:\d+|\/server\/(modules|platform|db)\//;

const counts = { operations: 0, cases: 0, fiveXX: 0, byClass: {} as Record<string, number> };
const covered = new Set<string>();
const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

function multipartVariant(): fc.Arbitrary<{ contentType: string; body: string | Buffer }> {
  const boundary = '----badinput';
  const part = (name: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const fileHead = (filename: string) => `${part('file', `; filename="${filename}"`)}Content-Type: image/png\r\n\r\n`;
  const whole = (title: string, filename: string, bytes: Buffer = PNG) =>
    Buffer.concat([
      Buffer.from(`${part('title')}\r\n${title}\r\n${fileHead(filename)}`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const typed = `multipart/form-data; boundary=${boundary}`;
  return fc.oneof(
    fc
      .constantFrom(...HOSTILE, 'x'.repeat(10_001))
      .map((title) => ({ contentType: typed, body: whole(title, 'scan.png') })),
    fc.constantFrom(...HOSTILE.slice(0, 12)).map((name) => ({ contentType: typed, body: whole('Scan', name) })),
    fc.constant({ contentType: 'multipart/form-data', body: whole('Scan', 'scan.png') }),
    fc.constant({
      contentType: typed,
      body: Buffer.from(`${part('title')}\r\nScan\r\n${fileHead('scan.png')}\u0089PNG`),
    }),
    fc.constant({
      contentType: typed,
      body: Buffer.from(`--${boundary}\r\nnot a header\r\n\r\nxx\r\n--${boundary}--\r\n`),
    }),
    fc.constant({ contentType: typed, body: whole('Scan', 'empty.png', Buffer.alloc(0)) }),
    fc.constant({ contentType: typed, body: whole('Scan', 'note.png', Buffer.from('not an image at all')) }),
    fc.constant({ contentType: typed, body: Buffer.from(`--${boundary}--\r\n`) }),
    fc.constant({ contentType: 'application/json', body: '{"title":"Scan"}' }),
    fc.constant({ contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, body: whole('Scan', 'scan.png') }),
  );
}

describe('bad input to every operation', () => {
  for (const route of ROUTES) {
    const key = routeKey(route);
    it(key, async () => {
      const shape = shapeOf(route);
      expect(shape, `${key} has no operation in /api/docs/json`).toBeDefined();
      if (!shape || !route.access) return;
      const { caller } = callerFor(route);
      const baseParams = paramValues(route);
      const poisonOnly = poisonFor(shape);
      const request = fc.record({
        query: valid(shape.query),
        body: shape.body ? valid(shape.body) : fc.constant(undefined),
        // A third of the cases carry only poisoned text or dates, in a request otherwise as generated.
        mutations: poisonOnly
          ? fc.oneof(
              { weight: 2, arbitrary: fc.array(mutationsFor(shape), { minLength: 1, maxLength: 2 }) },
              { weight: 1, arbitrary: poisonOnly.map((m) => [m]) },
            )
          : fc.array(mutationsFor(shape), { minLength: 1, maxLength: 2 }),
        multipart: route.uploads ? fc.option(multipartVariant(), { nil: undefined, freq: 3 }) : fc.constant(undefined),
      });
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(request, async (generated) => {
          const req: Req = {
            params: Object.fromEntries(
              Object.keys(shape.params.properties ?? {}).map((n) => [n, baseParams[n] ?? MISSING]),
            ),
            query: structuredClone(generated.query as Record<string, unknown>) ?? {},
            body: structuredClone(generated.body),
          };
          let raw: { body: string | Buffer; contentType: string } | undefined;
          for (const m of generated.mutations) raw = apply(req, m).raw ?? raw;
          if (route.uploads) {
            const variant = generated.multipart;
            raw = variant ? { body: variant.body, contentType: variant.contentType } : raw;
            raw ??= { body: Buffer.alloc(0), contentType: 'multipart/form-data; boundary=x' };
          }
          const path = pathOf(route.url, req.params) + queryString(req.query);
          const headers: Record<string, string> = caller ? bearer(caller.token) : {};
          const init: RequestInit = { method: route.method, headers };
          if (raw) {
            headers['content-type'] = raw.contentType;
            init.body = typeof raw.body === 'string' ? raw.body : new Uint8Array(raw.body);
          } else if (shape.hasBody && req.body !== undefined) {
            headers['content-type'] = 'application/json';
            init.body = JSON.stringify(req.body);
          }
          const mutating = route.method !== 'GET';
          // Mail an earlier accepted request sends after answering must land before the count, not during it.
          if (mutating) await t.request('/api/dev/mailbox?to=nobody%40example.in');
          const before = mutating ? await fingerprint() : undefined;
          const res = await t.request(path, init);
          const text = await res.text();
          counts.cases++;
          const statusClass = `${Math.floor(res.status / 100)}xx`;
          counts.byClass[statusClass] = (counts.byClass[statusClass] ?? 0) + 1;
          const what = `${route.method} ${path.slice(0, 300)} ${String(init.body ?? '').slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
          if (res.status >= 500) {
            counts.fiveXX++;
            failures.push(`5xx: ${what}`);
          }
          if (STACK.test(text)) failures.push(`stack trace in the answer: ${what}`);
          if (SQL_TEXT.test(text)) failures.push(`SQL in the answer: ${what}`);
          if (INTERNAL_PATH.test(text)) failures.push(`internal path in the answer: ${what}`);
          if (before && res.status >= 400 && res.status < 500) {
            const after = await fingerprint();
            const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
            if (changed.length) failures.push(`refused but stored (${changed.join(', ')}): ${what}`);
          }
          if (route.url === '/api/users/signout' && res.status < 300) {
            const again = await signin(t, signoutAccount.email);
            signoutAccount.token = ((await again.json()) as { data: { token: string } }).data.token;
            caller!.token = signoutAccount.token;
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      counts.operations++;
      covered.add(key);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }

  it('covered every route the app serves', () => {
    expect(ROUTES.length).toBeGreaterThan(80);
    expect(ROUTES.map(routeKey).filter((k) => !covered.has(k))).toEqual([]);
    console.log(
      `bad input: ${counts.operations} operations covered, ${counts.cases} cases run, ${counts.fiveXX} answers 5xx (seed ${SEED}, ${RUNS} runs per operation; answers by class ${JSON.stringify(counts.byClass)})`,
    );
  });
});
