import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { HOSPITAL_TYPE_LABELS, INDIAN_STATE_LABELS, SPECIALIZATION_LABELS } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import {
  departmentBody,
  emergencyContactBody,
  updateHospitalBody,
  type OnboardHospitalBody,
} from '../../../domain/schemas/hospitals.ts';
import { hospitalKeys, hospitalsApi, type HospitalProfile } from '../../api/hospitals.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { ProfileHeader, ProfileLoadError, ProfileLoading, useProfileMutation } from './profileParts.tsx';

export function MyHospitalScreen() {
  usePageTitle('My Hospital');
  const hospital = useQuery({ queryKey: hospitalKeys.mine, queryFn: async () => (await hospitalsApi.mine()).data });

  if (hospital.isPending) return <ProfileLoading what="hospital" />;
  if (hospital.isError) {
    return <ProfileLoadError what="hospital" error={hospital.error} retry={() => void hospital.refetch()} />;
  }
  const h = hospital.data;
  return (
    <section aria-labelledby="my-hospital-title" className="flex flex-col gap-5">
      <ProfileHeader id="my-hospital-title" name={h.name} status={h.verificationStatus} />
      <HospitalDetails hospital={h} />
      <Departments hospital={h} />
      <EmergencyContacts hospital={h} />
    </section>
  );
}

/** The hospital's details, with an edit form for what its desk may change itself (a partial PATCH). */
function HospitalDetails({ hospital: h }: { hospital: HospitalProfile }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(() => detailsForm(h));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useHospitalMutation(
    (body: Partial<OnboardHospitalBody>) => hospitalsApi.update(h.id, body),
    'Details saved.',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateHospitalBody.safeParse(changedDetails(h, form));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data as Partial<OnboardHospitalBody>, { onSuccess: () => setEditing(false) });
  };
  const text = (key: keyof DetailsForm, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(form[key])}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      error={errors[key]}
      {...props}
    />
  );

  if (editing) {
    return (
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="details-title"
        className="card border border-base-300 bg-base-100"
      >
        <div className="card-body gap-4">
          <h2 id="details-title" className="text-lg font-semibold">
            Edit details
          </h2>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {text('name', 'Hospital name', { required: true, className: 'sm:col-span-2' })}
            {text('phone', 'Phone', { type: 'tel', inputMode: 'tel' })}
            {text('email', 'Email', { type: 'email' })}
            {text('website', 'Website')}
            {text('totalBeds', 'Beds', { type: 'number', inputMode: 'numeric', min: 0 })}
            {text('description', 'About the hospital', { className: 'sm:col-span-2' })}
          </div>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['emergencyServices', 'Emergency services'],
                ['icuAvailability', 'ICU'],
                ['ambulanceService', 'Ambulance'],
              ] as const
            ).map(([key, label]) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="toggle toggle-primary toggle-sm"
                  checked={form[key]}
                  onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.checked }))}
                />
                {label}
              </label>
            ))}
          </div>
          {errors.form && (
            <p role="alert" className="text-sm text-error">
              {errors.form}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button
              buttonStyle="ghost"
              onClick={() => {
                setForm(detailsForm(h));
                setErrors({});
                setEditing(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} loadingText="Saving…">
              Save details
            </Button>
          </div>
        </div>
      </form>
    );
  }

  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="flex justify-end px-6 pt-4">
        <Button
          size="sm"
          buttonStyle="outline"
          onClick={() => {
            setForm(detailsForm(h));
            setEditing(true);
          }}
        >
          Edit details
        </Button>
      </div>
      <dl className="card-body grid grid-cols-1 gap-x-6 gap-y-2 pt-0 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-base-content/70">Type</dt>
        <dd>{HOSPITAL_TYPE_LABELS[h.hospitalType]}</dd>
        <dt className="font-medium text-base-content/70">Registration number</dt>
        <dd>{h.registrationNumber}</dd>
        <dt className="font-medium text-base-content/70">Address</dt>
        <dd>
          {[h.address.buildingNumber, h.address.street, h.address.locality, h.address.landmark, h.address.city]
            .filter(Boolean)
            .join(', ')}{' '}
          {h.address.pincode}, {INDIAN_STATE_LABELS[h.address.state]}
        </dd>
        <dt className="font-medium text-base-content/70">Phone</dt>
        <dd>{h.phone ? formatPhone(h.phone) : '—'}</dd>
        <dt className="font-medium text-base-content/70">Specialties</dt>
        <dd>{h.specialties.map((s) => SPECIALIZATION_LABELS[s as never] ?? s).join(', ') || '—'}</dd>
        <dt className="font-medium text-base-content/70">Facilities</dt>
        <dd>
          {[h.emergencyServices && 'Emergency', h.icuAvailability && 'ICU', h.ambulanceService && 'Ambulance']
            .filter(Boolean)
            .join(', ') || '—'}
          {h.totalBeds ? ` · ${h.totalBeds} beds` : ''}
        </dd>
        <dt className="font-medium text-base-content/70">Email</dt>
        <dd className="break-all">{h.email ?? '—'}</dd>
        <dt className="font-medium text-base-content/70">About</dt>
        <dd>{h.description ?? '—'}</dd>
      </dl>
    </div>
  );
}

type DetailsForm = ReturnType<typeof detailsForm>;

function detailsForm(h: HospitalProfile) {
  return {
    name: h.name,
    phone: h.phone ?? '',
    email: h.email ?? '',
    website: h.website ?? '',
    totalBeds: h.totalBeds === null ? '' : String(h.totalBeds),
    description: h.description ?? '',
    emergencyServices: h.emergencyServices,
    icuAvailability: h.icuAvailability,
    ambulanceService: h.ambulanceService,
  };
}

/** Only what changed is sent: a change never touches what the user did not edit. */
function changedDetails(h: HospitalProfile, form: DetailsForm) {
  const before = detailsForm(h);
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(form) as Array<keyof DetailsForm>) {
    if (form[key] === before[key]) continue;
    const value = form[key];
    if (key === 'totalBeds') changed[key] = value === '' ? undefined : Number(value);
    else changed[key] = typeof value === 'string' ? value.trim() || undefined : value;
  }
  return changed;
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
          <Button type="submit" loading={add.isPending}>
            Add department
          </Button>
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
          <Button type="submit" loading={add.isPending}>
            Add contact
          </Button>
        </form>
      </div>
    </section>
  );
}
