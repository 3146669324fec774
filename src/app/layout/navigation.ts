import type { Role } from '../../../domain/enums.ts';
import { roleOrDefault } from '../../../domain/rules/roles.ts';
import type { IconName } from '../../ui/icons.tsx';

export type MenuItem = {
  to: string;
  label: string;
  icon: IconName;
  /**
   * Other routes that also highlight this item. Only the '/' "My Profile" items use it: '/' sends
   * Doctors and Patients on to /profile (SPEC §2 Root), where the item would otherwise never light up.
   */
  alsoActiveOn?: readonly string[];
};

const item = (to: string, label: string, icon: IconName, alsoActiveOn?: readonly string[]): MenuItem =>
  alsoActiveOn ? { to, label, icon, alsoActiveOn } : { to, label, icon };

// Routes the SPEC's table lists without a label take the label the same route has elsewhere in it.
const HOSPITALS = item('/hospitals', 'Hospitals', 'hospital');
const DOCTORS = item('/doctors', 'Doctors', 'doctor');
const DIAGNOSTICS = item('/diagnostics', 'Diagnostics', 'diagnostics');
const PHARMACIES = item('/pharmacies', 'Pharmacies', 'pharmacy');
const DOCUMENTS = item('/documents', 'Documents', 'documents');
const AFFILIATIONS = item('/affiliations', 'Affiliations', 'affiliations');
const APPOINTMENTS = item('/appointments', 'Appointments', 'appointments');
const MY_PROFILE = item('/', 'My Profile', 'profile', ['/profile']);

/** The sidebar menu of each role, as the table in SPEC §2 ("Sidebar menu by role"), plus the admin's Affiliations. */
export const MENUS: Readonly<Record<Role, readonly MenuItem[]>> = {
  // SPEC §2's admin items, then the affiliations admins verify (issue 22: GET /affiliations/admin/all).
  ADMIN: [
    HOSPITALS,
    DOCTORS,
    DIAGNOSTICS,
    PHARMACIES,
    item('/admin/verifications', 'Verifications', 'verification'),
    item('/admin/affiliations', 'Affiliations', 'affiliations'),
  ],
  HOSPITAL: [
    item('/profile', 'My Hospital', 'hospital'),
    DOCUMENTS,
    AFFILIATIONS,
    item('/verification', 'Verification', 'verification'),
    DOCTORS,
    APPOINTMENTS,
    item('/consultations', 'Consultations', 'consultations'),
    item('/waitlist', 'Waitlist', 'waitlist'),
  ],
  DOCTOR: [MY_PROFILE, DOCUMENTS, AFFILIATIONS, item('/patients', 'Patients', 'patients'), APPOINTMENTS],
  DIAGNOSTICS: [
    item('/profile', 'My Diagnostics', 'diagnostics'),
    DOCUMENTS,
    AFFILIATIONS,
    item('/tests', 'Tests', 'tests'),
    item('/reports', 'Reports', 'reports'),
  ],
  PHARMACY: [
    item('/profile', 'My Pharmacy', 'pharmacy'),
    DOCUMENTS,
    AFFILIATIONS,
    item('/inventory', 'Inventory', 'inventory'),
    item('/orders', 'Orders', 'orders'),
  ],
  PATIENT: [MY_PROFILE, APPOINTMENTS, item('/medical-records', 'Medical Records', 'records')],
  USER: [HOSPITALS, DIAGNOSTICS, DOCTORS, PHARMACIES],
};

/** The menu of a role; a missing or unknown role gets the generic User's menu (SPEC §1). */
export function menuForRole(role: Role | string | null | undefined): readonly MenuItem[] {
  return MENUS[roleOrDefault(role)];
}

/** '/Doctors/' → '/doctors': the router matches paths case-insensitively and ignores a trailing slash. */
function normalizePath(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

/**
 * SPEC §2: an item is highlighted when the current path starts with its route, on a segment
 * boundary ('/doctors' covers '/doctors/42' but not '/doctorsX'). '/' would start every path, so it
 * only matches itself.
 */
export function isMenuItemActive(itemRoute: string, pathname: string): boolean {
  const route = normalizePath(itemRoute);
  const path = normalizePath(pathname);
  if (route === '/') return path === '/';
  return path === route || path.startsWith(`${route}/`);
}

export function isMenuEntryActive(entry: MenuItem, pathname: string): boolean {
  return [entry.to, ...(entry.alsoActiveOn ?? [])].some((route) => isMenuItemActive(route, pathname));
}
