import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { apiErrorsToFields, fieldKeyOf, issuesToErrors } from './fieldErrors.ts';

describe('fieldKeyOf', () => {
  it('flattens address fields and list positions, and keeps nested keys when asked', () => {
    expect(fieldKeyOf(['address', 'pincode'])).toBe('pincode');
    expect(fieldKeyOf(['specializations', 2])).toBe('specializations');
    expect(fieldKeyOf(['openingHours', 'MONDAY', 'close'], ['openingHours'])).toBe('openingHours.MONDAY');
    expect(fieldKeyOf([])).toBe('');
  });
});

describe('issuesToErrors', () => {
  it('keeps the first message of each field', () => {
    expect(
      issuesToErrors([
        { path: ['email'], message: 'Enter a valid email address' },
        { path: ['email'], message: 'second' },
        { path: ['specializations', 0], message: 'Unknown specialisation' },
      ]),
    ).toEqual({ email: 'Enter a valid email address', specializations: 'Unknown specialisation' });
  });
});

describe('apiErrorsToFields', () => {
  it("puts a VALIDATION answer's messages on the form's fields", () => {
    const error = new ApiError('VALIDATION', 'body.consultationFee: too high', 400, {
      issues: [
        { path: 'body.consultationFee', message: 'Consultation fee must be at most ₹1,00,000' },
        { path: 'body.address.pincode', message: 'Pincode must be 6 digits' },
        { path: 'body.languagesSpoken.1', message: 'Unknown language' },
      ],
    });
    expect(apiErrorsToFields(error)).toEqual({
      consultationFee: 'Consultation fee must be at most ₹1,00,000',
      pincode: 'Pincode must be 6 digits',
      languagesSpoken: 'Unknown language',
    });
  });

  it('is empty for any other failure', () => {
    expect(apiErrorsToFields(new ApiError('CONFLICT', 'Taken', 409))).toEqual({});
    expect(apiErrorsToFields(new Error('offline'))).toEqual({});
  });
});
