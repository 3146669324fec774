import type { Role } from '../../../../domain/enums.ts';

type ListKind = 'doctors' | 'hospitals' | 'diagnostics' | 'pharmacies';

/** Where a page's "back" goes: a patient's search is the booking one; Users and Admins have the lists. */
export function backOf(kind: ListKind, role: Role | undefined): { to: string; label: string } {
  if (role === 'USER' || role === 'ADMIN') {
    const labels = {
      doctors: 'Doctors',
      hospitals: 'Hospitals',
      diagnostics: 'Diagnostics centres',
      pharmacies: 'Pharmacies',
    };
    return { to: `/${kind}`, label: labels[kind] };
  }
  if (role === 'PATIENT') {
    return {
      to: kind === 'hospitals' ? '/appointments/book?kind=hospitals' : '/appointments/book',
      label: 'Find a doctor or hospital',
    };
  }
  return { to: '/', label: 'Home' };
}
