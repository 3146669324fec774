import { describe, it, expect } from 'vitest';
import { ERROR_KINDS, ERROR_STATUS, isApiErrorBody, isRetryableStatus, kindForStatus } from './errors.ts';

describe('ERROR_STATUS', () => {
  it('gives each kind its HTTP status', () => {
    expect(ERROR_STATUS).toEqual({
      VALIDATION: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      RATE_LIMITED: 429,
      SERVER_ERROR: 500,
    });
  });

  it('round-trips through kindForStatus', () => {
    for (const kind of ERROR_KINDS) expect(kindForStatus(ERROR_STATUS[kind])).toBe(kind);
  });
});

describe('kindForStatus', () => {
  it('maps the named 4xx statuses to their kinds', () => {
    expect(kindForStatus(401)).toBe('UNAUTHORIZED');
    expect(kindForStatus(403)).toBe('FORBIDDEN');
    expect(kindForStatus(404)).toBe('NOT_FOUND');
    expect(kindForStatus(409)).toBe('CONFLICT');
    expect(kindForStatus(429)).toBe('RATE_LIMITED');
  });

  it('maps every other 4xx to VALIDATION', () => {
    for (const status of [400, 405, 408, 410, 413, 415, 422, 499]) expect(kindForStatus(status)).toBe('VALIDATION');
  });

  it('maps 5xx to SERVER_ERROR', () => {
    for (const status of [500, 502, 503, 504, 599]) expect(kindForStatus(status)).toBe('SERVER_ERROR');
  });

  it('maps non-error statuses to SERVER_ERROR', () => {
    for (const status of [0, 200, 302, 600, Number.NaN, 404.5]) expect(kindForStatus(status)).toBe('SERVER_ERROR');
  });
});

describe('isApiErrorBody', () => {
  it('accepts the error envelope, with or without details', () => {
    expect(isApiErrorBody({ error: 'NOT_FOUND', message: 'Appointment not found' })).toBe(true);
    expect(
      isApiErrorBody({ error: 'VALIDATION', message: 'Invalid body', details: [{ path: ['phone'], message: 'x' }] }),
    ).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isApiErrorBody(null)).toBe(false);
    expect(isApiErrorBody('NOT_FOUND')).toBe(false);
    expect(isApiErrorBody({ data: {} })).toBe(false);
    expect(isApiErrorBody({ error: 'TEAPOT', message: 'x' })).toBe(false);
    expect(isApiErrorBody({ error: 'NOT_FOUND' })).toBe(false);
    expect(isApiErrorBody({ error: 'NOT_FOUND', message: 42 })).toBe(false);
    expect(isApiErrorBody({ statusCode: 404, error: 'Not Found', message: 'Route GET:/x not found' })).toBe(false);
  });
});

describe('isRetryableStatus', () => {
  it('retries network failures, timeouts, rate limiting and server errors', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504, 599]) expect(isRetryableStatus(status)).toBe(true);
  });

  it('does not retry what needs the user: auth, conflicts, validation', () => {
    for (const status of [200, 400, 401, 403, 404, 409, 413, 422, 600]) expect(isRetryableStatus(status)).toBe(false);
  });
});
