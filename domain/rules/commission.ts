/**
 * Commission between organisations, exact to the paisa: money is integer paise throughout. One pure
 * function (commissionFor) answers `GET …/commission/calculate` and makes every ledger line.
 */

export const COMMISSION_SERVICE_TYPES = ['DIAGNOSTICS', 'PHARMACY', 'CONSULTATION', 'OTHER'] as const;
export type CommissionServiceType = (typeof COMMISSION_SERVICE_TYPES)[number];
export const COMMISSION_SERVICE_TYPE_LABELS: Record<CommissionServiceType, string> = {
  DIAGNOSTICS: 'Diagnostic tests',
  PHARMACY: 'Pharmacy orders',
  CONSULTATION: 'Consultations',
  OTHER: 'Other services',
};

export const COMMISSION_RULE_KINDS = ['PERCENTAGE', 'FLAT', 'SLAB'] as const;
export type CommissionRuleKind = (typeof COMMISSION_RULE_KINDS)[number];
export const COMMISSION_RULE_KIND_LABELS: Record<CommissionRuleKind, string> = {
  PERCENTAGE: 'Percentage',
  FLAT: 'Flat per transaction',
  SLAB: 'Slabs',
};

/** The largest amount one calculation takes: ₹10 crore, so that paise × basis points stays exact. */
export const MAX_AMOUNT_PAISE = 100_000_000_00;
/** Rates in basis points: 100 = 1 %, at most 100 %. */
export const MAX_BASIS_POINTS = 10_000;

/** A slab: from this amount (paise) upwards, up to the next slab, this rate applies (marginal, like tax slabs). */
export type CommissionSlab = { fromPaise: number; basisPoints: number };

export type CommissionRule = {
  serviceType: CommissionServiceType;
  kind: CommissionRuleKind;
  /** PERCENTAGE: the rate in basis points. */
  basisPoints?: number | null;
  /** FLAT: paise per transaction (never more than the transaction). */
  flatPaise?: number | null;
  /** SLAB: the slabs, the first from 0. */
  slabs?: CommissionSlab[] | null;
  /** The most one transaction earns, in paise; null for no cap. */
  capPaise?: number | null;
};

/** Rounds amount × basisPoints / 10 000 half up to the paisa, in integers. */
export function percentOf(amountPaise: number, basisPoints: number): number {
  return Math.floor((amountPaise * basisPoints + 5_000) / 10_000);
}

function slabCommission(amountPaise: number, slabs: readonly CommissionSlab[]): number {
  const sorted = [...slabs].sort((a, b) => a.fromPaise - b.fromPaise);
  let total = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const from = sorted[i]!.fromPaise;
    const to = sorted[i + 1]?.fromPaise ?? Number.POSITIVE_INFINITY;
    if (amountPaise <= from) break;
    const portion = Math.min(amountPaise, to) - from;
    total += portion * sorted[i]!.basisPoints;
  }
  // One rounding at the end, so the slabs do not each round.
  return Math.floor((total + 5_000) / 10_000);
}

/**
 * The commission on one transaction of `amountPaise` under `rule`. A negative amount (a refund, a
 * cancellation) gives the same commission negated, so a reversal cancels its line exactly. Never
 * more than the amount itself, never more than the cap.
 */
export function commissionFor(amountPaise: number, rule: CommissionRule | undefined): number {
  if (!rule || amountPaise === 0) return 0;
  if (!Number.isSafeInteger(amountPaise) || Math.abs(amountPaise) > MAX_AMOUNT_PAISE) {
    throw new RangeError('The amount must be whole paise within ₹10 crore.');
  }
  if (amountPaise < 0) return 0 - commissionFor(-amountPaise, rule) || 0;
  let value: number;
  if (rule.kind === 'PERCENTAGE') value = percentOf(amountPaise, rule.basisPoints ?? 0);
  else if (rule.kind === 'FLAT') value = rule.flatPaise ?? 0;
  else value = slabCommission(amountPaise, rule.slabs ?? []);
  value = Math.min(value, amountPaise);
  if (rule.capPaise !== null && rule.capPaise !== undefined) value = Math.min(value, rule.capPaise);
  return Math.max(0, value);
}

/** The rule for a service type: its own, else the OTHER rule, else none. */
export function ruleFor(
  rules: readonly CommissionRule[],
  serviceType: CommissionServiceType,
): CommissionRule | undefined {
  return rules.find((rule) => rule.serviceType === serviceType) ?? rules.find((rule) => rule.serviceType === 'OTHER');
}

/** A structure version in force on a day (yyyy-mm-dd): effectiveFrom ≤ day ≤ effectiveTo (open end: null). */
export type StructureVersion = {
  version: number;
  effectiveFrom: string;
  effectiveTo: string | null;
  rules: CommissionRule[];
};

export function versionOn<T extends StructureVersion>(versions: readonly T[], day: string): T | undefined {
  return [...versions]
    .sort((a, b) => b.version - a.version)
    .find((v) => v.effectiveFrom <= day && (v.effectiveTo === null || day <= v.effectiveTo));
}

/** Paise as rupees for a person: ₹1,234.50 (Indian grouping), a minus for a negative line. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}₹${rupees.toLocaleString('en-IN')}.${rest}`;
}

/** Problems with a rule a person wrote (empty: none). */
export function ruleProblems(rule: CommissionRule): string[] {
  const problems: string[] = [];
  if (rule.kind === 'PERCENTAGE' && (rule.basisPoints === null || rule.basisPoints === undefined)) {
    problems.push('A percentage rule needs its rate.');
  }
  if (rule.kind === 'FLAT' && (rule.flatPaise === null || rule.flatPaise === undefined)) {
    problems.push('A flat rule needs its amount.');
  }
  if (rule.kind === 'SLAB') {
    const slabs = rule.slabs ?? [];
    if (slabs.length === 0) problems.push('A slab rule needs at least one slab.');
    else if (!slabs.some((slab) => slab.fromPaise === 0)) problems.push('The first slab must start at ₹0.');
    if (new Set(slabs.map((s) => s.fromPaise)).size !== slabs.length)
      problems.push('Two slabs start at the same amount.');
  }
  return problems;
}
