/** What other modules may use of appointments: care-relationship and party questions as SQL fragments, the booking use cases. */
export { inCareRelationship, shareAnAppointment, sharedInCare } from './queries.ts';
export type { AppointmentsService, FreedTime } from './service.ts';
/** The appointment as a consultation reads it (the visit: domain/rules/appointments.ts APPOINTMENT_VISIT_WORKFLOW). */
export { loadAppointment, partyOf as appointmentPartyOf } from './queries.ts';
