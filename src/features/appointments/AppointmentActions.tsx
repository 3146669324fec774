import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/rules/format.ts';
import type { AppointmentAction } from '../../../domain/rules/appointments.ts';
import {
  appointmentDecisionBody,
  cancelAppointmentBody,
  rescheduleAppointmentBody,
  respondRescheduleBody,
} from '../../../domain/schemas/appointments.ts';
import { appointmentKeys, appointmentsApi, type Appointment, type AppointmentChange } from '../../api/appointments.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { PendingChangeNote } from '../../offline/OfflineMarks.tsx';
import { refusalAsApiError, savedMessage, type SavedReason } from '../../offline/submit.ts';
import { isOnline } from '../../offline/useOnline.ts';
import { useNeedsConnection } from '../../offline/NeedsConnection.tsx';
import type { ButtonSize } from '../../ui/buttonClassName.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormDialog, type FormDialogProps } from '../../ui/FormDialog.tsx';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { indiaDateTimeToIso, isoToIndiaDateTime, todayInIndia } from '../../../domain/rules/time.ts';
import { applyAppointmentChange, removeAppointmentFromCache } from './cache.ts';
import { changeFromAnswer, isQueuedAction, submitAppointmentChange, useWaitingChangeFor } from './changes.ts';
import { actionLabel, shownActions } from './model.ts';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';

type Run = { action: AppointmentAction; reason?: string; scheduledAt?: string };

/** Actions that ask for something first; the others happen on the click. */
type DialogAction = 'REJECT' | 'CANCEL' | 'PROPOSE_RESCHEDULE' | 'DECLINE_RESCHEDULE' | 'COMPLETE' | 'MARK_NO_SHOW';
const ASKS_FIRST: readonly AppointmentAction[] = [
  'REJECT',
  'CANCEL',
  'PROPOSE_RESCHEDULE',
  'DECLINE_RESCHEDULE',
  'COMPLETE',
  'MARK_NO_SHOW',
];

const DONE: Record<AppointmentAction, string> = {
  ACCEPT: 'Appointment accepted.',
  REJECT: 'Appointment rejected.',
  CONFIRM: 'Appointment confirmed.',
  CANCEL: 'Appointment cancelled.',
  PROPOSE_RESCHEDULE: 'New time proposed.',
  ACCEPT_RESCHEDULE: 'New time accepted: the appointment is confirmed.',
  DECLINE_RESCHEDULE: 'The original time stands.',
  COMPLETE: 'Marked as completed.',
  MARK_NO_SHOW: 'Marked as a no-show.',
  EXPIRE: 'Appointment expired.',
  DELETE: 'Appointment deleted.',
};

const OFFLINE_MESSAGE = 'You are offline. This change needs a connection: try again when you are back online.';

const optional = (text: string | undefined) => (text && text.trim() !== '' ? text.trim() : undefined);

/** What came of an action: done (the change, or null after DELETE), or kept on the device to be sent later. */
type Outcome = { kind: 'done'; change: AppointmentChange | null } | { kind: 'saved'; reason: SavedReason } | null;

/**
 * The patient's cancel and answers to a proposed time go through the outbox (they must work offline);
 * the server's answer, when it comes while the screen waits, is handled as a direct request's.
 */
async function performQueued(userId: string, appointment: Appointment, run: Run): Promise<Outcome> {
  if (!isQueuedAction(run.action)) throw new Error(`${run.action} is not sent through the outbox`);
  const result = await submitAppointmentChange(userId, appointment, run.action, optional(run.reason));
  switch (result.status) {
    case 'sent':
      return { kind: 'done', change: changeFromAnswer(result.response) };
    case 'refused':
      throw refusalAsApiError(result.error);
    case 'saved':
      return { kind: 'saved', reason: result.reason };
    case 'discarded':
      return null;
  }
}

async function perform(id: string, run: Run): Promise<AppointmentChange | null> {
  const { action, reason } = run;
  switch (action) {
    case 'ACCEPT':
      return (await appointmentsApi.decide(id, { decision: 'ACCEPT' })).data;
    case 'REJECT':
      return (await appointmentsApi.decide(id, { decision: 'REJECT', reason: optional(reason) })).data;
    case 'CONFIRM':
      return (await appointmentsApi.confirm(id, {})).data;
    case 'PROPOSE_RESCHEDULE':
      return (
        await appointmentsApi.proposeReschedule(id, { scheduledAt: run.scheduledAt ?? '', reason: optional(reason) })
      ).data;
    case 'COMPLETE':
      return (await appointmentsApi.recordOutcome(id, { outcome: 'COMPLETED' })).data;
    case 'MARK_NO_SHOW':
      return (await appointmentsApi.recordOutcome(id, { outcome: 'NO_SHOW' })).data;
    case 'DELETE':
      await appointmentsApi.remove(id);
      return null;
    case 'CANCEL':
    case 'ACCEPT_RESCHEDULE':
    case 'DECLINE_RESCHEDULE':
      throw new Error(`${action} is sent through the outbox`);
    case 'EXPIRE':
      throw new Error('Only the system expires appointments.');
  }
}

export type AppointmentActionsProps = {
  appointment: Appointment;
  size?: ButtonSize;
  /** After DELETE: where to go, the appointment being gone. */
  onDeleted?: () => void;
};

/**
 * The buttons for what the caller may do now (appointment.actions, the server's answer) with the
 * dialogs that ask for a reason or a new time. Every answer updates the caches like a socket event.
 */
export function AppointmentActions({ appointment, size = 'sm', onDeleted }: AppointmentActionsProps) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  // A change to this appointment not sent yet: no other action until it is (or the user decides).
  const waiting = useWaitingChangeFor(appointment.id);
  const blocked = waiting !== null && waiting.state !== 'conflict';
  // The actions the outbox cannot keep are disabled offline, and say why.
  const server = useNeedsConnection();
  const [dialog, setDialog] = useState<DialogAction | 'DELETE' | null>(null);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dialogError, setDialogError] = useState<string | null>(null);

  const mutation = useMutation({
    // The outbox deals with the connection itself; the other actions say at once that they need one.
    networkMode: 'always',
    mutationFn: async (run: Run): Promise<Outcome> => {
      if (isQueuedAction(run.action)) return performQueued(user?.id ?? '', appointment, run);
      if (!isOnline()) throw new ApiError('NETWORK', OFFLINE_MESSAGE, 0);
      return { kind: 'done', change: await perform(appointment.id, run) };
    },
    onSuccess: (outcome, run) => {
      setDialog(null);
      if (outcome?.kind === 'saved') {
        toast.info(savedMessage(outcome.reason), { title: 'Not sent yet' });
        return;
      }
      if (!outcome) return;
      const { change } = outcome;
      if (change) applyAppointmentChange(queryClient, change);
      else if (run.action === 'DELETE') {
        removeAppointmentFromCache(queryClient, appointment.id);
        onDeleted?.();
      } else {
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointment.id) });
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists });
      }
      toast.success(DONE[run.action], { title: 'Success' });
    },
    onError: (error) => {
      // Someone else changed it first: show the appointment as it is now.
      if (error instanceof ApiError && (error.kind === 'CONFLICT' || error.kind === 'NOT_FOUND')) {
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointment.id) });
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists });
      }
      if (dialog) setDialogError(messageOf(error));
      else toast.error(messageOf(error), { title: 'Error' });
    },
  });

  const open = (action: DialogAction | 'DELETE') => {
    const proposed = isoToIndiaDateTime(appointment.proposedAt ?? appointment.scheduledAt);
    setReason('');
    setDate(proposed.date);
    setTime(proposed.time);
    setErrors({});
    setDialogError(null);
    mutation.reset();
    setDialog(action);
  };
  const close = () => {
    if (!mutation.isPending) setDialog(null);
  };

  const submitDialog = () => {
    if (!dialog) return;
    setDialogError(null);
    let found: Record<string, string> = {};
    if (dialog === 'REJECT') {
      const parsed = appointmentDecisionBody.safeParse({ decision: 'REJECT', reason });
      if (!parsed.success) found = issuesToErrors(parsed.error.issues);
    } else if (dialog === 'CANCEL') {
      const parsed = cancelAppointmentBody.safeParse({ reason });
      if (!parsed.success) found = issuesToErrors(parsed.error.issues);
    } else if (dialog === 'DECLINE_RESCHEDULE') {
      const parsed = respondRescheduleBody.safeParse({ decision: 'DECLINE', reason: optional(reason) });
      if (!parsed.success) found = issuesToErrors(parsed.error.issues);
    } else if (dialog === 'PROPOSE_RESCHEDULE') {
      const scheduledAt = indiaDateTimeToIso(date, time);
      if (!date) found.date = 'Choose a date';
      if (!time) found.time = 'Choose a time';
      if (scheduledAt) {
        const parsed = rescheduleAppointmentBody.safeParse({ scheduledAt, reason: optional(reason) });
        if (!parsed.success) {
          const issues = issuesToErrors(parsed.error.issues);
          if (issues.scheduledAt) found.time = issues.scheduledAt;
          if (issues.reason) found.reason = issues.reason;
        }
      }
      setErrors(found);
      if (Object.keys(found).length === 0) mutation.mutate({ action: dialog, scheduledAt, reason });
      return;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ action: dialog, reason });
  };

  const actions = shownActions(appointment);
  if (actions.length === 0 && !waiting) return null;
  const busyWith = mutation.isPending ? mutation.variables.action : null;
  const needsServer = (action: string) => server.offline && !isQueuedAction(action as Run['action']);

  return (
    <>
      {waiting && (
        <div className="basis-full">
          <PendingChangeNote entry={waiting} />
        </div>
      )}
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
          {actions.map((action) => (
            <Button
              key={action}
              size={size}
              variant={
                action === 'REJECT' || action === 'CANCEL' || action === 'DELETE' || action === 'MARK_NO_SHOW'
                  ? 'danger'
                  : action === 'ACCEPT' || action === 'CONFIRM' || action === 'ACCEPT_RESCHEDULE'
                    ? 'primary'
                    : 'neutral'
              }
              buttonStyle={
                action === 'ACCEPT' || action === 'CONFIRM' || action === 'ACCEPT_RESCHEDULE' ? 'filled' : 'outline'
              }
              loading={busyWith === action}
              disabled={mutation.isPending || blocked || needsServer(action)}
              aria-describedby={needsServer(action) ? server.describedBy : undefined}
              onClick={() => {
                if (action === 'DELETE' || (ASKS_FIRST as readonly string[]).includes(action)) {
                  open(action as DialogAction | 'DELETE');
                } else {
                  mutation.mutate({ action });
                }
              }}
            >
              {actionLabel(action)}
            </Button>
          ))}
          {actions.some(needsServer) && <div className="basis-full">{server.note}</div>}
        </div>
      )}

      <ConfirmDialog
        open={dialog === 'DELETE'}
        title="Delete this appointment?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate({ action: 'DELETE' })}
        onCancel={close}
      >
        It is removed from your list for good, with its conversation.
        {dialogError && <span className="mt-2 block text-error">{dialogError}</span>}
      </ConfirmDialog>

      <FormDialog
        open={dialog !== null && dialog !== 'DELETE'}
        cancelLabel="Back"
        busy={mutation.isPending}
        error={dialogError}
        onClose={close}
        onSubmit={submitDialog}
        {...dialogText(dialog, appointment)}
      >
        {(dialog === 'REJECT' || dialog === 'CANCEL' || dialog === 'DECLINE_RESCHEDULE') && (
          <TextAreaField
            label={
              dialog === 'REJECT'
                ? 'Reason for rejecting'
                : dialog === 'CANCEL'
                  ? 'Reason for cancelling'
                  : 'Note (optional)'
            }
            required={dialog !== 'DECLINE_RESCHEDULE'}
            rows={3}
            maxLength={500}
            value={reason}
            error={errors.reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
        {dialog === 'PROPOSE_RESCHEDULE' && (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <TextField
                label="New date"
                type="date"
                required
                min={todayInIndia()}
                value={date}
                error={errors.date}
                onChange={(e) => setDate(e.target.value)}
              />
              <TextField
                label="New time"
                type="time"
                required
                hint="India time (IST)"
                value={time}
                error={errors.time}
                onChange={(e) => setTime(e.target.value)}
              />
            </div>
            <TextAreaField
              label="Note for the patient (optional)"
              rows={2}
              maxLength={500}
              value={reason}
              error={errors.reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </>
        )}
      </FormDialog>
    </>
  );
}

function dialogText(
  dialog: DialogAction | 'DELETE' | null,
  appointment: Appointment,
): Pick<FormDialogProps, 'title' | 'submitLabel' | 'description' | 'variant' | 'cancelLabel'> {
  const when = formatDateTime(appointment.scheduledAt);
  switch (dialog) {
    case 'REJECT':
      return {
        title: 'Reject this appointment?',
        description: `The patient is told, with your reason. Requested for ${when}.`,
        submitLabel: 'Reject appointment',
        variant: 'danger',
      };
    case 'CANCEL':
      return {
        title: 'Cancel this appointment?',
        description: `Your appointment on ${when} is cancelled and the doctor is told why.`,
        submitLabel: 'Cancel appointment',
        cancelLabel: 'Keep appointment',
        variant: 'danger',
      };
    case 'PROPOSE_RESCHEDULE':
      return {
        title: 'Propose a new time',
        description: `Now ${when}. The patient accepts the new time or keeps this one.`,
        submitLabel: 'Propose new time',
      };
    case 'DECLINE_RESCHEDULE':
      return {
        title: 'Keep the original time?',
        description: `The proposed ${formatDateTime(appointment.proposedAt)} is declined; ${when} stands and the doctor decides again.`,
        submitLabel: 'Keep original time',
      };
    case 'COMPLETE':
      return {
        title: 'Mark as completed?',
        description: `The appointment on ${when} took place.`,
        submitLabel: 'Mark completed',
      };
    case 'MARK_NO_SHOW':
      return {
        title: 'Mark as a no-show?',
        description: `The patient did not come to the appointment on ${when}.`,
        submitLabel: 'Mark no-show',
        variant: 'danger',
      };
    default:
      return { title: '', submitLabel: '' };
  }
}
