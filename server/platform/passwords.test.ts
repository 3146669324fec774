import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id at OWASP parameters and verifies', async () => {
    const stored = await hashPassword('CareMesh@2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'CareMesh@2026')).toBe(true);
    expect(await verifyPassword(stored, 'caremesh@2026')).toBe(false);
  });

  it('never matches a missing or malformed hash', async () => {
    expect(await verifyPassword(null, 'anything1')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything1')).toBe(false);
  });
});
