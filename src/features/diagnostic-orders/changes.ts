/**
 * The field staff's changes that must work with no signal (DESIGN "Offline-first"): a sample marked
 * collected or rejected, a result, a photo or PDF of a report. Each goes through the outbox (online
 * too: one path), shows "Waiting to send" on its test, and is sent once, in order, when the signal returns.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  DIAGNOSTIC_TEST_TYPE_LABELS,
  type DiagnosticTestStatus,
  type DiagnosticTestType,
} from '../../../domain/enums.ts';
import type { ResultInput, TestStatusInput } from '../../../domain/schemas/diagnosticOrders.ts';
import { orderSchema } from '../../../domain/schemas/diagnosticOrders.ts';
import { diagnosticOrderKeys, diagnosticOrderPaths } from '../../api/diagnosticOrders.ts';
import type { OutboxEntry } from '../../offline/engine/index.ts';
import { defineOfflineChange } from '../../offline/offlineChange.ts';

type TestRef = { orderId: string; testId: string; testType: DiagnosticTestType };

const name = (testType: DiagnosticTestType) => DIAGNOSTIC_TEST_TYPE_LABELS[testType];
const facts = ({ orderId, testId }: TestRef) => ({ orderId, testId });

/** The answer is the whole order: put it in its detail cache at once. */
function applyOrder(queryClient: QueryClient, answer: unknown) {
  const parsed = orderSchema.safeParse((answer as { data?: unknown } | null)?.data);
  if (parsed.success) queryClient.setQueryData(diagnosticOrderKeys.detail(parsed.data.id), parsed.data);
}

const STATUS_WORDS: Partial<Record<TestStatusInput['status'], string>> = {
  SAMPLE_COLLECTED: 'collected',
  SAMPLE_REJECTED: 'rejected',
  SAMPLE_RECEIVED: 'received',
  IN_PROGRESS: 'started',
  RELEASED: 'released',
};

export const testStatusChange = defineOfflineChange<TestRef & { body: TestStatusInput }>({
  kind: 'diagnostic-test-status',
  method: 'PUT',
  path: ({ orderId, testId }) => diagnosticOrderPaths.status(orderId, testId),
  body: ({ body }) => body,
  label: ({ testType, body }) => `${name(testType)}: ${STATUS_WORDS[body.status] ?? body.status.toLowerCase()}`,
  meta: (input) => ({ ...facts(input), status: input.body.status }),
  invalidates: () => [diagnosticOrderKeys.all],
  applyAnswer: applyOrder,
});

export const resultChange = defineOfflineChange<TestRef & { body: ResultInput; shown: string }>({
  kind: 'diagnostic-test-result',
  method: 'POST',
  path: ({ orderId, testId }) => diagnosticOrderPaths.results(orderId, testId),
  body: ({ body }) => body,
  label: ({ testType, shown }) => `${name(testType)} result: ${shown}`,
  meta: facts,
  invalidates: () => [diagnosticOrderKeys.all],
  applyAnswer: applyOrder,
});

export const attachmentChange = defineOfflineChange<TestRef & { file: File }>({
  kind: 'diagnostic-test-attachment',
  method: 'POST',
  path: ({ orderId, testId }) => diagnosticOrderPaths.attachments(orderId, testId),
  form: ({ file }) => ({ file }),
  label: ({ testType, file }) => `${name(testType)}: attach ${file.name}`,
  meta: ({ orderId, testId, file }) => ({ orderId, testId, fileName: file.name, size: file.size }),
  invalidates: () => [diagnosticOrderKeys.all],
  applyAnswer: applyOrder,
});

/** Every change of one test still on the device, oldest first. */
export function useWaitingForTest(testId: string): OutboxEntry[] {
  const a = testStatusChange.useWaiting({ testId });
  const b = resultChange.useWaiting({ testId });
  const c = attachmentChange.useWaiting({ testId });
  return [...a, ...b, ...c].sort((x, y) => (x.createdAt < y.createdAt ? -1 : 1));
}

/** The status a test will have once the changes waiting on this device are sent (what the card offers next). */
export function statusAfter(status: DiagnosticTestStatus, waiting: readonly OutboxEntry[]): DiagnosticTestStatus {
  let next = status;
  for (const entry of waiting) {
    const kind = entry.meta?.['kind'];
    const asked = entry.meta?.['status'];
    if (kind === testStatusChange.kind && typeof asked === 'string') next = asked as DiagnosticTestStatus;
    if (kind === resultChange.kind) next = next === 'RELEASED' || next === 'CORRECTED' ? 'CORRECTED' : 'RESULT_ENTERED';
  }
  return next;
}
