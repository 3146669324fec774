import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DIAGNOSTIC_TEST_TYPES,
  DIAGNOSTIC_TEST_TYPE_LABELS,
  SAMPLE_TYPES,
  SAMPLE_TYPE_LABELS,
  type DiagnosticTestType,
} from '../../../domain/enums.ts';
import { catalogueEntryBody, type CatalogueEntry } from '../../../domain/schemas/diagnosticOrders.ts';
import { diagnosticOrderKeys, diagnosticOrdersApi, getCatalogueQueryOptions } from '../../api/diagnosticOrders.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { TestsTabs } from './TestsTabs.tsx';

type Draft = Record<
  | 'testType'
  | 'price'
  | 'sampleType'
  | 'fastingHours'
  | 'preparation'
  | 'turnaroundHours'
  | 'unit'
  | 'low'
  | 'high'
  | 'criticalLow'
  | 'criticalHigh'
  | 'absoluteLow'
  | 'absoluteHigh',
  string
> & { homeCollection: boolean };

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const parsed = (v: string) => (v.trim() === '' ? null : Number(v));

function draftOf(entry: CatalogueEntry | null): Draft {
  const range = entry?.referenceRanges.find((r) => r.sex === 'ANY') ?? entry?.referenceRanges[0];
  return {
    testType: entry?.testType ?? '',
    price: num(entry?.price),
    sampleType: entry?.sampleType ?? 'BLOOD',
    fastingHours: num(entry?.fastingHours ?? 0),
    preparation: entry?.preparation ?? '',
    turnaroundHours: num(entry?.turnaroundHours),
    homeCollection: entry?.homeCollection ?? false,
    unit: entry?.unit ?? '',
    low: num(range?.low),
    high: num(range?.high),
    criticalLow: num(range?.criticalLow),
    criticalHigh: num(range?.criticalHigh),
    absoluteLow: num(entry?.absoluteLow),
    absoluteHigh: num(entry?.absoluteHigh),
  };
}

/** The centre's catalogue (/tests): what it offers, at what price, with which preparation, promise and ranges. */
export function CatalogueScreen() {
  usePageTitle('Tests');
  const { user } = useAuth();
  const centreId = user?.referenceId ?? '';
  const toast = useToast();
  const queryClient = useQueryClient();
  const catalogue = useQuery({ ...getCatalogueQueryOptions(centreId), enabled: centreId !== '' });
  const [editing, setEditing] = useState<{ entry: CatalogueEntry | null } | null>(null);
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof Draft, value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));

  const open = (entry: CatalogueEntry | null) => {
    setDraft(draftOf(entry));
    setErrors({});
    setFailure(null);
    setEditing({ entry });
  };

  const save = async () => {
    // The editor keeps one range for anyone; sex- and age-specific ranges stay as they were.
    const others = editing?.entry?.referenceRanges.filter((r) => r.sex !== 'ANY') ?? [];
    const hasRange = [draft.low, draft.high, draft.criticalLow, draft.criticalHigh].some((v) => v.trim() !== '');
    const body = {
      price: parsed(draft.price),
      sampleType: draft.sampleType,
      fastingHours: parsed(draft.fastingHours) ?? 0,
      preparation: draft.preparation.trim() || undefined,
      turnaroundHours: parsed(draft.turnaroundHours),
      homeCollection: draft.homeCollection,
      unit: draft.unit,
      referenceRanges: [
        ...others,
        ...(hasRange
          ? [
              {
                sex: 'ANY',
                ageFrom: 0,
                ageTo: null,
                low: parsed(draft.low),
                high: parsed(draft.high),
                criticalLow: parsed(draft.criticalLow),
                criticalHigh: parsed(draft.criticalHigh),
              },
            ]
          : []),
      ],
      absoluteLow: parsed(draft.absoluteLow),
      absoluteHigh: parsed(draft.absoluteHigh),
    };
    const check = catalogueEntryBody.safeParse(body);
    const testType = draft.testType as DiagnosticTestType;
    if (!check.success || !testType) {
      setErrors({
        ...(check.success ? {} : issuesToErrors(check.error.issues)),
        ...(testType ? {} : { testType: 'Choose the test' }),
      });
      return;
    }
    setBusy(true);
    try {
      await diagnosticOrdersApi.saveEntry(centreId, testType, body as never);
      await queryClient.invalidateQueries({ queryKey: diagnosticOrderKeys.catalogue(centreId) });
      toast.success(`${DIAGNOSTIC_TEST_TYPE_LABELS[testType]} saved.`, { title: 'Tests' });
      setEditing(null);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (testType: DiagnosticTestType) => {
    try {
      await diagnosticOrdersApi.removeEntry(centreId, testType);
      await queryClient.invalidateQueries({ queryKey: diagnosticOrderKeys.catalogue(centreId) });
      toast.success(`${DIAGNOSTIC_TEST_TYPE_LABELS[testType]} removed from the catalogue.`, { title: 'Tests' });
    } catch (error) {
      toast.error(messageOf(error), { title: 'Tests' });
    }
  };

  const offered = new Set(catalogue.data?.map((e) => e.testType));
  const addable = DIAGNOSTIC_TEST_TYPES.filter((t) => !offered.has(t) || editing?.entry?.testType === t);

  return (
    <section aria-labelledby="tests-title" className="flex w-full flex-col gap-4">
      <TestsTabs />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="tests-title" className="text-2xl font-bold tracking-tight">
            Tests
          </h1>
          <p className="text-sm text-base-content/70">
            What your centre offers. The directory’s test filter and your promised turnaround come from this list.
          </p>
        </div>
        <OnlineButton onClick={() => open(null)}>Add a test</OnlineButton>
      </div>
      <OfflineNotice />
      {catalogue.isPending ? (
        <Loading what="your tests" />
      ) : catalogue.isError ? (
        <LoadError what="your tests" error={catalogue.error} retry={() => void catalogue.refetch()} />
      ) : catalogue.data.length === 0 ? (
        <EmptyState title="No tests in your catalogue yet">
          Add the tests you offer, with their price and turnaround.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Test</th>
                <th scope="col">Price</th>
                <th scope="col">Sample</th>
                <th scope="col">Turnaround</th>
                <th scope="col">Home</th>
                <th scope="col">Reference range</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {catalogue.data.map((e) => (
                <tr key={e.id}>
                  <th scope="row" className="font-medium">
                    {DIAGNOSTIC_TEST_TYPE_LABELS[e.testType]}
                    {e.fastingHours > 0 && (
                      <span className="block text-xs font-normal">Fasting {e.fastingHours} h</span>
                    )}
                  </th>
                  <td>
                    {e.price === null ? (
                      <span className="text-warning-content">Price not set</span>
                    ) : (
                      `₹${e.price.toLocaleString('en-IN')}`
                    )}
                  </td>
                  <td>{SAMPLE_TYPE_LABELS[e.sampleType]}</td>
                  <td>{e.turnaroundHours ? `${e.turnaroundHours} h` : '—'}</td>
                  <td>{e.homeCollection ? 'Yes' : 'No'}</td>
                  <td className="text-sm">
                    {e.referenceRanges.length === 0
                      ? 'None'
                      : e.referenceRanges
                          .map(
                            (r) => `${r.sex === 'ANY' ? '' : `${r.sex.toLowerCase()} `}${r.low ?? ''}–${r.high ?? ''}`,
                          )
                          .join('; ')}{' '}
                    {e.unit}
                  </td>
                  <td className="flex gap-2">
                    <OnlineButton
                      size="sm"
                      buttonStyle="outline"
                      onClick={() => open(e)}
                      aria-label={`Edit ${DIAGNOSTIC_TEST_TYPE_LABELS[e.testType]}`}
                    >
                      Edit
                    </OnlineButton>
                    <OnlineButton
                      size="sm"
                      buttonStyle="ghost"
                      onClick={() => void remove(e.testType)}
                      aria-label={`Remove ${DIAGNOSTIC_TEST_TYPE_LABELS[e.testType]}`}
                    >
                      Remove
                    </OnlineButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.entry ? `Edit ${DIAGNOSTIC_TEST_TYPE_LABELS[editing.entry.testType]}` : 'Add a test'}
        submitLabel="Save test"
        busy={busy}
        error={failure}
        onSubmit={() => void save()}
        onClose={() => setEditing(null)}
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SelectField
            label="Test"
            options={addable}
            labels={DIAGNOSTIC_TEST_TYPE_LABELS}
            value={draft.testType}
            onChange={(e) => set('testType', e.target.value)}
            disabled={!!editing?.entry}
            error={errors.testType}
            required
          />
          <TextField
            label="Price (₹)"
            inputMode="numeric"
            value={draft.price}
            onChange={(e) => set('price', e.target.value)}
            error={errors.price}
            required
          />
          <SelectField
            label="Sample"
            options={SAMPLE_TYPES}
            labels={SAMPLE_TYPE_LABELS}
            placeholder=""
            value={draft.sampleType}
            onChange={(e) => set('sampleType', e.target.value)}
            error={errors.sampleType}
          />
          <TextField
            label="Turnaround (hours)"
            inputMode="numeric"
            value={draft.turnaroundHours}
            onChange={(e) => set('turnaroundHours', e.target.value)}
            error={errors.turnaroundHours}
            required
          />
          <TextField
            label="Fasting (hours)"
            inputMode="numeric"
            value={draft.fastingHours}
            onChange={(e) => set('fastingHours', e.target.value)}
            error={errors.fastingHours}
          />
          <TextField
            label="Unit"
            value={draft.unit}
            onChange={(e) => set('unit', e.target.value)}
            error={errors.unit}
          />
          <TextField
            className="sm:col-span-2"
            label="Preparation advice"
            value={draft.preparation}
            onChange={(e) => set('preparation', e.target.value)}
            error={errors.preparation}
          />
          <label className="flex items-center gap-2 sm:col-span-2">
            <input
              type="checkbox"
              className="checkbox"
              checked={draft.homeCollection}
              onChange={(e) => set('homeCollection', e.target.checked)}
            />
            Collected at home
          </label>
          <TextField
            label="Normal low"
            inputMode="decimal"
            value={draft.low}
            onChange={(e) => set('low', e.target.value)}
          />
          <TextField
            label="Normal high"
            inputMode="decimal"
            value={draft.high}
            onChange={(e) => set('high', e.target.value)}
            error={errors['referenceRanges.0.high']}
          />
          <TextField
            label="Critical low"
            inputMode="decimal"
            value={draft.criticalLow}
            onChange={(e) => set('criticalLow', e.target.value)}
          />
          <TextField
            label="Critical high"
            inputMode="decimal"
            value={draft.criticalHigh}
            onChange={(e) => set('criticalHigh', e.target.value)}
          />
          <TextField
            label="Lowest possible"
            inputMode="decimal"
            value={draft.absoluteLow}
            onChange={(e) => set('absoluteLow', e.target.value)}
          />
          <TextField
            label="Highest possible"
            inputMode="decimal"
            value={draft.absoluteHigh}
            onChange={(e) => set('absoluteHigh', e.target.value)}
            error={errors.absoluteHigh}
          />
        </div>
        {errors.referenceRanges && (
          <p className="text-sm text-error" role="alert">
            {errors.referenceRanges}
          </p>
        )}
      </FormDialog>
    </section>
  );
}
