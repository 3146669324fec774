import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  CONSULTATION_TYPES,
  CONSULTATION_TYPE_LABELS,
  GENDERS,
  GENDER_LABELS,
  VISIT_TYPES,
  VISIT_TYPE_LABELS,
} from '../../../domain/enums.ts';
import { todayInIndia } from '../../../domain/rules/time.ts';
import { createConsultationBody } from '../../../domain/schemas/consultations.ts';
import { consultationKeys, consultationsApi } from '../../api/consultations.ts';
import { getHospitalDoctorChoicesQueryOptions } from '../../api/doctors.ts';
import { ApiError, messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { focusFirstInvalid } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { PatientFinder, type FoundPatient } from './PatientFinder.tsx';

const EMPTY_PATIENT = { firstName: '', lastName: '', phone: '', dateOfBirth: '', gender: '', allergies: '' };
type NewPatient = typeof EMPTY_PATIENT;

/** The form's field for a validation issue's path: the new patient's fields sit flat beside the rest. */
function fieldOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts[0] === 'newPatient') return parts[1] ?? 'newPatient';
  if (parts[0] === 'appointmentId') return 'patient';
  return parts[0] ?? '';
}

/**
 * A hospital's walk-in: a patient in its care (searched) or one it registers now, the treating doctor
 * (one of its doctors), the kind of visit; starting it opens the consultation. It needs the server at
 * once (it registers the patient), so offline the button says why it waits.
 */
export function WalkInScreen() {
  usePageTitle('New walk-in consultation');
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hospitalId = user?.referenceId ?? '';
  const whoId = useId();
  const visitId = useId();
  const [who, setWho] = useState<'existing' | 'new'>('existing');
  const [found, setFound] = useState<FoundPatient | null>(null);
  const [patient, setPatient] = useState<NewPatient>(EMPTY_PATIENT);
  const [doctorId, setDoctorId] = useState('');
  const [consultationType, setConsultationType] = useState<string>('IN_PERSON');
  const [visitType, setVisitType] = useState<string>('INITIAL');
  const [chiefComplaint, setChiefComplaint] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const doctors = useQuery({ ...getHospitalDoctorChoicesQueryOptions(hospitalId), enabled: hospitalId !== '' });
  const set = (key: keyof NewPatient, value: string) => setPatient((p) => ({ ...p, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local: Record<string, string> = {};
    if (who === 'existing' && !found) local.patient = 'Choose the patient, or register a new patient';
    if (!doctorId) local.doctorId = 'Choose the treating doctor';
    const allergies = patient.allergies
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const parsed = createConsultationBody.safeParse({
      ...(who === 'existing'
        ? { patientId: found?.id }
        : {
            newPatient: {
              firstName: patient.firstName,
              lastName: patient.lastName,
              phone: patient.phone.trim() || undefined,
              dateOfBirth: patient.dateOfBirth || undefined,
              gender: patient.gender || undefined,
              allergies,
            },
          }),
      doctorId: doctorId || undefined,
      consultationType,
      visitType,
      chiefComplaint: chiefComplaint.trim() || undefined,
    });
    const issues = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [fieldOf(i.path), i.message]).reverse());
    const all = { ...issues, ...local };
    if (!parsed.success || Object.keys(local).length > 0) {
      setErrors(all);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { data } = await consultationsApi.create(parsed.data);
      await queryClient.invalidateQueries({ queryKey: consultationKeys.lists });
      void navigate(`/consultations/${data.id}`);
    } catch (caught) {
      const server =
        caught instanceof ApiError
          ? Object.fromEntries(Object.entries(caught.fieldErrors()).map(([path, m]) => [fieldOf(path.split('.')), m]))
          : {};
      setErrors(server);
      setFailure(`Could not start the consultation: ${messageOf(caught)}`);
      if (Object.keys(server).length) focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="walk-in-title" className="flex max-w-3xl flex-col gap-4">
      <Link to="/consultations" className="link link-hover w-max text-sm">
        <span aria-hidden="true">← </span>Consultations
      </Link>
      <h1 id="walk-in-title" className="text-2xl font-bold tracking-tight">
        New walk-in consultation
      </h1>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <section aria-labelledby={whoId} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3 p-4">
            <h2 className="text-lg font-semibold" id={whoId}>
              Patient
            </h2>
            <div role="radiogroup" aria-labelledby={whoId} className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="who"
                  checked={who === 'existing'}
                  onChange={() => setWho('existing')}
                />
                A patient in your care
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="who"
                  checked={who === 'new'}
                  onChange={() => setWho('new')}
                />
                Register a new patient
              </label>
            </div>
            {who === 'existing' ? (
              <PatientFinder chosen={found} onChoose={setFound} error={errors.patient} />
            ) : (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <TextField
                  label="First name"
                  autoComplete="off"
                  value={patient.firstName}
                  onChange={(e) => set('firstName', e.target.value)}
                  error={errors.firstName}
                  required
                />
                <TextField
                  label="Last name"
                  autoComplete="off"
                  value={patient.lastName}
                  onChange={(e) => set('lastName', e.target.value)}
                  error={errors.lastName}
                  required
                />
                <TextField
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={patient.phone}
                  onChange={(e) => set('phone', e.target.value)}
                  error={errors.phone}
                  hint="A mobile number, such as 98220 11111"
                />
                <TextField
                  label="Date of birth"
                  type="date"
                  max={todayInIndia()}
                  value={patient.dateOfBirth}
                  onChange={(e) => set('dateOfBirth', e.target.value)}
                  error={errors.dateOfBirth}
                />
                <SelectField
                  label="Gender"
                  options={GENDERS}
                  labels={GENDER_LABELS}
                  placeholder="Not given"
                  value={patient.gender}
                  onChange={(e) => set('gender', e.target.value)}
                  error={errors.gender}
                />
                <TextField
                  label="Allergies"
                  autoComplete="off"
                  value={patient.allergies}
                  onChange={(e) => set('allergies', e.target.value)}
                  error={errors.allergies}
                  hint="Separate them with commas, such as Penicillin, Sulfa"
                />
              </div>
            )}
          </div>
        </section>
        <section aria-labelledby={visitId} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-3 p-4">
            <h2 className="text-lg font-semibold" id={visitId}>
              The visit
            </h2>
            {doctors.isPending ? (
              <Loading inline what="your doctors" />
            ) : doctors.isError ? (
              <LoadError what="your doctors" error={doctors.error} retry={() => void doctors.refetch()} />
            ) : doctors.data.doctors.length === 0 ? (
              <p role="alert" className="text-sm text-error">
                No doctor practises at your hospital yet. A doctor joins through an affiliation you approve.
              </p>
            ) : (
              <SelectField
                label="Treating doctor"
                options={doctors.data.doctors.map((d) => d.id)}
                labels={Object.fromEntries(doctors.data.doctors.map((d) => [d.id, d.name]))}
                value={doctorId}
                onChange={(e) => setDoctorId(e.target.value)}
                error={errors.doctorId}
                required
              />
            )}
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <SelectField
                label="Consultation type"
                options={CONSULTATION_TYPES}
                labels={CONSULTATION_TYPE_LABELS}
                placeholder=""
                value={consultationType}
                onChange={(e) => setConsultationType(e.target.value)}
                error={errors.consultationType}
              />
              <SelectField
                label="Visit type"
                options={VISIT_TYPES}
                labels={VISIT_TYPE_LABELS}
                placeholder=""
                value={visitType}
                onChange={(e) => setVisitType(e.target.value)}
                error={errors.visitType}
              />
            </div>
            <TextField
              label="Chief complaint"
              autoComplete="off"
              value={chiefComplaint}
              onChange={(e) => setChiefComplaint(e.target.value)}
              error={errors.chiefComplaint}
            />
          </div>
        </section>
        {failure && (
          <p role="alert" className="text-sm text-error">
            {failure}
          </p>
        )}
        <div>
          <OnlineButton type="submit" loading={busy}>
            Start consultation
          </OnlineButton>
        </div>
      </form>
    </section>
  );
}
