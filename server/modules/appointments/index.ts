/** What other modules may use of appointments: care-relationship and party questions as SQL fragments. */
export { inCareRelationship, shareAnAppointment, sharedInCare } from './queries.ts';
/** The appointment as a consultation reads it (the visit: domain/rules/appointments.ts APPOINTMENT_VISIT_WORKFLOW). */
export { loadAppointment, partyOf as appointmentPartyOf } from './queries.ts';
