import {
  ACCREDITATIONS,
  ACCREDITATION_LABELS,
  DIAGNOSTICS_FACILITY_TYPES,
  DIAGNOSTICS_FACILITY_TYPE_LABELS,
  DIAGNOSTIC_TEST_TYPES,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  EQUIPMENT_KINDS,
  EQUIPMENT_KIND_LABELS,
  INDIAN_REGION_LABELS,
} from '../../../domain/enums.ts';
import { onboardDiagnosticsBody } from '../../../domain/schemas/diagnostics.ts';
import { onboardingApi } from '../../api/onboarding.ts';
import {
  OnboardingWizard,
  PLACE_DRAFT,
  PLACE_FIELDS,
  addressLine,
  commaList,
  orUndefined,
  placeBody,
  type WizardStep,
} from './OnboardingWizard.tsx';

const EMPTY = {
  name: '',
  licenseNumber: '',
  facilityType: '',
  description: '',
  ...PLACE_DRAFT,
  testsAvailable: [] as string[],
  equipmentAvailable: [] as string[],
  accreditations: [] as string[],
  hasHomeCollection: false,
  hasEmergencyService: false,
  insuranceAccepted: '',
};
type Draft = typeof EMPTY;

function toBody(d: Draft) {
  return {
    name: d.name,
    licenseNumber: d.licenseNumber,
    facilityType: d.facilityType || undefined,
    description: orUndefined(d.description),
    ...placeBody(d),
    testsAvailable: d.testsAvailable,
    equipmentAvailable: d.equipmentAvailable,
    accreditations: d.accreditations,
    hasHomeCollection: d.hasHomeCollection,
    hasEmergencyService: d.hasEmergencyService,
    insuranceAccepted: commaList(d.insuranceAccepted),
  };
}

const STEPS: Array<WizardStep<Draft>> = [
  {
    title: 'About',
    fields: ['name', 'licenseNumber', 'facilityType', 'description'],
    render: (f) => (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {f.text('name', 'Centre name', { required: true, className: 'sm:col-span-2' })}
        {f.text('licenseNumber', 'Licence number', { required: true })}
        {f.select('facilityType', 'Facility type', DIAGNOSTICS_FACILITY_TYPES, DIAGNOSTICS_FACILITY_TYPE_LABELS)}
        {f.text('description', 'About the centre', { className: 'sm:col-span-2' })}
      </div>
    ),
  },
  { title: 'Address', fields: PLACE_FIELDS, render: (f) => f.place() },
  {
    title: 'Tests',
    fields: ['testsAvailable', 'equipmentAvailable', 'accreditations'],
    render: (f) => (
      <div className="flex flex-col gap-5">
        {f.checks('testsAvailable', 'Tests available', DIAGNOSTIC_TEST_TYPES, DIAGNOSTIC_TEST_TYPE_LABELS)}
        {f.checks('equipmentAvailable', 'Equipment', EQUIPMENT_KINDS, EQUIPMENT_KIND_LABELS)}
        {f.checks('accreditations', 'Accreditations', ACCREDITATIONS, ACCREDITATION_LABELS)}
      </div>
    ),
  },
  {
    title: 'Services',
    fields: ['hasHomeCollection', 'hasEmergencyService', 'insuranceAccepted'],
    render: (f) => (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-4">
          {f.toggle('hasHomeCollection', 'Home sample collection')}
          {f.toggle('hasEmergencyService', 'Emergency service')}
        </div>
        {f.text('insuranceAccepted', 'Insurance accepted', { hint: 'Separate them with commas' })}
      </div>
    ),
  },
];

export function DiagnosticsOnboardingScreen() {
  return (
    <OnboardingWizard
      kind="diagnostics"
      title="Onboard your diagnostics centre"
      intro="Your answers are saved on this device as you go. Admins verify new centres before patients can find them."
      empty={EMPTY}
      steps={STEPS}
      schema={onboardDiagnosticsBody}
      toBody={toBody}
      submit={(body) => onboardingApi.diagnostics(body)}
      verification={{
        kind: 'DIAGNOSTICS',
        facts: (d) => ({ accreditations: d.accreditations, equipment: d.equipmentAvailable }),
      }}
      submitLabel="Submit centre"
      successMessage="Your diagnostics centre is on CareMesh. An admin will verify it shortly."
      review={(d) => [
        ['Name', d.name],
        ['Licence number', d.licenseNumber],
        ['Facility type', d.facilityType ? DIAGNOSTICS_FACILITY_TYPE_LABELS[d.facilityType as never] : '—'],
        ['Address', addressLine(d)],
        ['State', d.state ? INDIAN_REGION_LABELS[d.state as never] : '—'],
        ['Tests', d.testsAvailable.map((t) => DIAGNOSTIC_TEST_TYPE_LABELS[t as never]).join(', ') || '—'],
        ['Accreditations', d.accreditations.join(', ') || '—'],
      ]}
    />
  );
}
