import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { APPOINTMENT_MODES, APPOINTMENT_MODE_LABELS, URGENCIES, URGENCY_LABELS } from '../../../../domain/enums.ts';
import { DAY_PARTS, addDays } from '../../../../domain/rules/schedules.ts';
import { todayInIndia } from '../../../../domain/rules/time.ts';
import { MAX_PREFERRED_RANGE_DAYS } from '../../../../domain/rules/waitlist.ts';
import { joinWaitlistBody, type JoinWaitlistInput } from '../../../../domain/schemas/waitlist.ts';
import { getDoctorQueryOptions } from '../../../api/doctors.ts';
import { getHospitalQueryOptions } from '../../../api/hospitals.ts';
import { savedMessage } from '../../../offline/submit.ts';
import { useAuth } from '../../../session/AuthContext.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormDialog } from '../../../ui/FormDialog.tsx';
import { CheckboxGroup } from '../../../ui/form/CheckboxGroup.tsx';
import { issuesToErrors } from '../../../ui/form/fieldErrors.ts';
import { SelectField } from '../../../ui/form/SelectField.tsx';
import { TextAreaField } from '../../../ui/form/TextAreaField.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { useToast } from '../../../ui/toast/index.ts';
import { joinWaitlistChange } from './changes.ts';

const PARTS = DAY_PARTS.map((part) => part.key);
const PART_LABELS = Object.fromEntries(DAY_PARTS.map((part) => [part.key, part.label]));
const ANY = '';
const MODE_LABELS = { [ANY]: 'Any mode', ...APPOINTMENT_MODE_LABELS };

type Draft = { from: string; to: string; parts: string[]; mode: string; urgency: string; reason: string };

/**
 * Beside the booking form: when no open time suits, the patient joins the doctor's (or the hospital's)
 * waitlist and is offered the first freed time that matches. Works offline: the join is queued.
 */
export function JoinWaitlistCard({ kind, targetId }: { kind: 'doctor' | 'hospital'; targetId: string }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const doctor = useQuery({ ...getDoctorQueryOptions(targetId), enabled: kind === 'doctor' });
  const hospitalId = kind === 'hospital' ? targetId : (doctor.data?.hospitalId ?? null);
  const hospital = useQuery({ ...getHospitalQueryOptions(hospitalId ?? ''), enabled: hospitalId !== null });
  const name = kind === 'doctor' ? doctor.data?.name : hospital.data?.name;
  const ready = kind === 'hospital' || doctor.isSuccess;
  return (
    <section aria-labelledby={titleId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          No time that suits you?
        </h2>
        <p className="text-sm text-base-content/80">
          Join the waitlist: when a time you can make frees up, it is held for you and you are told at once.
        </p>
        <div className="card-actions">
          <Button buttonStyle="outline" disabled={!ready} onClick={() => setOpen(true)}>
            Join the waitlist
          </Button>
        </div>
        {open && (
          <JoinDialog
            provider={name ?? (kind === 'doctor' ? 'the doctor' : 'the hospital')}
            target={
              kind === 'doctor'
                ? { doctorId: targetId, ...(hospitalId ? { hospitalId } : {}) }
                : { hospitalId: targetId }
            }
            onClose={() => setOpen(false)}
          />
        )}
      </div>
    </section>
  );
}

function JoinDialog({
  provider,
  target,
  onClose,
}: {
  provider: string;
  target: { doctorId?: string; hospitalId?: string };
  onClose: () => void;
}) {
  const today = todayInIndia();
  const [draft, setDraft] = useState<Draft>({
    from: today,
    to: addDays(today, 7),
    parts: [],
    mode: ANY,
    urgency: 'MEDIUM',
    reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = async () => {
    const body: JoinWaitlistInput = {
      ...target,
      preferredFrom: draft.from,
      preferredTo: draft.to,
      timesOfDay: draft.parts as JoinWaitlistInput['timesOfDay'],
      ...(draft.mode ? { mode: draft.mode as (typeof APPOINTMENT_MODES)[number] } : {}),
      urgency: draft.urgency as (typeof URGENCIES)[number],
      reason: draft.reason,
    };
    const parsed = joinWaitlistBody.safeParse(body);
    if (!parsed.success) {
      const found = issuesToErrors(parsed.error.issues);
      setErrors({
        ...(found.preferredFrom ? { from: found.preferredFrom } : {}),
        ...(found.preferredTo ? { to: found.preferredTo } : {}),
        ...(found.reason ? { reason: found.reason } : {}),
      });
      return;
    }
    if (draft.to < today) {
      setErrors({ to: 'Choose dates from today on' });
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await joinWaitlistChange.submit(user?.id ?? '', { body, provider });
    setBusy(false);
    if (result.status === 'refused') {
      setFailure(result.error.message);
      return;
    }
    if (result.status === 'saved') toast.info(savedMessage(result.reason), { title: 'Not sent yet' });
    else toast.success('You are on the waitlist. We will offer you a time as soon as one opens.', { title: 'Joined' });
    onClose();
    void navigate('/appointments?view=waitlist');
  };

  return (
    <FormDialog
      open
      title={`Join the waitlist of ${provider}`}
      description="Tell us when you could come. The first freed time that fits is held for you for a few minutes."
      submitLabel="Join the waitlist"
      busy={busy}
      error={failure}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="From"
          type="date"
          required
          autoFocus
          min={today}
          value={draft.from}
          error={errors.from}
          onChange={set('from')}
        />
        <TextField
          label="To"
          type="date"
          required
          min={draft.from || today}
          max={draft.from ? addDays(draft.from, MAX_PREFERRED_RANGE_DAYS) : undefined}
          value={draft.to}
          error={errors.to}
          onChange={set('to')}
        />
      </div>
      <CheckboxGroup
        legend="Time of day"
        hint="Leave all unticked for any time."
        options={PARTS}
        labels={PART_LABELS}
        value={draft.parts}
        onChange={(parts) => setDraft((d) => ({ ...d, parts }))}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label="Mode"
          options={[ANY, ...APPOINTMENT_MODES]}
          labels={MODE_LABELS}
          placeholder=""
          value={draft.mode}
          onChange={set('mode')}
        />
        <SelectField
          label="How urgent is it?"
          options={URGENCIES}
          labels={URGENCY_LABELS}
          placeholder=""
          value={draft.urgency}
          onChange={set('urgency')}
        />
      </div>
      <TextAreaField
        label="Reason for the visit"
        required
        rows={3}
        maxLength={300}
        value={draft.reason}
        error={errors.reason}
        onChange={set('reason')}
      />
    </FormDialog>
  );
}
