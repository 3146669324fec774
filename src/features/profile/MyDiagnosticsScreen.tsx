import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ACCREDITATIONS,
  ACCREDITATION_LABELS,
  DIAGNOSTIC_TEST_TYPES,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  DIAGNOSTICS_FACILITY_TYPES,
  DIAGNOSTICS_FACILITY_TYPE_LABELS,
  EQUIPMENT_KINDS,
  EQUIPMENT_KIND_LABELS,
} from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/rules/phone.ts';
import {
  MAX_STAFF_COUNT,
  MAX_TURNAROUND_HOURS,
  resultsTurnaroundBody,
  staffingExpertiseBody,
  updateDiagnosticsBody,
  type ResultsTurnaroundBody,
} from '../../../domain/schemas/diagnostics.ts';
import {
  diagnosticsApi,
  diagnosticsKeys,
  type DiagnosticsProfile,
  getMyDiagnosticsQueryOptions,
} from '../../api/diagnostics.ts';
import { ApiError } from '../../api/http.ts';
import { TextField } from '../../ui/form/TextField.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import type { DetailsFieldSpecs } from './detailsDraft.ts';
import {
  EditableDetails,
  ProfileCard,
  ProfileHeader,
  issuesByPath,
  labelList,
  useProfileMutation,
} from './profileParts.tsx';
import { DetailList } from '../../ui/DetailList.tsx';
import { formatAddress } from '../../ui/address.ts';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { TeamSection } from './TeamSection.tsx';
import { VerificationCard } from './VerificationCard.tsx';

const testLabel = (test: string) => (DIAGNOSTIC_TEST_TYPE_LABELS as Readonly<Record<string, string>>)[test] ?? test;

export function MyDiagnosticsScreen() {
  usePageTitle('My Diagnostics');
  const centre = useQuery(getMyDiagnosticsQueryOptions());

  if (centre.isPending) return <Loading what="your diagnostics centre" />;
  if (centre.isError)
    return <LoadError what="your diagnostics centre" error={centre.error} retry={() => void centre.refetch()} />;
  const c = centre.data;
  return (
    <section aria-labelledby="my-diagnostics-title" className="flex flex-col gap-5">
      <ProfileHeader id="my-diagnostics-title" name={c.name} status={c.verificationStatus} />
      <CentreDetails centre={c} />
      <VerificationCard />
      {/* A change of the tests offered starts the turnaround form afresh with the new tests. */}
      {/* Seeded from the centre: a fresher copy from the server (after one kept on the device) starts them again. */}
      <ResultsTurnaround key={`${c.testsAvailable.join()}|${JSON.stringify(c.resultsTurnaround)}`} centre={c} />
      <StaffingExpertise key={JSON.stringify(c.staffing)} centre={c} />
      <TeamSection />
    </section>
  );
}

/** What the centre may change itself; the licence number and the address go through verification. */
const CENTRE_DETAILS = {
  name: { label: 'Centre name', kind: 'text' },
  facilityType: {
    label: 'Facility type',
    kind: 'choice',
    options: DIAGNOSTICS_FACILITY_TYPES,
    labels: DIAGNOSTICS_FACILITY_TYPE_LABELS,
  },
  phone: { label: 'Phone', kind: 'text' },
  email: { label: 'Email', kind: 'text' },
  testsAvailable: {
    label: 'Tests offered',
    kind: 'multi',
    options: DIAGNOSTIC_TEST_TYPES,
    labels: DIAGNOSTIC_TEST_TYPE_LABELS,
  },
  equipmentAvailable: { label: 'Equipment', kind: 'multi', options: EQUIPMENT_KINDS, labels: EQUIPMENT_KIND_LABELS },
  accreditations: { label: 'Accreditations', kind: 'multi', options: ACCREDITATIONS, labels: ACCREDITATION_LABELS },
  hasHomeCollection: { label: 'Home collection', kind: 'flag' },
  hasEmergencyService: { label: 'Emergency service', kind: 'flag' },
  insuranceAccepted: { label: 'Insurance accepted', kind: 'list' },
  description: { label: 'About the centre', kind: 'text', clearable: true },
} satisfies DetailsFieldSpecs;

function CentreDetails({ centre: c }: { centre: DiagnosticsProfile }) {
  return (
    <EditableDetails
      id="diagnostics-details-title"
      title="Details"
      profile={c}
      specs={CENTRE_DETAILS}
      schema={updateDiagnosticsBody}
      queryKey={diagnosticsKeys.mine}
      save={(body) => diagnosticsApi.update(c.id, body)}
      view={
        <DetailList
          rows={[
            ['Facility type', DIAGNOSTICS_FACILITY_TYPE_LABELS[c.facilityType]],
            ['Licence number', c.licenseNumber],
            ['Address', formatAddress(c.address)],
            ['Phone', c.phone ? formatPhone(c.phone) : ''],
            ['Email', c.email ?? ''],
            ['Tests offered', labelList(c.testsAvailable, DIAGNOSTIC_TEST_TYPE_LABELS)],
            ['Equipment', labelList(c.equipmentAvailable, EQUIPMENT_KIND_LABELS)],
            ['Accreditations', labelList(c.accreditations, ACCREDITATION_LABELS)],
            ['Home collection', c.hasHomeCollection ? 'Yes' : 'No'],
            ['Emergency service', c.hasEmergencyService ? 'Yes' : 'No'],
            ['Insurance accepted', c.insuranceAccepted.join(', ')],
            ['About', c.description ?? ''],
          ]}
        />
      }
    >
      {(f) => (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {f.field('name', { required: true, className: 'sm:col-span-2' })}
            {f.field('facilityType')}
            {f.field('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
            {f.field('email', { type: 'email', autoComplete: 'email' })}
            {f.field('insuranceAccepted')}
            {f.field('testsAvailable')}
            {f.field('equipmentAvailable')}
            {f.field('description', { multiline: true, maxLength: 2000, className: 'sm:col-span-2' })}
          </div>
          <div className="flex flex-wrap gap-x-6">
            {f.field('hasHomeCollection')}
            {f.field('hasEmergencyService')}
          </div>
          {f.field('accreditations')}
        </>
      )}
    </EditableDetails>
  );
}

function ResultsTurnaround({ centre }: { centre: DiagnosticsProfile }) {
  const [hours, setHours] = useState<Record<string, string>>(() =>
    Object.fromEntries(centre.testsAvailable.map((t) => [t, String(centre.resultsTurnaround[t] ?? '')])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useProfileMutation(
    diagnosticsKeys.mine,
    (body: ResultsTurnaroundBody) => diagnosticsApi.setResultsTurnaround(centre.id, body),
    'Results turnaround saved.',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, number> = {};
    const local: Record<string, string> = {};
    for (const test of centre.testsAvailable) {
      const raw = (hours[test] ?? '').trim();
      if (!raw) continue;
      const value = Number(raw);
      if (!Number.isFinite(value)) local[test] = 'Turnaround must be a number of hours';
      else body[test] = value;
    }
    const parsed = resultsTurnaroundBody.safeParse(body);
    const all = { ...(parsed.success ? {} : issuesByPath(parsed.error.issues)), ...local };
    setErrors(all);
    if (!parsed.success || Object.keys(local).length > 0) return;
    save.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors());
      },
    });
  };

  return (
    <ProfileCard id="turnaround-title" title="Results turnaround">
      {centre.testsAvailable.length === 0 ? (
        <p className="text-sm text-base-content/70">
          Your centre lists no tests yet; add the tests you offer to state how soon their results are ready.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-base-content/70">
            Hours from sample to result for each test you offer (1 to {MAX_TURNAROUND_HOURS}). Leave a test empty when
            you do not state it.
          </p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {centre.testsAvailable.map((test) => (
              <TextField
                key={test}
                label={`${testLabel(test)} (hours)`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_TURNAROUND_HOURS}
                step={1}
                value={hours[test] ?? ''}
                onChange={(e) => setHours((h) => ({ ...h, [test]: e.target.value }))}
                error={errors[test] ? `${testLabel(test)}: ${errors[test]}` : undefined}
              />
            ))}
          </div>
          <div>
            <OnlineButton type="submit" loading={save.isPending}>
              Save turnaround
            </OnlineButton>
          </div>
        </form>
      )}
    </ProfileCard>
  );
}

const STAFF = [
  ['pathologists', 'Pathologists'],
  ['radiologists', 'Radiologists'],
  ['technicians', 'Technicians'],
] as const;
type StaffKey = (typeof STAFF)[number][0];

function StaffingExpertise({ centre }: { centre: DiagnosticsProfile }) {
  const [counts, setCounts] = useState<Record<StaffKey, string>>(() => ({
    pathologists: String(centre.staffing.pathologists ?? ''),
    radiologists: String(centre.staffing.radiologists ?? ''),
    technicians: String(centre.staffing.technicians ?? ''),
  }));
  const [expertise, setExpertise] = useState((centre.staffing.expertise ?? []).join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useProfileMutation(
    diagnosticsKeys.mine,
    (body: ReturnType<typeof staffingExpertiseBody.parse>) => diagnosticsApi.setStaffingExpertise(centre.id, body),
    'Staffing and expertise saved.',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: Record<string, unknown> = {
      expertise: expertise
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    for (const [key] of STAFF) {
      const raw = counts[key].trim();
      if (raw) input[key] = Number(raw);
    }
    const parsed = staffingExpertiseBody.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors());
      },
    });
  };

  const expertiseError = Object.entries(errors).find(([k]) => k.startsWith('expertise'))?.[1];
  return (
    <ProfileCard id="staffing-title" title="Staffing & expertise">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {STAFF.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_STAFF_COUNT}
              step={1}
              value={counts[key]}
              onChange={(e) => setCounts((c) => ({ ...c, [key]: e.target.value }))}
              error={errors[key]}
            />
          ))}
        </div>
        <TextField
          label="Areas of expertise"
          value={expertise}
          onChange={(e) => setExpertise(e.target.value)}
          hint="Separate areas with commas, e.g. Histopathology, Neuroradiology."
          error={expertiseError}
        />
        <div>
          <OnlineButton type="submit" loading={save.isPending}>
            Save staffing
          </OnlineButton>
        </div>
      </form>
    </ProfileCard>
  );
}
