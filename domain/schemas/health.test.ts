import { describe, it, expect } from 'vitest';
import { healthResponse } from './health.ts';

describe('healthResponse', () => {
  it('accepts each status on each database', () => {
    for (const status of ['ok', 'degraded'] as const) {
      for (const database of ['pglite', 'postgres'] as const) {
        const body = { data: { status, database, version: '0.1.0' } };
        expect(healthResponse.parse(body)).toEqual(body);
      }
    }
  });

  it('rejects unknown values and a missing envelope', () => {
    expect(healthResponse.safeParse({ data: { status: 'down', database: 'pglite', version: '1' } }).success).toBe(
      false,
    );
    expect(healthResponse.safeParse({ data: { status: 'ok', database: 'mysql', version: '1' } }).success).toBe(false);
    expect(healthResponse.safeParse({ status: 'ok', database: 'pglite', version: '1' }).success).toBe(false);
  });
});
