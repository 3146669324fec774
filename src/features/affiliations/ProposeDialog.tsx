import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AFFILIATION_BENEFITS,
  AFFILIATION_BENEFIT_LABELS,
  AFFILIATION_TYPES,
  AFFILIATION_TYPE_LABELS,
  PROVIDER_KINDS,
  PROVIDER_KIND_LABELS,
  type AffiliationBenefit,
  type AffiliationType,
  type ProviderKind,
  type Role,
} from '../../../domain/enums.ts';
import { needsVerification } from '../../../domain/rules/affiliations.ts';
import { affiliationKeys, affiliationsApi, type AffiliationKindPath } from '../../api/affiliations.ts';
import { directoryApi, directoryKeys, type DirectoryKind, type DirectorySearchParams } from '../../api/directory.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxGroup } from '../../ui/form/CheckboxGroup.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { useToast } from '../../ui/toast/index.ts';
import {
  KIND_OF_ROLE,
  commissionDisclosure,
  detailPathFor,
  doctorMoneyRefusal,
  emptyRuleDraft,
  indiaDay,
  ruleOfDraft,
  type RuleDraft,
} from './model.ts';
import { RuleFields } from './RuleFields.tsx';

const DIRECTORY_OF: Record<ProviderKind, DirectoryKind> = {
  HOSPITAL: 'hospitals',
  DOCTOR: 'doctors',
  DIAGNOSTICS: 'diagnostics',
  PHARMACY: 'pharmacies',
};

type User = { role: Role; referenceId: string | null };
type Candidate = { id: string; name: string; city: string; verificationStatus: string };
const SEARCH: Record<
  DirectoryKind,
  (params: DirectorySearchParams, signal: AbortSignal) => Promise<{ items: Candidate[] }>
> = {
  hospitals: directoryApi.searchHospitals,
  doctors: directoryApi.searchDoctors,
  diagnostics: directoryApi.searchDiagnostics,
  pharmacies: directoryApi.searchPharmacies,
};

/**
 * "Propose affiliation": a verified partner from the directory, the type, benefits, dates and terms;
 * with an individual doctor on either side, commission and revenue share are explained and refused.
 */
export function ProposeDialog({
  open,
  user,
  kind,
  onClose,
}: {
  open: boolean;
  user: User;
  kind: AffiliationKindPath;
  onClose(): void;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const own = KIND_OF_ROLE[user.role]!;
  const [partnerKind, setPartnerKind] = useState<ProviderKind>(own === 'HOSPITAL' ? 'DIAGNOSTICS' : 'HOSPITAL');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [partner, setPartner] = useState<{ id: string; name: string } | null>(null);
  const [type, setType] = useState<AffiliationType>('REFERRAL');
  const [benefits, setBenefits] = useState<AffiliationBenefit[]>([]);
  const [startDate, setStartDate] = useState(indiaDay());
  const [endDate, setEndDate] = useState(indiaDay(365));
  const [terms, setTerms] = useState('');
  const [withRule, setWithRule] = useState(false);
  const [rule, setRule] = useState<RuleDraft>(emptyRuleDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resultsId = useId();

  const directory = DIRECTORY_OF[partnerKind];
  const params = { searchQuery: search || undefined, limit: '10' };
  const found = useQuery({
    queryKey: directoryKeys.search(directory, params),
    queryFn: ({ signal }): Promise<{ items: Candidate[] }> => SEARCH[directory](params, signal),
    enabled: open && search !== '',
  });
  const candidates = (found.data?.items ?? []).filter(
    (item) => item.verificationStatus === 'VERIFIED' && item.id !== user.referenceId,
  );

  const kinds: ProviderKind[] = [own, partnerKind];
  const refusal = doctorMoneyRefusal(kinds, benefits);
  const disclosure = commissionDisclosure(kinds, benefits);
  const canCarryRule = !refusal && needsVerification(benefits);

  const reset = () => {
    setPartner(null);
    setSearch('');
    setSearchText('');
    setBenefits([]);
    setTerms('');
    setWithRule(false);
    setRule(emptyRuleDraft());
    setErrors({});
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!partner) problems['partner'] = 'Search the directory and choose the partner.';
    if (terms.trim().length < 3) problems['terms'] = 'Write the terms.';
    if (!(endDate > startDate)) problems['endDate'] = 'The end date must be after the start date.';
    const built = canCarryRule && withRule ? ruleOfDraft(rule) : null;
    if (built && 'problems' in built) problems['rule'] = built.problems.join(' ');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !partner) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await affiliationsApi.propose(kind, {
        partnerKind,
        partnerId: partner.id,
        type,
        benefits,
        startDate,
        endDate,
        terms: terms.trim(),
        ...(built && 'rule' in built ? { commission: { rules: [built.rule] } } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: affiliationKeys.all });
      toast.success(answer.message ?? 'Affiliation proposed.', { title: 'Affiliations' });
      reset();
      onClose();
      void navigate(detailPathFor(user, answer.data.id));
    } catch (e) {
      setError(messageOf(e));
      if (e instanceof ApiError) setErrors(e.fieldErrors());
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title="Propose affiliation"
      description="The partner is asked to approve it. Commission and revenue share also wait for an admin to verify them."
      submitLabel="Send proposal"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <SelectField
        label="Partner kind"
        options={PROVIDER_KINDS}
        labels={PROVIDER_KIND_LABELS}
        placeholder=""
        value={partnerKind}
        onChange={(e) => {
          setPartnerKind(e.target.value as ProviderKind);
          setPartner(null);
        }}
      />
      <div className="flex items-end gap-2">
        <TextField
          className="grow"
          label="Find a verified partner"
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setSearch(searchText.trim());
            }
          }}
          aria-controls={resultsId}
          error={errors['partner']}
        />
        <Button buttonStyle="outline" onClick={() => setSearch(searchText.trim())}>
          Search
        </Button>
      </div>
      <div id={resultsId} aria-live="polite">
        {partner ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Partner: <strong>{partner.name}</strong>
            <Button size="sm" buttonStyle="link" onClick={() => setPartner(null)}>
              Choose another
            </Button>
          </p>
        ) : found.isFetching ? (
          <p className="text-sm">Searching…</p>
        ) : found.isError ? (
          <p className="text-sm text-error">Could not search: {messageOf(found.error)}</p>
        ) : search && candidates.length === 0 ? (
          <p className="text-sm">
            No verified {PROVIDER_KIND_LABELS[partnerKind].toLowerCase()} matches “{search}”.
          </p>
        ) : candidates.length > 0 ? (
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Choose the partner</legend>
            <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto">
              {candidates.map((c) => (
                <li key={c.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="partner"
                      className="radio radio-sm"
                      onChange={() => setPartner({ id: c.id, name: c.name })}
                    />
                    {c.name} · {c.city}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
      </div>
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
          {refusal} Remove it to send the proposal; the server refuses it otherwise.
        </p>
      )}
      {disclosure && <p className="rounded-field bg-base-200 p-2 text-sm">{disclosure}</p>}
      {canCarryRule && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={withRule}
            onChange={(e) => setWithRule(e.target.checked)}
          />
          Set the commission structure now (it can be set later from the affiliation)
        </label>
      )}
      {canCarryRule && withRule && (
        <>
          <RuleFields legend="Commission rule" draft={rule} onChange={setRule} />
          {errors['rule'] && <p className="text-sm text-error">{errors['rule']}</p>}
        </>
      )}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="date"
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
          error={errors['startDate']}
        />
        <TextField
          label="Ends"
          type="date"
          value={endDate}
          onChange={(e) => setEndDate(e.target.value)}
          error={errors['endDate']}
        />
      </div>
      <TextAreaField label="Terms" value={terms} onChange={(e) => setTerms(e.target.value)} error={errors['terms']} />
    </FormDialog>
  );
}
