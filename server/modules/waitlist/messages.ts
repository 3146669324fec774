import { APPOINTMENT_MODE_LABELS, type AppointmentMode } from '../../../domain/enums.ts';
import { shortIndiaDateTime } from '../../../domain/rules/time.ts';
import { MAX_LIVE_ENTRIES_PER_PATIENT } from '../../../domain/rules/waitlist.ts';

/** The texts of the waitlist area. */
export const WAITLIST_TEXTS = {
  noSuchEntry: 'There is no such waitlist entry.',
  noSuchDoctor: 'There is no such doctor taking appointments.',
  noSuchHospital: 'There is no such hospital taking appointments.',
  notAtHospital: (doctor: string) => `${doctor} does not practise at this hospital.`,
  profileRequired: 'Create your patient profile before joining a waitlist (My Profile → Create profile).',
  alreadyWaiting: 'You are already on this waitlist for those dates. Change or leave that entry instead.',
  tooMany: `You can wait in at most ${MAX_LIVE_ENTRIES_PER_PATIENT} waitlists at once. Leave one first.`,
  datesPassed: 'The preferred dates have passed. Choose dates from today on.',
  notYourAppointment:
    'The appointment to replace must be one of your upcoming appointments with this doctor or hospital.',
  joined: 'You are on the waitlist. We will offer you a time as soon as one opens.',
  left: 'You have left the waitlist.',
  removed: 'Removed from the waitlist.',
  reinstated: 'Back on the waitlist.',
  declined: 'Offer declined. You keep your place on the waitlist.',
  accepted: 'Booked. The appointment is in your list.',
  moved: 'Waitlist order saved.',
  offered: 'Offer sent. The time is held for the patient until the offer runs out.',
  ended: 'This entry has ended, so it cannot be moved.',
  noStatusChange: (to: string) =>
    `That change is not possible here. To offer a time, use “Offer a slot”; ${to} is set by CareMesh.`,
  notifyNeedsDoctor: 'Choose the doctor whose time you offer.',
  notifyWrongDoctor: 'Offer a time with the doctor this patient waits for.',
  notifyNotWaiting: 'Only a waiting entry can be offered a time.',
  notifyTooLate: 'That time is too soon to offer: offers stop an hour before the slot.',
  notifyTaken: 'That time is not free: another appointment or offer holds it.',
  slotGone: 'That time was booked by someone else just before you accepted. You keep your place on the waitlist.',
  replacedBecause: 'Moved to an earlier time from the waitlist.',
  bookedFromWaitlist: 'Booked from the waitlist.',
};

export const offerNotification = (input: {
  doctorName: string | null;
  start: Date;
  mode: AppointmentMode;
  expiresAt: Date;
}) => ({
  title: 'A time has opened up for you',
  message: `${input.doctorName ?? 'Your doctor'}, ${shortIndiaDateTime(input.start.toISOString())} (${APPOINTMENT_MODE_LABELS[input.mode]}) is held for you until ${shortIndiaDateTime(input.expiresAt.toISOString())}. Accept it under Appointments → On the waitlist.`,
});
