import { ROLES, ROLE_LABELS, isOneOf } from '../enums.ts';
import type { Role } from '../enums.ts';

/** A user with no role set is a generic User (SPEC §1, §6). */
export const DEFAULT_ROLE = 'USER' satisfies Role;

/** Everyone may sign up except as Admin: admins are made by other admins or by seeding. */
export const SELF_REGISTRABLE_ROLES = [
  'USER',
  'PATIENT',
  'DOCTOR',
  'HOSPITAL',
  'DIAGNOSTICS',
  'PHARMACY',
] as const satisfies readonly Exclude<Role, 'ADMIN'>[];
export type SelfRegistrableRole = (typeof SELF_REGISTRABLE_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return isOneOf(ROLES, value);
}

/** The role itself when it is one (case and surrounding spaces ignored), otherwise the default role. */
export function roleOrDefault(role: string | null | undefined): Role {
  const candidate = role?.trim().toUpperCase();
  return isRole(candidate) ? candidate : DEFAULT_ROLE;
}

/**
 * The role as the interface shows it: 'Admin', 'Hospital' … A missing or unknown role reads as
 * 'User', because that is the role such an account effectively has.
 */
export function humanizeRole(role: string | null | undefined): string {
  return ROLE_LABELS[roleOrDefault(role)];
}
