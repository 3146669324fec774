/** What other modules may use of schedules: the booking rule's check. */
export type { SchedulesService } from './service.ts';
