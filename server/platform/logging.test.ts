import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('hides a verification token in the query', () => {
    expect(redactUrl('/api/users/verify-email?token=abc.def&x=1')).toBe('/api/users/verify-email?token=[redacted]&x=1');
  });
  it('hides a reset token in the path', () => {
    expect(redactUrl('/api/users/reset-password/s3cr3t?lang=en')).toBe('/api/users/reset-password/[redacted]?lang=en');
  });
  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/api/hospitals/search?city=Pune&page=2')).toBe('/api/hospitals/search?city=Pune&page=2');
  });
});
