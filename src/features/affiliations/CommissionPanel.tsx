import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  COMMISSION_SERVICE_TYPES,
  COMMISSION_SERVICE_TYPE_LABELS,
  formatPaise,
  type CommissionServiceType,
} from '../../../domain/rules/commission.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import {
  affiliationKeys,
  affiliationsApi,
  type AffiliationDetail,
  type CommissionCalculation,
} from '../../api/affiliations.ts';
import { messageOf } from '../../api/http.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { CommissionEditor } from './CommissionEditor.tsx';
import { indiaDay, paiseOf } from './model.ts';
import { Card } from './parts.tsx';
import { ruleText } from './RuleFields.tsx';

const SOURCE_WORDS: Record<string, string> = {
  MANUAL: 'By hand',
  DIAGNOSTIC_ORDER: 'Diagnostic order',
  DIAGNOSTIC_ORDER_REVERSAL: 'Diagnostic order cancelled',
  PHARMACY_ORDER: 'Pharmacy order',
  PHARMACY_ORDER_REVERSAL: 'Pharmacy order cancelled',
};

/** The money of an affiliation: structure versions, calculator, ledger, statements. */
export function CommissionPanel({ a }: { a: AffiliationDetail }) {
  const party = a.myRole !== 'ADMIN';
  const open = a.status === 'PENDING' || a.status === 'ACTIVE' || a.status === 'SUSPENDED';
  const versions = [...a.commissionVersions].sort((x, y) => y.version - x.version);
  const statementNumber = new Map(a.statements.map((s) => [s.id, s.number]));
  return (
    <Card title="Commission" id="commission">
      {a.disclosure && <p className="rounded-field bg-base-200 p-2 text-sm">{a.disclosure}</p>}
      <div className="flex flex-col gap-2">
        <h3 className="font-medium">Structure</h3>
        {versions.length === 0 ? (
          <p className="text-sm">No commission structure yet: nothing accrues until one is set.</p>
        ) : (
          <ol className="flex flex-col gap-2 text-sm" aria-label="Commission structure versions">
            {versions.map((v) => (
              <li key={v.version} className="rounded-field border border-base-300 p-2">
                <p className="font-medium">
                  Version {v.version}: from {formatDate(v.effectiveFrom)}
                  {v.effectiveTo ? ` to ${formatDate(v.effectiveTo)}` : ' on'}
                </p>
                <ul className="list-disc pl-5">
                  {v.rules.map((r) => (
                    <li key={r.serviceType}>{ruleText(r)}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        {party && open && <CommissionEditor a={a} />}
      </div>
      <Calculator a={a} />
      <div className="flex flex-col gap-2">
        <h3 className="font-medium">Ledger</h3>
        {a.ledger.length === 0 ? (
          <p className="text-sm">No lines yet.</p>
        ) : (
          // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
          <div className="overflow-x-auto" role="region" aria-label="Ledger lines" tabIndex={0}>
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Source</th>
                  <th scope="col">Service</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Commission</th>
                  <th scope="col">Statement</th>
                </tr>
              </thead>
              <tbody>
                {a.ledger.map((line) => (
                  <tr key={line.id}>
                    <td className="whitespace-nowrap">{formatDateTime(line.occurredAt)}</td>
                    <td>
                      {SOURCE_WORDS[line.sourceKind] ?? line.sourceKind}
                      {line.reason ? `: ${line.reason}` : ''}
                    </td>
                    <td>{COMMISSION_SERVICE_TYPE_LABELS[line.serviceType]}</td>
                    <td className="tabular-nums">{formatPaise(line.amountPaise)}</td>
                    <td className="tabular-nums">{formatPaise(line.commissionPaise)}</td>
                    <td>{line.statementId ? `No. ${statementNumber.get(line.statementId) ?? '—'}` : 'Open'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {party && a.status !== 'PENDING' && <ManualLine a={a} />}
      </div>
      <Statements a={a} />
    </Card>
  );
}

function useSaved(a: AffiliationDetail) {
  const queryClient = useQueryClient();
  return async (answer: { data: AffiliationDetail }) => {
    queryClient.setQueryData(affiliationKeys.detail(a.id), answer.data);
    await queryClient.invalidateQueries({ queryKey: affiliationKeys.all });
  };
}

function Calculator({ a }: { a: AffiliationDetail }) {
  const [amount, setAmount] = useState('');
  const [serviceType, setServiceType] = useState<CommissionServiceType>('DIAGNOSTICS');
  const [result, setResult] = useState<CommissionCalculation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    const paise = paiseOf(amount);
    if (paise === null) {
      setError('Write the amount in rupees, e.g. 1500 or 1500.50.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult((await affiliationsApi.calculate(a.id, paise, serviceType)).data);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={calculate} noValidate aria-labelledby="calculator-title">
      <h3 id="calculator-title" className="font-medium">
        Calculator
      </h3>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField
          label="Amount (₹)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error ?? undefined}
        />
        <SelectField
          label="Service"
          options={COMMISSION_SERVICE_TYPES}
          labels={COMMISSION_SERVICE_TYPE_LABELS}
          placeholder=""
          value={serviceType}
          onChange={(e) => setServiceType(e.target.value as CommissionServiceType)}
        />
        <OnlineButton type="submit" buttonStyle="outline" loading={busy}>
          Calculate
        </OnlineButton>
      </div>
      {result && (
        <p role="status" className="text-sm">
          Commission on {formatPaise(result.amountPaise)} ({COMMISSION_SERVICE_TYPE_LABELS[result.serviceType]}):{' '}
          <strong>{formatPaise(result.commissionPaise)}</strong>
          {result.version ? ` by version ${result.version} in force today` : ' — no structure is in force today'}
        </p>
      )}
    </form>
  );
}

function ManualLine({ a }: { a: AffiliationDetail }) {
  const toast = useToast();
  const saved = useSaved(a);
  const [amount, setAmount] = useState('');
  const [serviceType, setServiceType] = useState<CommissionServiceType>('DIAGNOSTICS');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const paise = paiseOf(amount, { allowNegative: true });
    if (paise === null || paise === 0) return setError('Write the amount in rupees (negative for a refund).');
    if (reason.trim().length < 3) return setError('Give a reason of at least 3 characters.');
    setBusy(true);
    setError(null);
    try {
      const answer = await affiliationsApi.addLine(a.id, { serviceType, amountPaise: paise, reason: reason.trim() });
      await saved(answer);
      setAmount('');
      setReason('');
      toast.success(answer.message ?? 'Ledger line added.', { title: 'Ledger' });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="rounded-field border border-base-300 p-2">
      <summary className="cursor-pointer text-sm font-medium">Add a line by hand</summary>
      <form className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2" onSubmit={add} noValidate>
        <TextField
          label="Amount (₹, negative for a refund)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <SelectField
          label="Service"
          options={COMMISSION_SERVICE_TYPES}
          labels={COMMISSION_SERVICE_TYPE_LABELS}
          placeholder=""
          value={serviceType}
          onChange={(e) => setServiceType(e.target.value as CommissionServiceType)}
        />
        <TextField
          className="sm:col-span-2"
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
        />
        {error && (
          <p role="alert" className="text-sm text-error sm:col-span-2">
            {error}
          </p>
        )}
        <OnlineButton type="submit" loading={busy} className="w-fit">
          Add line
        </OnlineButton>
      </form>
    </details>
  );
}

function Statements({ a }: { a: AffiliationDetail }) {
  const toast = useToast();
  const saved = useSaved(a);
  const [periodTo, setPeriodTo] = useState(indiaDay());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openLines = a.ledger.filter((l) => l.statementId === null).length;
  const settle = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await affiliationsApi.settle(a.id, { periodTo });
      await saved(answer);
      toast.success(answer.message ?? 'Period settled.', { title: 'Statements' });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const statements = [...a.statements].sort((x, y) => y.number - x.number);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-medium">Statements</h3>
      {statements.length === 0 ? (
        <p className="text-sm">No statement closed yet.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Statements">
          {statements.map((s) => (
            <li key={s.id} className="rounded-field border border-base-300 p-2">
              <span className="font-medium">Statement {s.number}</span> · {formatDate(s.periodFrom)} –{' '}
              {formatDate(s.periodTo)} · {s.lineCount} line{s.lineCount === 1 ? '' : 's'} ·{' '}
              {formatPaise(s.totalAmountPaise)} billed · commission {formatPaise(s.totalCommissionPaise)}
            </li>
          ))}
        </ul>
      )}
      <form className="flex flex-wrap items-end gap-2" onSubmit={settle} noValidate>
        <TextField
          label="Settle open lines up to"
          type="date"
          max={indiaDay()}
          value={periodTo}
          onChange={(e) => setPeriodTo(e.target.value)}
        />
        <OnlineButton type="submit" loading={busy}>
          Settle period
        </OnlineButton>
        <span className="text-sm text-base-content/70">
          {openLines} open line{openLines === 1 ? '' : 's'}; a statement is never edited afterwards.
        </span>
      </form>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
