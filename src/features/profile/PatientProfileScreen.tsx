import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { BLOOD_GROUPS, BLOOD_GROUP_LABELS, GENDERS, GENDER_LABELS } from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { createPatientBody, todayInIndia, updatePatientBody } from '../../../domain/schemas/patients.ts';
import { messageOf } from '../../api/http.ts';
import { getMyPatientQueryOptions, type Patient, patientKeys, patientsApi } from '../../api/patients.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import {
  ADDRESS_KEYS,
  AddressFields,
  EMPTY_ADDRESS,
  addressOf,
  isBlankAddress,
  type AddressKey,
} from '../../ui/form/AddressFields.tsx';
import { apiErrorsToFields, focusFirstInvalid, issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ProfileCard } from './profileParts.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { formatAddress } from '../../ui/address.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';

/** /profile for a patient: "Complete your profile" until there is one, then "My Profile" with an edit form. */
export function PatientProfileScreen() {
  const { user } = useAuth();
  return user?.referenceId ? <MyPatientProfile /> : <CompletePatientProfile />;
}

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: '',
  gender: '',
  bloodGroup: '',
  allergies: '',
  chronicConditions: '',
  ...EMPTY_ADDRESS,
  contactName: '',
  contactRelationship: '',
  contactPhone: '',
};
type Draft = typeof EMPTY;

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());
const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const NESTED = ['emergencyContact'];

/** The draft as createPatientBody takes it: an all-empty address or emergency contact is left out. */
function toBody(d: Draft) {
  const noContact = [d.contactName, d.contactRelationship, d.contactPhone].every((s) => s.trim() === '');
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    email: orUndefined(d.email),
    phone: orUndefined(d.phone),
    dateOfBirth: orUndefined(d.dateOfBirth),
    gender: d.gender || undefined,
    bloodGroup: d.bloodGroup || undefined,
    address: isBlankAddress(d) ? undefined : addressOf(d),
    emergencyContact: noContact
      ? undefined
      : { name: d.contactName, relationship: orUndefined(d.contactRelationship), phone: d.contactPhone },
    allergies: list(d.allergies),
    chronicConditions: list(d.chronicConditions),
  };
}

function draftOf(p: Patient): Draft {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? '',
    phone: p.phone ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    gender: p.gender ?? '',
    bloodGroup: p.bloodGroup ?? '',
    allergies: p.allergies.join(', '),
    chronicConditions: p.chronicConditions.join(', '),
    ...Object.fromEntries(ADDRESS_KEYS.map((k) => [k, p.address?.[k] ?? ''])),
    contactName: p.emergencyContact?.name ?? '',
    contactRelationship: p.emergencyContact?.relationship ?? '',
    contactPhone: p.emergencyContact?.phone ?? '',
  } as Draft;
}

/** Only what changed: a field emptied is sent as null (cleared), the rest is left out. */
function changesOf(before: Draft, after: Draft): Record<string, unknown> {
  const a = toBody(before) as Record<string, unknown>;
  const b = toBody(after) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(b)) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = b[key] ?? null;
  }
  return out;
}

function PatientForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  submitLabel: string;
  /** Validates and sends; returns field errors to show, or nothing when it went through. */
  onSubmit(draft: Draft): Promise<Record<string, string> | undefined>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      error={errors[key]}
      {...props}
    />
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const found = await onSubmit(draft);
    setErrors(found ?? {});
    if (found && Object.keys(found).length > 0) focusFirstInvalid();
    setBusy(false);
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 sm:p-6">
          <h2 className="text-lg font-semibold sm:col-span-2">About you</h2>
          {text('firstName', 'First name', { required: true, autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}
          {text('dateOfBirth', 'Date of birth', { type: 'date', max: todayInIndia(), autoComplete: 'bday' })}
          <SelectField
            label="Gender"
            options={GENDERS}
            labels={GENDER_LABELS}
            placeholder="Prefer not to say"
            value={draft.gender}
            onChange={(e) => set('gender', e.target.value)}
            error={errors.gender}
          />
          <SelectField
            label="Blood group"
            options={BLOOD_GROUPS}
            labels={BLOOD_GROUP_LABELS}
            placeholder="Not known"
            value={draft.bloodGroup}
            onChange={(e) => set('bloodGroup', e.target.value)}
            error={errors.bloodGroup}
          />
          {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email', className: 'sm:col-span-2' })}
          {text('allergies', 'Allergies', { hint: 'Separate them with commas' })}
          {text('chronicConditions', 'Chronic conditions', { hint: 'Separate them with commas' })}
        </div>
      </div>
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 sm:p-6">
          <h2 className="text-lg font-semibold sm:col-span-2">Address (optional)</h2>
          <AddressFields
            value={draft}
            onChange={(key: AddressKey, value) => set(key, value)}
            errors={errors}
            required={false}
          />
        </div>
      </div>
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body grid grid-cols-1 gap-4 p-4 sm:grid-cols-3 sm:p-6">
          <h2 className="text-lg font-semibold sm:col-span-3">Emergency contact (optional)</h2>
          <TextField
            label="Contact name"
            value={draft.contactName}
            onChange={(e) => set('contactName', e.target.value)}
            error={errors['emergencyContact.name'] ?? errors.emergencyContact}
          />
          <TextField
            label="Relationship"
            value={draft.contactRelationship}
            onChange={(e) => set('contactRelationship', e.target.value)}
            error={errors['emergencyContact.relationship']}
          />
          <TextField
            label="Contact phone"
            type="tel"
            inputMode="tel"
            value={draft.contactPhone}
            onChange={(e) => set('contactPhone', e.target.value)}
            error={errors['emergencyContact.phone']}
          />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button buttonStyle="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <OnlineButton type="submit" loading={busy} loadingText="Saving…">
          {submitLabel}
        </OnlineButton>
      </div>
    </form>
  );
}

/** Where a new patient goes on to: a path inside the app only. */
const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : null);

/**
 * /patient/onboarding?next=…: a User (or a patient without a profile) creates their patient profile —
 * the account is a Patient from then on — and goes on where they were, e.g. the booking they started.
 */
export function PatientOnboardingScreen() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  if (user?.role === 'PATIENT' && user.referenceId) return <Navigate to={next ?? '/profile'} replace />;
  return <CompletePatientProfile next={next} />;
}

function CompletePatientProfile({ next = null }: { next?: string | null }) {
  usePageTitle(next ? 'Become a patient' : 'Complete your profile');
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [first = '', ...rest] = (user?.name ?? '').trim().split(/\s+/);

  const create = async (draft: Draft) => {
    const parsed = createPatientBody.safeParse(toBody(draft));
    if (!parsed.success) return issuesToErrors(parsed.error.issues, NESTED);
    try {
      await patientsApi.create(parsed.data);
      await refreshUser();
      await queryClient.invalidateQueries({ queryKey: patientKeys.mine });
      toast.success(next ? 'Your patient profile is saved. You can book now.' : 'Your profile is saved.', {
        title: 'Success',
      });
      if (next) void navigate(next, { replace: true });
      return undefined;
    } catch (error) {
      toast.error(`Could not save your profile: ${messageOf(error)}`, { title: 'Error' });
      return apiErrorsToFields(error, NESTED);
    }
  };

  return (
    <section aria-labelledby="complete-patient-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div>
        <h1 id="complete-patient-title" className="text-2xl font-bold tracking-tight">
          {next ? 'Become a patient' : 'Complete your profile'}
        </h1>
        <p className="text-sm text-base-content/70">
          {next
            ? 'To book, create your patient profile: your appointments and records are filed under it. Your account becomes a patient account, and your booking goes on. '
            : ''}
          Doctors and hospitals you book with see these details. Only your name is required.
        </p>
      </div>
      <PatientForm
        initial={{ ...EMPTY, firstName: first, lastName: rest.join(' '), email: user?.email ?? '' }}
        submitLabel="Save profile"
        onSubmit={create}
      />
    </section>
  );
}

function MyPatientProfile() {
  usePageTitle('My Profile');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const patient = useQuery(getMyPatientQueryOptions());

  if (patient.isPending) return <Loading what="your profile" />;
  if (patient.isError) {
    return <LoadError what="your profile" error={patient.error} retry={() => void patient.refetch()} />;
  }
  const p = patient.data;

  const save = async (draft: Draft) => {
    const changes = changesOf(draftOf(p), draft);
    if (Object.keys(changes).length === 0) {
      toast.info('Nothing has changed.');
      setEditing(false);
      return undefined;
    }
    const parsed = updatePatientBody.safeParse(changes);
    if (!parsed.success) return issuesToErrors(parsed.error.issues, NESTED);
    try {
      const { data } = await patientsApi.update(p.id, parsed.data);
      queryClient.setQueryData(patientKeys.mine, data);
      toast.success('Your profile is updated.', { title: 'Success' });
      setEditing(false);
      return undefined;
    } catch (error) {
      toast.error(`Could not update your profile: ${messageOf(error)}`, { title: 'Error' });
      return apiErrorsToFields(error, NESTED);
    }
  };

  return (
    <section aria-labelledby="patient-profile-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="patient-profile-title" className="text-2xl font-bold tracking-tight">
            My Profile
          </h1>
          <p className="text-sm text-base-content/70">
            {p.firstName} {p.lastName}
          </p>
        </div>
        <div className="flex gap-2">
          <ButtonLink to="/medical-records" buttonStyle="outline" size="sm">
            Medical records
          </ButtonLink>
          {!editing && (
            <Button size="sm" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          )}
        </div>
      </header>
      <OfflineNotice />
      {editing ? (
        <PatientForm
          initial={draftOf(p)}
          submitLabel="Save changes"
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <ProfileCard id="patient-about-title" title="About you">
            <DetailList
              rows={[
                ['Name', `${p.firstName} ${p.lastName}`],
                ['Date of birth', p.dateOfBirth ? formatDate(p.dateOfBirth) : ''],
                ['Gender', p.gender ? GENDER_LABELS[p.gender] : ''],
                ['Blood group', p.bloodGroup ? BLOOD_GROUP_LABELS[p.bloodGroup] : ''],
                ['Phone', p.phone ? formatPhone(p.phone) : ''],
                ['Email', p.email ?? ''],
                ['Address', p.address ? formatAddress(p.address) : ''],
              ]}
            />
          </ProfileCard>
          <ProfileCard id="patient-health-title" title="Health">
            <DetailList
              rows={[
                ['Allergies', p.allergies.join(', ') || 'None recorded'],
                ['Chronic conditions', p.chronicConditions.join(', ') || 'None recorded'],
                [
                  'Emergency contact',
                  p.emergencyContact
                    ? `${p.emergencyContact.name}${p.emergencyContact.relationship ? ` (${p.emergencyContact.relationship})` : ''} · ${formatPhone(p.emergencyContact.phone)}`
                    : '',
                ],
              ]}
            />
          </ProfileCard>
        </>
      )}
    </section>
  );
}
