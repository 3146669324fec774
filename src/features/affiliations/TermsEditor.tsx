import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AFFILIATION_BENEFITS,
  AFFILIATION_BENEFIT_LABELS,
  AFFILIATION_TYPES,
  AFFILIATION_TYPE_LABELS,
  type AffiliationBenefit,
  type AffiliationType,
} from '../../../domain/enums.ts';
import { affiliationKeys, affiliationsApi, type AffiliationDetail } from '../../api/affiliations.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { CheckboxGroup } from '../../ui/form/CheckboxGroup.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { doctorMoneyRefusal, kindPathOf } from './model.ts';

/** Whether the caller may still change the terms: the proposer, before the other side approves. */
export const termsEditable = (a: AffiliationDetail) =>
  a.myRole === 'PROPOSER' && a.status === 'PENDING' && a.consentedAt === null;

/** "Change terms" (PUT /affiliations/{kind}/{id}): type, benefits and terms; the other side is told. */
export function TermsEditor({ a }: { a: AffiliationDetail }) {
  const { user } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<AffiliationType>(a.type);
  const [benefits, setBenefits] = useState<AffiliationBenefit[]>(a.benefits);
  const [terms, setTerms] = useState(a.terms);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kind = kindPathOf(user?.role);
  if (!kind || !termsEditable(a)) return null;
  const refusal = doctorMoneyRefusal([a.proposer.kind, a.recipient.kind], benefits);

  const start = () => {
    setType(a.type);
    setBenefits(a.benefits);
    setTerms(a.terms);
    setError(null);
    setOpen(true);
  };
  const save = async () => {
    if (terms.trim().length < 3) return setError('Write the terms.');
    setBusy(true);
    setError(null);
    try {
      const answer = await affiliationsApi.update(kind, a.id, { type, benefits, terms: terms.trim() });
      queryClient.setQueryData(affiliationKeys.detail(a.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: affiliationKeys.all });
      toast.success(answer.message ?? 'Terms saved.', { title: 'Affiliation' });
      setOpen(false);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <OnlineButton buttonStyle="outline" onClick={start}>
        Change terms
      </OnlineButton>
      <FormDialog
        open={open}
        title="Change terms"
        description="Before the other side approves, you may change the type, benefits and terms; every version is kept and they are told."
        submitLabel="Save terms"
        busy={busy}
        error={error}
        onSubmit={() => void save()}
        onClose={() => setOpen(false)}
      >
        <SelectField
          label="Type"
          options={AFFILIATION_TYPES}
          labels={AFFILIATION_TYPE_LABELS}
          placeholder=""
          value={type}
          onChange={(e) => setType(e.target.value as AffiliationType)}
        />
        <CheckboxGroup
          legend="Benefits"
          options={AFFILIATION_BENEFITS}
          labels={AFFILIATION_BENEFIT_LABELS}
          value={benefits}
          onChange={(v) => setBenefits(v as AffiliationBenefit[])}
        />
        {refusal && (
          <p role="alert" className="alert alert-warning alert-soft text-sm">
            {refusal}
          </p>
        )}
        <TextAreaField label="Terms" value={terms} onChange={(e) => setTerms(e.target.value)} rows={4} />
      </FormDialog>
    </>
  );
}
