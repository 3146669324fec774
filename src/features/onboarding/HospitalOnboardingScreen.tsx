import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  HOSPITAL_TYPES,
  HOSPITAL_TYPE_LABELS,
  INDIAN_STATES,
  INDIAN_STATE_LABELS,
  SPECIALIZATIONS,
  SPECIALIZATION_LABELS,
} from '../../../domain/enums.ts';
import { onboardHospitalBody } from '../../../domain/schemas/hospitals.ts';
import { hospitalsApi } from '../../api/hospitals.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { useAuth } from '../../app/auth/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useDraft } from './useDraft.ts';

const STEPS = [
  {
    title: 'About',
    fields: ['name', 'registrationNumber', 'hospitalType', 'totalBeds', 'establishedYear', 'description'],
  },
  {
    title: 'Address',
    fields: ['address', 'phone', 'email', 'website', 'latitude', 'longitude'],
  },
  {
    title: 'Services',
    fields: ['specialties', 'emergencyServices', 'icuAvailability', 'ambulanceService', 'insurancePartners'],
  },
  { title: 'Review', fields: [] },
] as const;

const EMPTY = {
  name: '',
  registrationNumber: '',
  hospitalType: '',
  totalBeds: '',
  establishedYear: '',
  description: '',
  buildingNumber: '',
  street: '',
  locality: '',
  landmark: '',
  city: '',
  state: '',
  pincode: '',
  phone: '',
  email: '',
  website: '',
  latitude: '',
  longitude: '',
  specialties: [] as string[],
  emergencyServices: false,
  icuAvailability: false,
  ambulanceService: false,
  insurancePartners: '',
};
type Draft = typeof EMPTY;

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());
const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

function toBody(d: Draft) {
  return {
    name: d.name,
    registrationNumber: d.registrationNumber,
    hospitalType: d.hospitalType || undefined,
    totalBeds: numberOrUndefined(d.totalBeds),
    establishedYear: numberOrUndefined(d.establishedYear),
    description: orUndefined(d.description),
    address: {
      buildingNumber: d.buildingNumber,
      street: d.street,
      locality: d.locality,
      landmark: orUndefined(d.landmark),
      city: d.city,
      state: d.state || undefined,
      pincode: d.pincode,
    },
    phone: orUndefined(d.phone),
    email: orUndefined(d.email),
    website: orUndefined(d.website),
    latitude: numberOrUndefined(d.latitude),
    longitude: numberOrUndefined(d.longitude),
    specialties: d.specialties,
    emergencyServices: d.emergencyServices,
    icuAvailability: d.icuAvailability,
    ambulanceService: d.ambulanceService,
    insurancePartners: d.insurancePartners
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** Errors keyed by the form's own field names ('pincode', not 'address.pincode'). */
function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] === 'address' ? issue.path[1] : issue.path[0]);
    out[key] ??= issue.message;
  }
  return out;
}

const ADDRESS_FIELDS = ['buildingNumber', 'street', 'locality', 'landmark', 'city', 'state', 'pincode'];

export function HospitalOnboardingScreen() {
  usePageTitle('Onboard your hospital');
  const { user, refreshUser } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft, clearDraft] = useDraft<Draft>(`caremesh:onboarding:hospital:${user?.id ?? ''}`, EMPTY);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(draft[key])}
      onChange={(e) => set(key, e.target.value as never)}
      error={errors[key]}
      {...props}
    />
  );

  const stepErrors = (index: number) => {
    const parsed = onboardHospitalBody.safeParse(toBody(draft));
    if (parsed.success) return {};
    const all = errorsOf(parsed.error.issues);
    const fields = STEPS[index]?.fields ?? [];
    const wanted = (key: string) =>
      (fields as readonly string[]).includes(key) ||
      ((fields as readonly string[]).includes('address') && ADDRESS_FIELDS.includes(key));
    return Object.fromEntries(Object.entries(all).filter(([key]) => wanted(key)));
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const found = stepErrors(step);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const submit = async () => {
    const parsed = onboardHospitalBody.safeParse(toBody(draft));
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      const firstBad = STEPS.findIndex((_, i) => Object.keys(stepErrors(i)).length > 0);
      setStep(Math.max(firstBad, 0));
      return;
    }
    setBusy(true);
    try {
      await hospitalsApi.onboard(parsed.data);
      clearDraft();
      await refreshUser();
      toast.success('Your hospital is on CareMesh. An admin will verify it shortly.', { title: 'Success' });
      navigate('/profile', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors()).map(([path, message]) => [path.split('.').pop(), message]),
          ),
        );
      }
      toast.error(`Onboarding failed: ${messageOf(error)}`, { title: 'Error' });
      setBusy(false);
    }
  };

  const fillLocation = () =>
    navigator.geolocation?.getCurrentPosition(
      (p) =>
        setDraft((d) => ({ ...d, latitude: p.coords.latitude.toFixed(5), longitude: p.coords.longitude.toFixed(5) })),
      () => toast.warning('Location is not available; you can type the coordinates or leave them empty.'),
    );

  // Already onboarded (another tab, or the back button after submitting): nothing to do here.
  if (user?.referenceId) return <Navigate to="/profile" replace />;

  const body = toBody(draft);
  const review: Array<[string, ReactNode]> = [
    ['Name', body.name],
    ['Registration number', body.registrationNumber],
    ['Type', body.hospitalType ? HOSPITAL_TYPE_LABELS[body.hospitalType as never] : '—'],
    ['Address', `${draft.buildingNumber}, ${draft.street}, ${draft.locality}, ${draft.city} ${draft.pincode}`],
    ['State', draft.state ? INDIAN_STATE_LABELS[draft.state as never] : '—'],
    ['Specialties', body.specialties.map((s) => SPECIALIZATION_LABELS[s as never]).join(', ') || '—'],
  ];

  return (
    <section aria-labelledby="onboarding-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div>
        <h1 id="onboarding-title" className="text-2xl font-bold tracking-tight">
          Onboard your hospital
        </h1>
        <p className="text-sm text-base-content/70">
          Your answers are saved on this device as you go. Admins verify new hospitals before patients can find them.
        </p>
      </div>
      <ol className="steps w-full" aria-label="Progress">
        {STEPS.map((s, i) => (
          <li
            key={s.title}
            className={`step ${i <= step ? 'step-primary' : ''}`}
            aria-current={i === step ? 'step' : undefined}
          >
            {s.title}
          </li>
        ))}
      </ol>

      <form onSubmit={next} noValidate className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <h2 className="text-lg font-semibold">
            Step {step + 1} of {STEPS.length}: {STEPS[step]?.title}
          </h2>
          {step === 0 && (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {text('name', 'Hospital name', { required: true, className: 'sm:col-span-2' })}
              {text('registrationNumber', 'Registration number', { required: true })}
              <label className="flex flex-col gap-1 text-sm font-medium">
                Hospital type
                <select
                  className={`select w-full ${errors.hospitalType ? 'select-error' : ''}`}
                  value={draft.hospitalType}
                  onChange={(e) => set('hospitalType', e.target.value)}
                  aria-invalid={errors.hospitalType ? true : undefined}
                >
                  <option value="">Choose…</option>
                  {HOSPITAL_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {HOSPITAL_TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
                {errors.hospitalType && <span className="text-error font-normal">{errors.hospitalType}</span>}
              </label>
              {text('totalBeds', 'Beds', { type: 'number', inputMode: 'numeric', min: 0 })}
              {text('establishedYear', 'Year established', { type: 'number', inputMode: 'numeric' })}
              {text('description', 'About the hospital', { className: 'sm:col-span-2' })}
            </div>
          )}
          {step === 1 && (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {text('buildingNumber', 'Building number', { required: true })}
              {text('street', 'Street', { required: true })}
              {text('locality', 'Locality', { required: true })}
              {text('landmark', 'Landmark')}
              {text('city', 'City', { required: true })}
              <label className="flex flex-col gap-1 text-sm font-medium">
                State
                <select
                  className={`select w-full ${errors.state ? 'select-error' : ''}`}
                  value={draft.state}
                  onChange={(e) => set('state', e.target.value)}
                  aria-invalid={errors.state ? true : undefined}
                >
                  <option value="">Choose…</option>
                  {INDIAN_STATES.map((s) => (
                    <option key={s} value={s}>
                      {INDIAN_STATE_LABELS[s]}
                    </option>
                  ))}
                </select>
                {errors.state && <span className="text-error font-normal">{errors.state}</span>}
              </label>
              {text('pincode', 'Pincode', { required: true, inputMode: 'numeric', maxLength: 6 })}
              {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
              {text('email', 'Email', { type: 'email' })}
              {text('website', 'Website')}
              <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
                {text('latitude', 'Latitude', { inputMode: 'decimal', className: 'w-36' })}
                {text('longitude', 'Longitude', { inputMode: 'decimal', className: 'w-36' })}
                <Button buttonStyle="outline" size="sm" onClick={fillLocation}>
                  Use my current location
                </Button>
              </div>
            </div>
          )}
          {step === 2 && (
            <div className="flex flex-col gap-4">
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Specialties</legend>
                <div className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3">
                  {SPECIALIZATIONS.map((s) => (
                    <label key={s} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm checkbox-primary"
                        checked={draft.specialties.includes(s)}
                        onChange={(e) =>
                          set(
                            'specialties',
                            e.target.checked ? [...draft.specialties, s] : draft.specialties.filter((x) => x !== s),
                          )
                        }
                      />
                      {SPECIALIZATION_LABELS[s]}
                    </label>
                  ))}
                </div>
              </fieldset>
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
                      checked={draft[key]}
                      onChange={(e) => set(key, e.target.checked)}
                    />
                    {label}
                  </label>
                ))}
              </div>
              {text('insurancePartners', 'Insurance partners', { hint: 'Separate them with commas' })}
            </div>
          )}
          {step === 3 && (
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              {review.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-base-content/70">{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
          )}
          <div className="flex justify-between gap-2 pt-2">
            <Button buttonStyle="ghost" disabled={step === 0 || busy} onClick={() => setStep((s) => s - 1)}>
              Back
            </Button>
            {step < STEPS.length - 1 ? (
              <Button type="submit">Next</Button>
            ) : (
              <Button loading={busy} loadingText="Submitting…" onClick={() => void submit()}>
                Submit hospital
              </Button>
            )}
          </div>
        </div>
      </form>
    </section>
  );
}
