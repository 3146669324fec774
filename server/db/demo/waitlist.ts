import { addDays, type DayPart } from '../../../domain/rules/schedules.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import type { Urgency } from '../../../domain/enums.ts';
import type { Db } from '../client.ts';
import { waitlistEntries } from '../schema/index.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'insert'>;

const REASONS = [
  'Follow-up of blood pressure readings',
  'Breathlessness on climbing stairs',
  'Review of ECG report',
  'Palpitations at night',
];

/**
 * Dr Arjun Rao's waitlist at Sahyadri Care Hospital: four patients from the network and the demo
 * patient (third in line), waiting for a time in the next week; one marked urgent by the desk. Their
 * offers come as soon as a matching appointment is cancelled.
 */
export async function insertDemoWaitlist(db: Writer, network: DemoNetwork) {
  const today = todayInIndia();
  const others = network.patients.filter((p) => p.id !== DEMO_REFERENCE_IDS.patient).slice(0, 4);
  const createdBy = DEMO_USER_IDS['patient@caremesh.test']!;
  const waiting = [
    ...others.slice(0, 2).map((p) => p.id),
    DEMO_REFERENCE_IDS.patient,
    ...others.slice(2).map((p) => p.id),
  ];
  await db.insert(waitlistEntries).values(
    waiting.map((patientId, i) => ({
      patientId,
      doctorId: DEMO_REFERENCE_IDS.doctor,
      hospitalId: DEMO_REFERENCE_IDS.hospital,
      queueId: DEMO_REFERENCE_IDS.hospital,
      position: i + 1,
      priority: (i === 3 ? 'URGENT' : 'MEDIUM') as Urgency,
      urgency: (i === 3 ? 'HIGH' : 'MEDIUM') as Urgency,
      preferredFrom: addDays(today, 1),
      preferredTo: addDays(today, 7),
      timesOfDay: (i % 2 === 0 ? ['MORNING'] : []) as DayPart[],
      mode: 'IN_PERSON' as const,
      reason: REASONS[i % REASONS.length]!,
      createdBy,
    })),
  );
}
