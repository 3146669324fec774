/** What other modules may use of schedules: the booking rule's check, slot lengths and modes, held offers. */
export type { HeldTime, PlaceRow, SchedulesService } from './service.ts';
export { HELD_TIMES_SPAN_MS, heldAmong, heldTimesFrom, placeRowsOf } from './service.ts';
