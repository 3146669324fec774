import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommissionRule, CommissionServiceType } from '../../../domain/rules/commission.ts';
import { affiliationKeys, affiliationsApi, type AffiliationDetail } from '../../api/affiliations.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { draftOfRule, emptyRuleDraft, indiaDay, ruleOfDraft, type RuleDraft } from './model.ts';
import { RuleFields } from './RuleFields.tsx';

const MAX_RULES = 4;

/** The first day a new version may take effect: today, or the day after the latest version starts. */
function firstDay(a: AffiliationDetail): string {
  const latest = [...a.commissionVersions].sort((x, y) => y.version - x.version)[0];
  const today = indiaDay();
  if (!latest || latest.effectiveFrom < today) return today;
  const next = new Date(Date.parse(`${latest.effectiveFrom}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return next;
}

/** A new version of the commission structure (PUT …/commission), started from the one in force. */
export function CommissionEditor({ a }: { a: AffiliationDetail }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [drafts, setDrafts] = useState<RuleDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = () => {
    const latest = [...a.commissionVersions].sort((x, y) => y.version - x.version)[0];
    setDrafts(latest ? latest.rules.map(draftOfRule) : [emptyRuleDraft()]);
    setEffectiveFrom(firstDay(a));
    setError(null);
    setOpen(true);
  };
  const unused = (['DIAGNOSTICS', 'PHARMACY', 'CONSULTATION', 'OTHER'] as CommissionServiceType[]).filter(
    (s) => !drafts.some((d) => d.serviceType === s),
  );

  const save = async () => {
    const rules: CommissionRule[] = [];
    const problems: string[] = [];
    drafts.forEach((d, i) => {
      const built = ruleOfDraft(d);
      if ('rule' in built) rules.push(built.rule);
      else problems.push(`Rule ${i + 1}: ${built.problems.join(' ')}`);
    });
    if (new Set(drafts.map((d) => d.serviceType)).size !== drafts.length) problems.push('Give each service one rule.');
    if (problems.length > 0) return setError(problems.join(' '));
    setBusy(true);
    setError(null);
    try {
      const answer = await affiliationsApi.saveCommission(a.id, { effectiveFrom, rules });
      queryClient.setQueryData(affiliationKeys.detail(a.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: affiliationKeys.all });
      toast.success(answer.message ?? 'Commission structure saved.', { title: 'Commission' });
      setOpen(false);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <OnlineButton buttonStyle="outline" className="w-fit" onClick={start}>
        {a.commissionVersions.length === 0 ? 'Set commission structure' : 'New version of the structure'}
      </OnlineButton>
      <FormDialog
        open={open}
        title="Commission structure"
        description="A new version takes effect from the day you choose; earlier periods keep their rules."
        submitLabel="Save version"
        busy={busy}
        error={error}
        onSubmit={() => void save()}
        onClose={() => setOpen(false)}
      >
        <TextField
          label="Takes effect on"
          type="date"
          min={firstDay(a)}
          value={effectiveFrom}
          onChange={(e) => setEffectiveFrom(e.target.value)}
        />
        {drafts.map((d, i) => (
          <div key={i} className="flex flex-col gap-1">
            <RuleFields
              legend={`Rule ${i + 1}`}
              draft={d}
              onChange={(next) => setDrafts((all) => all.map((x, j) => (j === i ? next : x)))}
            />
            {drafts.length > 1 && (
              <Button
                size="sm"
                buttonStyle="link"
                className="w-fit"
                onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}
              >
                Remove rule {i + 1}
              </Button>
            )}
          </div>
        ))}
        {drafts.length < MAX_RULES && unused[0] && (
          <Button
            size="sm"
            buttonStyle="outline"
            className="w-fit"
            onClick={() => setDrafts((all) => [...all, emptyRuleDraft(unused[0])])}
          >
            Add a rule
          </Button>
        )}
      </FormDialog>
    </>
  );
}
