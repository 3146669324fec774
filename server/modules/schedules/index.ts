/** What other modules may use of schedules: the booking rule's check, slot lengths and modes, held offers. */
export type { SchedulesService } from './service.ts';
