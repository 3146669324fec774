import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  DIAGNOSTIC_TEST_TYPE_LABELS,
  ORDER_PRIORITIES,
  ORDER_PRIORITY_LABELS,
  type DiagnosticTestType,
} from '../../../domain/enums.ts';
import { testTypesOf } from '../../../domain/rules/testNames.ts';
import { indiaDateTimeToIso, todayInIndia } from '../../../domain/rules/time.ts';
import { createOrderBody } from '../../../domain/schemas/diagnosticOrders.ts';
import {
  diagnosticOrderKeys,
  diagnosticOrderPaths,
  diagnosticOrdersApi,
  getCatalogueQueryOptions,
  getOrderingCentresQueryOptions,
} from '../../api/diagnosticOrders.ts';
import { consultationKeys, getConsultationQueryOptions, type Consultation } from '../../api/consultations.ts';
import { directoryApi, directoryKeys } from '../../api/directory.ts';
import { messageOf } from '../../api/http.ts';
import { uploadFile } from '../../api/upload.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const EMPTY_ADDRESS = { buildingNumber: '', street: '', locality: '', city: 'Pune', state: 'MAHARASHTRA', pincode: '' };

/**
 * Tests at a centre: a patient books for themself (/medical-records/book-tests, with a prescription
 * if they have one); a doctor orders for a patient in their care (/patients/{id}/order-tests); the
 * treating doctor or hospital orders a consultation's tests to order (/consultations/{id}/order-tests).
 */
export function OrderTestsScreen() {
  const { consultationId } = useParams();
  const consultation = useQuery({ ...getConsultationQueryOptions(consultationId ?? ''), enabled: !!consultationId });
  if (!consultationId) return <OrderTestsForm />;
  if (consultation.isPending) return <Loading what="the consultation" />;
  if (consultation.isError)
    return <LoadError what="the consultation" error={consultation.error} retry={() => void consultation.refetch()} />;
  return <OrderTestsForm consultation={consultation.data} />;
}

/** The highest priority among the consultation's tests. */
const priorityOf = (c: Consultation) =>
  ORDER_PRIORITIES[Math.max(0, ...c.tests.map((t) => ORDER_PRIORITIES.indexOf(t.priority)))] ?? 'ROUTINE';

function OrderTestsForm({ consultation }: { consultation?: Consultation }) {
  const params = useParams();
  const patientId = consultation?.patient.id ?? params.patientId;
  const forPatient = patientId === undefined;
  const written = consultation ? testTypesOf(consultation.tests.map((t) => t.testName)) : null;
  usePageTitle(forPatient ? 'Book tests' : 'Order tests');
  const [search] = useSearchParams();
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [centreId, setCentreId] = useState(search.get('centre') ?? '');
  const [tests, setTests] = useState<DiagnosticTestType[]>(written?.types ?? []);
  const [priority, setPriority] = useState<string>(consultation ? priorityOf(consultation) : 'ROUTINE');
  const [home, setHome] = useState(false);
  const [address, setAddress] = useState(EMPTY_ADDRESS);
  const [day, setDay] = useState(todayInIndia());
  const [from, setFrom] = useState('07:00');
  const [prescription, setPrescription] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [find, setFind] = useState('');
  const searchQuery = find.trim().length >= 2 ? find.trim() : undefined;
  const query = { limit: '50', sortBy: 'name', ...(searchQuery ? { searchQuery } : {}) };
  const centres = useQuery({
    queryKey: directoryKeys.search('diagnostics', query),
    queryFn: ({ signal }) => directoryApi.searchDiagnostics(query, signal),
    placeholderData: (previous) => previous,
    enabled: !consultation,
  });
  // From a consultation: centres that price its tests, those affiliated with the doctor or hospital first.
  const ordering = useQuery({
    ...getOrderingCentresQueryOptions({ tests: written?.types ?? [], searchQuery }),
    placeholderData: (previous) => previous,
    enabled: !!consultation,
  });
  const choices = consultation ? ordering : centres;
  const centreLabel = (c: { name: string; city: string; affiliated?: boolean; pricedTests?: string[] }) =>
    [
      c.affiliated ? 'Affiliated · ' : '',
      `${c.name}, ${c.city}`,
      written && c.pricedTests ? ` · prices ${c.pricedTests.length} of ${written.types.length}` : '',
    ].join('');
  const centreList = consultation ? (ordering.data?.centres ?? []) : (centres.data?.items ?? []);
  const affiliatedChoice = ordering.data?.centres.find((c) => c.id === centreId && c.affiliated);
  const catalogue = useQuery({ ...getCatalogueQueryOptions(centreId), enabled: centreId !== '' });
  const offered = (catalogue.data ?? []).filter((e) => e.price !== null);
  const chosen = offered.filter((e) => tests.includes(e.testType));
  const notOffered = (written?.types ?? []).filter(
    (t) => catalogue.isSuccess && !offered.some((e) => e.testType === t),
  );
  const total = chosen.reduce((sum, e) => sum + (e.price ?? 0), 0);
  const homePossible = chosen.length > 0 && chosen.every((e) => e.homeCollection);

  const toggle = (test: DiagnosticTestType) =>
    setTests((current) => (current.includes(test) ? current.filter((t) => t !== test) : [...current, test]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [hours, minutes] = from.split(':').map(Number) as [number, number];
    const end = `${String(Math.min(23, hours + 2)).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
    const parsed = createOrderBody.safeParse({
      diagnosticCenterId: centreId,
      patientId: forPatient ? undefined : patientId,
      tests: chosen.map((e) => e.testType),
      priority,
      consultationId: consultation?.id,
      homeCollection: home
        ? { address, windowStart: indiaDateTimeToIso(day, from), windowEnd: indiaDateTimeToIso(day, end) }
        : undefined,
    });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const order = (await diagnosticOrdersApi.create(parsed.data)).data;
      if (prescription) await uploadFile(diagnosticOrderPaths.prescription(order.id), prescription);
      await queryClient.invalidateQueries({ queryKey: diagnosticOrderKeys.all });
      if (consultation) await queryClient.invalidateQueries({ queryKey: consultationKeys.detail(consultation.id) });
      toast.success(`${chosen.length} test${chosen.length === 1 ? '' : 's'} ${forPatient ? 'booked' : 'ordered'}.`, {
        title: 'Tests',
      });
      void navigate(
        consultation
          ? `/consultations/${consultation.id}`
          : forPatient
            ? '/medical-records'
            : `/diagnostic-orders/${order.id}`,
      );
    } catch (error) {
      toast.error(messageOf(error), { title: 'Tests' });
    } finally {
      setBusy(false);
    }
  };

  if (!user) return null;
  return (
    <section aria-labelledby="order-tests-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Link
        className="link w-fit text-sm"
        to={consultation ? `/consultations/${consultation.id}` : forPatient ? '/medical-records' : '/patients'}
      >
        ← {consultation ? 'Consultation' : forPatient ? 'Medical Records' : 'Patients'}
      </Link>
      <h1 id="order-tests-title" className="text-2xl font-bold tracking-tight">
        {forPatient ? 'Book tests' : 'Order tests'}
        {consultation && <span className="block text-base font-normal">for {consultation.patient.name}</span>}
      </h1>
      {consultation && written && <WrittenTests consultation={consultation} unmatched={written.unmatched} />}
      <TextField label="Find a centre" hint="Its name or city" value={find} onChange={(e) => setFind(e.target.value)} />
      {choices.isPending ? (
        <Loading what="diagnostics centres" />
      ) : choices.isError ? (
        <LoadError what="diagnostics centres" error={choices.error} retry={() => void choices.refetch()} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          {consultation && centreList.length === 0 && <EmptyState title="No listed centre prices these tests" />}
          <SelectField
            label="Diagnostics centre"
            options={centreList.map((c) => c.id)}
            labels={Object.fromEntries(centreList.map((c) => [c.id, centreLabel(c)]))}
            value={centreId}
            onChange={(e) => {
              setCentreId(e.target.value);
              setTests(written?.types ?? []);
            }}
            error={errors.diagnosticCenterId}
            required
          />
          {consultation && (
            <p className="text-sm text-base-content/80">
              {affiliatedChoice
                ? 'Affiliated with you: an active affiliation links this centre and your practice.'
                : 'Centres affiliated with you are listed first and marked “Affiliated”.'}
            </p>
          )}
          {notOffered.length > 0 && (
            <p className="text-sm" role="status">
              Not offered here: {notOffered.map((t) => DIAGNOSTIC_TEST_TYPE_LABELS[t]).join(', ')}.
            </p>
          )}
          {centreId !== '' &&
            (catalogue.isPending ? (
              <Loading what="the centre's tests" inline />
            ) : catalogue.isError ? (
              <LoadError what="the centre's tests" error={catalogue.error} retry={() => void catalogue.refetch()} />
            ) : offered.length === 0 ? (
              <EmptyState title="This centre has not listed its tests with prices yet" />
            ) : (
              <fieldset className="flex flex-col gap-2">
                <legend className="font-medium">Tests</legend>
                {offered.map((e) => (
                  <label key={e.id} className="flex items-start gap-2 rounded-box border border-base-300 p-2">
                    <input
                      type="checkbox"
                      className="checkbox mt-1"
                      checked={tests.includes(e.testType)}
                      onChange={() => toggle(e.testType)}
                    />
                    <span>
                      <span className="font-medium">{DIAGNOSTIC_TEST_TYPE_LABELS[e.testType]}</span> · ₹
                      {e.price?.toLocaleString('en-IN')}
                      {e.turnaroundHours && (
                        <span className="block text-sm">Report in about {e.turnaroundHours} hours</span>
                      )}
                      {e.fastingHours > 0 && (
                        <span className="block text-sm">Fast for {e.fastingHours} hours before</span>
                      )}
                      {e.preparation && <span className="block text-sm">{e.preparation}</span>}
                      {!e.homeCollection && <span className="block text-sm">At the centre only</span>}
                    </span>
                  </label>
                ))}
                {errors.tests && (
                  <p className="text-sm text-error" role="alert">
                    {errors.tests}
                  </p>
                )}
              </fieldset>
            ))}
          {!forPatient && (
            <SelectField
              label="Priority"
              options={ORDER_PRIORITIES}
              labels={ORDER_PRIORITY_LABELS}
              placeholder=""
              value={priority}
              onChange={(e) => setPriority(e.target.value)}
            />
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox"
              checked={home}
              disabled={!homePossible}
              onChange={(e) => setHome(e.target.checked)}
            />
            Collect the sample at home {chosen.length > 0 && !homePossible && '(not offered for every test chosen)'}
          </label>
          {home && (
            <div className="grid grid-cols-1 gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2">
              <TextField
                label="Flat or house"
                value={address.buildingNumber}
                onChange={(e) => setAddress({ ...address, buildingNumber: e.target.value })}
                error={errors['homeCollection.address.buildingNumber']}
                required
              />
              <TextField
                label="Street"
                value={address.street}
                onChange={(e) => setAddress({ ...address, street: e.target.value })}
                error={errors['homeCollection.address.street']}
                required
              />
              <TextField
                label="Locality"
                value={address.locality}
                onChange={(e) => setAddress({ ...address, locality: e.target.value })}
                error={errors['homeCollection.address.locality']}
                required
              />
              <TextField
                label="City"
                value={address.city}
                onChange={(e) => setAddress({ ...address, city: e.target.value })}
                error={errors['homeCollection.address.city']}
                required
              />
              <TextField
                label="Pincode"
                inputMode="numeric"
                value={address.pincode}
                onChange={(e) => setAddress({ ...address, pincode: e.target.value })}
                error={errors['homeCollection.address.pincode']}
                required
              />
              <TextField
                label="Day"
                type="date"
                min={todayInIndia()}
                value={day}
                onChange={(e) => setDay(e.target.value)}
                required
              />
              <TextField
                label="From (a two-hour window)"
                type="time"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                error={errors['homeCollection.windowStart']}
                required
              />
            </div>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className="text-sm font-medium">
              Prescription (optional: JPEG, PNG, WebP or PDF)
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              className="file-input w-full"
              onChange={(e) => setPrescription(e.target.files?.[0] ?? null)}
            />
          </div>
          <p className="font-medium">Total ₹{total.toLocaleString('en-IN')}</p>
          <OnlineButton type="submit" loading={busy} loadingText="Booking…" disabled={tests.length === 0}>
            {forPatient ? 'Book tests' : 'Order tests'}
          </OnlineButton>
        </form>
      )}
    </section>
  );
}

/** The consultation's tests to order as written, and those no test type could be read from. */
function WrittenTests({ consultation, unmatched }: { consultation: Consultation; unmatched: string[] }) {
  return (
    <div className="rounded-box border border-base-300 p-3 text-sm">
      <p className="font-medium">Tests to order in the consultation</p>
      {consultation.tests.length === 0 ? (
        <p>None recorded: tick the tests below.</p>
      ) : (
        <p>{consultation.tests.map((t) => t.testName).join(', ')}</p>
      )}
      {unmatched.length > 0 && (
        <p className="mt-1">Tick these by hand if the centre offers them: {unmatched.join(', ')}.</p>
      )}
    </div>
  );
}
