import {
  INDIAN_REGION_LABELS,
  MEDICINE_CATEGORIES,
  MEDICINE_CATEGORY_LABELS,
  PHARMACY_SERVICES,
  PHARMACY_SERVICE_LABELS,
  PHARMACY_TYPES,
  PHARMACY_TYPE_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type Weekday,
} from '../../../domain/enums.ts';
import { onboardPharmacyBody } from '../../../domain/schemas/pharmacies.ts';
import { onboardingApi } from '../../api/onboarding.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import {
  OnboardingWizard,
  PLACE_DRAFT,
  PLACE_FIELDS,
  addressLine,
  commaList,
  orUndefined,
  placeBody,
  type WizardForm,
  type WizardStep,
} from './OnboardingWizard.tsx';

const DAY_MODES = ['HOURS', 'OPEN_24_HOURS', 'CLOSED'] as const;
const DAY_MODE_LABELS: Record<string, string> = {
  HOURS: 'Open (set hours)',
  OPEN_24_HOURS: 'Open 24 hours',
  CLOSED: 'Closed',
};
type DayDraft = { mode: string; open: string; close: string };

const EMPTY = {
  name: '',
  licenseNumber: '',
  pharmacyType: '',
  description: '',
  ...PLACE_DRAFT,
  services: [] as string[],
  medicationTypes: [] as string[],
  products: [] as string[],
  hasHomeDelivery: false,
  hasEmergencyService: false,
  insurancePartners: '',
  hours: Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      day === 'SUNDAY' ? { mode: 'CLOSED', open: '', close: '' } : { mode: 'HOURS', open: '09:00', close: '21:00' },
    ]),
  ) as Record<Weekday, DayDraft>,
};
type Draft = typeof EMPTY;

function dayBody(day: DayDraft | undefined) {
  if (!day || day.mode === '') return undefined;
  if (day.mode === 'CLOSED') return { closed: true as const };
  if (day.mode === 'OPEN_24_HOURS') return { open24Hours: true as const };
  return { open: day.open || undefined, close: day.close || undefined };
}

function toBody(d: Draft) {
  const openingHours = Object.fromEntries(
    WEEKDAYS.map((day) => [day, dayBody(d.hours[day])] as const).filter(([, hours]) => hours !== undefined),
  );
  return {
    name: d.name,
    licenseNumber: d.licenseNumber,
    pharmacyType: d.pharmacyType || undefined,
    description: orUndefined(d.description),
    ...placeBody(d),
    services: d.services,
    medicationTypes: d.medicationTypes,
    products: d.products,
    hasHomeDelivery: d.hasHomeDelivery,
    hasEmergencyService: d.hasEmergencyService,
    insurancePartners: commaList(d.insurancePartners),
    openingHours,
  };
}

function OpeningHours({ form }: { form: WizardForm<Draft> }) {
  const { draft, errors, set } = form;
  const setDay = (day: Weekday, change: Partial<DayDraft>) =>
    set('hours', { ...draft.hours, [day]: { ...draft.hours[day], ...change } });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-base-content/70">
        Set each day's hours; a day left as “Not stated” shows no hours to patients.
      </p>
      {WEEKDAYS.map((day) => {
        const value = draft.hours[day];
        const label = WEEKDAY_LABELS[day];
        return (
          <div key={day} className="grid grid-cols-1 gap-2 border-b border-base-200 pb-3 sm:grid-cols-3 sm:items-start">
            <SelectField
              label={label}
              options={DAY_MODES}
              labels={DAY_MODE_LABELS}
              placeholder="Not stated"
              value={value.mode}
              onChange={(e) => setDay(day, { mode: e.target.value })}
            />
            {value.mode === 'HOURS' && (
              <>
                <TextField
                  label={`${label} opens`}
                  type="time"
                  value={value.open}
                  onChange={(e) => setDay(day, { open: e.target.value })}
                />
                <TextField
                  label={`${label} closes`}
                  type="time"
                  value={value.close}
                  onChange={(e) => setDay(day, { close: e.target.value })}
                />
              </>
            )}
            {errors[`openingHours.${day}`] && (
              <p className="text-sm text-error sm:col-span-3" role="alert">
                {label}: {errors[`openingHours.${day}`]}
              </p>
            )}
          </div>
        );
      })}
      {errors.openingHours && (
        <p className="text-sm text-error" role="alert">
          {errors.openingHours}
        </p>
      )}
    </div>
  );
}

const STEPS: Array<WizardStep<Draft>> = [
  {
    title: 'About',
    fields: ['name', 'licenseNumber', 'pharmacyType', 'description'],
    render: (f) => (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {f.text('name', 'Pharmacy name', { required: true, className: 'sm:col-span-2' })}
        {f.text('licenseNumber', 'Drug licence number', { required: true })}
        {f.select('pharmacyType', 'Pharmacy type', PHARMACY_TYPES, PHARMACY_TYPE_LABELS)}
        {f.text('description', 'About the pharmacy', { className: 'sm:col-span-2' })}
      </div>
    ),
  },
  { title: 'Address', fields: PLACE_FIELDS, render: (f) => f.place() },
  {
    title: 'Services',
    fields: ['services', 'medicationTypes', 'products', 'hasHomeDelivery', 'hasEmergencyService', 'insurancePartners'],
    render: (f) => (
      <div className="flex flex-col gap-5">
        {f.checks('services', 'Services', PHARMACY_SERVICES, PHARMACY_SERVICE_LABELS)}
        {f.checks('medicationTypes', 'Medication types', MEDICINE_CATEGORIES, MEDICINE_CATEGORY_LABELS)}
        {f.checks('products', 'Products', PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS)}
        <div className="flex flex-wrap gap-4">
          {f.toggle('hasHomeDelivery', 'Offers home delivery')}
          {f.toggle('hasEmergencyService', 'Offers emergency service')}
        </div>
        {f.text('insurancePartners', 'Insurance partners', { hint: 'Separate them with commas' })}
      </div>
    ),
  },
  { title: 'Hours', fields: ['openingHours'], render: (f) => <OpeningHours form={f} /> },
];

function hoursSummary(d: Draft) {
  return WEEKDAYS.map((day) => {
    const h = d.hours[day];
    const what =
      h.mode === 'CLOSED' ? 'closed' : h.mode === 'OPEN_24_HOURS' ? '24 hours' : h.mode ? `${h.open}–${h.close}` : '';
    return what ? `${WEEKDAY_LABELS[day].slice(0, 3)} ${what}` : '';
  })
    .filter(Boolean)
    .join(' · ');
}

export function PharmacyOnboardingScreen() {
  return (
    <OnboardingWizard
      kind="pharmacy"
      title="Onboard your pharmacy"
      intro="Your answers are saved on this device as you go. Admins verify new pharmacies before patients can find them."
      empty={EMPTY}
      steps={STEPS}
      schema={onboardPharmacyBody}
      toBody={toBody}
      nested={['openingHours']}
      submit={(body) => onboardingApi.pharmacy(body)}
      verification={{ kind: 'PHARMACY' }}
      submitLabel="Submit pharmacy"
      successMessage="Your pharmacy is on CareMesh. An admin will verify it shortly."
      review={(d) => [
        ['Name', d.name],
        ['Drug licence number', d.licenseNumber],
        ['Type', d.pharmacyType ? PHARMACY_TYPE_LABELS[d.pharmacyType as never] : '—'],
        ['Address', addressLine(d)],
        ['State', d.state ? INDIAN_REGION_LABELS[d.state as never] : '—'],
        ['Services', d.services.map((s) => PHARMACY_SERVICE_LABELS[s as never]).join(', ') || '—'],
        ['Home delivery', d.hasHomeDelivery ? 'Yes' : 'No'],
        ['Opening hours', hoursSummary(d) || '—'],
      ]}
    />
  );
}
