import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { INDIAN_STATE_LABELS, VERIFICATION_STATUS_LABELS, type VerificationStatus } from '../../../domain/enums.ts';
import type { Address } from '../../../domain/schemas/common.ts';
import { messageOf } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/toast/index.ts';

export function ProfileLoading({ what }: { what: string }) {
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-base-content/70">
      <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading your {what}…
    </div>
  );
}

export function ProfileLoadError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
      <span>
        Could not load your {what}: {messageOf(error)}
      </span>
      <Button size="sm" variant="danger" buttonStyle="outline" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

export function ProfileHeader({ id, name, status }: { id: string; name: string; status: VerificationStatus }) {
  return (
    <header className="flex flex-wrap items-center gap-3">
      <h1 id={id} className="text-2xl font-bold tracking-tight">
        {name}
      </h1>
      <span className={`badge ${status === 'VERIFIED' ? 'badge-success' : 'badge-warning'} badge-soft`}>
        {VERIFICATION_STATUS_LABELS[status]}
      </span>
    </header>
  );
}

/** A card with a heading that names its section. */
export function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Label/value rows; a value that is empty shows a dash. */
export function DetailList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="mt-1 font-medium text-base-content/70 sm:mt-0">{label}</dt>
          <dd className="break-words">{value === '' || value == null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function formatAddress(address: Address): string {
  const line = [address.buildingNumber, address.street, address.locality, address.landmark, address.city]
    .filter(Boolean)
    .join(', ');
  return `${line} ${address.pincode}, ${INDIAN_STATE_LABELS[address.state]}`;
}

/** Labels of enumeration values, joined; unknown values show as sent. */
export function labelList(values: readonly string[], labels: Readonly<Record<string, string>>): string {
  return values.map((v) => labels[v] ?? v).join(', ');
}

/** A change that refreshes the profile and says how it went. */
export function useProfileMutation<T, R = unknown>(queryKey: QueryKey, run: (input: T) => Promise<R>, success: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      toast.success(success, { title: 'Success' });
    },
    onError: (error) => toast.error(messageOf(error), { title: 'Error' }),
  });
}

/** Messages per field from a zod result's issues (the first per field). */
export function issuesByPath(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
