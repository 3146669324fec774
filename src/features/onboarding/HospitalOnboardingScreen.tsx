import {
  HOSPITAL_TYPES,
  HOSPITAL_TYPE_LABELS,
  INDIAN_REGION_LABELS,
  SPECIALIZATIONS,
  SPECIALIZATION_LABELS,
} from '../../../domain/enums.ts';
import { onboardHospitalBody } from '../../../domain/schemas/hospitals.ts';
import { hospitalsApi } from '../../api/hospitals.ts';
import {
  OnboardingWizard,
  PLACE_DRAFT,
  PLACE_FIELDS,
  addressLine,
  commaList,
  numberOrUndefined,
  orUndefined,
  placeBody,
  type WizardStep,
} from './OnboardingWizard.tsx';

const EMPTY = {
  name: '',
  registrationNumber: '',
  hospitalType: '',
  totalBeds: '',
  establishedYear: '',
  description: '',
  ...PLACE_DRAFT,
  website: '',
  specialties: [] as string[],
  emergencyServices: false,
  icuAvailability: false,
  ambulanceService: false,
  insurancePartners: '',
};
type Draft = typeof EMPTY;

function toBody(d: Draft) {
  return {
    name: d.name,
    registrationNumber: d.registrationNumber,
    hospitalType: d.hospitalType || undefined,
    totalBeds: numberOrUndefined(d.totalBeds),
    establishedYear: numberOrUndefined(d.establishedYear),
    description: orUndefined(d.description),
    ...placeBody(d),
    website: orUndefined(d.website),
    specialties: d.specialties,
    emergencyServices: d.emergencyServices,
    icuAvailability: d.icuAvailability,
    ambulanceService: d.ambulanceService,
    insurancePartners: commaList(d.insurancePartners),
  };
}

const STEPS: Array<WizardStep<Draft>> = [
  {
    title: 'About',
    fields: ['name', 'registrationNumber', 'hospitalType', 'totalBeds', 'establishedYear', 'description'],
    render: (f) => (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {f.text('name', 'Hospital name', { required: true, className: 'sm:col-span-2' })}
        {f.text('registrationNumber', 'Registration number', { required: true })}
        {f.select('hospitalType', 'Hospital type', HOSPITAL_TYPES, HOSPITAL_TYPE_LABELS)}
        {f.text('totalBeds', 'Beds', { type: 'number', inputMode: 'numeric', min: 0 })}
        {f.text('establishedYear', 'Year established', { type: 'number', inputMode: 'numeric' })}
        {f.text('description', 'About the hospital', { className: 'sm:col-span-2' })}
      </div>
    ),
  },
  {
    title: 'Address',
    fields: [...PLACE_FIELDS, 'website'],
    render: (f) => f.place(f.text('website', 'Website', { type: 'url', placeholder: 'https://' })),
  },
  {
    title: 'Services',
    fields: ['specialties', 'emergencyServices', 'icuAvailability', 'ambulanceService', 'insurancePartners'],
    render: (f) => (
      <div className="flex flex-col gap-4">
        {f.checks('specialties', 'Specialties', SPECIALIZATIONS, SPECIALIZATION_LABELS)}
        <div className="flex flex-wrap gap-4">
          {f.toggle('emergencyServices', 'Emergency services')}
          {f.toggle('icuAvailability', 'ICU')}
          {f.toggle('ambulanceService', 'Ambulance')}
        </div>
        {f.text('insurancePartners', 'Insurance partners', { hint: 'Separate them with commas' })}
      </div>
    ),
  },
];

export function HospitalOnboardingScreen() {
  return (
    <OnboardingWizard
      kind="hospital"
      title="Onboard your hospital"
      intro="Your answers are saved on this device as you go. Admins verify new hospitals before patients can find them."
      empty={EMPTY}
      steps={STEPS}
      schema={onboardHospitalBody}
      toBody={toBody}
      submit={(body) => hospitalsApi.onboard(body)}
      verification={{ kind: 'HOSPITAL' }}
      submitLabel="Submit hospital"
      successMessage="Your hospital is on CareMesh. An admin will verify it shortly."
      review={(d) => [
        ['Name', d.name],
        ['Registration number', d.registrationNumber],
        ['Type', d.hospitalType ? HOSPITAL_TYPE_LABELS[d.hospitalType as never] : '—'],
        ['Address', addressLine(d)],
        ['State', d.state ? INDIAN_REGION_LABELS[d.state as never] : '—'],
        ['Specialties', d.specialties.map((s) => SPECIALIZATION_LABELS[s as never]).join(', ') || '—'],
      ]}
    />
  );
}
