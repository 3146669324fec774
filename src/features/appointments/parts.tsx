import type { ReactNode } from 'react';
import {
  APPOINTMENT_STATUS_LABELS,
  INDIAN_STATE_LABELS,
  labelOf,
  type AppointmentStatus,
} from '../../../domain/enums.ts';
import type { Address } from '../../../domain/schemas/common.ts';
import { messageOf } from '../../api/http.ts';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { badgeClassFor } from './model.ts';

export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span className={`badge badge-soft ${badgeClassFor(status)} whitespace-nowrap`}>
      {APPOINTMENT_STATUS_LABELS[status]}
    </span>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <div role="status" className="flex items-center gap-2 py-8 text-base-content/70">
      <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading {what}…
    </div>
  );
}

/** Asked for while offline, and not kept on this device from an earlier visit. */
export function NotOnDevice({ what }: { what: string }) {
  return (
    <p role="status" className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm">
      You are offline, and {what} {what.endsWith('s') ? 'have' : 'has'} not been opened on this device before. Try again
      when you are back online.
    </p>
  );
}

export function LoadError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
      <span>
        Could not load {what}: {messageOf(error)}
      </span>
      <Button size="sm" variant="danger" buttonStyle="outline" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/** A patient books only once their own record exists (the server needs it to file the appointment). */
export function NeedsPatientProfile() {
  return (
    <div
      role="status"
      className="alert alert-info alert-soft flex flex-col items-start gap-2 sm:flex-row sm:items-center"
    >
      <span>Create your patient profile first: your appointments are filed under it.</span>
      <ButtonLink to="/profile" size="sm">
        Create my profile
      </ButtonLink>
    </div>
  );
}

/** Label/value rows; an empty value shows a dash. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
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

export function addressLine(address: Address): string {
  const line = [address.buildingNumber, address.street, address.locality, address.landmark, address.city]
    .filter(Boolean)
    .join(', ');
  return `${line} ${address.pincode}, ${labelOf(INDIAN_STATE_LABELS, address.state, address.state)}`;
}
