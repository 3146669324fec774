import { describe, expect, it } from 'vitest';
import { appointmentKeys, appointmentsApi } from './appointments.ts';
import { doctorsApi } from './doctors.ts';
import { freshnessFor } from './freshness.ts';

describe('appointment query keys', () => {
  it('are realtime data: fresh for 30 s (SPEC §9)', () => {
    const keys = [
      appointmentKeys.all,
      appointmentKeys.list({ scope: 'doctor', page: 1, status: ['PENDING'] }),
      appointmentKeys.detail('a'),
      appointmentKeys.conversation('a'),
    ];
    for (const key of keys) expect(freshnessFor(key)).toBe(30_000);
  });
  it('nest, so one prefix reaches every list, detail or conversation', () => {
    const list = appointmentKeys.list({ scope: 'patient', page: 2, status: [] });
    expect(list.slice(0, appointmentKeys.lists.length)).toEqual([...appointmentKeys.lists]);
    expect(appointmentKeys.detail('a').slice(0, 2)).toEqual([...appointmentKeys.all]);
  });
});

describe('missing parameters (SPEC §5)', () => {
  const missing = undefined as unknown as string;
  it('refuse a call without its path parameter, naming the operation', () => {
    expect(() => appointmentsApi.get(missing)).toThrow(
      'Required parameter appointmentId was null or undefined when calling getAppointment.',
    );
    expect(() => appointmentsApi.cancel(missing, { reason: 'x' })).toThrow('when calling cancelAppointment.');
    expect(() => appointmentsApi.list(missing as never)).toThrow('Required parameter scope');
    expect(() => doctorsApi.get(missing)).toThrow('when calling getDoctor.');
  });
  it('refuse a call without its required body', () => {
    expect(() => appointmentsApi.book(undefined as never)).toThrow(
      'Required parameter body was null or undefined when calling bookAppointment.',
    );
    expect(() => appointmentsApi.decide('a', null as never)).toThrow('when calling decideAppointment.');
    expect(() => appointmentsApi.sendMessage('a', undefined as never)).toThrow('when calling sendAppointmentMessage.');
  });
});
