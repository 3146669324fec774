import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  CONSULTATION_CHANNELS,
  CONSULTATION_CHANNEL_LABELS,
  GENDERS,
  GENDER_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  SPECIALIZATIONS,
  SPECIALIZATION_LABELS,
} from '../../../domain/enums.ts';
import { formatINR } from '../../../domain/rules/format.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { onboardDoctorBody, updateDoctorBody } from '../../../domain/schemas/doctors.ts';
import { type Doctor, doctorKeys, doctorsApi, getMyDoctorQueryOptions } from '../../api/doctors.ts';
import { getHospitalQueryOptions } from '../../api/hospitals.ts';
import { messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { AddressFields, EMPTY_ADDRESS, addressOf, type AddressKey } from '../../ui/form/AddressFields.tsx';
import { CheckboxGroup } from '../../ui/form/CheckboxGroup.tsx';
import { apiErrorsToFields, focusFirstInvalid, issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import type { DetailsFieldSpecs } from './detailsDraft.ts';
import { EditableDetails, ProfileHeader, labelList } from './profileParts.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { formatAddress } from '../../ui/address.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { VerificationCard } from './VerificationCard.tsx';

/** /profile for a doctor: the profile form until there is one, then the profile. */
export function DoctorProfileScreen() {
  const { user } = useAuth();
  return user?.referenceId ? <DoctorProfile /> : <CompleteDoctorProfile />;
}

function DoctorProfile() {
  usePageTitle('My Profile');
  const doctor = useQuery(getMyDoctorQueryOptions());
  if (doctor.isPending) return <Loading what="your profile" />;
  if (doctor.isError) {
    return <LoadError what="your profile" error={doctor.error} retry={() => void doctor.refetch()} />;
  }
  const d = doctor.data;
  return (
    <section aria-labelledby="doctor-profile-title" className="flex flex-col gap-5">
      <ProfileHeader id="doctor-profile-title" name={d.name} status={d.verificationStatus} />
      <DoctorDetails doctor={d} />
      <VerificationCard />
    </section>
  );
}

/** What a doctor may change on their own profile; the registration number and the address go through verification. */
const DOCTOR_DETAILS = {
  name: { label: 'Full name', kind: 'text' },
  gender: { label: 'Gender', kind: 'choice', options: GENDERS, labels: GENDER_LABELS },
  specializations: {
    label: 'Specialisations',
    kind: 'multi',
    options: SPECIALIZATIONS,
    labels: SPECIALIZATION_LABELS,
  },
  qualifications: { label: 'Qualifications', kind: 'list' },
  experienceYears: { label: 'Experience (years)', kind: 'number' },
  consultationFee: { label: 'Consultation fee (₹)', kind: 'number' },
  languagesSpoken: { label: 'Languages spoken', kind: 'multi', options: LANGUAGES, labels: LANGUAGE_LABELS },
  availability: {
    label: 'Consultations',
    kind: 'choice',
    options: CONSULTATION_CHANNELS,
    labels: CONSULTATION_CHANNEL_LABELS,
  },
  telemedicineAvailable: { label: 'Telemedicine available', kind: 'flag' },
  insuranceAccepted: { label: 'Insurance accepted', kind: 'list' },
  description: { label: 'About your practice', kind: 'text', clearable: true },
  phone: { label: 'Phone', kind: 'text' },
  email: { label: 'Email', kind: 'text' },
} satisfies DetailsFieldSpecs;

function DoctorDetails({ doctor: d }: { doctor: Doctor }) {
  return (
    <EditableDetails
      id="doctor-details-title"
      title="Profile details"
      profile={d}
      specs={DOCTOR_DETAILS}
      schema={updateDoctorBody}
      queryKey={doctorKeys.mine}
      save={(body) => doctorsApi.update(d.id, body)}
      view={
        <DetailList
          rows={[
            ['Specialisations', labelList(d.specializations, SPECIALIZATION_LABELS)],
            ['Qualifications', d.qualifications.join(', ')],
            ['Experience', `${d.experienceYears} ${d.experienceYears === 1 ? 'year' : 'years'}`],
            ['Consultation fee', d.consultationFee === null ? 'Not stated' : formatINR(d.consultationFee)],
            ['Languages', labelList(d.languagesSpoken, LANGUAGE_LABELS)],
            [
              'Consultations',
              `${CONSULTATION_CHANNEL_LABELS[d.availability]}${d.telemedicineAvailable ? ' · telemedicine' : ''}`,
            ],
            ['Insurance accepted', d.insuranceAccepted.join(', ')],
            ['Hospital', <PracticeHospital key="hospital" doctor={d} />],
            ['Registration number', d.registrationNumber],
            ['Gender', d.gender ? GENDER_LABELS[d.gender] : ''],
            ['Address', formatAddress(d.address)],
            ['Phone', d.phone ? formatPhone(d.phone) : ''],
            ['Email', d.email ?? ''],
            ['About', d.description ?? ''],
          ]}
        />
      }
    >
      {(f) => (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {f.field('name', { required: true, autoComplete: 'name', className: 'sm:col-span-2' })}
            {f.field('specializations', { required: true, className: 'sm:col-span-2' })}
            {f.field('qualifications', { hint: 'Separate them with commas, e.g. MBBS, MD' })}
            {f.field('experienceYears', { min: 0, step: 1 })}
            {f.field('consultationFee', { min: 0, step: 'any', inputMode: 'decimal' })}
            {f.field('availability')}
            {f.field('gender', { placeholder: d.gender ? '' : 'Prefer not to say' })}
            {f.field('languagesSpoken')}
            {f.field('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
            {f.field('email', { type: 'email', autoComplete: 'email' })}
            {f.field('insuranceAccepted', { className: 'sm:col-span-2' })}
            {f.field('description', { multiline: true, maxLength: 2000, className: 'sm:col-span-2' })}
          </div>
          {f.field('telemedicineAvailable')}
        </>
      )}
    </EditableDetails>
  );
}

function PracticeHospital({ doctor }: { doctor: Doctor }) {
  const hospitalId = doctor.hospitalId;
  const hospital = useQuery({
    ...getHospitalQueryOptions(hospitalId ?? ''),
    enabled: hospitalId !== null,
  });
  // The place is an affiliation the hospital approved: joined and left from Affiliations.
  const manage = (text: string) => (
    <Link to="/affiliations" className="link link-primary ms-2">
      {text}
    </Link>
  );
  if (hospitalId === null) return <>Independent practice{manage('Ask to join a hospital')}</>;
  if (hospital.isPending) return <>Loading…</>;
  if (hospital.isError) return <>Not available ({messageOf(hospital.error)})</>;
  return (
    <>
      {hospital.data.name}
      {manage('Affiliations')}
    </>
  );
}

const EMPTY = {
  name: '',
  registrationNumber: '',
  gender: '',
  specializations: [] as string[],
  qualifications: '',
  experienceYears: '',
  consultationFee: '',
  languagesSpoken: [] as string[],
  availability: 'BOTH',
  telemedicineAvailable: false,
  description: '',
  ...EMPTY_ADDRESS,
  phone: '',
  email: '',
};
type Draft = typeof EMPTY;

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());
const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

function toBody(d: Draft) {
  return {
    name: d.name,
    registrationNumber: d.registrationNumber,
    gender: d.gender || undefined,
    specializations: d.specializations,
    qualifications: d.qualifications
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    experienceYears: numberOrUndefined(d.experienceYears),
    consultationFee: numberOrUndefined(d.consultationFee),
    languagesSpoken: d.languagesSpoken,
    availability: d.availability || undefined,
    telemedicineAvailable: d.telemedicineAvailable,
    description: orUndefined(d.description),
    address: addressOf(d),
    phone: orUndefined(d.phone),
    email: orUndefined(d.email),
  };
}

function CompleteDoctorProfile() {
  usePageTitle('Complete your doctor profile');
  const { user, refreshUser } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, name: user?.name ?? '', email: user?.email ?? '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft & string, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(draft[key])}
      onChange={(e) => set(key, e.target.value as never)}
      error={errors[key]}
      {...props}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = onboardDoctorBody.safeParse(toBody(draft));
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      focusFirstInvalid();
      toast.error('Some fields need your attention.', { title: 'Check the form' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await doctorsApi.onboard(parsed.data);
      await refreshUser();
      await queryClient.invalidateQueries({ queryKey: doctorKeys.mine });
      toast.success('Your doctor profile is on CareMesh. An admin will verify it shortly.', { title: 'Success' });
    } catch (error) {
      setErrors(apiErrorsToFields(error));
      toast.error(`Could not save your profile: ${messageOf(error)}`, { title: 'Error' });
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="complete-doctor-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div>
        <h1 id="complete-doctor-title" className="text-2xl font-bold tracking-tight">
          Complete your doctor profile
        </h1>
        <p className="text-sm text-base-content/70">
          Patients and hospitals find you by this profile. Admins verify new doctors before they appear in searches.
        </p>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body grid grid-cols-1 gap-4 sm:grid-cols-2">
            <h2 className="text-lg font-semibold sm:col-span-2">About you</h2>
            {text('name', 'Full name', { required: true, autoComplete: 'name' })}
            {text('registrationNumber', 'Medical council registration number', { required: true })}
            <SelectField
              label="Gender"
              options={GENDERS}
              labels={GENDER_LABELS}
              placeholder="Prefer not to say"
              value={draft.gender}
              onChange={(e) => set('gender', e.target.value)}
              error={errors.gender}
            />
            {text('qualifications', 'Qualifications', { hint: 'Separate them with commas, e.g. MBBS, MD' })}
            {text('experienceYears', 'Experience (years)', { type: 'number', inputMode: 'numeric', min: 0 })}
            {text('consultationFee', 'Consultation fee (₹)', { type: 'number', inputMode: 'decimal', min: 0 })}
            <SelectField
              label="Consultations"
              options={CONSULTATION_CHANNELS}
              labels={CONSULTATION_CHANNEL_LABELS}
              placeholder=""
              value={draft.availability}
              onChange={(e) => set('availability', e.target.value)}
              error={errors.availability}
            />
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input
                type="checkbox"
                className="toggle toggle-primary toggle-sm"
                checked={draft.telemedicineAvailable}
                onChange={(e) => set('telemedicineAvailable', e.target.checked)}
              />
              Telemedicine available
            </label>
            {text('description', 'About your practice', { className: 'sm:col-span-2' })}
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body gap-5">
            <CheckboxGroup
              legend="Specialisations (at least one)"
              options={SPECIALIZATIONS}
              labels={SPECIALIZATION_LABELS}
              value={draft.specializations}
              onChange={(value) => set('specializations', value)}
              error={errors.specializations}
            />
            <CheckboxGroup
              legend="Languages spoken"
              options={LANGUAGES}
              labels={LANGUAGE_LABELS}
              value={draft.languagesSpoken}
              onChange={(value) => set('languagesSpoken', value)}
              error={errors.languagesSpoken}
            />
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body grid grid-cols-1 gap-4 sm:grid-cols-2">
            <h2 className="text-lg font-semibold sm:col-span-2">Where you practise</h2>
            <AddressFields value={draft} onChange={(key: AddressKey, value) => set(key, value)} errors={errors} />
            {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
            {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          </div>
        </div>
        <div className="flex justify-end">
          <OnlineButton type="submit" loading={busy} loadingText="Saving…">
            Save profile
          </OnlineButton>
        </div>
      </form>
    </section>
  );
}
