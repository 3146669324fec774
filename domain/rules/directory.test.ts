import { describe, expect, it } from 'vitest';
import { RECORD_STATUSES, VERIFICATION_STATUSES } from '../enums.ts';
import { isListed } from './directory.ts';

const TODAY = '2026-11-25';

describe('listed in the directory', () => {
  it('is a verified, active entry whose required documents are valid', () => {
    expect(isListed({ verificationStatus: 'VERIFIED', status: 'ACTIVE', listedUntil: null }, TODAY)).toBe(true);
    // Listed through the last day of its grace period, and not a day after.
    expect(isListed({ verificationStatus: 'VERIFIED', status: 'ACTIVE', listedUntil: TODAY }, TODAY)).toBe(true);
    expect(isListed({ verificationStatus: 'VERIFIED', status: 'ACTIVE', listedUntil: '2026-11-24' }, TODAY)).toBe(
      false,
    );
  });

  it('is nothing else', () => {
    for (const verificationStatus of VERIFICATION_STATUSES) {
      for (const status of RECORD_STATUSES) {
        if (verificationStatus === 'VERIFIED' && status === 'ACTIVE') continue;
        expect(
          isListed({ verificationStatus, status, listedUntil: null }, TODAY),
          `${verificationStatus}/${status}`,
        ).toBe(false);
      }
    }
  });
});
