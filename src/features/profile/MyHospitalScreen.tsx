import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { HOSPITAL_TYPES, HOSPITAL_TYPE_LABELS, SPECIALIZATIONS, SPECIALIZATION_LABELS } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import { departmentBody, emergencyContactBody, updateHospitalBody } from '../../../domain/schemas/hospitals.ts';
import { getMyHospitalQueryOptions, hospitalKeys, type HospitalProfile, hospitalsApi } from '../../api/hospitals.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import type { DetailsFieldSpecs } from './detailsDraft.ts';
import { EditableDetails, ProfileHeader, labelList, useProfileMutation } from './profileParts.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { formatAddress } from '../../ui/address.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { TeamSection } from './TeamSection.tsx';
import { VerificationCard } from './VerificationCard.tsx';

export function MyHospitalScreen() {
  usePageTitle('My Hospital');
  const hospital = useQuery(getMyHospitalQueryOptions());

  if (hospital.isPending) return <Loading what="your hospital" />;
  if (hospital.isError) {
    return <LoadError what="your hospital" error={hospital.error} retry={() => void hospital.refetch()} />;
  }
  const h = hospital.data;
  return (
    <section aria-labelledby="my-hospital-title" className="flex flex-col gap-5">
      <ProfileHeader id="my-hospital-title" name={h.name} status={h.verificationStatus} />
      <HospitalDetails hospital={h} />
      <VerificationCard />
      <Departments hospital={h} />
      <EmergencyContacts hospital={h} />
      <TeamSection />
    </section>
  );
}

/** What the hospital's desk may change itself; registration number and address go through verification. */
const HOSPITAL_DETAILS = {
  name: { label: 'Hospital name', kind: 'text' },
  hospitalType: { label: 'Type', kind: 'choice', options: HOSPITAL_TYPES, labels: HOSPITAL_TYPE_LABELS },
  phone: { label: 'Phone', kind: 'text' },
  email: { label: 'Email', kind: 'text' },
  website: { label: 'Website', kind: 'text' },
  totalBeds: { label: 'Beds', kind: 'number' },
  specialties: { label: 'Specialties', kind: 'multi', options: SPECIALIZATIONS, labels: SPECIALIZATION_LABELS },
  insurancePartners: { label: 'Insurance partners', kind: 'list' },
  description: { label: 'About the hospital', kind: 'text', clearable: true },
  emergencyServices: { label: 'Emergency services', kind: 'flag' },
  icuAvailability: { label: 'ICU', kind: 'flag' },
  ambulanceService: { label: 'Ambulance', kind: 'flag' },
} satisfies DetailsFieldSpecs;

/** The hospital's details, with an edit form in place (a partial PATCH). */
function HospitalDetails({ hospital: h }: { hospital: HospitalProfile }) {
  return (
    <EditableDetails
      id="hospital-details-title"
      title="Details"
      profile={h}
      specs={HOSPITAL_DETAILS}
      schema={updateHospitalBody}
      queryKey={hospitalKeys.mine}
      save={(body) => hospitalsApi.update(h.id, body)}
      view={
        <DetailList
          rows={[
            ['Type', HOSPITAL_TYPE_LABELS[h.hospitalType]],
            ['Registration number', h.registrationNumber],
            ['Address', formatAddress(h.address)],
            ['Phone', h.phone ? formatPhone(h.phone) : ''],
            ['Specialties', labelList(h.specialties, SPECIALIZATION_LABELS)],
            [
              'Facilities',
              `${
                [h.emergencyServices && 'Emergency', h.icuAvailability && 'ICU', h.ambulanceService && 'Ambulance']
                  .filter(Boolean)
                  .join(', ') || '—'
              }${h.totalBeds ? ` · ${h.totalBeds} beds` : ''}`,
            ],
            ['Insurance partners', h.insurancePartners.join(', ')],
            ['Email', h.email ?? ''],
            ['Website', h.website ?? ''],
            ['About', h.description ?? ''],
          ]}
        />
      }
    >
      {(f) => (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {f.field('name', { required: true, className: 'sm:col-span-2' })}
            {f.field('hospitalType')}
            {f.field('totalBeds', { min: 0 })}
            {f.field('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
            {f.field('email', { type: 'email', autoComplete: 'email' })}
            {f.field('website', { type: 'url', inputMode: 'url', className: 'sm:col-span-2' })}
            {f.field('specialties', { className: 'sm:col-span-2' })}
            {f.field('insurancePartners', { className: 'sm:col-span-2' })}
            {f.field('description', { multiline: true, maxLength: 2000, className: 'sm:col-span-2' })}
          </div>
          <div className="flex flex-wrap gap-x-6">
            {f.field('emergencyServices')}
            {f.field('icuAvailability')}
            {f.field('ambulanceService')}
          </div>
        </>
      )}
    </EditableDetails>
  );
}

const useHospitalMutation = <T,>(run: (input: T) => Promise<unknown>, success: string) =>
  useProfileMutation(hospitalKeys.mine, run, success);

function Departments({ hospital }: { hospital: HospitalProfile }) {
  const [name, setName] = useState('');
  const [floor, setFloor] = useState('');
  const [error, setError] = useState<string>();
  const add = useHospitalMutation(
    (body: { name: string; floor?: string }) => hospitalsApi.addDepartment(hospital.id, body),
    'Department added.',
  );
  const remove = useHospitalMutation(
    (id: string) => hospitalsApi.removeDepartment(hospital.id, id),
    'Department removed.',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = departmentBody.safeParse({ name, floor: floor.trim() || undefined });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setFloor('');
      },
    });
  };

  return (
    <section aria-labelledby="departments-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="departments-title" className="text-lg font-semibold">
          Departments
        </h2>
        {hospital.departments.length === 0 ? (
          <p className="text-sm text-base-content/70">No departments yet. Add the first one below.</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {hospital.departments.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  {d.name}
                  {d.floor && <span className="text-sm text-base-content/70"> · floor {d.floor}</span>}
                </span>
                <Button
                  size="xs"
                  variant="danger"
                  buttonStyle="ghost"
                  aria-label={`Remove ${d.name}`}
                  loading={remove.isPending && remove.variables === d.id}
                  onClick={() => remove.mutate(d.id)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <TextField
            label="New department"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
            className="grow"
          />
          <TextField label="Floor" value={floor} onChange={(e) => setFloor(e.target.value)} className="sm:w-28" />
          <OnlineButton type="submit" loading={add.isPending}>
            Add department
          </OnlineButton>
        </form>
      </div>
    </section>
  );
}

function EmergencyContacts({ hospital }: { hospital: HospitalProfile }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useHospitalMutation(
    (body: { name: string; phone: string; available24x7: boolean }) =>
      hospitalsApi.addEmergencyContact(hospital.id, body),
    'Emergency contact added.',
  );
  const remove = useHospitalMutation(
    (id: string) => hospitalsApi.removeEmergencyContact(hospital.id, id),
    'Emergency contact removed.',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emergencyContactBody.safeParse({ name, phone, available24x7: true });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setPhone('');
      },
    });
  };

  return (
    <section aria-labelledby="contacts-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="contacts-title" className="text-lg font-semibold">
          Emergency contacts
        </h2>
        {hospital.emergencyContacts.length === 0 ? (
          <p className="text-sm text-base-content/70">No emergency contacts yet.</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {hospital.emergencyContacts.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  {c.name} ·{' '}
                  <a className="link link-primary" href={`tel:+91${c.phone}`}>
                    {formatPhone(c.phone)}
                  </a>
                </span>
                <Button
                  size="xs"
                  variant="danger"
                  buttonStyle="ghost"
                  aria-label={`Remove ${c.name}`}
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={() => remove.mutate(c.id)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <TextField
            label="Contact name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            className="grow"
          />
          <TextField
            label="Contact phone"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={errors.phone}
          />
          <OnlineButton type="submit" loading={add.isPending}>
            Add contact
          </OnlineButton>
        </form>
      </div>
    </section>
  );
}
