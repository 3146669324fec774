// The authorisation table's rows for the diagnostics catalogue and diagnostic orders (both the
// /api/diagnostic-orders paths and the SPEC's literal /api/api/diagnostic-orders ones).
import { expect } from 'vitest';
import { json } from './appointments.ts';
import { CBC_ENTRY, ELECTROLYTES_ENTRY, tomorrowWindow } from './diagnosticOrders.ts';

type Tenant = { token: string; referenceId?: string; userId?: string };
type Call = { token: string; method: string; path: string; body?: unknown; form?: () => FormData };
type Probe = { owner: Call; others: Call[]; holds?: (body: any) => boolean };
type Row = { probe?: (f: any) => Promise<Probe> };

export type OrderFixtures = {
  patient: Tenant;
  otherPatient: Tenant;
  doctor: Tenant;
  otherDoctor: Tenant;
  hospital: Tenant;
  otherHospital: Tenant;
  diagnostics: Tenant;
  otherDiagnostics: Tenant;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pngForm = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'report.png');
  return form;
};

/**
 * `send` calls the app; `careOf` puts the fixtures' patient in the doctor's care (a confirmed
 * appointment); `consultationOf` gives a consultation of the doctor with that patient. Orders are made by the doctor at the listed centre, whose owner holds every duty.
 */
export function orderRows(
  send: (call: Call) => Promise<Response>,
  careOf: () => Promise<unknown>,
  consultationOf: (f: OrderFixtures) => Promise<string>,
): Record<string, Row> {
  let ready: Promise<void> | undefined;
  const setUp = (f: OrderFixtures) =>
    (ready ??= (async () => {
      await careOf();
      const res = await send({
        token: f.diagnostics.token,
        method: 'PUT',
        path: `/api/diagnostics/${f.diagnostics.referenceId}/tests/CBC`,
        body: CBC_ENTRY,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const electrolytes = await send({
        token: f.diagnostics.token,
        method: 'PUT',
        path: `/api/diagnostics/${f.diagnostics.referenceId}/tests/ELECTROLYTES`,
        body: ELECTROLYTES_ENTRY,
      });
      expect(electrolytes.status).toBe(200);
    })());

  async function order(f: OrderFixtures, extra: Record<string, unknown> = {}) {
    await setUp(f);
    const res = await send({
      token: f.doctor.token,
      method: 'POST',
      path: '/api/diagnostic-orders',
      body: {
        diagnosticCenterId: f.diagnostics.referenceId,
        patientId: f.patient.referenceId,
        tests: ['CBC'],
        homeCollection: tomorrowWindow(),
        ...extra,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const data = (await json(res)).data;
    return { id: data.id as string, testId: data.tests[0].id as string };
  }
  const step = async (
    f: OrderFixtures,
    o: { id: string; testId: string },
    method: string,
    suffix: string,
    body: unknown,
  ) => {
    const res = await send({
      token: f.diagnostics.token,
      method,
      path: `/api/diagnostic-orders/${o.id}/tests/${o.testId}/${suffix}`,
      body,
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  };
  async function collected(f: OrderFixtures, tests = ['CBC']) {
    const o = await order(f, { tests });
    await step(f, o, 'PUT', 'status', { status: 'SAMPLE_COLLECTED' });
    return o;
  }
  async function released(f: OrderFixtures, value = 12.5) {
    const o = await collected(f);
    await step(f, o, 'POST', 'results', { kind: 'NUMERIC', value });
    await step(f, o, 'PUT', 'status', { status: 'RELEASED' });
    return o;
  }

  const others = (
    f: OrderFixtures,
    method: string,
    path: string,
    body?: unknown,
    who = [f.otherDoctor, f.otherPatient, f.otherHospital, f.otherDiagnostics],
  ) => who.map((o) => ({ token: o.token, method, path, body }));
  const notCentres = (f: OrderFixtures) => [f.otherDoctor, f.otherPatient, f.otherHospital];
  const partyProbe = (f: OrderFixtures, owner: Tenant, method: string, path: string, body?: unknown): Probe => ({
    owner: { token: owner.token, method, path, body },
    others: others(f, method, path, body),
  });
  const listProbe = (f: OrderFixtures, path: string, id: string, key = 'orders'): Probe => ({
    owner: { token: f.doctor.token, method: 'GET', path },
    others: others(f, 'GET', path),
    holds: (body) =>
      (body.data[key] as Array<{ id?: string; orderId?: string }>).some((o) => (o.orderId ?? o.id) === id),
  });

  const rows: Record<string, Row> = {
    'GET /api/diagnostics/:diagnosticsId/tests': {
      // The other centre is not listed: only it reads its catalogue.
      probe: async (f: OrderFixtures) => {
        const path = `/api/diagnostics/${f.otherDiagnostics.referenceId}/tests`;
        return {
          owner: { token: f.otherDiagnostics.token, method: 'GET', path },
          others: [{ token: f.diagnostics.token, method: 'GET', path }],
        };
      },
    },
    'PUT /api/diagnostics/:diagnosticsId/tests/:testType': {
      probe: async (f: OrderFixtures) => {
        const path = `/api/diagnostics/${f.diagnostics.referenceId}/tests/ESR`;
        const body = { price: 150, sampleType: 'BLOOD', turnaroundHours: 6 };
        return {
          owner: { token: f.diagnostics.token, method: 'PUT', path, body },
          others: [{ token: f.otherDiagnostics.token, method: 'PUT', path, body }],
        };
      },
    },
    'DELETE /api/diagnostics/:diagnosticsId/tests/:testType': {
      probe: async (f: OrderFixtures) => {
        const path = `/api/diagnostics/${f.diagnostics.referenceId}/tests/CRP`;
        const put = await send({
          token: f.diagnostics.token,
          method: 'PUT',
          path,
          body: { price: 300, sampleType: 'SERUM', turnaroundHours: 6 },
        });
        expect(put.status).toBe(200);
        return {
          owner: { token: f.diagnostics.token, method: 'DELETE', path },
          others: [{ token: f.otherDiagnostics.token, method: 'DELETE', path }],
        };
      },
    },
    'POST /api/diagnostic-orders': {},
    // The caller's own view of the directory (affiliated centres marked): tests/api/consultations-orders.test.ts.
    'GET /api/diagnostics/ordering-centres': {},
    'GET /api/diagnostic-orders/stats': {},
    'GET /api/diagnostic-orders/collections/today': {},
    'GET /api/diagnostic-orders': {
      probe: async (f: OrderFixtures) => listProbe(f, '/api/diagnostic-orders?limit=100', (await order(f)).id),
    },
    'GET /api/diagnostic-orders/reports': {
      probe: async (f: OrderFixtures) =>
        listProbe(f, '/api/diagnostic-orders/reports?limit=100', (await released(f)).id, 'reports'),
    },
    'GET /api/diagnostic-orders/center/:diagnosticCenterId': {
      probe: async (f: OrderFixtures) => {
        const path = `/api/diagnostic-orders/center/${f.diagnostics.referenceId}`;
        return {
          owner: { token: f.diagnostics.token, method: 'GET', path },
          others: [{ token: f.otherDiagnostics.token, method: 'GET', path }],
        };
      },
    },
    'GET /api/diagnostic-orders/patient/:patientId': {
      probe: async (f: OrderFixtures) => {
        const path = `/api/diagnostic-orders/patient/${f.patient.referenceId}`;
        return {
          owner: { token: f.patient.token, method: 'GET', path },
          others: [{ token: f.otherPatient.token, method: 'GET', path }],
        };
      },
    },
    'GET /api/diagnostic-orders/consultation/:consultationId': {
      probe: async (f: OrderFixtures) => {
        // The doctor's consultation with the patient: only someone on it may order for it.
        const consultationId = await consultationOf(f);
        const o = await order(f, { consultationId });
        return listProbe(f, `/api/diagnostic-orders/consultation/${consultationId}`, o.id);
      },
    },
    'GET /api/diagnostic-orders/:orderId': {
      probe: async (f: OrderFixtures) =>
        partyProbe(f, f.patient, 'GET', `/api/diagnostic-orders/${(await order(f)).id}`),
    },
    'PUT /api/diagnostic-orders/:orderId': {
      probe: async (f: OrderFixtures) =>
        partyProbe(f, f.doctor, 'PUT', `/api/diagnostic-orders/${(await order(f)).id}`, { priority: 'URGENT' }),
    },
    'DELETE /api/diagnostic-orders/:orderId': {
      // The centre is not admitted at all (403 at the gate): the other tenants are the other orderers and patients.
      probe: async (f: OrderFixtures) => {
        const path = `/api/diagnostic-orders/${(await order(f)).id}`;
        return {
          owner: { token: f.doctor.token, method: 'DELETE', path },
          others: others(f, 'DELETE', path, undefined, notCentres(f)),
        };
      },
    },
    'POST /api/diagnostic-orders/:orderId/prescription': {
      probe: async (f: OrderFixtures) => {
        const path = `/api/diagnostic-orders/${(await order(f)).id}/prescription`;
        return {
          owner: { token: f.patient.token, method: 'POST', path, form: pngForm },
          others: others(f, 'POST', path, undefined, notCentres(f)).map((c) => ({ ...c, form: pngForm })),
        };
      },
    },
    'GET /api/diagnostic-orders/:orderId/files/:fileId': {
      probe: async (f: OrderFixtures) => {
        const o = await order(f);
        const up = await send({
          token: f.patient.token,
          method: 'POST',
          path: `/api/diagnostic-orders/${o.id}/prescription`,
          form: pngForm,
        });
        expect(up.status, await up.clone().text()).toBe(200);
        return partyProbe(
          f,
          f.diagnostics,
          'GET',
          `/api/diagnostic-orders/${o.id}/files/${(await json(up)).data.prescription.id}`,
        );
      },
    },
    'PUT /api/diagnostic-orders/:orderId/tests/:testId/status': {
      probe: async (f: OrderFixtures) => {
        const o = await order(f);
        return partyProbe(f, f.diagnostics, 'PUT', `/api/diagnostic-orders/${o.id}/tests/${o.testId}/status`, {
          status: 'SAMPLE_COLLECTED',
        });
      },
    },
    'POST /api/diagnostic-orders/:orderId/tests/:testId/results': {
      probe: async (f: OrderFixtures) => {
        const o = await collected(f);
        const body = { kind: 'NUMERIC', value: 13.1 };
        const path = `/api/diagnostic-orders/${o.id}/tests/${o.testId}/results`;
        return {
          owner: { token: f.diagnostics.token, method: 'POST', path, body },
          others: [{ token: f.otherDiagnostics.token, method: 'POST', path, body }],
        };
      },
    },
    'POST /api/diagnostic-orders/:orderId/tests/:testId/attachments': {
      probe: async (f: OrderFixtures) => {
        const o = await collected(f);
        const path = `/api/diagnostic-orders/${o.id}/tests/${o.testId}/attachments`;
        return {
          owner: { token: f.diagnostics.token, method: 'POST', path, form: pngForm },
          others: [{ token: f.otherDiagnostics.token, method: 'POST', path, form: pngForm }],
        };
      },
    },
    'POST /api/diagnostic-orders/:orderId/tests/:testId/acknowledge': {
      probe: async (f: OrderFixtures) => {
        // Electrolytes' range is for anyone: 6.8 mmol/L is critically high for every patient.
        const o = await collected(f, ['ELECTROLYTES']);
        await step(f, o, 'POST', 'results', { kind: 'NUMERIC', value: 6.8 });
        const path = `/api/diagnostic-orders/${o.id}/tests/${o.testId}/acknowledge`;
        const body = { comment: 'Called the patient in' };
        return {
          owner: { token: f.doctor.token, method: 'POST', path, body },
          others: others(f, 'POST', path, body, [f.otherDoctor, f.otherHospital]),
        };
      },
    },
  };

  // The SPEC's literal /api/api paths are the same routes: the same rows, the probes' paths aliased.
  const alias = (path: string) => path.replace('/api/diagnostic-orders', '/api/api/diagnostic-orders');
  const aliasCall = (c: Call): Call => ({ ...c, path: alias(c.path) });
  for (const [key, row] of Object.entries(rows)) {
    if (!key.includes(' /api/diagnostic-orders')) continue;
    rows[alias(key)] = row.probe
      ? {
          probe: async (f) => {
            const p = await row.probe!(f);
            return { ...p, owner: aliasCall(p.owner), others: p.others.map(aliasCall) };
          },
        }
      : {};
  }
  return rows;
}
