/** What other modules may use of schedules: the booking rule's check, slot lengths and modes, held offers. */
export type { SchedulesService } from './service.ts';
export type { HeldTime, PlaceRow } from './bookingReads.ts';
export { HELD_TIMES_SPAN_MS, heldAmong, heldTimesFrom, placeRowsOf } from './bookingReads.ts';
