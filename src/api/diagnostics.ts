import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { requireParam } from '../../domain/rules/params.ts';
import type {
  ResultsTurnaroundBody,
  diagnosticsCentreSchema,
  staffingExpertiseBody,
  updateDiagnosticsBody,
} from '../../domain/schemas/diagnostics.ts';
import { request } from './http.ts';

export type DiagnosticsProfile = z.output<typeof diagnosticsCentreSchema>;

const base = (diagnosticsId: string, operation: string) =>
  `/diagnostics/${encodeURIComponent(requireParam(diagnosticsId, 'diagnosticsId', operation))}`;

export const diagnosticsApi = {
  mine: () => request<{ data: DiagnosticsProfile }>('get', '/diagnostics/me'),
  /** One centre, as anyone who may see it reads it (its public page). */
  get: (diagnosticsId: string, signal?: AbortSignal) =>
    request<{ data: DiagnosticsProfile }>('get', base(diagnosticsId, 'getDiagnostics'), { signal }),
  /** Fields sent replace theirs, the rest stay. */
  update: (diagnosticsId: string, body: z.input<typeof updateDiagnosticsBody>) =>
    request<{ data: DiagnosticsProfile }>('patch', base(diagnosticsId, 'updateDiagnostics'), { json: body }),
  /** Replaces the whole map of test type → hours; {} clears it. */
  setResultsTurnaround: (diagnosticsId: string, body: ResultsTurnaroundBody) =>
    request<{ data: DiagnosticsProfile }>(
      'patch',
      `${base(diagnosticsId, 'setResultsTurnaround')}/results-turnaround`,
      { json: body },
    ),
  setStaffingExpertise: (diagnosticsId: string, body: z.input<typeof staffingExpertiseBody>) =>
    request<{ data: DiagnosticsProfile }>(
      'patch',
      `${base(diagnosticsId, 'setStaffingExpertise')}/staffing-expertise`,
      { json: body },
    ),
};

export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  mine: ['diagnostics', 'me'] as const,
  detail: (diagnosticsId: string) => ['diagnostics', 'byId', diagnosticsId] as const,
};

/** One diagnostics centre by id (its public page). */
export const getDiagnosticsQueryOptions = (diagnosticsId: string) =>
  queryOptions({
    queryKey: diagnosticsKeys.detail(diagnosticsId),
    queryFn: async ({ signal }) => (await diagnosticsApi.get(diagnosticsId, signal)).data,
  });

/** The signed-in diagnostics centre's own profile. */
export const getMyDiagnosticsQueryOptions = () =>
  queryOptions({ queryKey: diagnosticsKeys.mine, queryFn: async () => (await diagnosticsApi.mine()).data });
