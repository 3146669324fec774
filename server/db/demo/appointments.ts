import type { AppointmentMode, AppointmentStatus } from '../../../domain/enums.ts';
import { appointmentEnd } from '../../../domain/rules/appointments.ts';
import { addDays } from '../../../domain/rules/schedules.ts';
import { indiaDateTimeToIso, todayInIndia } from '../../../domain/rules/time.ts';
import { appointmentMessages, appointments } from '../schema/index.ts';
import type { Db } from '../client.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'insert'>;

type Plan = {
  patient: 'demo' | number;
  /** Days from the seeding day, at `hour` (India time) — the demo's appointments are always current. */
  day: number;
  hour: number;
  status: AppointmentStatus;
  mode: AppointmentMode;
  reason: string;
  withHospital?: boolean;
  lines: Array<[role: 'PATIENT' | 'DOCTOR' | 'HOSPITAL', body: string, kind?: 'EVENT']>;
};

const PLANS: Plan[] = [
  {
    patient: 'demo',
    day: 2,
    hour: 11,
    status: 'PENDING',
    mode: 'IN_PERSON',
    reason: 'Follow-up on blood pressure readings',
    withHospital: true,
    lines: [['PATIENT', 'Priya Sharma requested an appointment.', 'EVENT']],
  },
  {
    patient: 'demo',
    day: 6,
    hour: 16,
    status: 'CONFIRMED',
    mode: 'VIRTUAL',
    reason: 'Review of echo report',
    lines: [
      ['PATIENT', 'Priya Sharma requested an appointment.', 'EVENT'],
      ['DOCTOR', 'Dr Arjun Rao accepted the appointment.', 'EVENT'],
      ['PATIENT', 'Should I upload the echo report before the call?'],
      ['DOCTOR', 'Yes please, and share it with this appointment. I will look at it before we speak.'],
      ['DOCTOR', 'Dr Arjun Rao confirmed the appointment.', 'EVENT'],
    ],
  },
  {
    patient: 'demo',
    day: -12,
    hour: 10,
    status: 'COMPLETED',
    mode: 'IN_PERSON',
    reason: 'Breathlessness on climbing stairs',
    withHospital: true,
    lines: [
      ['PATIENT', 'Priya Sharma requested an appointment.', 'EVENT'],
      ['HOSPITAL', 'Sahyadri Care Hospital confirmed the appointment.', 'EVENT'],
      ['DOCTOR', 'Dr Arjun Rao marked the appointment completed.', 'EVENT'],
    ],
  },
  {
    patient: 0,
    day: 1,
    hour: 12,
    status: 'PENDING',
    mode: 'IN_PERSON',
    reason: 'Chest discomfort after meals',
    withHospital: true,
    lines: [['PATIENT', 'requested an appointment.', 'EVENT']],
  },
  {
    patient: 1,
    day: 3,
    hour: 15,
    status: 'ACCEPTED',
    mode: 'HOME_VISIT',
    reason: 'Post-surgery check at home',
    lines: [
      ['PATIENT', 'requested an appointment.', 'EVENT'],
      ['DOCTOR', 'Dr Arjun Rao accepted the appointment.', 'EVENT'],
    ],
  },
  {
    patient: 2,
    day: 4,
    hour: 9,
    status: 'PENDING',
    mode: 'VIRTUAL',
    reason: 'Second opinion on angiography',
    lines: [['PATIENT', 'requested an appointment.', 'EVENT']],
  },
];

/**
 * `hour`:00 in India on `day` days from the seeding day in India (09:00 IST is 03:30 UTC). Counted
 * from India's date, not UTC's: after 18:30 UTC it is already the next day in India.
 */
function indiaTime(now: Date, day: number, hour: number): Date {
  return new Date(indiaDateTimeToIso(addDays(todayInIndia(now), day), `${String(hour).padStart(2, '0')}:00`));
}

/** A few appointments of the demo doctor (with the demo patient and others), around the seeding day. */
export async function insertDemoAppointments(db: Writer, network: DemoNetwork, now = new Date()) {
  const others = network.patients.filter((p) => p.id !== DEMO_REFERENCE_IDS.patient);
  for (const plan of PLANS) {
    const patient =
      plan.patient === 'demo'
        ? network.patients.find((p) => p.id === DEMO_REFERENCE_IDS.patient)
        : others[plan.patient];
    if (!patient) continue;
    const start = indiaTime(now, plan.day, plan.hour);
    const patientName = `${patient.firstName} ${patient.lastName}`;
    const [row] = await db
      .insert(appointments)
      .values({
        patientId: patient.id,
        doctorId: DEMO_REFERENCE_IDS.doctor,
        hospitalId: plan.withHospital ? DEMO_REFERENCE_IDS.hospital : null,
        scheduledAt: start,
        durationMinutes: 20,
        endsAt: appointmentEnd(start, 20),
        mode: plan.mode,
        reason: plan.reason,
        status: plan.status,
        lastActor: plan.lines.at(-1)![0],
        createdBy: DEMO_USER_IDS['patient@caremesh.test']!,
        createdAt: indiaTime(now, Math.min(plan.day, 0) - 3, 8),
      })
      .returning({ id: appointments.id });
    const conversationStart = indiaTime(now, Math.min(plan.day, 0) - 3, 8).getTime();
    // An outcome (completed, no-show) is recorded once the visit is over, not with the lines before it.
    const outcomeAt = appointmentEnd(start, 20).getTime() + 10 * 60_000;
    const recordsOutcome = plan.status === 'COMPLETED' || plan.status === 'NO_SHOW';
    await db.insert(appointmentMessages).values(
      plan.lines.map(([role, body, kind], index) => ({
        appointmentId: row!.id,
        kind: kind ?? ('MESSAGE' as const),
        authorRole: role,
        authorName: role === 'PATIENT' ? patientName : role === 'DOCTOR' ? 'Dr Arjun Rao' : 'Sahyadri Care Hospital',
        body: body.startsWith('requested') ? `${patientName} ${body}` : body,
        createdAt: new Date(
          recordsOutcome && index === plan.lines.length - 1 ? outcomeAt : conversationStart + index * 3_600_000,
        ),
      })),
    );
  }
}
