import { describe, expect, it } from 'vitest';
import { changeTo } from './changes.ts';

const ID = '6b1d2c3e-0000-4000-8000-000000000001';

describe('the consultation changes sent through the outbox', () => {
  it('adds and removes a part at its own path, with a label the user reads', () => {
    expect(changeTo.add(ID, 'vital-signs', { pulse: 80 }, 'Record vital signs')).toEqual({
      consultationId: ID,
      method: 'POST',
      path: `/consultations/${ID}/vital-signs`,
      body: { pulse: 80 },
      label: 'Record vital signs',
    });
    expect(changeTo.remove(ID, 'prescriptions', 'rx-1', 'Remove Amoxicillin')).toMatchObject({
      method: 'DELETE',
      path: `/consultations/${ID}/prescriptions/rx-1`,
    });
  });

  it('moves the status and writes notes with PUT, and acknowledges an alert with its comment', () => {
    expect(changeTo.record(ID, { action: 'COMPLETE_CONSULTATION' }, 'Complete consultation')).toMatchObject({
      method: 'PUT',
      path: `/consultations/${ID}`,
      body: { action: 'COMPLETE_CONSULTATION' },
    });
    expect(changeTo.notes(ID, { notes: 'Rest', privateNotes: '' })).toMatchObject({
      method: 'PUT',
      path: `/consultations/${ID}/clinical-notes`,
    });
    expect(changeTo.acknowledge(ID, 'alert-1', '')).toMatchObject({
      method: 'POST',
      path: `/consultations/${ID}/alerts/alert-1/acknowledge`,
      body: {},
    });
    expect(changeTo.acknowledge(ID, 'alert-1', 'Seen').body).toEqual({ comment: 'Seen' });
  });

  it('refuses a missing consultation id rather than sending to a wrong path', () => {
    expect(() => changeTo.add(undefined as unknown as string, 'diagnoses', {}, 'Add')).toThrow(
      'Required parameter consultationId',
    );
  });
});
