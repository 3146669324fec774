import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  DOCUMENT_TYPE_LABELS,
  REGISTRY_CHECKS,
  REGISTRY_CHECK_LABELS,
  type DocumentReviewAction,
  type ProviderKind,
  type RegistryCheck,
} from '../../../domain/enums.ts';
import { REVIEW_ACTIONS_WITH_REASON, documentReviewWorkflow } from '../../../domain/rules/verification.ts';
import { reviewDocumentBody } from '../../../domain/schemas/verification.ts';
import { messageOf } from '../../api/http.ts';
import { verificationApi, verificationKeys, type VerificationDocument } from '../../api/verification.ts';
import { useNeedsConnection } from '../../offline/NeedsConnection.tsx';
import { Button } from '../../ui/Button.tsx';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { reviewActionsFor } from './model.ts';

/**
 * The reviewer's decision on one version: what to do, why (the provider reads it), and whether the
 * number was looked up in a registry — "Not checked against a registry" is said plainly, never implied.
 */
export function ReviewForm({
  entityId,
  entityType,
  document: doc,
}: {
  entityId: string;
  entityType: ProviderKind;
  document: VerificationDocument;
}) {
  const actions = reviewActionsFor(doc.status);
  const queryClient = useQueryClient();
  const toast = useToast();
  const server = useNeedsConnection();
  const id = useId();
  const label = DOCUMENT_TYPE_LABELS[doc.documentType];
  const [action, setAction] = useState<DocumentReviewAction | ''>('');
  const [reason, setReason] = useState('');
  const [registryCheck, setRegistryCheck] = useState<RegistryCheck>('NOT_CHECKED');
  const [checkNote, setCheckNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const review = useMutation({
    mutationFn: (body: Parameters<typeof verificationApi.review>[2]) =>
      verificationApi.review(entityId, doc.documentType, body),
    onSuccess: async (_answer, body) => {
      toast.success(`${label}: ${documentReviewWorkflow.actions[body.action].label.toLowerCase()} recorded.`, {
        title: 'Success',
      });
      setAction('');
      setReason('');
      setCheckNote('');
      setRegistryCheck('NOT_CHECKED');
      await queryClient.invalidateQueries({ queryKey: verificationKeys.admin });
    },
    // Someone else may have decided first: show the document as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: verificationKeys.entity(entityId) }),
  });

  if (actions.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action) {
      setErrors({ action: 'Choose a decision' });
      return;
    }
    const parsed = reviewDocumentBody.safeParse({
      entityType,
      action,
      reason: reason.trim() || undefined,
      registryCheck,
      checkNote: checkNote.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    review.mutate(parsed.data);
  };

  const needsReason = action !== '' && REVIEW_ACTIONS_WITH_REASON.includes(action);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-box border border-primary/40 bg-base-200/40 p-3"
    >
      <h5 id={`${id}-title`} className="font-semibold">
        Review {label}, version {doc.version}
      </h5>
      <fieldset
        className="flex flex-col gap-1"
        aria-invalid={errors['action'] ? true : undefined}
        aria-describedby={errors['action'] ? `${id}-action-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Decision</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {actions.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                className="radio radio-sm"
                name={`${id}-action`}
                value={value}
                checked={action === value}
                onChange={() => setAction(value)}
              />
              {documentReviewWorkflow.actions[value].label}
            </label>
          ))}
        </div>
        {errors['action'] && (
          <p id={`${id}-action-error`} role="alert" className="text-sm text-error">
            {errors['action']}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Reason"
        required={needsReason}
        hint={needsReason ? 'The provider reads this: say what to fix.' : 'Optional for this decision.'}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors['reason']}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Registry check of the number</legend>
        {REGISTRY_CHECKS.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-registry`}
              value={value}
              checked={registryCheck === value}
              onChange={() => setRegistryCheck(value)}
            />
            {REGISTRY_CHECK_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Check note"
        hint="Which registry you looked in and what it showed (optional)."
        value={checkNote}
        onChange={(e) => setCheckNote(e.target.value)}
        error={errors['checkNote']}
      />
      {review.isError && (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {messageOf(review.error)}
        </p>
      )}
      <div className="flex flex-col items-start gap-1">
        <Button
          type="submit"
          size="sm"
          loading={review.isPending}
          disabled={server.offline}
          aria-describedby={server.describedBy}
        >
          Record decision
        </Button>
        {server.note}
      </div>
    </form>
  );
}
