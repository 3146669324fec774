// Input that passes for text or a date but that the database cannot hold (a NUL character, a lone
// UTF-16 surrogate, a year PostgreSQL has no day for), and multipart bodies that are cut short or
// have no boundary: each is a 400 VALIDATION that names the field, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicRoute } from '../../server/platform/access.ts';
import { GENEROUS_LIMITS, startTestApp, type TestApp } from './support/test-app.ts';
import { bearer, register } from './support/accounts.ts';
import { appointmentWorld, book, futureSlot, json, type World } from './support/appointments.ts';
import { PUNE_ADDRESS } from './support/directory.ts';
import { onboardPharmacy } from './support/organisations.ts';

const TAG = 'hygiene';
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let w: World;
let pharmacy: { token: string; referenceId: string };

beforeAll(async () => {
  t = await startTestApp({
    rateLimits: GENEROUS_LIMITS,
    // A route whose schema lets any string through: the server itself must still refuse what cannot be stored.
    configure: (app) => {
      app.post(
        '/api/hygiene-probe/:word',
        {
          config: { access: publicRoute('A probe of the request check, only in this suite.') },
          schema: {
            params: z.object({ word: z.string() }),
            querystring: z.object({ q: z.string().optional() }),
            body: z.object({ note: z.string(), tags: z.array(z.string()).optional() }),
          },
        },
        async () => ({ data: { ok: true } }),
      );
    },
  });
  w = await appointmentWorld(t, TAG);
  pharmacy = await onboardPharmacy(t, `chemist.${TAG}@example.in`, 'Jeevan Hygiene Medicals', 'MH-20B-H1');
}, 120_000);
afterAll(() => t?.close());

async function expectRefused(res: Response, path: string) {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  const body = JSON.parse(text) as { error: string; message: string; details?: { issues?: Array<{ path: string }> } };
  expect(body.error).toBe('VALIDATION');
  expect(
    body.details?.issues?.map((i) => i.path),
    text,
  ).toContain(path);
  expect(body.message.startsWith(`${path}: `), text).toBe(true);
  return body;
}

const sendJson = (method: string, path: string, token: string | undefined, body: unknown) =>
  t.request(path, { method, json: body, headers: token ? bearer(token) : {} });

describe('text the database cannot hold', () => {
  it('refuses a NUL in a search query', async () => {
    const res = await t.request('/api/hospitals/search?searchQuery=a%00b', { headers: bearer(w.patient.token) });
    const body = await expectRefused(res, 'query.searchQuery');
    expect(body.message).toBe("query.searchQuery: Search text contains characters that can't be saved");
  });

  it('refuses a NUL in a name at registration', async () => {
    const res = await register(t, {
      email: `nul.${TAG}@example.in`,
      password: 'Swasthya2026',
      name: `Asha${NUL}Kale`,
    });
    const body = await expectRefused(res, 'body.name');
    expect(body.message).toBe("body.name: Name contains characters that can't be saved");
  });

  it('refuses a NUL in a message of an appointment', async () => {
    const booked = await book(t, w.patient.token, { doctorId: w.doctor.referenceId, scheduledAt: futureSlot(5) });
    expect(booked.status).toBe(201);
    const appointment = (await json(booked)).data.id as string;
    const res = await sendJson('POST', `/api/appointments/${appointment}/message`, w.patient.token, {
      body: `Should I fast${NUL} before?`,
    });
    await expectRefused(res, 'body.body');
  });

  it('refuses a lone surrogate in a field stored as JSON', async () => {
    const res = await sendJson('PUT', `/api/patients/${w.patient.referenceId}`, w.patient.token, {
      address: { ...PUNE_ADDRESS, street: `Prabhat ${LONE_SURROGATE}Road` },
    });
    await expectRefused(res, 'body.address.street');
    const contact = await sendJson('PUT', `/api/patients/${w.patient.referenceId}`, w.patient.token, {
      emergencyContact: { name: `Rita${LONE_SURROGATE}`, phone: '098220 22222' },
    });
    await expectRefused(contact, 'body.emergencyContact.name');
  });

  it('refuses other control characters in a one-line field, and keeps line breaks in free-text notes', async () => {
    const bell = await sendJson('POST', `/api/patients/${w.patient.referenceId}/medical-history`, w.patient.token, {
      condition: 'Asthma\u0007',
    });
    await expectRefused(bell, 'body.condition');
    const notes = await sendJson('POST', `/api/patients/${w.patient.referenceId}/medical-history`, w.patient.token, {
      condition: 'Asthma',
      notes: 'Inhaler at night.\r\n\tSteroid course in May.',
    });
    expect(notes.status, await notes.clone().text()).toBe(201);
    expect((await json(notes)).data.notes).toBe('Inhaler at night.\r\n\tSteroid course in May.');
  });

  it('refuses a NUL in a search term of a list of strings and in an array entry', async () => {
    await expectRefused(
      await t.request('/api/hospitals/search?insurancePartners=Star%00Health', { headers: bearer(w.patient.token) }),
      'query.insurancePartners.0',
    );
    const res = await sendJson('PUT', `/api/patients/${w.patient.referenceId}`, w.patient.token, {
      allergies: ['Penicillin', `Sulfa${NUL}`],
    });
    await expectRefused(res, 'body.allergies.1');
  });
});

describe('dates PostgreSQL cannot hold', () => {
  it('refuses the year 0 as a date of diagnosis', async () => {
    const res = await sendJson('POST', `/api/patients/${w.patient.referenceId}/medical-history`, w.patient.token, {
      condition: 'Hypertension',
      diagnosedOn: '0000-01-01',
    });
    await expectRefused(res, 'body.diagnosedOn');
  });

  it('refuses an instant past the year 9999 in a search', async () => {
    const res = await sendJson('POST', '/api/appointments/search', w.patient.token, {
      to: '9999-12-31T23:59:59.999999999-12:00',
    });
    await expectRefused(res, 'body.to');
    const early = await sendJson('POST', '/api/appointments/search', w.patient.token, {
      from: '0000-01-01T00:00:00Z',
    });
    await expectRefused(early, 'body.from');
  });

  it('still takes an ordinary range', async () => {
    const res = await sendJson('POST', '/api/appointments/search', w.patient.token, {
      from: '2024-01-01T00:00:00+05:30',
      to: '2099-12-31T23:59:59Z',
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe('multipart bodies that cannot be read', () => {
  const boundary = '----caremesh-hygiene';
  const head = (name: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;

  it('answers 400 for a multipart body with no boundary', async () => {
    const res = await t.request(`/api/patients/${w.patient.referenceId}/documents`, {
      method: 'POST',
      headers: { ...bearer(w.patient.token), 'content-type': 'multipart/form-data' },
      body: `${head('title')}\r\nScan\r\n--${boundary}--\r\n`,
    });
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(JSON.parse(text).error).toBe('VALIDATION');
  });

  it('answers 400 for a multipart body cut short', async () => {
    for (const [path, token] of [
      [`/api/patients/${w.patient.referenceId}/documents`, w.patient.token],
      [`/api/pharmacies/${pharmacy.referenceId}/images`, pharmacy.token],
    ] as const) {
      const res = await t.request(path, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body:
          `${head('title')}\r\nScan\r\n` +
          `${head('file', '; filename="scan.png"')}Content-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n`,
      });
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(400);
      expect(JSON.parse(text).error).toBe('VALIDATION');
    }
  });

  it('answers 400 for a malformed part header', async () => {
    const res = await t.request(`/api/pharmacies/${pharmacy.referenceId}/images`, {
      method: 'POST',
      headers: { ...bearer(pharmacy.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nthis is not a header\r\n\r\nxx\r\n--${boundary}--\r\n`,
    });
    const text = await res.text();
    expect(res.status, text).toBeGreaterThanOrEqual(400);
    expect(res.status, text).toBeLessThan(500);
  });

  it('refuses a NUL in the title of a document', async () => {
    const form = new FormData();
    form.append('title', `Scan${NUL}`);
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'scan.png');
    const res = await t.request(`/api/patients/${w.patient.referenceId}/documents`, {
      method: 'POST',
      body: form,
      headers: bearer(w.patient.token),
    });
    await expectRefused(res, 'body.title');
  });
});

describe('the request check behind every schema', () => {
  it('refuses a NUL or a lone surrogate that a schema let through, naming where it was', async () => {
    const probe = (path: string, body: unknown) => sendJson('POST', `/api/hygiene-probe/${path}`, undefined, body);
    expect((await probe('word', { note: 'fine' })).status).toBe(200);
    await expectRefused(await probe('word', { note: `a${NUL}b` }), 'body.note');
    await expectRefused(await probe('word', { note: 'ok', tags: ['x', `y${LONE_SURROGATE}`] }), 'body.tags.1');
    await expectRefused(await probe('word?q=%00', { note: 'ok' }), 'query.q');
    await expectRefused(await probe('a%00b', { note: 'ok' }), 'params.word');
  });
});
