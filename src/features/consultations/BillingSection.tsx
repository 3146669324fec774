import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PAYMENT_STATUS_LABELS } from '../../../domain/enums.ts';
import {
  BILL_LINE_KINDS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  rupeesOf,
  type BillLineKind,
  type PaymentMethod,
} from '../../../domain/rules/billing.ts';
import { formatDateTime, formatINR } from '../../../domain/rules/format.ts';
import { getBillingQueryOptions, type Billing } from '../../api/consultationCare.ts';
import type { Consultation } from '../../api/consultations.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { changeTo } from './changes.ts';
import { Section, useRecordChange } from './parts.tsx';

const KIND_LABELS: Record<BillLineKind, string> = {
  CHARGE: 'Charge',
  DISCOUNT: 'Discount',
  PAYMENT: 'Payment',
  REFUND: 'Refund',
};
export const money = (paise: number) => formatINR(rupeesOf(paise));

/** The bill: its lines (never edited), totals, and for the treating side a form to add a line. */
export function BillingSection({ consultation: c }: { consultation: Consultation }) {
  const bill = useQuery({ ...getBillingQueryOptions(c.id), enabled: c.access !== 'EMERGENCY' });
  if (c.access === 'EMERGENCY') return null;
  return (
    <Section
      id="billing-title"
      title="Bill"
      aside={
        bill.data && bill.data.lines.length > 0 ? (
          <ButtonLink to={`/consultations/${c.id}/receipt`} size="sm" buttonStyle="outline">
            Receipt
          </ButtonLink>
        ) : undefined
      }
    >
      {bill.isPending && <Loading what="the bill" />}
      {bill.isError && <LoadError what="the bill" error={bill.error} retry={() => void bill.refetch()} />}
      {bill.data && <BillBody bill={bill.data} consultationId={c.id} />}
    </Section>
  );
}

function BillBody({ bill, consultationId }: { bill: Billing; consultationId: string }) {
  return (
    <>
      {bill.lines.length === 0 ? (
        <p className="text-sm text-base-content/70">
          Nothing billed yet. The fee is billed when the visit is completed.
        </p>
      ) : (
        <BillTable bill={bill} />
      )}
      <p className="text-sm" aria-live="polite">
        <span className="badge badge-soft badge-sm mr-2">{PAYMENT_STATUS_LABELS[bill.paymentStatus]}</span>
        Due: <strong>{money(bill.duePaise)}</strong>
      </p>
      {bill.canCharge && <AddLineForm consultationId={consultationId} due={bill.duePaise} />}
    </>
  );
}

export function BillTable({ bill }: { bill: Billing }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Lines of the bill</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col" className="hidden sm:table-cell">
              When
            </th>
            <th scope="col" className="text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((l) => (
            <tr key={l.id} className={l.failed ? 'opacity-60' : undefined}>
              <td>
                <span className="font-medium">{l.description}</span>
                <span className="block text-xs text-base-content/70">
                  {KIND_LABELS[l.kind]}
                  {l.method ? ` · ${PAYMENT_METHOD_LABELS[l.method]}` : ''}
                  {l.reference ? ` · ${l.reference}` : ''}
                  {l.failed ? ' · failed' : ''}
                  {l.taxPaise > 0 ? ` · GST ${money(l.taxPaise)}` : ''}
                </span>
              </td>
              <td className="hidden text-xs whitespace-nowrap sm:table-cell">{formatDateTime(l.createdAt)}</td>
              <td className="text-right whitespace-nowrap">
                {l.kind === 'DISCOUNT' || l.kind === 'PAYMENT' ? '−' : ''}
                {money(l.amountPaise)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="font-normal">
              Total (charges {money(bill.chargesPaise)} + GST {money(bill.taxPaise)} − discount{' '}
              {money(bill.discountPaise)})
            </th>
            <td className="text-right">{money(bill.totalPaise)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Paid{bill.refundedPaise > 0 ? ` (less ${money(bill.refundedPaise)} refunded)` : ''}
            </th>
            <td className="text-right">{money(bill.paidPaise - bill.refundedPaise)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Rupees as typed ('1,250.50') to whole paise; null when it is not an amount. */
export function paiseOf(text: string): number | null {
  const clean = text.replace(/[,\s₹]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function AddLineForm({ consultationId, due }: { consultationId: string; due: number }) {
  const [kind, setKind] = useState<BillLineKind>('PAYMENT');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const [reference, setReference] = useState('');
  const [description, setDescription] = useState('');
  const [gst, setGst] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const { send, busy } = useRecordChange();
  const moves = kind === 'PAYMENT' || kind === 'REFUND';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const amountPaise = paiseOf(amount);
    if (!amountPaise) return setError('Enter an amount in rupees, e.g. 500 or 499.50');
    if (!moves && !description.trim()) return setError('Say what the line is for');
    if (moves && method !== 'CASH' && !reference.trim()) return setError('Enter the UPI, card or insurance reference');
    const body = {
      kind,
      amountPaise,
      ...(moves ? { method, ...(reference.trim() ? { reference: reference.trim() } : {}) } : {}),
      ...(!moves ? { description: description.trim() } : {}),
      ...(kind === 'CHARGE' ? { taxRateBps: Number(gst) * 100 } : {}),
    };
    const done = await send(
      changeTo.payment(consultationId, body, `${KIND_LABELS[kind]} of ${money(amountPaise)}`),
      `${KIND_LABELS[kind]} recorded.`,
    );
    if (done.ok) {
      setAmount('');
      setReference('');
      setDescription('');
    } else if (done.error) setError(done.error.message);
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add to the bill" className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          Line
          <select
            className="select select-sm w-full"
            value={kind}
            onChange={(e) => setKind(e.target.value as BillLineKind)}
          >
            {BILL_LINE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Amount (₹)
          <input
            className="input input-sm w-full"
            inputMode="decimal"
            value={amount}
            placeholder={kind === 'PAYMENT' && due > 0 ? String(rupeesOf(due)) : ''}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        {moves ? (
          <>
            <label className="flex flex-col gap-1 text-sm">
              Method
              <select
                className="select select-sm w-full"
                value={method}
                onChange={(e) => setMethod(e.target.value as PaymentMethod)}
              >
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              Reference {method === 'CASH' ? '(optional)' : ''}
              <input
                className="input input-sm w-full"
                value={reference}
                onChange={(e) => setReference(e.target.value)}
              />
            </label>
          </>
        ) : (
          <>
            <label className="flex flex-col gap-1 text-sm">
              Description
              <input
                className="input input-sm w-full"
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </label>
            {kind === 'CHARGE' && (
              <label className="flex flex-col gap-1 text-sm">
                GST
                <select className="select select-sm w-full" value={gst} onChange={(e) => setGst(e.target.value)}>
                  {['0', '5', '12', '18'].map((r) => (
                    <option key={r} value={r}>
                      {r === '0' ? 'Exempt' : `${r}%`}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" loading={busy} className="self-start">
        Add to the bill
      </Button>
    </form>
  );
}
