import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../offline/outbox.ts';
import {
  isQueuedAction,
  messageFromAnswer,
  messageLabel,
  shortIndiaDateTime,
  shortProvider,
  waitingBookingOf,
} from './changes.ts';

describe('shortIndiaDateTime', () => {
  it('writes an instant as the day, month and time in India', () => {
    expect(shortIndiaDateTime('2030-12-12T05:00:00Z')).toBe('12 Dec 10:30');
    expect(shortIndiaDateTime('2030-01-05T18:45:00Z')).toBe('6 Jan 00:15');
    expect(shortIndiaDateTime(null)).toBe('');
  });
});

describe('shortProvider', () => {
  it('names the doctor, else the hospital', () => {
    expect(shortProvider({ doctor: { name: 'Dr Arjun Rao' }, hospital: { name: 'Sahyadri' } } as never)).toBe(
      'Dr Arjun Rao',
    );
    expect(shortProvider({ doctor: null, hospital: { name: 'Sahyadri' } } as never)).toBe('Sahyadri');
  });
});

describe('waitingBookingOf', () => {
  it('reads what the list shows from a booking’s entry, and nothing from other entries', () => {
    const meta = {
      kind: 'book-appointment',
      provider: 'Dr Arjun Rao, Sahyadri Care Hospital',
      scheduledAt: '2030-12-12T10:30:00+05:30',
      mode: 'IN_PERSON',
      reason: 'Palpitations',
      durationMinutes: 15,
    };
    const entry = { id: 'e1', meta } as unknown as OutboxEntry;
    expect(waitingBookingOf(entry)).toEqual({
      entry,
      provider: 'Dr Arjun Rao, Sahyadri Care Hospital',
      scheduledAt: '2030-12-12T10:30:00+05:30',
      mode: 'IN_PERSON',
      reason: 'Palpitations',
      durationMinutes: 15,
    });
    expect(waitingBookingOf({ id: 'e2', meta: { kind: 'appointment-change' } } as unknown as OutboxEntry)).toBeNull();
  });
});

describe('isQueuedAction', () => {
  it('sends the patient’s cancel and answers to a new time through the outbox', () => {
    expect(['CANCEL', 'ACCEPT_RESCHEDULE', 'DECLINE_RESCHEDULE', 'ACCEPT', 'DELETE'].filter(isQueuedAction)).toEqual([
      'CANCEL',
      'ACCEPT_RESCHEDULE',
      'DECLINE_RESCHEDULE',
    ]);
  });
});

describe('messages through the outbox', () => {
  it('labels a message with whom it is for and its first words', () => {
    expect(messageLabel('Dr Arjun Rao', 'Can I bring  my old\nreports?')).toBe(
      'Message to Dr Arjun Rao: "Can I bring my old reports?"',
    );
    const long = 'Please tell me whether I should stop the blood thinner before the procedure';
    const label = messageLabel('Dr Arjun Rao', long);
    expect(label).toBe('Message to Dr Arjun Rao: "Please tell me whether I should stop th…"');
  });

  it('reads the sent message from the answer, and nothing else', () => {
    const message = { id: 'm1', kind: 'MESSAGE', body: 'Hello', appointmentId: 'a1' };
    expect(messageFromAnswer({ data: message })).toEqual(message);
    expect(messageFromAnswer({ data: { ...message, kind: 'EVENT' } })).toBeNull();
    expect(messageFromAnswer(null)).toBeNull();
    expect(messageFromAnswer({ data: 'oops' })).toBeNull();
  });
});
