import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DIAGNOSTIC_TEST_TYPE_LABELS } from '../../../domain/enums.ts';
import { DIAGNOSTIC_TEST_WORKFLOW } from '../../../domain/rules/diagnosticOrders.ts';
import { indiaDateTimeToIso, isoToIndiaDateTime } from '../../../domain/rules/time.ts';
import { resultBody, testStatusBody } from '../../../domain/schemas/diagnosticOrders.ts';
import type { DiagnosticOrder, OrderTest } from '../../api/diagnosticOrders.ts';
import { refusalAsApiError, savedMessage, type SubmitResult } from '../../offline/submit.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { issuesToErrors } from '../../ui/form/fieldErrors.ts';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { attachmentChange, resultChange, statusAfter, testStatusChange, useWaitingForTest } from './changes.ts';
import { downscalePhoto } from './downscale.ts';
import { FlagBadge, TestStatusBadge, WaitingChanges, rangeText, resultText } from './parts.tsx';

type Panel = 'none' | 'collect' | 'reject' | 'result';

/**
 * One test on the collector's round: collected (with the real time), rejected with a reason, a
 * result, a photo or PDF of the report. Every change goes through the outbox and works with no signal.
 */
export function FieldTestCard({
  order,
  test,
  children,
}: {
  order: DiagnosticOrder;
  test: OrderTest;
  children?: ReactNode;
}) {
  const { user } = useAuth();
  const toast = useToast();
  const fileId = useId();
  const waiting = useWaitingForTest(test.id);
  const [panel, setPanel] = useState<Panel>('none');
  const [when, setWhen] = useState(() => isoToIndiaDateTime(new Date().toISOString()));
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [keepOriginal, setKeepOriginal] = useState(false);
  const ref = { orderId: order.id, testId: test.id, testType: test.testType };
  const name = DIAGNOSTIC_TEST_TYPE_LABELS[test.testType];
  // What the table allows from the status the test will have once the changes waiting here are sent.
  const status = statusAfter(test.status, waiting);
  const can = (action: Parameters<typeof DIAGNOSTIC_TEST_WORKFLOW.checkTransition>[0]) =>
    DIAGNOSTIC_TEST_WORKFLOW.checkTransition(action, 'CENTRE', { status }).ok;
  const sampleTaken =
    status !== 'ORDERED' && status !== 'COLLECTION_SCHEDULED' && status !== 'CANCELLED' && status !== 'DECLINED';
  const titleId = useId();

  async function run(submit: () => Promise<SubmitResult>, done: string) {
    if (!user) return;
    setBusy(true);
    try {
      const result = await submit();
      if (result.status === 'sent') toast.success(done, { title: name });
      else if (result.status === 'saved') toast.info(savedMessage(result.reason), { title: name });
      else if (result.status === 'refused') toast.error(refusalAsApiError(result.error).message, { title: name });
      setPanel('none');
      setReason('');
      setValue('');
    } finally {
      setBusy(false);
    }
  }

  const collect = (event: FormEvent) => {
    event.preventDefault();
    const occurredAt = indiaDateTimeToIso(when.date, when.time);
    const parsed = testStatusBody.safeParse({ status: 'SAMPLE_COLLECTED', occurredAt });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    void run(() => testStatusChange.submit(user!.id, { ...ref, body: parsed.data }), 'Marked collected.');
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testStatusBody.safeParse({ status: 'SAMPLE_REJECTED', reason });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    void run(
      () => testStatusChange.submit(user!.id, { ...ref, body: parsed.data }),
      'Sample rejected: recollection requested.',
    );
  };
  const enter = (event: FormEvent) => {
    event.preventDefault();
    const number = Number(value.replace(',', '.'));
    const body =
      value.trim() !== '' && Number.isFinite(number)
        ? { kind: 'NUMERIC', value: number }
        : { kind: 'TEXT', text: value };
    const parsed = resultBody.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    void run(() => resultChange.submit(user!.id, { ...ref, body: parsed.data, shown: value.trim() }), 'Result saved.');
  };
  const attach = async (files: FileList | null) => {
    const picked = files?.[0];
    if (!picked || !user) return;
    const file = await downscalePhoto(picked);
    await run(() => attachmentChange.submit(user.id, { ...ref, file }), 'Report file attached.');
    // Where the centre asks for it, the full-size photo follows the small one (queued after it).
    if (keepOriginal && file !== picked) {
      await run(() => attachmentChange.submit(user.id, { ...ref, file: picked }), 'Original photo attached.');
    }
  };

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={titleId} className="font-medium">
          {name}
        </span>
        <TestStatusBadge status={test.status} />
      </div>
      {test.result && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>{resultText(test.result)}</span>
          <FlagBadge flag={test.result.flag} />
          <span className="text-base-content/70">({rangeText(test.result)})</span>
        </p>
      )}
      {test.statusReason && <p className="text-sm text-base-content/70">{test.statusReason}</p>}
      <WaitingChanges entries={waiting} />
      <div className="flex flex-wrap gap-2">
        {can('COLLECT') && (
          <Button
            size="sm"
            onClick={() => setPanel(panel === 'collect' ? 'none' : 'collect')}
            aria-expanded={panel === 'collect'}
          >
            Collected
          </Button>
        )}
        {can('REJECT_SAMPLE') && (
          <Button
            size="sm"
            buttonStyle="outline"
            onClick={() => setPanel(panel === 'reject' ? 'none' : 'reject')}
            aria-expanded={panel === 'reject'}
          >
            Reject sample
          </Button>
        )}
        {can('ENTER_RESULT') && (
          <Button
            size="sm"
            buttonStyle="outline"
            onClick={() => setPanel(panel === 'result' ? 'none' : 'result')}
            aria-expanded={panel === 'result'}
          >
            Enter result
          </Button>
        )}
        {sampleTaken && (
          <label htmlFor={fileId} className="btn btn-sm btn-outline">
            Attach photo or PDF
            <input
              id={fileId}
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              capture="environment"
              className="sr-only"
              onChange={(e) => void attach(e.target.files)}
            />
          </label>
        )}
        {sampleTaken && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={keepOriginal}
              onChange={(e) => setKeepOriginal(e.target.checked)}
            />
            Keep the full-size photo too
          </label>
        )}
      </div>
      {panel === 'collect' && (
        <form
          onSubmit={collect}
          noValidate
          className="grid grid-cols-2 gap-2"
          aria-label={`Collection time for ${name}`}
        >
          <TextField
            label="Date"
            type="date"
            value={when.date}
            onChange={(e) => setWhen({ ...when, date: e.target.value })}
            error={errors.occurredAt}
          />
          <TextField
            label="Time"
            type="time"
            value={when.time}
            onChange={(e) => setWhen({ ...when, time: e.target.value })}
          />
          <Button type="submit" size="sm" loading={busy} className="col-span-2">
            Save collection
          </Button>
        </form>
      )}
      {panel === 'reject' && (
        <form onSubmit={reject} noValidate className="flex flex-col gap-2" aria-label={`Reject the sample for ${name}`}>
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
            required
          />
          <Button type="submit" size="sm" variant="danger" loading={busy}>
            Reject and ask for recollection
          </Button>
        </form>
      )}
      {panel === 'result' && (
        <form onSubmit={enter} noValidate className="flex flex-col gap-2" aria-label={`Result for ${name}`}>
          <TextField
            label="Result"
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={errors.value ?? errors.text}
            hint="A number in the test's unit, or the result in words"
            required
          />
          <Button type="submit" size="sm" loading={busy}>
            Save result
          </Button>
        </form>
      )}
      {children}
    </li>
  );
}
