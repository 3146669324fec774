import { describe, expect, it } from 'vitest';
import { parseResponseHeaders } from './sendRequest.ts';

describe('parseResponseHeaders', () => {
  it('reads an XMLHttpRequest header block as Headers', () => {
    const headers = parseResponseHeaders(
      'content-type: application/json\r\nidempotent-replayed: true\r\nretry-after: 30\r\n\r\nbroken line\r\n',
    );
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotent-Replayed')).toBe('true');
    expect(headers.get('Retry-After')).toBe('30');
  });
});
