import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '../../../domain/enums.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { badgeToneFor } from './model.ts';

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <StatusBadge tone={badgeToneFor(status)}>{APPOINTMENT_STATUS_LABELS[status]}</StatusBadge>;
}

/**
 * A patient books only once their own record exists (the server needs it to file the appointment).
 * A User is offered to become a patient the same way: creating the profile makes the account a
 * Patient, and `next` (the booking they started) goes on.
 */
export function NeedsPatientProfile({ next }: { next: string }) {
  return (
    <div
      role="status"
      className="alert alert-info alert-soft flex flex-col items-start gap-2 sm:flex-row sm:items-center"
    >
      <span>
        To book, create your patient profile: your appointments are filed under it. Your booking goes on right after.
      </span>
      <ButtonLink to={`/patient/onboarding?next=${encodeURIComponent(next)}`} size="sm">
        Create my patient profile
      </ButtonLink>
    </div>
  );
}
