import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { APPOINTMENT_MODES, APPOINTMENT_MODE_LABELS, URGENCIES, URGENCY_LABELS } from '../../../../domain/enums.ts';
import { indiaDateTimeToIso, todayInIndia } from '../../../../domain/rules/time.ts';
import { getHospitalDoctorsQueryOptions } from '../../../api/doctors.ts';
import { messageOf } from '../../../api/http.ts';
import { getDoctorSlotsQueryOptions, scheduleKeys } from '../../../api/schedules.ts';
import { waitlistApi, waitlistKeys, type WaitlistEntry } from '../../../api/waitlist.ts';
import { useAuth } from '../../../session/AuthContext.ts';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { SelectField } from '../../../ui/form/SelectField.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { Loading } from '../../../ui/LoadStates.tsx';
import { useToast } from '../../../ui/toast/index.ts';

export type DeskAction = 'UP' | 'DOWN' | 'PRIORITY' | 'OFFER' | 'REMOVE' | 'REINSTATE';

const TITLES: Record<DeskAction, string> = {
  UP: 'Move up the waitlist',
  DOWN: 'Move down the waitlist',
  PRIORITY: 'Set the priority',
  OFFER: 'Offer a time',
  REMOVE: 'Remove from the waitlist',
  REINSTATE: 'Put back on the waitlist',
};

/** The desk's change to one entry, asked for in a dialog (a reason is kept with moves and priorities). */
export function DeskDialog({
  entry,
  action,
  onClose,
}: {
  entry: WaitlistEntry;
  action: DeskAction;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [priority, setPriority] = useState<string>(entry.priority);
  const [offer, setOffer] = useState<OfferDraft>({
    doctorId: entry.doctorId ?? '',
    date: entry.preferredFrom < todayInIndia() ? todayInIndia() : entry.preferredFrom,
    time: '',
    mode: entry.mode ?? 'IN_PERSON',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: async () => {
      switch (action) {
        case 'UP':
        case 'DOWN':
          return waitlistApi.move(entry.id, {
            position: Math.max(1, (entry.position ?? 1) + (action === 'UP' ? -1 : 1)),
            reason,
          });
        case 'PRIORITY':
          return waitlistApi.move(entry.id, { priority: priority as (typeof URGENCIES)[number], reason });
        case 'OFFER':
          return waitlistApi.notify({
            waitlistId: entry.id,
            ...(offer.doctorId ? { doctorId: offer.doctorId } : {}),
            scheduledAt: offer.time.includes('T') ? offer.time : indiaDateTimeToIso(offer.date, offer.time),
            mode: offer.mode,
          });
        case 'REMOVE':
          return waitlistApi.setStatus(entry.id, { status: 'CANCELLED', ...(reason ? { reason } : {}) });
        case 'REINSTATE':
          return waitlistApi.setStatus(entry.id, { status: 'ACTIVE' });
      }
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots });
      toast.success(answer?.message ?? 'Saved.', { title: 'Success' });
      onClose();
    },
  });
  const needsReason = action === 'UP' || action === 'DOWN' || action === 'PRIORITY';
  const submit = () => {
    const found: Record<string, string> = {};
    if (needsReason && !reason.trim()) found.reason = 'Say why, for the record';
    if (action === 'OFFER') {
      if (!offer.doctorId) found.doctorId = 'Choose the doctor';
      if (!offer.date) found.date = 'Choose a date';
      if (!offer.time) found.time = 'Choose a time';
    }
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate();
  };
  return (
    <FormDialog
      open
      title={TITLES[action]}
      description={`${entry.patientName} · ${entry.doctorName ?? 'any doctor'}`}
      submitLabel={action === 'OFFER' ? 'Offer and hold' : action === 'REMOVE' ? 'Remove' : 'Save'}
      variant={action === 'REMOVE' ? 'danger' : 'primary'}
      busy={change.isPending}
      error={change.isError ? messageOf(change.error) : null}
      onSubmit={submit}
      onClose={onClose}
    >
      {action === 'PRIORITY' && (
        <SelectField
          label="Priority"
          options={URGENCIES}
          labels={URGENCY_LABELS}
          placeholder=""
          autoFocus
          value={priority}
          onChange={(event) => setPriority(event.target.value)}
        />
      )}
      {action === 'OFFER' && <OfferFields entry={entry} draft={offer} setDraft={setOffer} errors={errors} />}
      {(needsReason || action === 'REMOVE') && (
        <TextField
          label={needsReason ? 'Reason' : 'Reason (optional)'}
          required={needsReason}
          autoFocus={action !== 'PRIORITY'}
          maxLength={300}
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
      )}
    </FormDialog>
  );
}

type OfferDraft = { doctorId: string; date: string; time: string; mode: string };

/** The doctor (for an entry that waits for any), the day, an open slot of it (or any time without a schedule), the mode. */
function OfferFields({
  entry,
  draft,
  setDraft,
  errors,
}: {
  entry: WaitlistEntry;
  draft: OfferDraft;
  setDraft: (update: (d: OfferDraft) => OfferDraft) => void;
  errors: Record<string, string>;
}) {
  const { user } = useAuth();
  const doctors = useQuery({
    ...getHospitalDoctorsQueryOptions(user?.referenceId ?? '', '1'),
    enabled: entry.doctorId === null && Boolean(user?.referenceId),
  });
  const slots = useQuery({
    ...getDoctorSlotsQueryOptions(draft.doctorId, { from: draft.date || todayInIndia(), days: 1 }),
    enabled: Boolean(draft.doctorId && draft.date),
  });
  const open = (slots.data?.slots ?? []).filter((slot) => slot.hospitalId === entry.hospitalId);
  return (
    <>
      {entry.doctorId === null && (
        <SelectField
          label="Doctor"
          required
          options={doctors.data?.doctors.map((d) => d.id) ?? []}
          labels={Object.fromEntries((doctors.data?.doctors ?? []).map((d) => [d.id, d.name]))}
          value={draft.doctorId}
          error={errors.doctorId}
          onChange={(event) => setDraft((d) => ({ ...d, doctorId: event.target.value, time: '' }))}
        />
      )}
      <TextField
        label="Date"
        type="date"
        required
        autoFocus
        min={todayInIndia()}
        value={draft.date}
        error={errors.date}
        onChange={(event) => setDraft((d) => ({ ...d, date: event.target.value, time: '' }))}
      />
      {slots.isFetching && <Loading what="open slots" inline />}
      {slots.data?.hasSchedule ? (
        <SelectField
          label="Open slot"
          required
          options={open.map((slot) => slot.start)}
          labels={Object.fromEntries(open.map((slot) => [slot.start, `${slot.time} (${slot.slotMinutes} min)`]))}
          placeholder={open.length ? 'Choose…' : 'No open slot that day'}
          value={draft.time}
          error={errors.time}
          onChange={(event) => setDraft((d) => ({ ...d, time: event.target.value }))}
        />
      ) : (
        <TextField
          label="Time"
          type="time"
          required
          step={300}
          hint="India time (IST)"
          value={draft.time}
          error={errors.time}
          onChange={(event) => setDraft((d) => ({ ...d, time: event.target.value }))}
        />
      )}
      <SelectField
        label="Mode"
        options={APPOINTMENT_MODES}
        labels={APPOINTMENT_MODE_LABELS}
        placeholder=""
        value={draft.mode}
        onChange={(event) => setDraft((d) => ({ ...d, mode: event.target.value }))}
      />
    </>
  );
}
