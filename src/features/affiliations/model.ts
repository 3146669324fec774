import {
  AFFILIATION_STATUSES,
  AFFILIATION_TYPES,
  type AffiliationBenefit,
  type AffiliationStatus,
  type AffiliationType,
  type ProviderKind,
  type Role,
} from '../../../domain/enums.ts';
import {
  DOCTOR_COMMISSION_MESSAGE,
  ORGANISATION_COMMISSION_DISCLOSURE,
  forbiddenBenefits,
  needsVerification,
  type AffiliationAction,
} from '../../../domain/rules/affiliations.ts';
import {
  MAX_AMOUNT_PAISE,
  ruleProblems,
  type CommissionRule,
  type CommissionRuleKind,
  type CommissionServiceType,
} from '../../../domain/rules/commission.ts';
import type { AffiliationKindPath } from '../../../domain/schemas/affiliations.ts';
import type { AffiliationListParams } from '../../api/affiliations.ts';

/** The party kind each organisation role acts as, and the word of its API and screen paths. */
export const KIND_OF_ROLE: Partial<Record<Role, ProviderKind>> = {
  HOSPITAL: 'HOSPITAL',
  DOCTOR: 'DOCTOR',
  DIAGNOSTICS: 'DIAGNOSTICS',
  PHARMACY: 'PHARMACY',
};
const PATH_OF_KIND: Record<ProviderKind, AffiliationKindPath> = {
  HOSPITAL: 'hospital',
  DOCTOR: 'doctor',
  DIAGNOSTICS: 'diagnostics',
  PHARMACY: 'pharmacy',
};

/** The API path word the caller reads affiliations through (an admin reads any through any). */
export function kindPathOf(role: Role | undefined): AffiliationKindPath | null {
  if (role === 'ADMIN') return 'hospital';
  const kind = role ? KIND_OF_ROLE[role] : undefined;
  return kind ? PATH_OF_KIND[kind] : null;
}

/** The route params of the four role-specific detail paths (SPEC §2), by role. */
export const ROLE_PATH_PARAM: Partial<Record<Role, string>> = {
  DOCTOR: 'doctorId',
  DIAGNOSTICS: 'diagnosticsId',
  PHARMACY: 'pharmacyId',
  HOSPITAL: 'hospitalId',
};

/**
 * Whether the signed-in organisation may open the detail at these route params: on a role path
 * (/hospital/{hospitalId}/affiliations/…) the id must be its own; /affiliations/{id} has none.
 */
export function ownsRolePath(
  params: Readonly<Record<string, string | undefined>>,
  user: { role: Role; referenceId: string | null } | null,
): boolean {
  if (!user) return false;
  const owners = Object.entries(ROLE_PATH_PARAM).filter(([, name]) => params[name] !== undefined);
  if (owners.length === 0) return true;
  return owners.every(([role, name]) => role === user.role && params[name] === user.referenceId);
}

/** Where a row of the list opens: the role's own detail path, or /affiliations/{id} for an admin. */
export function detailPathFor(user: { role: Role; referenceId: string | null } | null, affiliationId: string): string {
  const kind = user ? KIND_OF_ROLE[user.role] : undefined;
  if (!user || !kind || !user.referenceId) return `/affiliations/${affiliationId}`;
  return `/${PATH_OF_KIND[kind]}/${user.referenceId}/affiliations/${affiliationId}`;
}

/** A party's public page; a doctor's needs the slug of their profile. */
export function partyPagePath(kind: ProviderKind, id: string, doctorSlug?: string): string | null {
  switch (kind) {
    case 'HOSPITAL':
      return `/hospitals/${id}`;
    case 'DIAGNOSTICS':
      return `/diagnostics/${id}`;
    case 'PHARMACY':
      return `/pharmacies/${id}`;
    case 'DOCTOR':
      return doctorSlug ? `/doctors/${doctorSlug}` : null;
  }
}

/**
 * Why the chosen benefits cannot be proposed (IMC Regulations 2002 §6.4.1: no commission or revenue
 * share where a party is an individual doctor), or null when they can.
 */
export function doctorMoneyRefusal(
  kinds: readonly ProviderKind[],
  benefits: readonly AffiliationBenefit[],
): string | null {
  return forbiddenBenefits(kinds, benefits).length > 0 ? DOCTOR_COMMISSION_MESSAGE : null;
}

/** The disclosure line organisation-to-organisation commission carries, or null. */
export function commissionDisclosure(
  kinds: readonly ProviderKind[],
  benefits: readonly AffiliationBenefit[],
): string | null {
  if (kinds.includes('DOCTOR') || !needsVerification(benefits)) return null;
  return ORGANISATION_COMMISSION_DISCLOSURE;
}

/** The list's filters from the URL: unknown values are dropped rather than sent to the server. */
export function listParamsOf(params: URLSearchParams, page: number, limit: number): AffiliationListParams {
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  const searchTerm = (params.get('searchTerm') ?? '').trim();
  return {
    page,
    limit,
    status: (AFFILIATION_STATUSES as readonly string[]).includes(status) ? (status as AffiliationStatus) : undefined,
    type: (AFFILIATION_TYPES as readonly string[]).includes(type) ? (type as AffiliationType) : undefined,
    searchTerm: searchTerm || undefined,
  };
}

/**
 * Rupees as typed ('1,250.5') into whole paise, exactly (no floating point): null when it is not an
 * amount of at most two decimals.
 */
export function paiseOf(text: string, { allowNegative = false } = {}): number | null {
  const clean = text.replace(/[,\s₹]/g, '');
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  if (minus && !allowNegative) return null;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(paise) || paise > MAX_AMOUNT_PAISE) return null;
  return minus ? -paise : paise;
}

/** A percentage as typed ('8', '7.25') into basis points, exactly; null when it is not 0–100 with two decimals at most. */
export function basisPointsOf(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}

/** Basis points as a percentage for a person: 800 → '8%', 725 → '7.25%'. */
export function percentText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** A commission rule as the editor holds it: what a person typed. */
export type RuleDraft = {
  serviceType: CommissionServiceType;
  kind: CommissionRuleKind;
  percent: string;
  flatRupees: string;
  /** One slab a line: 'from rupees: percent', e.g. '0: 3' then '10000: 5'. */
  slabs: string;
  capRupees: string;
};

export const emptyRuleDraft = (serviceType: CommissionServiceType = 'DIAGNOSTICS'): RuleDraft => ({
  serviceType,
  kind: 'PERCENTAGE',
  percent: '',
  flatRupees: '',
  slabs: '',
  capRupees: '',
});

/** A rule read back into the editor (to start a new version from the one in force). */
export function draftOfRule(rule: CommissionRule): RuleDraft {
  const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));
  return {
    serviceType: rule.serviceType,
    kind: rule.kind,
    percent: rule.basisPoints != null ? percentText(rule.basisPoints).replace('%', '') : '',
    flatRupees: rule.flatPaise != null ? rupees(rule.flatPaise) : '',
    slabs: (rule.slabs ?? [])
      .map((s) => `${rupees(s.fromPaise)}: ${percentText(s.basisPoints).replace('%', '')}`)
      .join('\n'),
    capRupees: rule.capPaise != null ? rupees(rule.capPaise) : '',
  };
}

/** The rule the API takes from a draft, or the problems a person must fix. */
export function ruleOfDraft(draft: RuleDraft): { rule: CommissionRule } | { problems: string[] } {
  const problems: string[] = [];
  const rule: CommissionRule = { serviceType: draft.serviceType, kind: draft.kind };
  if (draft.kind === 'PERCENTAGE') {
    const points = basisPointsOf(draft.percent);
    if (points === null) problems.push('Write the rate as a percentage from 0 to 100, e.g. 8 or 7.5.');
    else rule.basisPoints = points;
  }
  if (draft.kind === 'FLAT') {
    const paise = paiseOf(draft.flatRupees);
    if (paise === null) problems.push('Write the flat amount in rupees, e.g. 150 or 150.50.');
    else rule.flatPaise = paise;
  }
  if (draft.kind === 'SLAB') {
    const lines = draft.slabs
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const slabs = lines.map((line) => {
      const [from = '', percent = ''] = line.split(':').map((part) => part.trim());
      return { fromPaise: paiseOf(from), basisPoints: basisPointsOf(percent) };
    });
    if (slabs.length === 0 || slabs.some((s) => s.fromPaise === null || s.basisPoints === null)) {
      problems.push('Write one slab a line as “from rupees: percent”, the first from 0, e.g. “0: 3” then “10000: 5”.');
    } else rule.slabs = slabs as Array<{ fromPaise: number; basisPoints: number }>;
  }
  if (draft.capRupees.trim()) {
    const cap = paiseOf(draft.capRupees);
    if (cap === null) problems.push('Write the cap in rupees, or leave it empty for no cap.');
    else rule.capPaise = cap;
  }
  if (problems.length === 0) problems.push(...ruleProblems(rule));
  return problems.length > 0 ? { problems } : { rule };
}

/** The actions a person gives a reason for, and those that take a new end date. */
export const REASON_ACTIONS: readonly AffiliationAction[] = ['REJECT', 'SUSPEND', 'TERMINATE'];

/** What each action's button says on the detail page. */
export const ACTION_BUTTON_LABELS: Record<AffiliationAction, string> = {
  APPROVE: 'Approve',
  REJECT: 'Reject',
  VERIFY: 'Verify',
  ACTIVATE: 'Activate',
  SUSPEND: 'Suspend',
  TERMINATE: 'Terminate',
  RENEW: 'Renew',
  EXPIRE: 'Expire',
};

/** The actions a person may take here: what the server says is allowed now, minus the job's own. */
export function actionsToOffer(actions: readonly AffiliationAction[]): AffiliationAction[] {
  return actions.filter((action) => action !== 'EXPIRE');
}

/** yyyy-mm-dd in India, `days` from now. */
export function indiaDay(days = 0, now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}
