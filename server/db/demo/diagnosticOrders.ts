import type { DiagnosticTestStatus, DiagnosticTestType, ResultFlag } from '../../../domain/enums.ts';
import { flagOf, orderStatusOf } from '../../../domain/rules/diagnosticOrders.ts';
import { indiaDateTimeToIso, todayInIndia } from '../../../domain/rules/time.ts';
import type { Db } from '../client.ts';
import {
  centreTests,
  criticalAlerts,
  diagnosticOrderTests,
  diagnosticOrders,
  diagnosticResults,
} from '../schema/index.ts';
import { DEMO_CATALOGUE, generatedCatalogue, type CatalogueSeed } from './diagnosticsCatalogue.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'insert'>;

const HOUR = 3_600_000;
const CENTRE = DEMO_REFERENCE_IDS.diagnostics;
const SIGNER = DEMO_USER_IDS['signer@caremesh.test']!;
const COLLECTOR = DEMO_USER_IDS['collector@caremesh.test']!;
const DOCTOR_USER = DEMO_USER_IDS['doctor@caremesh.test']!;

type DemoTest = { type: DiagnosticTestType; status: DiagnosticTestStatus; value?: number; reason?: string };
type DemoOrder = {
  patientId: string;
  byDoctor: boolean;
  daysAgo: number;
  tests: DemoTest[];
  /** A home visit so many hours from now; `today` keeps it on today's round, India time, whatever the hour. */
  home?: { assigned: boolean; inHours: number; today?: boolean };
  priority?: 'ROUTINE' | 'URGENT';
};

const PRIYA_HOME = {
  buildingNumber: 'B-704',
  street: 'Baner Road',
  locality: 'Baner',
  landmark: 'Opposite the city park',
  city: 'Pune',
  state: 'MAHARASHTRA' as const,
  pincode: '411045',
};

/** The catalogue of the demo centre, and orders in every state: Priya's thyroid trend, today's round, the desk's work. */
export async function insertDemoDiagnosticOrders(db: Writer, network: DemoNetwork, now = new Date()) {
  // The centre's testsAvailable and resultsTurnaround (members.ts) are written from this same catalogue.
  const entries = Object.entries(DEMO_CATALOGUE) as Array<[DiagnosticTestType, CatalogueSeed]>;
  await db.insert(centreTests).values(entries.map(([testType, e]) => ({ centreId: CENTRE, testType, ...e })));
  // Every other centre of the network prices the tests it lists, so any listed centre takes orders.
  const generated = network.diagnosticsCentres.filter((c) => c.id !== CENTRE).flatMap((c) => generatedCatalogue(c));
  for (let i = 0; i < generated.length; i += 500) await db.insert(centreTests).values(generated.slice(i, i + 500));

  const priya = DEMO_REFERENCE_IDS.patient;
  const others = network.patients.filter((p) => p.id !== priya).slice(0, 6);
  const orders: DemoOrder[] = [
    // A thyroid trend: TSH coming down over three months on her dose.
    { patientId: priya, byDoctor: true, daysAgo: 90, tests: [{ type: 'TFT', status: 'RELEASED', value: 7.4 }] },
    {
      patientId: priya,
      byDoctor: true,
      daysAgo: 45,
      tests: [
        { type: 'TFT', status: 'RELEASED', value: 5.6 },
        { type: 'CBC', status: 'RELEASED', value: 11.6 },
      ],
    },
    {
      patientId: priya,
      byDoctor: true,
      daysAgo: 10,
      tests: [
        { type: 'TFT', status: 'RELEASED', value: 3.9 },
        { type: 'VITAMIN_D', status: 'CORRECTED', value: 18 },
      ],
    },
    // Today's round for the collector: two tests at Priya's home this evening.
    {
      patientId: priya,
      byDoctor: true,
      daysAgo: 0,
      home: { assigned: true, inHours: 3, today: true },
      tests: [
        { type: 'CBC', status: 'COLLECTION_SCHEDULED' },
        { type: 'ELECTROLYTES', status: 'COLLECTION_SCHEDULED' },
      ],
    },
    // The desk's work: one to assign, one at the bench, one waiting for the signer, one to recollect.
    {
      patientId: others[0]!.id,
      byDoctor: false,
      daysAgo: 0,
      home: { assigned: false, inHours: 20 },
      tests: [
        { type: 'LIPID_PROFILE', status: 'ORDERED' },
        { type: 'HBA1C', status: 'ORDERED' },
      ],
    },
    {
      patientId: others[1]!.id,
      byDoctor: true,
      daysAgo: 1,
      priority: 'URGENT',
      tests: [{ type: 'KFT', status: 'IN_PROGRESS' }],
    },
    {
      patientId: others[2]!.id,
      byDoctor: true,
      daysAgo: 1,
      tests: [{ type: 'BLOOD_GLUCOSE', status: 'RESULT_ENTERED', value: 182 }],
    },
    {
      patientId: others[3]!.id,
      byDoctor: false,
      daysAgo: 2,
      tests: [{ type: 'CBC', status: 'SAMPLE_REJECTED', reason: 'Haemolysed sample: recollection requested' }],
    },
    // Released over the last weeks, for /reports and the statistics (one critical, one past its promise).
    {
      patientId: others[4]!.id,
      byDoctor: true,
      daysAgo: 6,
      tests: [{ type: 'ELECTROLYTES', status: 'RELEASED', value: 6.7 }],
    },
    {
      patientId: others[5]!.id,
      byDoctor: false,
      daysAgo: 12,
      tests: [
        { type: 'LIPID_PROFILE', status: 'RELEASED', value: 236 },
        { type: 'LFT', status: 'RELEASED', value: 41 },
      ],
    },
    {
      patientId: others[0]!.id,
      byDoctor: false,
      daysAgo: 20,
      tests: [{ type: 'VITAMIN_B12', status: 'RELEASED', value: 180 }],
    },
    {
      patientId: others[1]!.id,
      byDoctor: true,
      daysAgo: 25,
      tests: [
        { type: 'CRP', status: 'RELEASED', value: 4 },
        { type: 'X_RAY', status: 'DECLINED', reason: 'Portable X-ray not available that day' },
      ],
    },
  ];

  for (const [n, o] of orders.entries()) {
    const placed = new Date(now.getTime() - o.daysAgo * 24 * HOUR - (o.daysAgo === 0 ? HOUR : 0));
    // Today's round starts no later than 22:00 India time today (overdue after that, still on the round).
    const latestToday = Date.parse(indiaDateTimeToIso(todayInIndia(now), '22:00'));
    const inHours = o.home ? now.getTime() + o.home.inHours * HOUR : 0;
    const windowStart = o.home ? new Date(o.home.today ? Math.min(inHours, latestToday) : inHours) : null;
    const [order] = await db
      .insert(diagnosticOrders)
      .values({
        centreId: CENTRE,
        patientId: o.patientId,
        doctorId: o.byDoctor ? DEMO_REFERENCE_IDS.doctor : null,
        hospitalId: o.byDoctor ? DEMO_REFERENCE_IDS.hospital : null,
        priority: o.priority ?? 'ROUTINE',
        status: orderStatusOf(o.tests.map((t) => t.status)),
        clinicalNotes: o.byDoctor ? 'Follow-up of hypothyroidism on levothyroxine.' : null,
        collectionAddress: o.home
          ? o.patientId === priya
            ? PRIYA_HOME
            : (network.patients.find((p) => p.id === o.patientId)?.address ?? PRIYA_HOME)
          : null,
        windowStart,
        windowEnd: windowStart ? new Date(windowStart.getTime() + 2 * HOUR) : null,
        assigneeUserId: o.home?.assigned ? COLLECTOR : null,
        createdBy: o.byDoctor ? DOCTOR_USER : DEMO_USER_IDS['patient@caremesh.test']!,
        createdByRole: o.byDoctor ? 'DOCTOR' : 'PATIENT',
        createdAt: placed,
        updatedAt: placed,
      })
      .returning();
    for (const t of o.tests) {
      const entry = DEMO_CATALOGUE[t.type]!;
      const stage = (hours: number) => new Date(placed.getTime() + hours * HOUR);
      const collectedAt = ['ORDERED', 'COLLECTION_SCHEDULED', 'DECLINED'].includes(t.status) ? null : stage(2);
      const receivedAt = collectedAt && !['SAMPLE_COLLECTED', 'SAMPLE_REJECTED'].includes(t.status) ? stage(3) : null;
      const entered = t.value !== undefined ? stage(3 + (n % 4) * 2 + 1) : null;
      // The ninth order's report is a day late against its 6-hour promise.
      const released = ['RELEASED', 'CORRECTED'].includes(t.status) ? stage(n === 8 ? 30 : 3 + (n % 4) * 2 + 2) : null;
      const [test] = await db
        .insert(diagnosticOrderTests)
        .values({
          orderId: order!.id,
          testType: t.type,
          status: t.status,
          price: entry.price,
          sampleType: entry.sampleType,
          promisedHours: entry.turnaroundHours,
          statusReason: t.reason ?? null,
          collectedAt,
          collectedRecordedAt: collectedAt,
          receivedAt,
          startedAt: receivedAt,
          rejectedAt: t.status === 'SAMPLE_REJECTED' ? stage(3) : null,
          resultEnteredAt: entered,
          releasedAt: released,
          createdAt: placed,
          updatedAt: released ?? entered ?? placed,
        })
        .returning();
      if (t.value === undefined) continue;
      const range = entry.referenceRanges?.find((r) => r.sex === 'ANY' || r.sex === 'FEMALE') ?? null;
      const version = (value: number, v: number, correction: string | null, at: Date | null) => ({
        orderTestId: test!.id,
        version: v,
        kind: 'NUMERIC' as const,
        value,
        unit: entry.unit ?? '',
        referenceRange: range,
        flag: flagOf(value, range) as ResultFlag | null,
        correctionReason: correction,
        enteredBy: SIGNER,
        enteredByName: 'Dr Lata Menon',
        enteredAt: at ?? entered!,
        releasedAt: at ?? released,
        releasedBy: (at ?? released) ? SIGNER : null,
      });
      const rows = [version(t.status === 'CORRECTED' ? 8 : t.value, 1, null, null)];
      if (t.status === 'CORRECTED')
        rows.push(version(t.value, 2, 'Units entered as nmol/L; corrected to ng/mL', stage(30)));
      const inserted = await db
        .insert(diagnosticResults)
        .values(rows)
        .returning({ id: diagnosticResults.id, flag: diagnosticResults.flag });
      const critical = inserted.at(-1)!;
      if (critical.flag === 'CRITICAL_HIGH' || critical.flag === 'CRITICAL_LOW') {
        await db.insert(criticalAlerts).values({
          orderTestId: test!.id,
          resultId: critical.id,
          raisedAt: entered!,
          acknowledgedBy: DOCTOR_USER,
          acknowledgedAt: new Date(entered!.getTime() + 0.5 * HOUR),
          comment: 'Called the patient; repeat with ECG today.',
        });
      }
    }
  }
}
