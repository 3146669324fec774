/** What other modules may use of appointments: care-relationship and party questions as SQL fragments. */
export { inCareRelationship, shareAnAppointment, sharedInCare } from './queries.ts';
