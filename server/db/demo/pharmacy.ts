import { randomUUID } from 'node:crypto';
import type {
  DrugSchedule,
  MedicineCategory,
  PharmacyOrderStatus,
  PrescriptionItemStatus,
} from '../../../domain/enums.ts';
import { addDays } from '../../../domain/rules/pharmacy.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type { Db } from '../client.ts';
import { medicineBatches, medicines, pharmacyOrderItems, pharmacyOrders, stockLedger } from '../schema/index.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'insert'>;
const PHARMACY = DEMO_REFERENCE_IDS.pharmacy;
const PHARMACIST = DEMO_USER_IDS['pharmacist@caremesh.test']!;
const QC = DEMO_USER_IDS['qc@caremesh.test']!;
const HOUR = 3_600_000;

type Seed = {
  brandName: string;
  genericName: string;
  strength: string;
  form: string;
  schedule: DrugSchedule;
  category: MedicineCategory;
  reorderLevel: number;
  /** [batch number, days to expiry, units received, MRP in paise]. */
  batches: Array<[string, number, number, number]>;
};

/** Jeevan Pharmacy's stock: one batch near expiry, one expired, one medicine below its reorder level. */
const STOCK: Seed[] = [
  {
    brandName: 'Dolo',
    genericName: 'Paracetamol',
    strength: '650 mg',
    form: 'Tablet',
    schedule: 'OTC',
    category: 'OTC',
    reorderLevel: 50,
    batches: [
      ['DL2407', 25, 60, 200],
      ['DL2411', 300, 400, 200],
    ],
  },
  {
    brandName: 'Mox',
    genericName: 'Amoxicillin',
    strength: '500 mg',
    form: 'Capsule',
    schedule: 'H',
    category: 'PRESCRIPTION',
    reorderLevel: 40,
    batches: [
      ['MX2402', -10, 30, 900],
      ['MX2409', 75, 80, 900],
      ['MX2412', 420, 200, 900],
    ],
  },
  {
    brandName: 'Taxim-O',
    genericName: 'Cefixime',
    strength: '200 mg',
    form: 'Tablet',
    schedule: 'H1',
    category: 'PRESCRIPTION',
    reorderLevel: 20,
    batches: [['TX2410', 240, 60, 1100]],
  },
  {
    brandName: 'Glycomet',
    genericName: 'Metformin',
    strength: '500 mg',
    form: 'Tablet',
    schedule: 'H',
    category: 'PRESCRIPTION',
    reorderLevel: 100,
    batches: [['GM2405', 55, 40, 250]],
  },
  {
    brandName: 'Telma',
    genericName: 'Telmisartan',
    strength: '40 mg',
    form: 'Tablet',
    schedule: 'H',
    category: 'PRESCRIPTION',
    reorderLevel: 30,
    batches: [['TL2408', 380, 150, 1400]],
  },
  {
    brandName: 'Thyronorm',
    genericName: 'Levothyroxine',
    strength: '50 mcg',
    form: 'Tablet',
    schedule: 'H',
    category: 'PRESCRIPTION',
    reorderLevel: 30,
    batches: [['TN2406', 200, 120, 180]],
  },
];

type DemoOrder = {
  status: PharmacyOrderStatus;
  hoursAgo: number;
  items: Array<[string, number]>;
  reason?: string;
  home?: boolean;
};

export async function insertDemoPharmacy(db: Writer, network: DemoNetwork, now = new Date()) {
  const today = todayInIndia(now);
  const meds = new Map<
    string,
    { id: string; batches: Array<{ id: string; number: string; left: number; mrp: number; expiry: string }> }
  >();
  for (const seed of STOCK) {
    const id = randomUUID();
    const { batches, ...rest } = seed;
    await db.insert(medicines).values({ id, pharmacyId: PHARMACY, ...rest });
    const rows = batches.map(([number, days, units, mrp]) => ({
      id: randomUUID(),
      number,
      left: units,
      mrp,
      expiry: addDays(today, days),
    }));
    await db.insert(medicineBatches).values(
      rows.map((b) => ({
        id: b.id,
        pharmacyId: PHARMACY,
        medicineId: id,
        batchNumber: b.number,
        expiryDate: b.expiry,
        mrp: b.mrp,
        purchasePrice: Math.round(b.mrp * 0.7),
      })),
    );
    await db.insert(stockLedger).values(
      rows.map((b) => ({
        pharmacyId: PHARMACY,
        batchId: b.id,
        medicineId: id,
        kind: 'RECEIPT' as const,
        quantity: b.left,
        balance: b.left,
        reason: 'Opening stock',
        userId: PHARMACIST,
        createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
      })),
    );
    meds.set(seed.brandName, { id, batches: rows });
  }

  const priya = DEMO_REFERENCE_IDS.patient;
  const others = network.patients.filter((p) => p.id !== priya).slice(0, 4);
  const orders: Array<DemoOrder & { patientId: string }> = [
    { patientId: priya, status: 'RECEIVED', hoursAgo: 1, items: [['Thyronorm', 30]], home: true },
    {
      patientId: others[0]?.id ?? priya,
      status: 'IN_PREPARATION',
      hoursAgo: 3,
      items: [
        ['Dolo', 10],
        ['Mox', 15],
      ],
    },
    { patientId: others[1]?.id ?? priya, status: 'READY_FOR_PICKUP', hoursAgo: 6, items: [['Telma', 30]] },
    {
      patientId: priya,
      status: 'COMPLETED',
      hoursAgo: 72,
      items: [
        ['Thyronorm', 30],
        ['Dolo', 10],
      ],
    },
    { patientId: others[2]?.id ?? priya, status: 'COMPLETED', hoursAgo: 120, items: [['Taxim-O', 10]] },
    {
      patientId: others[3]?.id ?? priya,
      status: 'CANCELLED',
      hoursAgo: 48,
      items: [['Glycomet', 60]],
      reason: 'Patient bought elsewhere',
    },
  ];
  let n = 1000;
  for (const o of orders) {
    const id = randomUUID();
    const created = new Date(now.getTime() - o.hoursAgo * HOUR);
    const verified = o.status !== 'RECEIVED' && o.status !== 'CANCELLED';
    const done = o.status === 'COMPLETED';
    await db.insert(pharmacyOrders).values({
      id,
      orderNumber: `RX-DEMO-${n++}`,
      pharmacyId: PHARMACY,
      patientId: o.patientId,
      status: o.status,
      statusReason: o.reason ?? null,
      deliveryMethod: o.home ? 'HOME_DELIVERY' : 'PICKUP',
      deliveryAddress: o.home ? 'B-704, Baner Road, Pune 411045' : null,
      paymentStatus: done ? 'COMPLETED' : 'PENDING',
      prescriberName: verified ? 'Dr Ananya Kulkarni' : null,
      prescriberRegistration: verified ? 'MMC-2009-11873' : null,
      prescriptionDate: verified ? addDays(today, -1) : null,
      verifiedBy: verified ? PHARMACIST : null,
      verifiedAt: verified ? new Date(created.getTime() + HOUR / 2) : null,
      preparedBy: verified ? PHARMACIST : null,
      qualityCheck:
        o.status === 'READY_FOR_PICKUP' || done
          ? { passed: true, checkedBy: QC, checkedAt: new Date(created.getTime() + HOUR).toISOString(), notes: null }
          : null,
      readyAt: o.status === 'READY_FOR_PICKUP' || done ? new Date(created.getTime() + HOUR) : null,
      completedAt: done ? new Date(created.getTime() + 2 * HOUR) : null,
      createdBy: PHARMACIST,
      createdByRole: 'PHARMACY',
      createdAt: created,
      updatedAt: created,
    });
    for (const [brand, quantity] of o.items) {
      const med = meds.get(brand)!;
      // FEFO among the unexpired batches.
      const batch = med.batches.filter((b) => b.expiry > today).sort((a, b) => a.expiry.localeCompare(b.expiry))[0]!;
      const reserving = verified;
      const status: PrescriptionItemStatus = done
        ? 'DISPENSED'
        : o.status === 'CANCELLED'
          ? 'CANCELLED'
          : reserving
            ? 'IN_STOCK'
            : 'PENDING';
      await db.insert(pharmacyOrderItems).values({
        orderId: id,
        prescribedName: brand,
        medicineId: med.id,
        quantity,
        status,
        reservations: reserving ? [{ batchId: batch.id, quantity }] : [],
        unitPrice: reserving ? batch.mrp : null,
        dispensedAt: done ? new Date(created.getTime() + 2 * HOUR) : null,
      });
      if (done) {
        batch.left -= quantity;
        await db.insert(stockLedger).values({
          pharmacyId: PHARMACY,
          batchId: batch.id,
          medicineId: med.id,
          kind: 'DISPENSE',
          quantity: -quantity,
          balance: batch.left,
          orderId: id,
          userId: PHARMACIST,
          createdAt: new Date(created.getTime() + 2 * HOUR),
        });
      }
    }
  }
}
