import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  DIAGNOSTIC_TEST_TYPE_LABELS,
  ORDER_PRIORITIES,
  ORDER_PRIORITY_LABELS,
  type DiagnosticTestType,
} from '../../../domain/enums.ts';
import { indiaDateTimeToIso, todayInIndia } from '../../../domain/rules/time.ts';
import { createOrderBody } from '../../../domain/schemas/diagnosticOrders.ts';
import {
  diagnosticOrderKeys,
  diagnosticOrderPaths,
  diagnosticOrdersApi,
  getCatalogueQueryOptions,
} from '../../api/diagnosticOrders.ts';
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
 * if they have one); a doctor orders for a patient in their care (/patients/{id}/order-tests).
 */
export function OrderTestsScreen() {
  const { patientId } = useParams();
  const forPatient = patientId === undefined;
  usePageTitle(forPatient ? 'Book tests' : 'Order tests');
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [centreId, setCentreId] = useState('');
  const [tests, setTests] = useState<DiagnosticTestType[]>([]);
  const [priority, setPriority] = useState('ROUTINE');
  const [home, setHome] = useState(false);
  const [address, setAddress] = useState(EMPTY_ADDRESS);
  const [day, setDay] = useState(todayInIndia());
  const [from, setFrom] = useState('07:00');
  const [prescription, setPrescription] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [find, setFind] = useState('');
  const search = { limit: '50', sortBy: 'name', ...(find.trim().length >= 2 ? { searchQuery: find.trim() } : {}) };
  const centres = useQuery({
    queryKey: directoryKeys.search('diagnostics', search),
    queryFn: ({ signal }) => directoryApi.searchDiagnostics(search, signal),
    placeholderData: (previous) => previous,
  });
  const catalogue = useQuery({ ...getCatalogueQueryOptions(centreId), enabled: centreId !== '' });
  const offered = (catalogue.data ?? []).filter((e) => e.price !== null);
  const chosen = offered.filter((e) => tests.includes(e.testType));
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
      tests,
      priority,
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
      toast.success(`${chosen.length} test${chosen.length === 1 ? '' : 's'} booked.`, { title: 'Tests' });
      void navigate(forPatient ? '/medical-records' : `/diagnostic-orders/${order.id}`);
    } catch (error) {
      toast.error(messageOf(error), { title: 'Tests' });
    } finally {
      setBusy(false);
    }
  };

  if (!user) return null;
  return (
    <section aria-labelledby="order-tests-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <Link className="link w-fit text-sm" to={forPatient ? '/medical-records' : '/patients'}>
        ← {forPatient ? 'Medical Records' : 'Patients'}
      </Link>
      <h1 id="order-tests-title" className="text-2xl font-bold tracking-tight">
        {forPatient ? 'Book tests' : 'Order tests'}
      </h1>
      <TextField label="Find a centre" hint="Its name or city" value={find} onChange={(e) => setFind(e.target.value)} />
      {centres.isPending ? (
        <Loading what="diagnostics centres" />
      ) : centres.isError ? (
        <LoadError what="diagnostics centres" error={centres.error} retry={() => void centres.refetch()} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <SelectField
            label="Diagnostics centre"
            options={centres.data.items.map((c) => c.id)}
            labels={Object.fromEntries(centres.data.items.map((c) => [c.id, `${c.name}, ${c.city}`]))}
            value={centreId}
            onChange={(e) => {
              setCentreId(e.target.value);
              setTests([]);
            }}
            error={errors.diagnosticCenterId}
            required
          />
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
