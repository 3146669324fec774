import type { AppointmentStatus, Role } from '../../../domain/enums.ts';
import { APPOINTMENT_TRANSITIONS, type AppointmentAction } from '../../../domain/rules/appointments.ts';
import type { Appointment, AppointmentScope } from '../../api/appointments.ts';
import type { BadgeTone } from '../../ui/StatusBadge.tsx';

/**
 * Small pure rules of the appointment screens: India wall-clock times to instants and back, whose
 * list a role sees, the names to show, the status filters and badge colours.
 */

/** India keeps one offset all year (no daylight saving), so a wall-clock time there is this instant. */
export const INDIA_OFFSET = '+05:30';
const INDIA_OFFSET_MS = 330 * 60_000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '2030-01-05' and '10:30' typed as India time → '2030-01-05T10:30:00+05:30'; '' when either is not a valid value. */
export function indiaDateTimeToIso(date: string, time: string): string {
  if (!DATE.test(date) || !TIME.test(time)) return '';
  const iso = `${date}T${time}:00${INDIA_OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? '' : iso;
}

/** An instant as the date and time inputs show it in India: { date: 'yyyy-mm-dd', time: 'HH:MM' }. */
export function isoToIndiaDateTime(value: string | null | undefined): { date: string; time: string } {
  const at = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return { date: '', time: '' };
  const wall = new Date(at + INDIA_OFFSET_MS).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

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
