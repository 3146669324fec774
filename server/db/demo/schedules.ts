import type { AppointmentMode, Weekday } from '../../../domain/enums.ts';
import type { WeeklySession } from '../../../domain/rules/schedules.ts';
import type { Db } from '../client.ts';
import { doctorSchedules } from '../schema/index.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';
import type { DemoNetwork } from './network.ts';

type Writer = Pick<Db, 'insert'>;

const MONDAY_TO_SATURDAY: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

const session = (
  day: Weekday,
  start: string,
  end: string,
  modes: AppointmentMode[],
  breaks: WeeklySession['breaks'] = [],
  slotMinutes = 15,
): WeeklySession => ({ day, start, end, slotMinutes, modes, breaks });

/**
 * Dr Arjun Rao's OPD at Sahyadri Care Hospital, Monday to Saturday: morning (in person or by video,
 * with a tea break), afternoon (in person; home visits on Saturday), evening (in person or by video);
 * Sundays off at the hospital, an hour of video consultations from his own clinic instead.
 */
export const DEMO_DOCTOR_HOSPITAL_SESSIONS: WeeklySession[] = MONDAY_TO_SATURDAY.flatMap((day) => [
  session(day, '09:00', '13:00', ['IN_PERSON', 'VIRTUAL'], [{ start: '11:30', end: '11:45' }]),
  session(day, '14:00', '17:00', day === 'SATURDAY' ? ['IN_PERSON', 'HOME_VISIT'] : ['IN_PERSON']),
  session(day, '17:30', '19:30', ['IN_PERSON', 'VIRTUAL']),
]);
export const DEMO_DOCTOR_CLINIC_SESSIONS: WeeklySession[] = [session('SUNDAY', '10:00', '11:00', ['VIRTUAL'])];

/** The hospital's other doctors: alternate mornings or afternoons, 20-minute slots. */
function colleagueSessions(n: number): WeeklySession[] {
  const days = MONDAY_TO_SATURDAY.filter((_, i) => i % 2 === n % 2);
  return days.map((day) =>
    n % 3 === 0
      ? session(day, '14:00', '18:00', ['IN_PERSON'], [{ start: '16:00', end: '16:20' }], 20)
      : session(day, '09:30', '13:30', ['IN_PERSON', 'VIRTUAL'], [], 20),
  );
}

/** Schedules for the demo doctor and the demo hospital's doctors, so open slots show on the first start. */
export async function insertDemoSchedules(db: Writer, network: DemoNetwork) {
  const hospitalId = DEMO_REFERENCE_IDS.hospital;
  const updatedBy = DEMO_USER_IDS['doctor@caremesh.test']!;
  const colleagues = network.doctors.filter((d) => d.hospitalId === hospitalId && d.id !== DEMO_REFERENCE_IDS.doctor);
  await db.insert(doctorSchedules).values([
    { doctorId: DEMO_REFERENCE_IDS.doctor, hospitalId, sessions: DEMO_DOCTOR_HOSPITAL_SESSIONS, updatedBy },
    { doctorId: DEMO_REFERENCE_IDS.doctor, hospitalId: null, sessions: DEMO_DOCTOR_CLINIC_SESSIONS, updatedBy },
    ...colleagues.map((colleague, n) => ({
      doctorId: colleague.id,
      hospitalId,
      sessions: colleagueSessions(n),
      updatedBy: DEMO_USER_IDS['hospital@caremesh.test'] ?? updatedBy,
    })),
  ]);
}
