import type { AppointmentStatus, Role } from '../../../domain/enums.ts';
import { APPOINTMENT_TRANSITIONS, type AppointmentAction } from '../../../domain/rules/appointments.ts';
import type { Appointment, AppointmentScope } from '../../api/appointments.ts';
import type { BadgeTone } from '../../ui/StatusBadge.tsx';

/**
 * Small pure rules of the appointment screens: India wall-clock times to instants and back, whose
 * list a role sees, the names to show, the status filters and badge colours.
 */

export { INDIA_OFFSET, indiaDateTimeToIso, isoToIndiaDateTime } from '../../../domain/rules/time.ts';

/** The appointment list a role has: GET /appointments/{scope}. Other roles have none. */
export function scopeForRole(role: Role | undefined): AppointmentScope | null {
  if (role === 'PATIENT') return 'patient';
  if (role === 'DOCTOR') return 'doctor';
  if (role === 'HOSPITAL') return 'hospital';
  return null;
}

/** The provider's name for a patient ("Dr Arjun Rao at Sahyadri Care Hospital"), the patient's for a provider. */
export function counterpartName(appointment: Appointment, scope: AppointmentScope | null): string {
  if (scope === 'doctor' || scope === 'hospital') return appointment.patient.name;
  return providerName(appointment);
}

export function providerName(appointment: Appointment): string {
  const { doctor, hospital } = appointment;
  if (doctor && hospital) return `${doctor.name}, ${hospital.name}`;
  return doctor?.name ?? hospital?.name ?? 'Your doctor';
}

/** One filter choice of a list: a label and the statuses it asks the server for (none: all). */
export type StatusTab = { id: string; label: string; statuses: readonly AppointmentStatus[] };

export const PROVIDER_STATUS_TABS: readonly StatusTab[] = [
  { id: 'all', label: 'All', statuses: [] },
  { id: 'pending', label: 'Pending', statuses: ['PENDING'] },
  { id: 'accepted', label: 'Accepted', statuses: ['ACCEPTED'] },
  { id: 'confirmed', label: 'Confirmed', statuses: ['CONFIRMED'] },
  { id: 'rescheduled', label: 'Rescheduled', statuses: ['RESCHEDULED'] },
];

export const PATIENT_STATUS_TABS: readonly StatusTab[] = [
  ...PROVIDER_STATUS_TABS,
  { id: 'past', label: 'Finished', statuses: ['COMPLETED', 'CANCELLED', 'REJECTED', 'NO_SHOW', 'EXPIRED'] },
];

/** The tab whose statuses are exactly those of the URL; an unknown mix selects none. */
export function activeTab(tabs: readonly StatusTab[], statuses: readonly string[]): StatusTab | undefined {
  const wanted = [...new Set(statuses)].sort().join(',');
  return tabs.find((tab) => [...tab.statuses].sort().join(',') === wanted);
}

const BADGE_TONES: Record<AppointmentStatus, BadgeTone> = {
  PENDING: 'warning',
  ACCEPTED: 'info',
  REJECTED: 'error',
  RESCHEDULED: 'secondary',
  CONFIRMED: 'success',
  CANCELLED: 'neutral',
  COMPLETED: 'primary',
  NO_SHOW: 'error',
  EXPIRED: 'ghost',
};

export function badgeToneFor(status: AppointmentStatus): BadgeTone {
  return BADGE_TONES[status];
}

/** The button label of an action, from the state machine. */
export function actionLabel(action: AppointmentAction): string {
  return APPOINTMENT_TRANSITIONS[action].label;
}

/** The actions the screens offer as buttons, in the order they show them; EXPIRE is the system's. */
export const ACTION_ORDER: readonly AppointmentAction[] = [
  'ACCEPT',
  'CONFIRM',
  'ACCEPT_RESCHEDULE',
  'DECLINE_RESCHEDULE',
  'PROPOSE_RESCHEDULE',
  'COMPLETE',
  'MARK_NO_SHOW',
  'REJECT',
  'CANCEL',
  'DELETE',
];

export function shownActions(appointment: Pick<Appointment, 'actions'>): AppointmentAction[] {
  return ACTION_ORDER.filter((action) => appointment.actions.includes(action));
}
