import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../offline/engine/index.ts';
import { resultChange, statusAfter, testStatusChange } from './changes.ts';

const entry = (meta: Record<string, unknown>): OutboxEntry => ({ meta }) as unknown as OutboxEntry;

describe('statusAfter: what the collector can do next, from the changes still on the phone', () => {
  it('is the server’s status when nothing waits', () => {
    expect(statusAfter('COLLECTION_SCHEDULED', [])).toBe('COLLECTION_SCHEDULED');
  });

  it('follows a queued collection, then a queued result', () => {
    const collected = entry({ kind: testStatusChange.kind, status: 'SAMPLE_COLLECTED' });
    const result = entry({ kind: resultChange.kind });
    expect(statusAfter('COLLECTION_SCHEDULED', [collected])).toBe('SAMPLE_COLLECTED');
    expect(statusAfter('COLLECTION_SCHEDULED', [collected, result])).toBe('RESULT_ENTERED');
  });

  it('reads a result queued after release as a correction', () => {
    expect(statusAfter('RELEASED', [entry({ kind: resultChange.kind })])).toBe('CORRECTED');
  });

  it('ignores other areas’ changes', () => {
    expect(statusAfter('ORDERED', [entry({ kind: 'book-appointment', status: 'CANCELLED' })])).toBe('ORDERED');
  });
});
