import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { DELIVERY_METHOD_LABELS, PHARMACY_ORDER_STATUS_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { getConsultationsQueryOptions } from '../../api/consultations.ts';
import { directoryApi, directoryKeys } from '../../api/directory.ts';
import { getPharmacyOrdersQueryOptions, pharmacyApi, pharmacyKeys } from '../../api/pharmacy.ts';
import { Button } from '../../ui/Button.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextAreaField } from '../../ui/form/TextAreaField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { EmptyState, LoadError, Loading } from '../../ui/LoadStates.tsx';
import { firstAnswerIn, useLoadedTogether } from '../../ui/LoadTogether.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { useToast } from '../../ui/toast/index.ts';

/** The patient's medicine orders, live, next to the prescriptions they came from; send one, review after. */
export function MedicineOrders() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...getPharmacyOrdersQueryOptions({ page, limit: 10 }), placeholderData: (p) => p });
  useLoadedTogether(firstAnswerIn(orders));
  const [sending, setSending] = useState(false);
  const [form, setForm] = useState({
    consultationId: '',
    pharmacyId: '',
    deliveryMethod: 'PICKUP',
    deliveryAddress: '',
  });
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [rating, setRating] = useState('5');
  const [comment, setComment] = useState('');
  // The pharmacy is found by name or city among the listed ones (the directory's own search).
  const [pharmacySearch, setPharmacySearch] = useState('');
  const searchFor = useDeferredValue(pharmacySearch.trim());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const consultations = useQuery({ ...getConsultationsQueryOptions({ page: 1, limit: 20 }), enabled: sending });
  const pharmacyParams = { limit: '20', ...(searchFor ? { searchQuery: searchFor } : {}) };
  const pharmacies = useQuery({
    queryKey: directoryKeys.search('pharmacies', pharmacyParams),
    queryFn: ({ signal }) => directoryApi.searchPharmacies(pharmacyParams, signal),
    enabled: sending,
  });

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      void queryClient.invalidateQueries({ queryKey: pharmacyKeys.orders });
      setSending(false);
      setReviewing(null);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not sent.');
    } finally {
      setBusy(false);
    }
  }
  const send = () =>
    void run(
      () =>
        pharmacyApi.create({
          pharmacyId: form.pharmacyId,
          consultationId: form.consultationId || undefined,
          deliveryMethod: form.deliveryMethod as 'PICKUP',
          deliveryAddress: form.deliveryAddress || undefined,
        }),
      'Prescription sent to the pharmacy.',
    );

  return (
    <section aria-labelledby="medicine-orders-title" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="medicine-orders-title" className="text-lg font-semibold">
            Medicine orders
          </h2>
          <Button size="sm" onClick={() => setSending(true)}>
            Send a prescription to a pharmacy
          </Button>
        </div>
        {orders.isPending && <Loading what="your medicine orders" />}
        {orders.isError && (
          <LoadError what="your medicine orders" error={orders.error} retry={() => void orders.refetch()} />
        )}
        {orders.data?.orders.length === 0 && (
          <EmptyState title="No medicine orders yet.">
            Send a consultation's prescription to a pharmacy and follow it here.
          </EmptyState>
        )}
        <ul className="flex flex-col gap-2" aria-label="Medicine orders">
          {orders.data?.orders.map((o) => (
            <li
              key={o.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border border-base-300 p-3 text-sm"
            >
              <span className="font-medium">
                {o.pharmacyName} · {o.orderNumber}
              </span>
              <span className="badge badge-soft badge-sm">{PHARMACY_ORDER_STATUS_LABELS[o.status]}</span>
              <span>{DELIVERY_METHOD_LABELS[o.deliveryMethod]}</span>
              <span className="text-base-content/80">{formatDateTime(o.createdAt)}</span>
              {o.consultationId && <span className="text-base-content/80">From a consultation’s prescription</span>}
              {o.actions.includes('CANCEL') && (
                <Button
                  size="sm"
                  buttonStyle="outline"
                  disabled={busy}
                  onClick={() =>
                    void run(() => pharmacyApi.cancel(o.id, 'Cancelled by the patient'), 'Order cancelled.')
                  }
                >
                  Cancel
                </Button>
              )}
              {o.status === 'COMPLETED' && !o.reviewed && (
                <Button size="sm" onClick={() => setReviewing(o.id)}>
                  Review the pharmacy
                </Button>
              )}
            </li>
          ))}
        </ul>
        {orders.data && <Pagination pagination={orders.data.pagination} onPage={setPage} />}
      </div>
      <FormDialog
        open={sending}
        title="Send a prescription"
        submitLabel="Send"
        busy={busy}
        error={error}
        onSubmit={send}
        onClose={() => (setSending(false), setError(null))}
      >
        <div className="flex flex-col gap-2">
          <SelectField
            label="Prescription"
            required
            options={(consultations.data?.consultations ?? []).map((c) => c.id)}
            labels={Object.fromEntries(
              (consultations.data?.consultations ?? []).map((c) => [
                c.id,
                [
                  c.doctor?.name ?? c.hospital?.name ?? 'Consultation',
                  formatDateTime(c.startedAt ?? c.createdAt),
                  c.primaryDiagnosis,
                ]
                  .filter(Boolean)
                  .join(', '),
              ]),
            )}
            value={form.consultationId}
            onChange={(e) => setForm({ ...form, consultationId: e.target.value })}
          />
          <TextField
            label="Find a pharmacy"
            type="search"
            hint="Its name or city"
            maxLength={120}
            value={pharmacySearch}
            onChange={(e) => setPharmacySearch(e.target.value)}
          />
          <SelectField
            label="Pharmacy"
            required
            hint={
              pharmacies.isPending
                ? 'Loading pharmacies…'
                : pharmacies.data?.items.length === 0
                  ? 'No listed pharmacy matches: try another name or city.'
                  : undefined
            }
            options={(pharmacies.data?.items ?? []).map((p) => p.id)}
            labels={Object.fromEntries(
              (pharmacies.data?.items ?? []).map((p) => [p.id, p.city ? `${p.name}, ${p.city}` : p.name]),
            )}
            value={form.pharmacyId}
            onChange={(e) => setForm({ ...form, pharmacyId: e.target.value })}
          />
          <SelectField
            label="Delivery"
            options={['PICKUP', 'HOME_DELIVERY'] as const}
            labels={DELIVERY_METHOD_LABELS}
            value={form.deliveryMethod}
            onChange={(e) => setForm({ ...form, deliveryMethod: e.target.value })}
          />
          {form.deliveryMethod === 'HOME_DELIVERY' && (
            <TextField
              label="Delivery address"
              required
              value={form.deliveryAddress}
              onChange={(e) => setForm({ ...form, deliveryAddress: e.target.value })}
            />
          )}
        </div>
      </FormDialog>
      <FormDialog
        open={reviewing !== null}
        title="Review the pharmacy"
        submitLabel="Send review"
        busy={busy}
        error={error}
        onSubmit={() =>
          void run(async () => {
            await pharmacyApi.review(reviewing!, { rating: Number(rating), ...(comment.trim() ? { comment } : {}) });
            setComment('');
          }, 'Thank you for your review.')
        }
        onClose={() => (setReviewing(null), setError(null))}
      >
        <div className="flex flex-col gap-2">
          <SelectField
            label="Rating"
            options={['5', '4', '3', '2', '1'] as const}
            labels={{ 5: '5 — excellent', 4: '4 — good', 3: '3 — fair', 2: '2 — poor', 1: '1 — very poor' }}
            value={rating}
            onChange={(e) => setRating(e.target.value)}
          />
          <TextAreaField
            label="Comment (optional)"
            maxLength={1000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
      </FormDialog>
    </section>
  );
}
