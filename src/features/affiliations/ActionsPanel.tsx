import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AffiliationAction } from '../../../domain/rules/affiliations.ts';
import { affiliationKeys, affiliationsApi, type AffiliationDetail } from '../../api/affiliations.ts';
import { doctorKeys } from '../../api/doctors.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { TermsEditor, termsEditable } from './TermsEditor.tsx';
import { ACTION_BUTTON_LABELS, REASON_ACTIONS, actionsToOffer } from './model.ts';

/** What each dialog says before the action is taken. */
const DESCRIPTIONS: Partial<Record<AffiliationAction, string>> = {
  APPROVE: 'You consent to this affiliation. It becomes active at once, or once an admin has verified its commission.',
  REJECT: 'The proposal ends here. The other side reads your reason.',
  SUSPEND: 'The affiliation stops until either side activates it again. The other side reads your reason.',
  TERMINATE: 'The affiliation ends for good. The other side reads your reason.',
  RENEW: 'The affiliation runs to a later end date; the current terms are kept as a version.',
  VERIFY: 'You have checked the commission or revenue share between these organisations.',
  ACTIVATE: 'The affiliation becomes active for both sides.',
};

/** The actions allowed now (the server's list for this caller), each behind its own small form. */
export function ActionsPanel({ a }: { a: AffiliationDetail }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<AffiliationAction | null>(null);
  const [text, setText] = useState('');
  const [endDate, setEndDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const actions = actionsToOffer(a.actions);

  const close = () => {
    setOpen(null);
    setText('');
    setEndDate('');
    setError(null);
  };
  const run = async (action: AffiliationAction) => {
    const reason = text.trim();
    if (REASON_ACTIONS.includes(action) && reason.length < 3) {
      setError('Give a reason of at least 3 characters.');
      return;
    }
    if (action === 'RENEW' && !(endDate > a.endDate)) {
      setError('Choose an end date after the current one.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await send(a.id, action, reason, endDate);
      queryClient.setQueryData(affiliationKeys.detail(a.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: affiliationKeys.all });
      if (a.proposer.kind === 'DOCTOR' || a.recipient.kind === 'DOCTOR')
        await queryClient.invalidateQueries({ queryKey: doctorKeys.all });
      toast.success(answer.message ?? 'Done.', { title: 'Affiliation' });
      close();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="actions-title" className="flex flex-col gap-2">
      <h2 id="actions-title" className="sr-only">
        Actions
      </h2>
      {stateWords(a) && <p className="text-sm">{stateWords(a)}</p>}
      {actions.length === 0 && !termsEditable(a) ? (
        <p className="text-sm text-base-content/70">{noActionWords(a)}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <TermsEditor a={a} />
          {actions.map((action) => (
            <OnlineButton
              key={action}
              variant={
                action === 'REJECT' || action === 'TERMINATE' ? 'danger' : action === 'SUSPEND' ? 'neutral' : 'primary'
              }
              buttonStyle={action === 'REJECT' || action === 'TERMINATE' || action === 'SUSPEND' ? 'outline' : 'filled'}
              onClick={() => setOpen(action)}
            >
              {ACTION_BUTTON_LABELS[action]}
            </OnlineButton>
          ))}
        </div>
      )}
      <FormDialog
        open={open !== null}
        title={open ? `${ACTION_BUTTON_LABELS[open]} affiliation` : ''}
        description={open ? DESCRIPTIONS[open] : undefined}
        submitLabel={open ? ACTION_BUTTON_LABELS[open] : ''}
        variant={open === 'REJECT' || open === 'TERMINATE' ? 'danger' : 'primary'}
        busy={busy}
        error={error}
        onSubmit={() => open && void run(open)}
        onClose={close}
      >
        {open === 'RENEW' && (
          <TextField
            label="New end date"
            type="date"
            min={a.endDate}
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
            required
          />
        )}
        {open && open !== 'ACTIVATE' && (
          <TextAreaField
            label={
              REASON_ACTIONS.includes(open) ? 'Reason' : open === 'RENEW' ? 'New terms (optional)' : 'Notes (optional)'
            }
            value={text}
            onChange={(e) => setText(e.target.value)}
            required={REASON_ACTIONS.includes(open)}
          />
        )}
      </FormDialog>
    </section>
  );
}

function send(id: string, action: AffiliationAction, text: string, endDate: string) {
  switch (action) {
    case 'APPROVE':
      return affiliationsApi.approve(id, { decision: 'ACCEPT', ...(text ? { notes: text } : {}) });
    case 'REJECT':
      return affiliationsApi.reject(id, text);
    case 'SUSPEND':
      return affiliationsApi.suspend(id, text);
    case 'TERMINATE':
      return affiliationsApi.terminate(id, text);
    case 'RENEW':
      return affiliationsApi.renew(id, { endDate, ...(text.length >= 3 ? { terms: text } : {}) });
    case 'VERIFY':
      return affiliationsApi.verify(id, text || undefined);
    default:
      return affiliationsApi.activate(id);
  }
}

/** Where a pending affiliation stands, whatever the caller may do about it. */
function stateWords(a: AffiliationDetail): string | null {
  if (a.status !== 'PENDING') return null;
  if (!a.consentedAt) {
    return a.myRole === 'RECIPIENT' ? 'Waiting for your approval.' : 'Waiting for the other side to approve it.';
  }
  return a.verificationRequired && !a.verifiedAt ? 'Waiting for an admin to verify it.' : null;
}

function noActionWords(a: AffiliationDetail): string {
  if (a.status === 'TERMINATED') return 'This affiliation has ended.';
  if (a.status === 'EXPIRED') return 'This affiliation reached its end date.';
  return 'Nothing for you to do here now.';
}
