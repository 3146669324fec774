import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { messageOf } from '../../api/http.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import {
  ADDRESS_KEYS,
  AddressFields,
  EMPTY_ADDRESS,
  addressOf,
  type AddressDraft,
} from '../../ui/form/AddressFields.tsx';
import { CheckboxGroup } from '../../ui/form/CheckboxGroup.tsx';
import { apiErrorsToFields, focusFirstInvalid, issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField, type TextFieldProps } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useDraft } from './useDraft.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { DOCUMENT_TYPE_LABELS, type ProviderKind } from '../../../domain/enums.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { checklistOf, type ProviderFacts } from '../../../domain/rules/verification.ts';

/** What every organisation's address step holds, flat in the draft. */
export const PLACE_DRAFT = { ...EMPTY_ADDRESS, phone: '', email: '', latitude: '', longitude: '' };
export type PlaceDraft = typeof PLACE_DRAFT;
/** The fields of the address step, as the onboarding schemas name them. */
export const PLACE_FIELDS = ['address', 'phone', 'email', 'latitude', 'longitude'] as const;

export const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());
export const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));
export const commaList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** address, phone, email and coordinates as the onboarding schemas take them. */
export function placeBody(d: PlaceDraft) {
  return {
    address: addressOf(d),
    phone: orUndefined(d.phone),
    email: orUndefined(d.email),
    latitude: numberOrUndefined(d.latitude),
    longitude: numberOrUndefined(d.longitude),
  };
}

export const addressLine = (d: AddressDraft) =>
  [d.buildingNumber, d.street, d.locality, d.landmark, d.city].filter((s) => s.trim()).join(', ') +
  (d.pincode ? ` ${d.pincode}` : '');

type Draft = Record<string, unknown>;
type KeysOf<D, V> = { [K in keyof D]: D[K] extends V ? K : never }[keyof D] & string;

/** The controls a step renders, bound to the draft and the current errors. */
export type WizardForm<D extends Draft> = {
  draft: D;
  errors: Record<string, string>;
  set<K extends keyof D>(key: K, value: D[K]): void;
  text(key: KeysOf<D, string>, label: string, props?: Partial<TextFieldProps>): ReactNode;
  select(key: KeysOf<D, string>, label: string, options: readonly string[], labels: Record<string, string>): ReactNode;
  checks(
    key: KeysOf<D, string[]>,
    legend: string,
    options: readonly string[],
    labels: Record<string, string>,
  ): ReactNode;
  toggle(key: KeysOf<D, boolean>, label: string): ReactNode;
  /** The address, phone, email and coordinates (with "Use my current location"); `extra` goes after email. */
  place(extra?: ReactNode): ReactNode;
};

export type WizardStep<D extends Draft> = {
  title: string;
  /** Top-level schema fields this step owns: their errors stop "Next" here. */
  fields: readonly string[];
  render(form: WizardForm<D>): ReactNode;
};

export type OnboardingWizardProps<D extends Draft, S extends z.ZodType> = {
  /** Names the draft in localStorage (per user) and the headings' ids. */
  kind: string;
  title: string;
  intro: string;
  empty: D;
  steps: ReadonlyArray<WizardStep<D>>;
  schema: S;
  toBody(draft: D): unknown;
  review(draft: D): Array<[string, ReactNode]>;
  submit(body: z.output<S>): Promise<unknown>;
  submitLabel: string;
  successMessage: string;
  /** Schema fields whose second path part names a form field of its own (e.g. openingHours.MONDAY). */
  nested?: readonly string[];
  /** The review step lists the documents this provider will upload for verification. */
  verification?: { kind: ProviderKind; facts?(draft: D): ProviderFacts };
};

/**
 * The frame every onboarding wizard shares: progress, the draft kept per user across reloads,
 * per-step validation with the domain schema, a review step, submit, server errors on their fields,
 * and after success the refreshed user lands on /profile.
 */
export function OnboardingWizard<D extends Draft, S extends z.ZodType>(props: OnboardingWizardProps<D, S>) {
  const { kind, title, intro, empty, steps: ownSteps, schema, toBody, nested = [] } = props;
  usePageTitle(title);
  const { user, refreshUser } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [draft, setDraft, clearDraft] = useDraft<D>(`caremesh:onboarding:${kind}:${user?.id ?? ''}`, empty);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const steps = [...ownSteps.map((s) => ({ title: s.title, fields: s.fields })), { title: 'Review', fields: [] }];
  const last = steps.length - 1;

  const allErrors = () => {
    const parsed = schema.safeParse(toBody(draft));
    return parsed.success ? {} : issuesToErrors(parsed.error.issues, nested);
  };
  const stepErrors = (index: number, all = allErrors()) => {
    const fields: readonly string[] = steps[index]?.fields ?? [];
    const owns = (key: string) =>
      fields.includes(key.split('.')[0] ?? key) ||
      (fields.includes('address') && (ADDRESS_KEYS as readonly string[]).includes(key));
    return Object.fromEntries(Object.entries(all).filter(([key]) => owns(key)));
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const found = stepErrors(step);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((s) => Math.min(s + 1, last));
    else focusFirstInvalid();
  };

  const submit = async () => {
    const parsed = schema.safeParse(toBody(draft));
    if (!parsed.success) {
      const all = issuesToErrors(parsed.error.issues, nested);
      setErrors(all);
      const firstBad = steps.findIndex((_, i) => Object.keys(stepErrors(i, all)).length > 0);
      setStep(Math.max(firstBad, 0));
      return;
    }
    setBusy(true);
    try {
      await props.submit(parsed.data);
      clearDraft();
      await refreshUser();
      toast.success(props.successMessage, { title: 'Success' });
      navigate('/profile', { replace: true });
    } catch (error) {
      const fieldErrors = apiErrorsToFields(error, nested);
      setErrors(fieldErrors);
      const firstBad = steps.findIndex((_, i) => Object.keys(stepErrors(i, fieldErrors)).length > 0);
      if (firstBad >= 0) setStep(firstBad);
      toast.error(`Onboarding failed: ${messageOf(error)}`, { title: 'Error' });
      setBusy(false);
    }
  };

  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const str = (key: string) => String((draft as Draft)[key] ?? '');
  const fillLocation = () => {
    if (!navigator.geolocation) {
      toast.warning('Location is not available; you can type the coordinates or leave them empty.');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setDraft((d) => ({ ...d, latitude: p.coords.latitude.toFixed(5), longitude: p.coords.longitude.toFixed(5) })),
      () => toast.warning('Location is not available; you can type the coordinates or leave them empty.'),
    );
  };

  const form: WizardForm<D> = {
    draft,
    errors,
    set,
    text: (key, label, extra = {}) => (
      <TextField
        label={label}
        value={str(key)}
        onChange={(e) => set(key, e.target.value as D[typeof key])}
        error={errors[key]}
        {...extra}
      />
    ),
    select: (key, label, options, labels) => (
      <SelectField
        label={label}
        options={options}
        labels={labels}
        value={str(key)}
        onChange={(e) => set(key, e.target.value as D[typeof key])}
        // The schema's message lists every value; the form only needs to ask for a choice.
        error={errors[key] ? `Choose the ${label.toLowerCase()}` : undefined}
      />
    ),
    checks: (key, legend, options, labels) => (
      <CheckboxGroup
        legend={legend}
        options={options}
        labels={labels}
        value={(draft[key] as string[] | undefined) ?? []}
        onChange={(value) => set(key, value as D[typeof key])}
        error={errors[key]}
      />
    ),
    toggle: (key, label) => (
      <label key={key} className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="toggle toggle-primary toggle-sm"
          checked={Boolean(draft[key])}
          onChange={(e) => set(key, e.target.checked as D[typeof key])}
        />
        {label}
      </label>
    ),
    place: (extra) => (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <AddressFields
          value={draft as unknown as AddressDraft}
          onChange={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
          errors={errors}
        />
        {form.text('phone' as KeysOf<D, string>, 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {form.text('email' as KeysOf<D, string>, 'Email', { type: 'email', autoComplete: 'email' })}
        {extra}
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
          {form.text('latitude' as KeysOf<D, string>, 'Latitude', { inputMode: 'decimal', className: 'w-36' })}
          {form.text('longitude' as KeysOf<D, string>, 'Longitude', { inputMode: 'decimal', className: 'w-36' })}
          <Button buttonStyle="outline" size="sm" onClick={fillLocation}>
            Use my current location
          </Button>
        </div>
      </div>
    ),
  };

  // Already onboarded (another tab, or the back button after submitting): nothing to do here.
  if (user?.referenceId) return <Navigate to="/profile" replace />;

  const titleId = `${kind}-onboarding-title`;
  return (
    <section aria-labelledby={titleId} className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div>
        <h1 id={titleId} className="text-2xl font-bold tracking-tight">
          {title}
        </h1>
        <p className="text-sm text-base-content/70">{intro}</p>
      </div>
      <ol className="steps w-full" aria-label="Progress">
        {steps.map((s, i) => (
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
            Step {step + 1} of {steps.length}: {steps[step]?.title}
          </h2>
          {step < last ? (
            ownSteps[step]?.render(form)
          ) : (
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
              {props.review(draft).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-base-content/70">{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
          )}
          {step === last && props.verification && (
            <NextDocuments kind={props.verification.kind} facts={props.verification.facts?.(draft) ?? {}} />
          )}
          <div className="flex justify-between gap-2 pt-2">
            <Button buttonStyle="ghost" disabled={step === 0 || busy} onClick={() => setStep((s) => s - 1)}>
              Back
            </Button>
            {step < last ? (
              <Button type="submit">Next</Button>
            ) : (
              <OnlineButton loading={busy} loadingText="Submitting…" onClick={() => void submit()}>
                {props.submitLabel}
              </OnlineButton>
            )}
          </div>
        </div>
      </form>
    </section>
  );
}

/** What comes after onboarding: the required documents, from the verification catalogue and the answers given. */
function NextDocuments({ kind, facts }: { kind: ProviderKind; facts: ProviderFacts }) {
  const required = checklistOf(kind, facts, [], todayInIndia()).filter((item) => item.required);
  return (
    <section aria-labelledby="next-documents-title" className="rounded-box border border-base-300 p-3 text-sm">
      <h3 id="next-documents-title" className="font-semibold">
        Next: your documents
      </h3>
      <p className="text-base-content/80">
        After you submit, upload these on the Documents page. An admin checks them before patients can find you.
      </p>
      <ul className="mt-1 list-disc pl-5">
        {required.map((item) => (
          <li key={item.documentType}>
            {DOCUMENT_TYPE_LABELS[item.documentType]}
            {item.requiredBecause ? ` (${item.requiredBecause})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
