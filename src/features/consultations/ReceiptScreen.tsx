import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { PAYMENT_STATUS_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { careKeys, getBillingQueryOptions } from '../../api/consultationCare.ts';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { Button } from '../../ui/Button.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { BillTable, money } from './BillingSection.tsx';

/** /consultations/:id/receipt — the bill as a receipt the patient (or the desk) prints. */
export function ReceiptScreen() {
  const { id = '' } = useParams();
  usePageTitle('Receipt');
  const bill = useQuery({ ...getBillingQueryOptions(id), enabled: id !== '' });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Link to={`/consultations/${id}`} className="link link-hover text-sm">
          <span aria-hidden="true">← </span>Back to the consultation
        </Link>
      </div>
      <OfflineNotice queryKey={careKeys.billing(id)} />
      {bill.isPending && <Loading what="the receipt" />}
      {bill.isError && <LoadError what="the receipt" error={bill.error} retry={() => void bill.refetch()} />}
      {bill.data && (
        <article
          aria-labelledby="receipt-title"
          className="receipt mx-auto flex w-full max-w-2xl flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6 print:border-0 print:p-0"
        >
          <header className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h1 id="receipt-title" className="text-2xl font-bold">
                Receipt
              </h1>
              <p className="text-sm">Bill {bill.data.billNumber}</p>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold">{bill.data.hospitalName ?? bill.data.doctorName ?? 'CareMesh'}</p>
              {bill.data.hospitalName && bill.data.doctorName && <p>{bill.data.doctorName}</p>}
              <p>Printed {formatDateTime(new Date())}</p>
            </div>
          </header>
          <p className="text-sm">
            Patient: <strong>{bill.data.patientName}</strong>
          </p>
          {bill.data.lines.length === 0 ? (
            <p className="text-sm text-base-content/70">Nothing has been billed for this consultation yet.</p>
          ) : (
            <BillTable bill={bill.data} />
          )}
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt>Total</dt>
            <dd className="text-right font-semibold">{money(bill.data.totalPaise)}</dd>
            <dt>Due</dt>
            <dd className="text-right font-semibold">{money(bill.data.duePaise)}</dd>
            <dt>Status</dt>
            <dd className="text-right">{PAYMENT_STATUS_LABELS[bill.data.paymentStatus]}</dd>
          </dl>
          <p className="text-xs text-base-content/70">
            Amounts in Indian rupees. Consultation fees are exempt from GST.
          </p>
          <Button size="sm" className="self-start print:hidden" onClick={() => window.print()}>
            Print receipt
          </Button>
        </article>
      )}
    </div>
  );
}
