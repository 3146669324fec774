import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { VERIFICATION_STATUS_LABELS, type ProviderKind, type VerificationStatus } from '../../../domain/enums.ts';
import {
  ENTITY_ACTION_FOR_STATUS,
  ENTITY_STATUSES_WITH_REASON,
  entityVerificationWorkflow,
} from '../../../domain/rules/verification.ts';
import { entityStatusBody } from '../../../domain/schemas/verification.ts';
import { messageOf } from '../../api/http.ts';
import { verificationApi, verificationKeys } from '../../api/verification.ts';
import { useNeedsConnection } from '../../offline/NeedsConnection.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { useToast } from '../../ui/toast/index.ts';

export const statusActionLabel = (status: VerificationStatus) =>
  entityVerificationWorkflow.actions[ENTITY_ACTION_FOR_STATUS[status]].label;

/**
 * The provider's status, set by the admin to one of the statuses the server allows now; a reason
 * where the provider must read one. A refusal (a required document not approved) shows in the dialog.
 */
export function EntityStatusControl({
  entityId,
  entityType,
  name,
  allowedStatuses,
}: {
  entityId: string;
  entityType: ProviderKind;
  name: string;
  allowedStatuses: readonly VerificationStatus[];
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const server = useNeedsConnection();
  const [target, setTarget] = useState<VerificationStatus | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = useMutation({
    mutationFn: (body: { status: VerificationStatus; reason?: string }) =>
      verificationApi.setStatus(entityId, { entityType, ...body }),
    onSuccess: async (answer) => {
      setTarget(null);
      toast.success(`${name} is now ${VERIFICATION_STATUS_LABELS[answer.verificationStatus].toLowerCase()}.`, {
        title: 'Success',
      });
      await queryClient.invalidateQueries({ queryKey: verificationKeys.admin });
    },
  });

  const open = (status: VerificationStatus) => {
    setReason('');
    setErrors({});
    change.reset();
    setTarget(status);
  };

  const submit = () => {
    if (!target) return;
    const parsed = entityStatusBody.safeParse({ entityType, status: target, reason: reason.trim() || undefined });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    change.mutate({ status: target, ...(parsed.data.reason ? { reason: parsed.data.reason } : {}) });
  };

  if (allowedStatuses.length === 0) {
    return <p className="text-sm text-base-content/70">No status change is open now.</p>;
  }
  const needsReason = target !== null && ENTITY_STATUSES_WITH_REASON.includes(target);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {allowedStatuses.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={status === 'VERIFIED' ? 'success' : status === 'REJECTED' ? 'danger' : 'neutral'}
            buttonStyle={status === 'VERIFIED' ? 'filled' : 'outline'}
            disabled={server.offline}
            aria-describedby={server.describedBy}
            onClick={() => open(status)}
          >
            {statusActionLabel(status)}
          </Button>
        ))}
      </div>
      {server.note}
      <FormDialog
        open={target !== null}
        title={target ? `${statusActionLabel(target)}: ${name}` : ''}
        description={
          target
            ? `The provider’s status becomes “${VERIFICATION_STATUS_LABELS[target]}”.${target === 'VERIFIED' ? ' Patients find and book it in the directory.' : ''}`
            : undefined
        }
        submitLabel={target ? statusActionLabel(target) : 'Save'}
        variant={target === 'REJECTED' ? 'danger' : 'primary'}
        busy={change.isPending}
        error={change.isError ? messageOf(change.error) : null}
        onSubmit={submit}
        onClose={() => setTarget(null)}
      >
        <TextAreaField
          label="Reason"
          required={needsReason}
          hint={needsReason ? 'The provider reads this.' : 'Optional.'}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors['reason']}
          autoFocus
        />
      </FormDialog>
    </div>
  );
}
