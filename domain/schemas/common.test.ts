import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  PHONE_MESSAGE,
  PINCODE_MESSAGE,
  addressSchema,
  apiErrorBodySchema,
  emailSchema,
  idSchema,
  isoDate,
  isoDateTimeWithOffset,
  pageOffset,
  paginationOf,
  paginationQuery,
  paginationSchema,
  phoneSchema,
  pincodeSchema,
  queryBoolean,
  sortOrder,
  successEnvelope,
} from './common.ts';

function messages(result: { success: boolean; error?: z.ZodError }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('paginationQuery', () => {
  it('defaults to page 1 and limit 10', () => {
    expect(paginationQuery.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it('coerces query-string values', () => {
    expect(paginationQuery.parse({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25 });
  });

  it('accepts the limits of the range', () => {
    expect(paginationQuery.parse({ page: '1', limit: '1' })).toEqual({ page: 1, limit: 1 });
    expect(paginationQuery.parse({ limit: '100' }).limit).toBe(100);
  });

  it('rejects a page below 1', () => {
    expect(paginationQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(paginationQuery.safeParse({ page: '-2' }).success).toBe(false);
  });

  it('rejects a limit outside 1 to 100', () => {
    expect(paginationQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(messages(paginationQuery.safeParse({ limit: '101' }))).toEqual(['Limit must be at most 100']);
  });

  it('rejects fractions and non-numbers', () => {
    expect(paginationQuery.safeParse({ page: '1.5' }).success).toBe(false);
    expect(paginationQuery.safeParse({ page: 'two' }).success).toBe(false);
  });
});

describe('sortOrder', () => {
  it('accepts asc and desc only', () => {
    expect(sortOrder.parse('asc')).toBe('asc');
    expect(sortOrder.parse('desc')).toBe('desc');
    expect(sortOrder.safeParse('ASC').success).toBe(false);
    expect(sortOrder.safeParse('random').success).toBe(false);
  });
});

describe('queryBoolean', () => {
  it('reads query-string flags, including false', () => {
    expect(queryBoolean.parse('true')).toBe(true);
    expect(queryBoolean.parse('false')).toBe(false);
    expect(queryBoolean.parse('1')).toBe(true);
    expect(queryBoolean.parse('0')).toBe(false);
    expect(queryBoolean.safeParse('maybe').success).toBe(false);
  });
});

describe('phoneSchema', () => {
  it('normalises to the 10-digit national number', () => {
    expect(phoneSchema.parse('+91 98765 43210')).toBe('9876543210');
    expect(phoneSchema.parse('09876543210')).toBe('9876543210');
    expect(phoneSchema.parse('9876543210')).toBe('9876543210');
  });

  it('rejects an invalid number with a clear message', () => {
    for (const input of ['12345', '5876543210', '', '+1 415 555 0100']) {
      expect(messages(phoneSchema.safeParse(input))).toEqual([PHONE_MESSAGE]);
    }
    expect(PHONE_MESSAGE).toBe('Enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9');
  });

  it('rejects a non-string with the same message', () => {
    expect(messages(phoneSchema.safeParse(9876543210))).toEqual([PHONE_MESSAGE]);
    expect(messages(phoneSchema.safeParse(undefined))).toEqual([PHONE_MESSAGE]);
  });
});

describe('pincodeSchema', () => {
  it('accepts 6 digits not starting with 0, trimmed', () => {
    expect(pincodeSchema.parse('110001')).toBe('110001');
    expect(pincodeSchema.parse(' 560034 ')).toBe('560034');
  });

  it('rejects anything else with the SPEC-style message', () => {
    for (const input of ['011001', '11001', '1100011', '11000a', '110 001', '']) {
      expect(messages(pincodeSchema.safeParse(input))).toEqual([PINCODE_MESSAGE]);
    }
    expect(PINCODE_MESSAGE).toBe('Pincode must be 6 digits');
  });
});

describe('addressSchema', () => {
  const address = {
    buildingNumber: '12B',
    street: 'MG Road',
    locality: 'Indiranagar',
    landmark: 'Near metro station',
    city: 'Bengaluru',
    state: 'KARNATAKA',
    pincode: '560038',
  };

  it('accepts a full address', () => {
    expect(addressSchema.parse(address)).toEqual(address);
  });

  it('makes the landmark optional', () => {
    const withoutLandmark: Partial<typeof address> = { ...address };
    delete withoutLandmark.landmark;
    expect(addressSchema.parse(withoutLandmark)).toEqual(withoutLandmark);
  });

  it('trims text fields', () => {
    expect(addressSchema.parse({ ...address, city: '  Bengaluru ' }).city).toBe('Bengaluru');
  });

  it('requires every other field', () => {
    for (const field of ['buildingNumber', 'street', 'locality', 'city', 'state', 'pincode'] as const) {
      const rest: Partial<typeof address> = { ...address };
      delete rest[field];
      const result = addressSchema.safeParse(rest);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });

  it('treats a blank required field as missing', () => {
    expect(messages(addressSchema.safeParse({ ...address, street: '   ' }))).toEqual(['Street is required']);
  });

  it('takes the state from the 28 Indian states', () => {
    expect(addressSchema.safeParse({ ...address, state: 'Karnataka' }).success).toBe(false);
    expect(addressSchema.safeParse({ ...address, state: 'CALIFORNIA' }).success).toBe(false);
  });

  it('validates the pincode', () => {
    expect(messages(addressSchema.safeParse({ ...address, pincode: '56003' }))).toEqual([PINCODE_MESSAGE]);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Dr.Rao@Example.IN ')).toBe('dr.rao@example.in');
  });

  it('rejects a malformed address', () => {
    for (const input of ['not-an-email', 'a@', '@example.in', '']) {
      expect(messages(emailSchema.safeParse(input))).toEqual(['Enter a valid email address']);
    }
  });
});

describe('idSchema', () => {
  it('accepts a UUID and rejects anything else', () => {
    expect(idSchema.parse('3f2b8c1e-6d4a-4f7b-9a2e-1c5d7e9f0a1b')).toBe('3f2b8c1e-6d4a-4f7b-9a2e-1c5d7e9f0a1b');
    expect(idSchema.safeParse('42').success).toBe(false);
    expect(idSchema.safeParse('3f2b8c1e6d4a4f7b9a2e1c5d7e9f0a1b').success).toBe(false);
  });
});

describe('isoDateTimeWithOffset', () => {
  it('accepts UTC and offset instants', () => {
    expect(isoDateTimeWithOffset.parse('2024-01-05T10:30:00Z')).toBe('2024-01-05T10:30:00Z');
    expect(isoDateTimeWithOffset.parse('2024-01-05T10:30:00+05:30')).toBe('2024-01-05T10:30:00+05:30');
    expect(isoDateTimeWithOffset.parse('2024-01-05T10:30:00.123Z')).toBe('2024-01-05T10:30:00.123Z');
  });

  it('rejects local times, bare dates and nonsense', () => {
    expect(isoDateTimeWithOffset.safeParse('2024-01-05T10:30:00').success).toBe(false);
    expect(isoDateTimeWithOffset.safeParse('2024-01-05').success).toBe(false);
    expect(isoDateTimeWithOffset.safeParse('Jan 5, 2024').success).toBe(false);
  });
});

describe('isoDate', () => {
  it('accepts yyyy-mm-dd only', () => {
    expect(isoDate.parse('2024-01-05')).toBe('2024-01-05');
    expect(isoDate.safeParse('05-01-2024').success).toBe(false);
    expect(isoDate.safeParse('2024-02-30').success).toBe(false);
  });
});

describe('paginationOf', () => {
  it('counts whole and partial pages', () => {
    expect(paginationOf(1, 10, 95)).toEqual({ page: 1, limit: 10, total: 95, totalPages: 10 });
    expect(paginationOf(2, 10, 100)).toEqual({ page: 2, limit: 10, total: 100, totalPages: 10 });
    expect(paginationOf(1, 10, 1).totalPages).toBe(1);
  });

  it('has no pages when there is nothing to list', () => {
    expect(paginationOf(1, 10, 0)).toEqual({ page: 1, limit: 10, total: 0, totalPages: 0 });
  });

  it('matches the response schema', () => {
    expect(paginationSchema.parse(paginationOf(3, 25, 51))).toEqual({ page: 3, limit: 25, total: 51, totalPages: 3 });
  });
});

describe('pageOffset', () => {
  it('skips the rows of earlier pages', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
  });
});

describe('envelopes', () => {
  it('describes the success envelope around a response schema', () => {
    const schema = successEnvelope(z.object({ id: idSchema }));
    const id = '3f2b8c1e-6d4a-4f7b-9a2e-1c5d7e9f0a1b';
    expect(schema.parse({ data: { id } })).toEqual({ data: { id } });
    expect(schema.parse({ data: { id }, message: 'Saved' })).toEqual({ data: { id }, message: 'Saved' });
    expect(schema.safeParse({ id }).success).toBe(false);
  });

  it('describes the error envelope', () => {
    expect(apiErrorBodySchema.safeParse({ error: 'CONFLICT', message: 'Slot taken' }).success).toBe(true);
    expect(apiErrorBodySchema.safeParse({ error: 'OOPS', message: 'x' }).success).toBe(false);
  });
});
