import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { todayInIndia } from '../../../domain/rules/time.ts';
import {
  ORDER_STATUS_ACTIONS,
  PHARMACY_ORDER_TRANSITIONS,
  REASONED_ORDER_STATUSES,
  type PharmacyOrderAction,
  type RequestableOrderStatus,
} from '../../../domain/rules/pharmacyOrders.ts';
import { request } from '../../api/http.ts';
import { pharmacyKeys, pharmacyPaths, type PharmacyOrder } from '../../api/pharmacy.ts';
import { refusalAsApiError, savedMessage, type SubmitResult } from '../../offline/submit.ts';
import { useAuth } from '../../session/AuthContext.ts';
import { Button } from '../../ui/Button.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { deliveryChange, orderStatusChange } from './changes.ts';

const STATUS_OF = Object.fromEntries(Object.entries(ORDER_STATUS_ACTIONS).map(([s, a]) => [a, s])) as Partial<
  Record<PharmacyOrderAction, RequestableOrderStatus>
>;
const CHECKS = [
  ['DRUG', 'Drug'],
  ['STRENGTH', 'Strength'],
  ['BATCH', 'Batch'],
  ['EXPIRY', 'Expiry'],
  ['QUANTITY', 'Quantity'],
] as const;

/** The buttons the workflow table allows now; status steps and delivery go through the outbox. */
export function OrderActions({ order }: { order: PharmacyOrder }) {
  const { user } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<PharmacyOrderAction | null>(null);
  const [reason, setReason] = useState('');
  const [verify, setVerify] = useState({
    prescriberName: '',
    prescriberRegistration: '',
    prescriptionDate: todayInIndia(),
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = { orderId: order.id, orderNumber: order.orderNumber };
  const close = () => {
    setDialog(null);
    setReason('');
    setError(null);
    setChecked([]);
  };

  async function queued(submit: () => Promise<SubmitResult>, done: string) {
    if (!user) return;
    setBusy(true);
    try {
      const result = await submit();
      if (result.status === 'sent') toast.success(done);
      else if (result.status === 'saved') toast.info(savedMessage(result.reason));
      else if (result.status === 'refused') toast.error(refusalAsApiError(result.error).message);
      close();
    } finally {
      setBusy(false);
    }
  }
  async function online(method: 'post' | 'patch', path: string, body: unknown, done: string) {
    setBusy(true);
    try {
      const answer = await request<{ data: PharmacyOrder }>(method, path, { json: body });
      queryClient.setQueryData(pharmacyKeys.detail(order.id), answer.data);
      void queryClient.invalidateQueries({ queryKey: pharmacyKeys.orders });
      toast.success(done);
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not saved.');
    } finally {
      setBusy(false);
    }
  }

  function act(action: PharmacyOrderAction) {
    const status = STATUS_OF[action];
    if (action === 'VERIFY_PRESCRIPTION' || action === 'QUALITY_CHECK') return setDialog(action);
    if (status && (REASONED_ORDER_STATUSES as readonly string[]).includes(status)) return setDialog(action);
    if (action === 'DISPATCH' || action === 'DELIVER') {
      const to = action === 'DISPATCH' ? 'OUT_FOR_DELIVERY' : 'DELIVERED';
      return void queued(
        () => deliveryChange.submit(user!.id, { ...ref, body: { status: to } }),
        PHARMACY_ORDER_TRANSITIONS[action].label + '.',
      );
    }
    if (action === 'MARK_READY')
      return void online('post', pharmacyPaths.action(order.id, 'ready'), {}, 'Order ready.');
    if (action === 'COMPLETE')
      return void online('post', pharmacyPaths.action(order.id, 'complete'), {}, 'Order completed.');
    if (status)
      void queued(
        () => orderStatusChange.submit(user!.id, { ...ref, body: { status } }),
        PHARMACY_ORDER_TRANSITIONS[action].label + '.',
      );
  }

  const submitDialog = (e?: FormEvent) => {
    e?.preventDefault();
    if (!dialog) return;
    if (dialog === 'VERIFY_PRESCRIPTION')
      return void online('patch', pharmacyPaths.verify(order.id), verify, 'Prescription verified.');
    if (dialog === 'QUALITY_CHECK') {
      const passed = checked.length === CHECKS.length;
      return void online(
        'post',
        pharmacyPaths.action(order.id, 'quality-check'),
        { passed, confirmed: checked, notes: reason || undefined },
        passed ? 'Quality check passed.' : 'Sent back to preparation.',
      );
    }
    if (dialog === 'RETURN')
      return void online(
        'post',
        pharmacyPaths.action(order.id, 'return'),
        { reason, sealed: checked.includes('SEALED') },
        'Return recorded.',
      );
    const status = STATUS_OF[dialog]!;
    if (!reason.trim()) return setError('A reason is required.');
    void queued(
      () => orderStatusChange.submit(user!.id, { ...ref, body: { status, reason } }),
      PHARMACY_ORDER_TRANSITIONS[dialog].label + '.',
    );
  };

  if (order.actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Order actions">
      {order.actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'CANCEL' || action === 'HOLD' ? 'danger' : 'primary'}
          buttonStyle={action === 'CANCEL' || action === 'HOLD' || action === 'INSURANCE_CHECK' ? 'outline' : undefined}
          disabled={busy}
          onClick={() => act(action)}
        >
          {PHARMACY_ORDER_TRANSITIONS[action].label}
        </Button>
      ))}
      <FormDialog
        open={dialog !== null}
        title={dialog ? PHARMACY_ORDER_TRANSITIONS[dialog].label : ''}
        submitLabel={
          dialog === 'QUALITY_CHECK' ? (checked.length === CHECKS.length ? 'Pass check' : 'Fail check') : 'Save'
        }
        busy={busy}
        error={error}
        onSubmit={() => submitDialog()}
        onClose={close}
      >
        {dialog === 'VERIFY_PRESCRIPTION' ? (
          <div className="flex flex-col gap-2">
            <TextField
              label="Prescriber name"
              required
              value={verify.prescriberName}
              onChange={(e) => setVerify({ ...verify, prescriberName: e.target.value })}
            />
            <TextField
              label="Registration number"
              required
              value={verify.prescriberRegistration}
              onChange={(e) => setVerify({ ...verify, prescriberRegistration: e.target.value })}
            />
            <TextField
              label="Prescription date"
              type="date"
              required
              value={verify.prescriptionDate}
              onChange={(e) => setVerify({ ...verify, prescriptionDate: e.target.value })}
            />
          </div>
        ) : dialog === 'QUALITY_CHECK' || dialog === 'RETURN' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm">
              {dialog === 'RETURN' ? 'The pack comes back' : 'Confirm each against the prescription'}
            </legend>
            {(dialog === 'RETURN' ? ([['SEALED', 'Sealed and unexpired (restock it)']] as const) : CHECKS).map(
              ([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={checked.includes(value)}
                    onChange={(e) =>
                      setChecked(e.target.checked ? [...checked, value] : checked.filter((c) => c !== value))
                    }
                  />
                  {label}
                </label>
              ),
            )}
            <TextField
              label={dialog === 'RETURN' ? 'Reason' : 'Notes'}
              required={dialog === 'RETURN'}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </fieldset>
        ) : (
          <TextField label="Reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormDialog>
    </div>
  );
}
