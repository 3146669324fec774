import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DIAGNOSTIC_TEST_TYPE_LABELS, ORDER_PRIORITY_LABELS } from '../../../domain/enums.ts';
import { formatDateTime } from '../../../domain/rules/format.ts';
import { hasDuty } from '../../../domain/rules/teams.ts';
import type { DiagnosticTestAction } from '../../../domain/rules/diagnosticOrders.ts';
import {
  diagnosticOrderKeys,
  diagnosticOrderPaths,
  diagnosticOrdersApi,
  getOrderQueryOptions,
  type DiagnosticOrder,
  type OrderTest,
} from '../../api/diagnosticOrders.ts';
import { messageOf } from '../../api/http.ts';
import { getMyTeamQueryOptions } from '../../api/teams.ts';
import { OnlineButton } from '../../offline/NeedsConnection.tsx';
import { OfflineNotice } from '../../offline/OfflineMarks.tsx';
import { useAuth } from '../../session/AuthContext.ts';
import { SelectField } from '../../ui/form/SelectField.tsx';
import { TextField } from '../../ui/form/TextField.tsx';
import { LoadError, Loading } from '../../ui/LoadStates.tsx';
import { useToast } from '../../ui/toast/index.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { testStatusChange } from './changes.ts';
import { FieldTestCard } from './FieldTestCard.tsx';
import { FlagBadge, OrderStatusBadge, TestStatusBadge, rangeText, resultText } from './parts.tsx';

/** Desk steps that happen at the lab, beside the field ones (FieldTestCard). */
const DESK_STEPS: Partial<
  Record<DiagnosticTestAction, { status: 'SAMPLE_RECEIVED' | 'IN_PROGRESS' | 'RELEASED'; label: string }>
> = {
  RECEIVE: { status: 'SAMPLE_RECEIVED', label: 'Received at lab' },
  START: { status: 'IN_PROGRESS', label: 'Start testing' },
  RELEASE: { status: 'RELEASED', label: 'Release report' },
};

/** One order, for whoever is on it: the centre works it, the orderer acknowledges critical values, the patient reads. */
export function OrderDetailScreen() {
  const { orderId = '' } = useParams();
  usePageTitle('Diagnostic order');
  const { user } = useAuth();
  const order = useQuery(getOrderQueryOptions(orderId));
  if (order.isPending) return <Loading what="the order" />;
  if (order.isError) return <LoadError what="the order" error={order.error} retry={() => void order.refetch()} />;
  const o = order.data;
  const centre = user?.role === 'DIAGNOSTICS';
  return (
    <section aria-labelledby="order-title" className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      {centre && (
        <Link className="link w-fit text-sm" to="/tests/orders">
          ← All orders
        </Link>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="order-title" className="text-2xl font-bold tracking-tight">
          {centre ? o.patientName : `Tests at ${o.centreName}`}
        </h1>
        <OrderStatusBadge status={o.status} />
      </div>
      <OfflineNotice />
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-base-content/70">Patient</dt>
          <dd>{o.patientName}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Ordered by</dt>
          <dd>
            {o.doctorName ?? o.hospitalName ?? 'The patient'} · {formatDateTime(o.createdAt)}
          </dd>
        </div>
        <div>
          <dt className="text-base-content/70">Priority</dt>
          <dd>{ORDER_PRIORITY_LABELS[o.priority]}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Total</dt>
          <dd>₹{o.totalPrice.toLocaleString('en-IN')}</dd>
        </div>
        {o.clinicalNotes && (
          <div className="sm:col-span-2">
            <dt className="text-base-content/70">Clinical notes</dt>
            <dd>{o.clinicalNotes}</dd>
          </div>
        )}
        {o.prescription && (
          <div>
            <dt className="text-base-content/70">Prescription</dt>
            <dd>
              <a
                className="link"
                href={diagnosticOrderPaths.file(o.id, o.prescription.id)}
                target="_blank"
                rel="noreferrer"
              >
                {o.prescription.fileName}
              </a>
            </dd>
          </div>
        )}
      </dl>
      <HomeCollection order={o} canAssign={centre} />
      <ul className="flex flex-col gap-3" aria-label="Tests">
        {o.tests.map((test) =>
          centre ? (
            <CentreTest key={test.id} order={o} test={test} />
          ) : (
            <ReaderTest
              key={test.id}
              order={o}
              test={test}
              orderer={user?.role === 'DOCTOR' || user?.role === 'HOSPITAL'}
            />
          ),
        )}
      </ul>
    </section>
  );
}

function HomeCollection({ order, canAssign }: { order: DiagnosticOrder; canAssign: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const team = useQuery({ ...getMyTeamQueryOptions(), enabled: canAssign });
  const [busy, setBusy] = useState(false);
  if (!order.homeCollection) return <p className="text-sm">Sample taken at the centre.</p>;
  const { address, windowStart, windowEnd } = order.homeCollection;
  const collectors = (team.data?.members ?? []).filter(
    (m) =>
      m.state === 'ACTIVE' && hasDuty({ role: 'DIAGNOSTICS', isOwner: m.isOwner, duties: m.duties }, 'FIELD_COLLECTOR'),
  );
  const assign = async (assigneeId: string) => {
    setBusy(true);
    try {
      const answer = await diagnosticOrdersApi.update(order.id, { assigneeId: assigneeId || null });
      queryClient.setQueryData(diagnosticOrderKeys.detail(order.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: diagnosticOrderKeys.all });
      toast.success(assigneeId ? 'Collector assigned: the collection is scheduled.' : 'Collector removed.', {
        title: 'Home collection',
      });
    } catch (error) {
      toast.error(messageOf(error), { title: 'Home collection' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-box border border-base-300 p-3 text-sm">
      <h2 className="font-semibold">Home collection</h2>
      <p>{[address.buildingNumber, address.street, address.locality, address.city, address.pincode].join(', ')}</p>
      <p>
        {formatDateTime(windowStart)} – {formatDateTime(windowEnd)} ·{' '}
        {order.assignee ? `${order.assignee.name} is coming` : 'No collector assigned yet'}
      </p>
      {canAssign && (
        <SelectField
          label="Collector"
          className="mt-2 max-w-xs"
          options={collectors.map((m) => m.id)}
          labels={Object.fromEntries(collectors.map((m) => [m.id, m.name ?? m.email]))}
          placeholder="Not assigned"
          value={order.assignee?.id ?? ''}
          disabled={busy || team.isPending}
          onChange={(e) => void assign(e.target.value)}
        />
      )}
    </div>
  );
}

function CentreTest({ order, test }: { order: DiagnosticOrder; test: OrderTest }) {
  const { user } = useAuth();
  const toast = useToast();
  const steps = test.actions.flatMap((a) => (DESK_STEPS[a] ? [DESK_STEPS[a]!] : []));
  const step = async (status: 'SAMPLE_RECEIVED' | 'IN_PROGRESS' | 'RELEASED') => {
    if (!user) return;
    const result = await testStatusChange.submit(user.id, {
      orderId: order.id,
      testId: test.id,
      testType: test.testType,
      body: { status },
    });
    if (result.status === 'refused')
      toast.error(result.error.message ?? 'Refused', { title: DIAGNOSTIC_TEST_TYPE_LABELS[test.testType] });
  };
  return (
    <FieldTestCard order={order} test={test}>
      {steps.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {steps.map((s) => (
            <OnlineButton
              key={s.status}
              size="sm"
              variant={s.status === 'RELEASED' ? 'primary' : undefined}
              onClick={() => void step(s.status)}
            >
              {s.label}
            </OnlineButton>
          ))}
        </div>
      )}
      {test.versions.length > 1 && <Versions test={test} />}
    </FieldTestCard>
  );
}

function Versions({ test }: { test: OrderTest }) {
  return (
    <details className="pl-3 text-sm">
      <summary>Earlier versions ({test.versions.length - 1})</summary>
      <ul>
        {test.versions.slice(1).map((v) => (
          <li key={v.id}>
            v{v.version}: {resultText(v)} · {formatDateTime(v.enteredAt)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ReaderTest({ order, test, orderer }: { order: DiagnosticOrder; test: OrderTest; orderer: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const alert = test.criticalAlert;
  const acknowledge = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await diagnosticOrdersApi.acknowledge(order.id, test.id, { comment });
      queryClient.setQueryData(diagnosticOrderKeys.detail(order.id), answer.data);
      toast.success('Critical result acknowledged.', { title: 'Critical result' });
    } catch (error) {
      toast.error(messageOf(error), { title: 'Critical result' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{DIAGNOSTIC_TEST_TYPE_LABELS[test.testType]}</span>
        <TestStatusBadge status={test.status} />
      </div>
      {test.result ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">{resultText(test.result)}</span>
          <FlagBadge flag={test.result.flag} />
          <span className="text-base-content/70">Reference: {rangeText(test.result)}</span>
        </p>
      ) : (
        <p className="text-sm text-base-content/70">No released result yet.</p>
      )}
      {alert && !alert.acknowledgedAt && orderer && (
        <form
          role="alert"
          onSubmit={(e) => void acknowledge(e)}
          className="alert alert-error flex flex-col items-stretch gap-2"
        >
          <span className="font-semibold">Critical result: acknowledge with a comment</span>
          <TextField label="Comment" value={comment} onChange={(e) => setComment(e.target.value)} required />
          <OnlineButton type="submit" size="sm" loading={busy} disabled={comment.trim() === ''}>
            Acknowledge
          </OnlineButton>
        </form>
      )}
      {alert?.acknowledgedAt && <p className="text-sm">Critical result acknowledged: {alert.comment}</p>}
      {test.attachments.map((file) => (
        <a
          key={file.id}
          className="link text-sm"
          href={diagnosticOrderPaths.file(order.id, file.id)}
          target="_blank"
          rel="noreferrer"
        >
          {file.fileName}
        </a>
      ))}
    </li>
  );
}
