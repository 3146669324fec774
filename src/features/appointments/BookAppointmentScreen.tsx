import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  APPOINTMENT_MODES,
  APPOINTMENT_MODE_LABELS,
  HOSPITAL_TYPE_LABELS,
  SPECIALIZATION_LABELS,
  labelOf,
} from '../../../domain/enums.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { MAX_BOOKING_DAYS_AHEAD } from '../../../domain/rules/appointments.ts';
import { bookAppointmentBody, type BookAppointmentInput } from '../../../domain/schemas/appointments.ts';
import { indiaDateTimeToIso, todayInIndia } from '../../../domain/rules/time.ts';
import { getDoctorQueryOptions } from '../../api/doctors.ts';
import { getHospitalQueryOptions } from '../../api/hospitals.ts';
import { getDoctorSlotsQueryOptions, scheduleKeys, type OpenSlot } from '../../api/schedules.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { refusalAsApiError, savedMessage } from '../../offline/submit.ts';
import { useOnline } from '../../offline/useOnline.ts';
import { Button } from '../../ui/Button.tsx';
import { apiErrorsToFields, focusFirstInvalid, issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { bookingDone } from '../../ui/install.ts';
import { applyAppointmentChange } from './cache.ts';
import { appointmentFromAnswer, submitBooking } from './changes.ts';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { NeedsPatientProfile } from './parts.tsx';
import { formatAddress } from '../../ui/address.ts';
import { DetailList } from '../../ui/DetailList.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { SlotPicker, pickerRange } from './SlotPicker.tsx';
import { JoinWaitlistCard } from './waitlist/JoinWaitlistCard.tsx';

type TargetKind = 'doctor' | 'hospital';

/** /appointments/book/:kind/:targetId: the doctor's or hospital's summary and the booking form. */
export function BookAppointmentScreen() {
  usePageTitle('Book an appointment');
  const { user } = useAuth();
  const { kind: rawKind, targetId = '' } = useParams();
  const { pathname } = useLocation();
  const kind: TargetKind | null = rawKind === 'doctor' || rawKind === 'hospital' ? rawKind : null;
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <Link to="/appointments/book" className="link link-hover w-max text-sm">
        <span aria-hidden="true">← </span>Find another doctor or hospital
      </Link>
      <h1 id={titleId} className="text-2xl font-bold tracking-tight">
        Book an appointment
      </h1>
      <OfflineNotice />
      {kind ? (
        <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <TargetSummary kind={kind} targetId={targetId} />
          {user?.role === 'PATIENT' && user.referenceId ? (
            <div className="flex flex-col gap-4">
              <BookingForm kind={kind} targetId={targetId} />
              <JoinWaitlistCard kind={kind} targetId={targetId} />
            </div>
          ) : (
            <NeedsPatientProfile next={pathname} />
          )}
        </div>
      ) : (
        <p role="alert" className="alert alert-error alert-soft">
          Choose a doctor or a hospital to book with.
        </p>
      )}
    </section>
  );
}

function TargetSummary({ kind, targetId }: { kind: TargetKind; targetId: string }) {
  const summaryId = useId();
  const doctor = useQuery({
    ...getDoctorQueryOptions(targetId),
    enabled: kind === 'doctor',
  });
  const hospitalId = kind === 'hospital' ? targetId : (doctor.data?.hospitalId ?? null);
  const hospital = useQuery({
    ...getHospitalQueryOptions(hospitalId ?? ''),
    enabled: hospitalId !== null,
  });
  const main = kind === 'doctor' ? doctor : hospital;

  return (
    <section aria-labelledby={summaryId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        {main.isPending && <Loading what={kind === 'doctor' ? 'the doctor' : 'the hospital'} />}
        {main.isError && (
          <LoadError
            what={kind === 'doctor' ? 'the doctor' : 'the hospital'}
            error={main.error}
            retry={() => void main.refetch()}
          />
        )}
        {kind === 'doctor' && doctor.data && (
          <>
            <h2 id={summaryId} className="text-lg font-semibold">
              {doctor.data.name}
            </h2>
            <DetailList
              rows={[
                ['Speciality', doctor.data.specializations.map((s) => labelOf(SPECIALIZATION_LABELS, s, s)).join(', ')],
                [
                  'Consultation fee',
                  doctor.data.consultationFee === null ? 'Not stated' : formatINR(doctor.data.consultationFee),
                ],
                ['Experience', `${doctor.data.experienceYears} years`],
                ['Hospital', doctor.data.hospitalId ? (hospital.data?.name ?? '…') : 'Own practice'],
                ['Address', formatAddress(doctor.data.address)],
                ['Phone', doctor.data.phone ? formatPhone(doctor.data.phone) : ''],
              ]}
            />
          </>
        )}
        {kind === 'hospital' && hospital.data && (
          <>
            <h2 id={summaryId} className="text-lg font-semibold">
              {hospital.data.name}
            </h2>
            <DetailList
              rows={[
                ['Type', labelOf(HOSPITAL_TYPE_LABELS, hospital.data.hospitalType)],
                ['Specialities', hospital.data.specialties.map((s) => labelOf(SPECIALIZATION_LABELS, s, s)).join(', ')],
                ['Address', formatAddress(hospital.data.address)],
                ['Phone', hospital.data.phone ? formatPhone(hospital.data.phone) : ''],
              ]}
            />
          </>
        )}
      </div>
    </section>
  );
}

const EMPTY = { date: '', time: '', mode: 'IN_PERSON', reason: '' };
type Draft = typeof EMPTY;

function lastBookableDate(): string {
  return new Date(Date.now() + MAX_BOOKING_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
}

function BookingForm({ kind, targetId }: { kind: TargetKind; targetId: string }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  const online = useOnline();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<OpenSlot | null>(null);
  // The same query as the summary's: a doctor who practises at a hospital is booked there.
  const doctor = useQuery({
    ...getDoctorQueryOptions(targetId),
    enabled: kind === 'doctor',
  });
  const hospital = useQuery({
    ...getHospitalQueryOptions(targetId),
    enabled: kind === 'hospital',
  });
  // The doctor's hospital, as the summary beside the form loaded it (for the list's "waiting to send" item).
  const doctorsHospital = useQuery({
    ...getHospitalQueryOptions(doctor.data?.hospitalId ?? ''),
    enabled: kind === 'doctor' && Boolean(doctor.data?.hospitalId),
  });
  // The doctor's open slots (the last seen, offline). With a schedule, booking picks one of them.
  const slots = useQuery({
    ...getDoctorSlotsQueryOptions(targetId, pickerRange(draft.date)),
    enabled: kind === 'doctor',
  });
  const picking = kind === 'doctor' && slots.data?.hasSchedule === true;
  const placeName = (hospitalId: string | null) =>
    hospitalId === null ? 'Own clinic' : (doctorsHospital.data?.name ?? 'Hospital');
  const targetReady = kind === 'hospital' || doctor.isSuccess;
  const provider = (kind === 'doctor' ? doctor.data?.name : hospital.data?.name) ?? 'the hospital';
  const providerInFull =
    kind === 'doctor' && doctorsHospital.data ? `${provider}, ${doctorsHospital.data.name}` : provider;

  // Through the outbox, online too: while the server answers, its answer shows here as before.
  const book = useMutation({
    // The outbox deals with the connection itself: the booking is stored at once, online or not.
    networkMode: 'always',
    mutationFn: async (body: BookAppointmentInput) => {
      const result = await submitBooking(user?.id ?? '', body, { short: provider, full: providerInFull });
      if (result.status === 'refused') throw refusalAsApiError(result.error);
      return result;
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots });
      // The first booking makes the one install offer due (shown where the patient lands next).
      bookingDone();
      if (result.status === 'sent') {
        const appointment = appointmentFromAnswer(result.response);
        if (appointment) applyAppointmentChange(queryClient, { appointment, message: null }, true);
        toast.success('Appointment requested. You will see here when it is accepted.', { title: 'Success' });
        void navigate(appointment ? `/appointments/${appointment.id}` : '/appointments');
      } else if (result.status === 'saved') {
        // The list shows it, marked "Waiting to send", until the server has it.
        toast.info(savedMessage(result.reason), { title: 'Not sent yet' });
        void navigate('/appointments');
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.kind === 'CONFLICT') {
        // The slot is held, or not in the schedule: the server's words beside the time, everything typed kept.
        setErrors({ time: error.message });
        setChosen(null);
        void queryClient.invalidateQueries({ queryKey: scheduleKeys.slots });
      } else {
        const fields = apiErrorsToFields(error);
        const mapped: Record<string, string> = { ...fields };
        if (fields.scheduledAt) mapped.time = fields.scheduledAt;
        setErrors(mapped);
        if (Object.keys(fields).length === 0) toast.error(messageOf(error), { title: 'Error' });
      }
      focusFirstInvalid();
    },
  });

  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  const chooseMode = (event: { target: { value: string } }) => {
    const mode = event.target.value as (typeof APPOINTMENT_MODES)[number];
    setDraft((d) => ({ ...d, mode }));
    if (chosen && !chosen.modes.includes(mode)) setChosen(null);
  };
  const chooseDate = (date: string) => {
    setDraft((d) => ({ ...d, date }));
    if (chosen?.date !== date) setChosen(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scheduledAt = picking ? (chosen?.start ?? '') : indiaDateTimeToIso(draft.date, draft.time);
    // A slot is booked at its place (the doctor's clinic or hospital).
    const place = picking ? (chosen?.hospitalId ?? undefined) : (doctor.data?.hospitalId ?? undefined);
    const body = {
      ...(kind === 'doctor' ? { doctorId: targetId, hospitalId: place } : { hospitalId: targetId }),
      scheduledAt,
      mode: draft.mode as (typeof APPOINTMENT_MODES)[number],
      reason: draft.reason,
    };
    const found: Record<string, string> = {};
    if (!draft.date) found.date = 'Choose a date';
    if (picking ? !chosen : !draft.time) found.time = 'Choose a time';
    const parsed = bookAppointmentBody.safeParse(body);
    if (!parsed.success) {
      const issues = issuesToErrors(parsed.error.issues);
      if (issues.scheduledAt && scheduledAt) found.time = issues.scheduledAt;
      if (issues.mode) found.mode = issues.mode;
      if (issues.reason) found.reason = issues.reason;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) {
      focusFirstInvalid();
      return;
    }
    book.mutate(body);
  };

  return (
    <div className="card border border-base-300 bg-base-100">
      <form className="card-body gap-3 p-4 sm:p-6" onSubmit={submit} noValidate aria-labelledby={formId}>
        <h2 id={formId} className="text-lg font-semibold">
          When and why
        </h2>
        <SelectField
          label="Mode"
          required
          options={APPOINTMENT_MODES}
          labels={APPOINTMENT_MODE_LABELS}
          placeholder=""
          value={draft.mode}
          error={errors.mode}
          onChange={chooseMode}
        />
        {picking && slots.data ? (
          <>
            <TextField
              label="Date"
              type="date"
              required
              min={todayInIndia()}
              max={lastBookableDate()}
              hint="Or choose one of the days below."
              value={draft.date}
              error={errors.date}
              onChange={(event) => chooseDate(event.target.value)}
            />
            <SlotPicker
              slots={slots.data}
              mode={draft.mode as (typeof APPOINTMENT_MODES)[number]}
              date={draft.date}
              onDate={chooseDate}
              value={chosen?.start ?? ''}
              onChange={setChosen}
              error={errors.time}
              placeName={placeName}
            />
            {slots.isFetching && <Loading what="open slots" inline />}
          </>
        ) : kind === 'doctor' && slots.isPending && online ? (
          <Loading what="open slots" />
        ) : (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <TextField
                label="Date"
                type="date"
                required
                min={todayInIndia()}
                max={lastBookableDate()}
                value={draft.date}
                error={errors.date}
                onChange={set('date')}
              />
              <TextField
                label="Time"
                type="time"
                required
                step={300}
                hint="India time (IST, UTC+05:30)"
                value={draft.time}
                error={errors.time}
                onChange={set('time')}
              />
            </div>
            {kind === 'doctor' && !slots.data && !online && (
              <p className="text-sm text-base-content/70">
                This doctor’s open slots are not on this device. Ask for a time: it is checked when the booking is sent.
              </p>
            )}
          </>
        )}
        <TextAreaField
          label="Reason for the visit"
          required
          rows={3}
          maxLength={500}
          hint="What you would like to see the doctor about."
          value={draft.reason}
          error={errors.reason}
          onChange={set('reason')}
        />
        {!targetReady && !online && doctor.isPending && (
          <p role="status" className="text-sm text-base-content/70">
            This doctor’s details are not on this device yet, so the booking cannot be prepared offline. Try again when
            you are back online.
          </p>
        )}
        <div className="card-actions justify-end">
          <Button type="submit" loading={book.isPending} loadingText="Booking…" disabled={!targetReady}>
            Book appointment
          </Button>
        </div>
      </form>
    </div>
  );
}
