/**
 * Organisation teams: which duties each kind of organisation gives its members, and who holds one.
 * The owner (the account that onboarded the organisation, or one the owner made an owner) holds every
 * duty; a doctor's account is its own team of one.
 */
import type { Role, TeamDuty } from '../enums.ts';

/** The roles whose organisations have teams. */
export const TEAM_ROLES = ['HOSPITAL', 'PHARMACY', 'DIAGNOSTICS'] as const satisfies readonly Role[];
export type TeamRole = (typeof TEAM_ROLES)[number];

export const DUTIES_BY_ROLE: Record<TeamRole, readonly TeamDuty[]> = {
  HOSPITAL: ['FRONT_DESK', 'BILLING', 'ADMINISTRATION'],
  PHARMACY: ['PHARMACIST', 'QUALITY_CHECKER', 'DELIVERY', 'ADMINISTRATION'],
  DIAGNOSTICS: ['FRONT_DESK', 'LAB_TECHNICIAN', 'FIELD_COLLECTOR', 'REPORT_SIGNER', 'ADMINISTRATION'],
};

export const isTeamRole = (role: Role): role is TeamRole => (TEAM_ROLES as readonly Role[]).includes(role);

export type Member = { role: Role; isOwner: boolean; duties: readonly string[] };

/** Whether the member holds `duty`: an owner holds every one; a role without teams (a doctor) too. */
export function hasDuty(member: Member, duty: TeamDuty): boolean {
  if (member.isOwner || !isTeamRole(member.role)) return true;
  return member.duties.includes(duty);
}

/** Duties this kind of organisation does not offer, among `duties`. */
export function foreignDuties(role: TeamRole, duties: readonly string[]): string[] {
  return duties.filter((duty) => !DUTIES_BY_ROLE[role].includes(duty as TeamDuty));
}

/** An invitation link works once, for this long. */
export const INVITATION_HOURS = 72;
