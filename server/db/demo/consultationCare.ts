import { asc, eq } from 'drizzle-orm';
import { rupeesToPaise } from '../../../domain/rules/billing.ts';
import type { Db } from '../client.ts';
import {
  consultationBillLines,
  consultationFeedback,
  consultationReferrals,
  consultations,
  doctors,
} from '../schema/index.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';

type Writer = Pick<Db, 'insert' | 'select'>;

/**
 * Around the demo consultations (server/db/demo/consultations.ts): the demo patient's completed
 * visit is billed (fee and an in-house ECG), paid by UPI and cash, rated, and its echo referral to
 * the demo centre accepted (she can book it); the walk-in in progress has an urgent chest X-ray
 * referral waiting for the centre to accept or decline.
 */
export async function insertDemoConsultationCare(db: Writer) {
  const doctorUser = DEMO_USER_IDS['doctor@caremesh.test']!;
  const deskUser = DEMO_USER_IDS['hospital@caremesh.test'] ?? doctorUser;
  const [doctor] = await db
    .select({ fee: doctors.consultationFee })
    .from(doctors)
    .where(eq(doctors.id, DEMO_REFERENCE_IDS.doctor));
  const rows = await db
    .select({
      id: consultations.id,
      status: consultations.status,
      patientId: consultations.patientId,
      completedAt: consultations.completedAt,
      startedAt: consultations.startedAt,
    })
    .from(consultations)
    .where(eq(consultations.doctorId, DEMO_REFERENCE_IDS.doctor))
    .orderBy(asc(consultations.createdAt));
  const visit = rows.find((r) => r.status === 'COMPLETED' && r.patientId === DEMO_REFERENCE_IDS.patient);
  if (visit?.completedAt) {
    const at = (minutes: number) => new Date(visit.completedAt!.getTime() + minutes * 60_000);
    const fee = rupeesToPaise(doctor?.fee) || 80_000;
    await db.insert(consultationBillLines).values([
      { consultationId: visit.id, kind: 'CHARGE', description: 'Consultation fee', amountPaise: fee, createdAt: at(0) },
      {
        consultationId: visit.id,
        kind: 'CHARGE',
        description: 'ECG, 12 lead (in-house)',
        amountPaise: 35_000,
        createdBy: deskUser,
        createdByRole: 'HOSPITAL',
        createdAt: at(2),
      },
      {
        consultationId: visit.id,
        kind: 'PAYMENT',
        description: 'Payment',
        amountPaise: 50_000,
        method: 'UPI',
        reference: 'UPI-402918337761',
        createdBy: deskUser,
        createdByRole: 'HOSPITAL',
        createdAt: at(5),
      },
      {
        consultationId: visit.id,
        kind: 'PAYMENT',
        description: 'Payment',
        amountPaise: fee + 35_000 - 50_000,
        method: 'CASH',
        createdBy: deskUser,
        createdByRole: 'HOSPITAL',
        createdAt: at(6),
      },
    ]);
    await db.insert(consultationFeedback).values({
      consultationId: visit.id,
      rating: 5,
      comment: 'Dr Rao explained the echo and the medicines clearly.',
      createdAt: at(60 * 24),
    });
    await db.insert(consultationReferrals).values({
      consultationId: visit.id,
      patientId: visit.patientId,
      targetKind: 'DIAGNOSTICS',
      targetId: DEMO_REFERENCE_IDS.diagnostics,
      urgency: 'MEDIUM',
      reason: '2D echocardiogram: breathless on exertion, mild pedal oedema.',
      status: 'ACCEPTED',
      responseNote: 'Morning slots free this week.',
      respondedAt: at(90),
      createdBy: doctorUser,
      createdAt: at(1),
    });
  }
  const walkIn = rows.find((r) => r.status === 'IN_PROGRESS');
  if (walkIn?.startedAt) {
    await db.insert(consultationReferrals).values({
      consultationId: walkIn.id,
      patientId: walkIn.patientId,
      targetKind: 'DIAGNOSTICS',
      targetId: DEMO_REFERENCE_IDS.diagnostics,
      urgency: 'URGENT',
      reason: 'Chest X-ray PA view: fever, cough, SpO2 88% on room air.',
      createdBy: doctorUser,
      createdAt: new Date(walkIn.startedAt.getTime() + 10 * 60_000),
    });
  }
}
