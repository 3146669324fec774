import type { RecordStatus, VerificationStatus } from '../enums.ts';

/**
 * Listed in the directory: what every signed-in caller may find and book. An organisation or doctor
 * is listed when it is verified and active; anything else is seen only by its owner and admins.
 */
export const LISTED_VERIFICATION_STATUS = 'VERIFIED' as const satisfies VerificationStatus;
export const LISTED_RECORD_STATUS = 'ACTIVE' as const satisfies RecordStatus;

/** The two columns every directory entry (hospital, doctor, diagnostics centre, pharmacy) carries. */
export type DirectoryEntryState = { verificationStatus: VerificationStatus; status: RecordStatus };

/** Whether the entry shows in the directory. */
export function isListed(entry: DirectoryEntryState): boolean {
  return entry.verificationStatus === LISTED_VERIFICATION_STATUS && entry.status === LISTED_RECORD_STATUS;
}
