import { shortIndiaDateTime } from '../../../domain/rules/time.ts';
import { NEXT_SLOTS_HORIZON_DAYS, type Slot } from '../../../domain/rules/schedules.ts';

/** The texts of the schedules area. */
export const SCHEDULE_TEXTS = {
  noSuchDoctor: 'There is no such doctor.',
  noSuchHospital: 'There is no such hospital.',
  notTheirHospital: (doctor: string) => `${doctor} does not practise at this hospital.`,
  hospitalPlaceOnly: 'A hospital sets its doctors’ sessions at the hospital only.',
  saved: 'Schedule saved.',
};

/** The refusal of a time the doctor's schedule does not give, naming the next open slots. */
export function outsideScheduleMessage(doctorName: string, next: readonly Slot[]): string {
  const first = `${doctorName} does not see patients at that time.`;
  if (next.length === 0) return `${first} There is no open slot in the next ${NEXT_SLOTS_HORIZON_DAYS} days.`;
  return `${first} Next open slots: ${next.map((slot) => shortIndiaDateTime(slot.start)).join(', ')}.`;
}
