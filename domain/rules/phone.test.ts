import { describe, it, expect } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it('keeps a plain 10-digit number starting with 6, 7, 8 or 9', () => {
    expect(normalizePhone('9876543210')).toBe('9876543210');
    expect(normalizePhone('8123456789')).toBe('8123456789');
    expect(normalizePhone('7000000000')).toBe('7000000000');
    expect(normalizePhone('6000000000')).toBe('6000000000');
  });

  it('strips every non-digit', () => {
    expect(normalizePhone(' 98765 43210 ')).toBe('9876543210');
    expect(normalizePhone('(987) 654-3210')).toBe('9876543210');
    expect(normalizePhone('98.76.54.32.10')).toBe('9876543210');
  });

  it('drops the 91 prefix from a 12-digit number', () => {
    expect(normalizePhone('919876543210')).toBe('9876543210');
    expect(normalizePhone('+91 98765 43210')).toBe('9876543210');
    expect(normalizePhone('+91-9876543210')).toBe('9876543210');
  });

  it('drops the leading 0 from an 11-digit number', () => {
    expect(normalizePhone('09876543210')).toBe('9876543210');
    expect(normalizePhone('0 98765-43210')).toBe('9876543210');
  });

  it('rejects a number that does not start with 6 to 9', () => {
    expect(normalizePhone('5876543210')).toBeNull();
    expect(normalizePhone('0123456789')).toBeNull();
    expect(normalizePhone('911234567890')).toBeNull();
    expect(normalizePhone('01234567890')).toBeNull();
  });

  it('rejects the wrong number of digits', () => {
    expect(normalizePhone('987654321')).toBeNull();
    expect(normalizePhone('98765432100')).toBeNull();
    expect(normalizePhone('929876543210')).toBeNull();
    expect(normalizePhone('00919876543210')).toBeNull();
  });

  it('drops only one prefix', () => {
    expect(normalizePhone('0919876543210')).toBeNull();
    expect(normalizePhone('910987654321')).toBeNull();
  });

  it('rejects empty, missing and digit-free input', () => {
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('   ')).toBeNull();
    expect(normalizePhone('not a phone')).toBeNull();
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });
});

describe('isValidPhone', () => {
  it('follows normalizePhone', () => {
    expect(isValidPhone('+91 98765 43210')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });
});

describe('formatPhone', () => {
  it('shows a valid number as +91- followed by the 10 digits', () => {
    expect(formatPhone('9876543210')).toBe('+91-9876543210');
    expect(formatPhone('+91 98765 43210')).toBe('+91-9876543210');
    expect(formatPhone('09876543210')).toBe('+91-9876543210');
  });

  it('returns an invalid number trimmed, as typed', () => {
    expect(formatPhone('  12345 ')).toBe('12345');
    expect(formatPhone('5876543210')).toBe('5876543210');
  });

  it('returns an empty string for a missing number', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});
