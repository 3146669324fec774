import {
  COMMISSION_RULE_KINDS,
  COMMISSION_RULE_KIND_LABELS,
  COMMISSION_SERVICE_TYPES,
  COMMISSION_SERVICE_TYPE_LABELS,
  formatPaise,
  type CommissionRule,
} from '../../../domain/rules/commission.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { percentText, type RuleDraft } from './model.ts';

/** One commission rule as a person writes it: service type, kind, rate or amount or slabs, cap. */
export function RuleFields({
  draft,
  onChange,
  legend,
}: {
  draft: RuleDraft;
  onChange(next: RuleDraft): void;
  legend: string;
}) {
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset className="grid grid-cols-1 gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <SelectField
        label="Service"
        options={COMMISSION_SERVICE_TYPES}
        labels={COMMISSION_SERVICE_TYPE_LABELS}
        placeholder=""
        value={draft.serviceType}
        onChange={(e) => set({ serviceType: e.target.value as RuleDraft['serviceType'] })}
      />
      <SelectField
        label="Kind of rule"
        options={COMMISSION_RULE_KINDS}
        labels={COMMISSION_RULE_KIND_LABELS}
        placeholder=""
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as RuleDraft['kind'] })}
      />
      {draft.kind === 'PERCENTAGE' && (
        <TextField
          label="Rate (%)"
          inputMode="decimal"
          value={draft.percent}
          onChange={(e) => set({ percent: e.target.value })}
        />
      )}
      {draft.kind === 'FLAT' && (
        <TextField
          label="Amount per transaction (₹)"
          inputMode="decimal"
          value={draft.flatRupees}
          onChange={(e) => set({ flatRupees: e.target.value })}
        />
      )}
      {draft.kind === 'SLAB' && (
        <TextAreaField
          label="Slabs"
          hint="One a line, “from rupees: percent”, the first from 0 — e.g. “0: 3” then “10000: 5”."
          value={draft.slabs}
          onChange={(e) => set({ slabs: e.target.value })}
        />
      )}
      <TextField
        label="Cap per transaction (₹, optional)"
        inputMode="decimal"
        value={draft.capRupees}
        onChange={(e) => set({ capRupees: e.target.value })}
      />
    </fieldset>
  );
}

/** A rule in words: "Diagnostic tests: 8% (at most ₹500.00 a transaction)". */
export function ruleText(rule: CommissionRule): string {
  const what =
    rule.kind === 'PERCENTAGE'
      ? percentText(rule.basisPoints ?? 0)
      : rule.kind === 'FLAT'
        ? `${formatPaise(rule.flatPaise ?? 0)} a transaction`
        : (rule.slabs ?? []).map((s) => `${percentText(s.basisPoints)} from ${formatPaise(s.fromPaise)}`).join(', ');
  const cap = rule.capPaise != null ? ` (at most ${formatPaise(rule.capPaise)} a transaction)` : '';
  return `${COMMISSION_SERVICE_TYPE_LABELS[rule.serviceType]}: ${what}${cap}`;
}
