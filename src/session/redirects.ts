import type { Role } from '../../domain/enums.ts';

/** /login with where to come back to after signing in. */
export function loginPathFor(here: string): string {
  return here && here !== '/' && !here.startsWith('/login')
    ? `/login?redirectTo=${encodeURIComponent(here)}`
    : '/login';
}

/** Only a path on this site: never another origin ('//evil.example', 'https://…', '/\\evil'). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** Where an organisation without a profile must go first (SPEC §4 "Onboarding redirect"). */
export const ONBOARDING_ROUTES: Partial<Record<Role, string>> = {
  HOSPITAL: '/hospital/onboarding',
  PHARMACY: '/pharmacy/onboarding',
  DIAGNOSTICS: '/diagnostics/onboarding',
};

export function onboardingRedirect(user: { role: Role; referenceId: string | null }, pathname: string): string | null {
  const route = ONBOARDING_ROUTES[user.role];
  if (!route || user.referenceId) return null;
  return pathname === route ? null : route;
}

/** `/` sends Admin to /hospitals and every other role to /profile. */
export const homeFor = (role: Role) => (role === 'ADMIN' ? '/hospitals' : '/profile');
