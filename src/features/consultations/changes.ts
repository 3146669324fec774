/**
 * What the doctor writes during a consultation survives a dropped connection (DESIGN "Offline-first"):
 * every change to the record goes through the outbox, online as well, so there is one path, and
 * shows "Waiting to send" on the consultation until the server has it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { consultationKeys, consultationPaths } from '../../api/consultations.ts';
import { careKeys, carePaths } from '../../api/consultationCare.ts';
import type { OutboxEntry } from '../../offline/outbox.ts';
import { defineOfflineChange } from '../../offline/offlineChange.ts';
import type { SubmitOptions, SubmitResult } from '../../offline/submit.ts';

export const CONSULTATION_CHANGE_KIND = 'consultation-change';

export type ConsultationPart = 'diagnoses' | 'vital-signs' | 'prescriptions' | 'diagnostic-tests';

/** One change to a consultation: where it goes, what it carries, what the user reads. */
export type ConsultationChangeInput = {
  consultationId: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  label: string;
};

function refresh(queryClient: QueryClient, entry: OutboxEntry) {
  const id = entry.meta?.['consultationId'];
  if (typeof id === 'string') void queryClient.invalidateQueries({ queryKey: consultationKeys.detail(id) });
}

const definitions = (['POST', 'PUT', 'DELETE', 'PATCH'] as const).map((method) =>
  defineOfflineChange<ConsultationChangeInput>({
    kind: `${CONSULTATION_CHANGE_KIND}-${method.toLowerCase()}`,
    method,
    path: (input) => input.path,
    body: (input) => input.body ?? {},
    label: (input) => input.label,
    meta: (input) => ({ consultationId: input.consultationId }),
    invalidates: (input) => [
      consultationKeys.detail(input.consultationId),
      consultationKeys.lists,
      careKeys.allReferrals,
    ],
    applyAnswer: (queryClient, _answer, entry) => refresh(queryClient, entry),
  }),
);
const byMethod = { POST: definitions[0]!, PUT: definitions[1]!, DELETE: definitions[2]!, PATCH: definitions[3]! };

export function submitConsultationChange(
  userId: string,
  input: ConsultationChangeInput,
  options?: SubmitOptions,
): Promise<SubmitResult> {
  return byMethod[input.method].submit(userId, input, options);
}

/** This consultation's changes not sent yet, oldest first. */
export function useWaitingConsultationChanges(consultationId: string): OutboxEntry[] {
  const posts = byMethod.POST.useWaiting({ consultationId });
  const puts = byMethod.PUT.useWaiting({ consultationId });
  const deletes = byMethod.DELETE.useWaiting({ consultationId });
  const patches = byMethod.PATCH.useWaiting({ consultationId });
  return [...posts, ...puts, ...deletes, ...patches].sort((a, b) => a.createdAt - b.createdAt);
}

export const changeTo = {
  add: (consultationId: string, part: ConsultationPart, body: unknown, label: string): ConsultationChangeInput => ({
    consultationId,
    method: 'POST',
    path: consultationPaths.part(consultationId, part),
    body,
    label,
  }),
  update: (
    consultationId: string,
    part: ConsultationPart,
    partId: string,
    body: unknown,
    label: string,
  ): ConsultationChangeInput => ({
    consultationId,
    method: 'PUT',
    path: consultationPaths.part(consultationId, part, partId),
    body,
    label,
  }),
  remove: (consultationId: string, part: ConsultationPart, partId: string, label: string): ConsultationChangeInput => ({
    consultationId,
    method: 'DELETE',
    path: consultationPaths.part(consultationId, part, partId),
    label,
  }),
  record: (consultationId: string, body: unknown, label: string): ConsultationChangeInput => ({
    consultationId,
    method: 'PUT',
    path: consultationPaths.detail(consultationId, 'updateConsultation'),
    body,
    label,
  }),
  notes: (consultationId: string, body: { notes: string; privateNotes: string }): ConsultationChangeInput => ({
    consultationId,
    method: 'PUT',
    path: consultationPaths.notes(consultationId),
    body,
    label: 'Save clinical notes',
  }),
  acknowledge: (consultationId: string, alertId: string, comment: string): ConsultationChangeInput => ({
    consultationId,
    method: 'POST',
    path: consultationPaths.acknowledge(consultationId, alertId),
    body: comment ? { comment } : {},
    label: 'Acknowledge alert',
  }),
  /** Billing, referral, follow-up, feedback, admission: the desk and the doctor act offline too. */
  payment: (consultationId: string, body: unknown, label: string): ConsultationChangeInput => ({
    consultationId,
    method: 'POST',
    path: carePaths.payments(consultationId),
    body,
    label,
  }),
  referral: (consultationId: string, body: unknown): ConsultationChangeInput => ({
    consultationId,
    method: 'POST',
    path: carePaths.referral(consultationId),
    body,
    label: 'Refer the patient',
  }),
  followUp: (consultationId: string, body: unknown): ConsultationChangeInput => ({
    consultationId,
    method: 'POST',
    path: carePaths.followUp(consultationId),
    body,
    label: 'Propose a follow-up',
  }),
  feedback: (consultationId: string, body: unknown): ConsultationChangeInput => ({
    consultationId,
    method: 'POST',
    path: carePaths.feedback(consultationId),
    body,
    label: 'Rate the visit',
  }),
  admission: (consultationId: string, body: unknown, label: string): ConsultationChangeInput => ({
    consultationId,
    method: 'PATCH',
    path: carePaths.admission(consultationId),
    body,
    label,
  }),
  fromDiagnostics: (consultationId: string): ConsultationChangeInput => ({
    consultationId,
    method: 'PATCH',
    path: carePaths.fromDiagnostics(consultationId),
    label: 'Diagnostics completed',
  }),
};
