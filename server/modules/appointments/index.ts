/** What other modules may use of appointments: care-relationship and party questions as SQL fragments, the booking use cases. */
export { inCareRelationship, shareAnAppointment, sharedInCare } from './queries.ts';
export type { AppointmentsService, FreedTime } from './service.ts';
