/** What other modules may use of notifications. */
export type { NotificationsService } from './service.ts';
