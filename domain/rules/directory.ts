import type { RecordStatus, VerificationStatus } from '../enums.ts';
import { todayInIndia } from './time.ts';
import { listedOn } from './verification.ts';

/**
 * Listed in the directory: what every signed-in caller may find and book. An organisation or doctor
 * is listed when it is verified, active, and every required document valid: `listedUntil` (kept by
 * verification, domain/rules/verification.ts listedUntilOf) has not passed. A required document that
 * expires leaves it listed for the grace period, then hides it until the renewal is approved.
 * Anything not listed is seen only by its owner and admins. The SQL form is server/platform/search.ts
 * listedInDirectory: the same three conditions.
 */
export const LISTED_VERIFICATION_STATUS = 'VERIFIED' as const satisfies VerificationStatus;
export const LISTED_RECORD_STATUS = 'ACTIVE' as const satisfies RecordStatus;

/** The two columns every directory entry (hospital, doctor, diagnostics centre, pharmacy) carries. */
export type DirectoryEntryState = {
  verificationStatus: VerificationStatus;
  status: RecordStatus;
  listedUntil: string | null;
};

/** Whether the entry shows in the directory on `today` (India's date). */
export function isListed(entry: DirectoryEntryState, today: string = todayInIndia()): boolean {
  return (
    entry.verificationStatus === LISTED_VERIFICATION_STATUS &&
    entry.status === LISTED_RECORD_STATUS &&
    listedOn(entry.listedUntil, today)
  );
}
