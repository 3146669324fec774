// The authorisation table's rows for pharmacy inventory (the pharmacy's own, found from the caller)
// and pharmacy orders (the order's pharmacy, patient, prescriber; others 404).
import { expect } from 'vitest';
import { json } from './appointments.ts';

type Tenant = { token: string; referenceId?: string; userId?: string };
type Call = { token: string; method: string; path: string; body?: unknown; form?: () => FormData };
type Probe = { owner: Call; others: Call[]; holds?: (body: any) => boolean };
type Row = { probe?: (f: any) => Promise<Probe> };
export type PharmacyFixtures = {
  admin: Tenant;
  patient: Tenant;
  otherPatient: Tenant;
  otherDoctor: Tenant;
  otherHospital: Tenant;
  pharmacy: Tenant;
  otherPharmacy: Tenant;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pngForm = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'rx.png');
  return form;
};
const ALL = ['DRUG', 'STRENGTH', 'BATCH', 'EXPIRY', 'QUANTITY'];
const VERIFY = {
  prescriberName: 'Dr A Rao',
  prescriberRegistration: 'MMC-1',
  prescriptionDate: new Date().toISOString().slice(0, 10),
};

export function pharmacyRows(send: (call: Call) => Promise<Response>): Record<string, Row> {
  let ready: Promise<void> | undefined;
  const must = async (call: Call) => {
    const res = await send(call);
    expect(res.status, `${call.method} ${call.path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await json(res)).data;
  };
  const setUp = (f: PharmacyFixtures) =>
    (ready ??= (async () => {
      const medicine = await must({
        token: f.pharmacy.token,
        method: 'POST',
        path: '/api/pharmacy-inventory',
        body: { genericName: 'Paracetamol', brandName: 'Dolo', strength: '650 mg', category: 'OTC', schedule: 'OTC' },
      });
      await must({
        token: f.pharmacy.token,
        method: 'POST',
        path: `/api/pharmacy-inventory/${medicine.id}/batches`,
        body: { batchNumber: 'AUTHZ-1', expiryDate: '2099-01-01', mrp: 2, purchasePrice: 1, quantity: 1000 },
      });
    })());
  const o = (id: string, rest = '') => `/api/pharmacy-orders/${id}${rest}`;

  /** A patient's order at the pharmacy, moved along as far as `upTo` asks. */
  async function order(
    f: PharmacyFixtures,
    upTo: 'RECEIVED' | 'QUALITY_CHECK' | 'PASSED' | 'READY' | 'COMPLETED' = 'RECEIVED',
  ) {
    await setUp(f);
    const data = await must({
      token: f.patient.token,
      method: 'POST',
      path: '/api/pharmacy-orders',
      body: {
        pharmacyId: f.pharmacy.referenceId,
        items: [{ name: 'Paracetamol 650 mg', quantity: 2 }],
        deliveryMethod: 'HOME_DELIVERY',
        deliveryAddress: '1 MG Road, Pune',
      },
    });
    const id = data.id as string;
    const itemId = data.items[0].id as string;
    if (upTo === 'RECEIVED') return { id, itemId };
    for (const status of ['INVENTORY_CHECK', 'APPROVED', 'IN_PREPARATION', 'QUALITY_CHECK']) {
      // The admin prepares, so the pharmacy's owner may do the check.
      await must({ token: f.admin.token, method: 'PATCH', path: o(id, '/status'), body: { status } });
    }
    if (upTo === 'QUALITY_CHECK') return { id, itemId };
    await must({
      token: f.pharmacy.token,
      method: 'POST',
      path: o(id, '/quality-check'),
      body: { passed: true, confirmed: ALL },
    });
    if (upTo === 'PASSED') return { id, itemId };
    await must({ token: f.pharmacy.token, method: 'POST', path: o(id, '/ready'), body: {} });
    if (upTo === 'READY') return { id, itemId };
    await must({ token: f.pharmacy.token, method: 'POST', path: o(id, '/complete'), body: {} });
    return { id, itemId };
  }

  const parties = (f: PharmacyFixtures) => [f.otherPharmacy, f.otherPatient, f.otherDoctor, f.otherHospital];
  const probe = (
    owner: Tenant,
    others: Tenant[],
    method: string,
    path: string,
    body?: unknown,
    form?: () => FormData,
  ): Probe => ({
    owner: { token: owner.token, method, path, body, form },
    others: others.map((x) => ({ token: x.token, method, path, body, form })),
  });
  const desk = (f: PharmacyFixtures, method: string, path: string, body?: unknown) =>
    probe(f.pharmacy, [f.otherPharmacy], method, path, body);

  const inventory = [
    'GET /api/pharmacy-inventory',
    'POST /api/pharmacy-inventory',
    'GET /api/pharmacy-inventory/ledger',
    'GET /api/pharmacy-inventory/expiring',
    'POST /api/pharmacy-inventory/receipts',
    'GET /api/pharmacy-inventory/export/stock.csv',
    'GET /api/pharmacy-inventory/export/ledger.csv',
    'GET /api/pharmacy-inventory/export/h1-register.csv',
    'GET /api/pharmacy-inventory/h1-register',
    'GET /api/pharmacy-inventory/:medicineId',
    'PATCH /api/pharmacy-inventory/:medicineId',
    'POST /api/pharmacy-inventory/:medicineId/batches',
    'POST /api/pharmacy-inventory/batches/:batchId/movements',
    'POST /api/pharmacy-inventory/batches/:batchId/recall',
  ];

  return {
    // The inventory is found from the caller (another pharmacy's ids answer 404: tests/api/pharmacy-inventory.test.ts).
    ...Object.fromEntries(inventory.map((key) => [key, {}])),
    'POST /api/pharmacy-orders': {},
    'GET /api/pharmacy-orders/statistics': {},
    'PATCH /api/pharmacy-orders/bulk-update': {},
    'GET /api/pharmacy-orders': {
      probe: async (f) => {
        const { id } = await order(f);
        return {
          ...probe(f.pharmacy, parties(f), 'GET', '/api/pharmacy-orders?limit=100'),
          holds: (body) => (body.data.orders as Array<{ id: string }>).some((x) => x.id === id),
        };
      },
    },
    'GET /api/pharmacy-orders/:id': { probe: async (f) => probe(f.patient, parties(f), 'GET', o((await order(f)).id)) },
    'POST /api/pharmacy-orders/:id/notes': {
      probe: async (f) =>
        probe(f.pharmacy, parties(f), 'POST', o((await order(f)).id, '/notes'), { text: 'Called the patient' }),
    },
    'POST /api/pharmacy-orders/:id/cancel': {
      probe: async (f) =>
        probe(f.patient, [f.otherPatient, f.otherPharmacy], 'POST', o((await order(f)).id, '/cancel'), {
          reason: 'Changed mind',
        }),
    },
    'POST /api/pharmacy-orders/:id/complete': {
      probe: async (f) => desk(f, 'POST', o((await order(f, 'READY')).id, '/complete'), {}),
    },
    'POST /api/pharmacy-orders/:id/ready': {
      probe: async (f) => desk(f, 'POST', o((await order(f, 'PASSED')).id, '/ready'), {}),
    },
    'POST /api/pharmacy-orders/:id/quality-check': {
      probe: async (f) =>
        desk(f, 'POST', o((await order(f, 'QUALITY_CHECK')).id, '/quality-check'), { passed: true, confirmed: ALL }),
    },
    'POST /api/pharmacy-orders/:id/notify': {
      probe: async (f) =>
        desk(f, 'POST', o((await order(f)).id, '/notify'), { message: 'Your order is being checked' }),
    },
    'POST /api/pharmacy-orders/:id/return': {
      probe: async (f) =>
        desk(f, 'POST', o((await order(f, 'COMPLETED')).id, '/return'), { reason: 'Wrong item', sealed: true }),
    },
    'POST /api/pharmacy-orders/:id/review': {
      probe: async (f) =>
        probe(f.patient, [f.otherPatient], 'POST', o((await order(f, 'COMPLETED')).id, '/review'), { rating: 4 }),
    },
    'PATCH /api/pharmacy-orders/:id/delivery': {
      probe: async (f) => desk(f, 'PATCH', o((await order(f)).id, '/delivery'), { deliveryPerson: 'Sunil' }),
    },
    'PATCH /api/pharmacy-orders/:id/status': {
      probe: async (f) => desk(f, 'PATCH', o((await order(f)).id, '/status'), { status: 'PRESCRIPTION_VERIFICATION' }),
    },
    'PATCH /api/pharmacy-orders/:id/items': {
      probe: async (f) => {
        const { id, itemId } = await order(f);
        return desk(f, 'PATCH', o(id, '/items'), { items: [{ itemId, quantity: 3 }] });
      },
    },
    'PATCH /api/pharmacy-orders/:id/items/:itemId': {
      probe: async (f) => {
        const { id, itemId } = await order(f);
        return desk(f, 'PATCH', o(id, `/items/${itemId}`), { quantity: 4 });
      },
    },
    'PATCH /api/pharmacy-orders/:id/verify-prescription': {
      probe: async (f) => {
        const { id } = await order(f);
        const res = await send({ token: f.patient.token, method: 'POST', path: o(id, '/prescription'), form: pngForm });
        expect(res.status).toBe(200);
        return desk(f, 'PATCH', o(id, '/verify-prescription'), VERIFY);
      },
    },
    'POST /api/pharmacy-orders/:id/prescription': {
      probe: async (f) =>
        probe(
          f.patient,
          [f.otherPatient, f.otherPharmacy],
          'POST',
          o((await order(f)).id, '/prescription'),
          undefined,
          pngForm,
        ),
    },
    'GET /api/pharmacy-orders/:id/prescription': {
      probe: async (f) => {
        const { id } = await order(f);
        const res = await send({ token: f.patient.token, method: 'POST', path: o(id, '/prescription'), form: pngForm });
        expect(res.status).toBe(200);
        return probe(f.pharmacy, parties(f), 'GET', o(id, '/prescription'));
      },
    },
  };
}
