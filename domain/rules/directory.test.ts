import { describe, expect, it } from 'vitest';
import { RECORD_STATUSES, VERIFICATION_STATUSES } from '../enums.ts';
import { isListed } from './directory.ts';

describe('listed in the directory', () => {
  it('is a verified, active entry', () => {
    expect(isListed({ verificationStatus: 'VERIFIED', status: 'ACTIVE' })).toBe(true);
  });

  it('is nothing else', () => {
    for (const verificationStatus of VERIFICATION_STATUSES) {
      for (const status of RECORD_STATUSES) {
        if (verificationStatus === 'VERIFIED' && status === 'ACTIVE') continue;
        expect(isListed({ verificationStatus, status }), `${verificationStatus}/${status}`).toBe(false);
      }
    }
  });
});
