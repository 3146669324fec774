import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../api/appointments.ts';
import {
  PATIENT_STATUS_TABS,
  PROVIDER_STATUS_TABS,
  activeTab,
  counterpartName,
  indiaDateTimeToIso,
  isoToIndiaDateTime,
  scopeForRole,
  shownActions,
} from './model.ts';

describe('India wall-clock times', () => {
  it('sends a typed date and time as an instant with the India offset', () => {
    expect(indiaDateTimeToIso('2030-01-05', '10:30')).toBe('2030-01-05T10:30:00+05:30');
    expect(Date.parse(indiaDateTimeToIso('2030-01-05', '00:15'))).toBe(Date.parse('2030-01-04T18:45:00Z'));
  });
  it('gives nothing for a missing or impossible value', () => {
    expect(indiaDateTimeToIso('', '10:30')).toBe('');
    expect(indiaDateTimeToIso('2030-01-05', '')).toBe('');
    expect(indiaDateTimeToIso('2030-01-05', '24:00')).toBe('');
    expect(indiaDateTimeToIso('05/01/2030', '10:30')).toBe('');
  });
  it('shows an instant as India date and time, whatever offset it was written with', () => {
    expect(isoToIndiaDateTime('2030-01-04T18:45:00.000Z')).toEqual({ date: '2030-01-05', time: '00:15' });
    expect(isoToIndiaDateTime('2030-01-05T10:30:00+05:30')).toEqual({ date: '2030-01-05', time: '10:30' });
    expect(isoToIndiaDateTime(null)).toEqual({ date: '', time: '' });
    expect(isoToIndiaDateTime('not a date')).toEqual({ date: '', time: '' });
  });
  it('round-trips', () => {
    const { date, time } = isoToIndiaDateTime(indiaDateTimeToIso('2031-12-31', '23:59'));
    expect([date, time]).toEqual(['2031-12-31', '23:59']);
  });
});

describe('who sees what', () => {
  it('maps roles to their list', () => {
    expect(scopeForRole('PATIENT')).toBe('patient');
    expect(scopeForRole('DOCTOR')).toBe('doctor');
    expect(scopeForRole('HOSPITAL')).toBe('hospital');
    expect(scopeForRole('ADMIN')).toBeNull();
    expect(scopeForRole(undefined)).toBeNull();
  });
  it('names the other side', () => {
    const a = {
      patient: { id: 'p', name: 'Priya Sharma' },
      doctor: { id: 'd', name: 'Dr Arjun Rao' },
      hospital: { id: 'h', name: 'Sahyadri Care Hospital' },
    } as Appointment;
    expect(counterpartName(a, 'doctor')).toBe('Priya Sharma');
    expect(counterpartName(a, 'hospital')).toBe('Priya Sharma');
    expect(counterpartName(a, 'patient')).toBe('Dr Arjun Rao, Sahyadri Care Hospital');
    expect(counterpartName({ ...a, doctor: null }, 'patient')).toBe('Sahyadri Care Hospital');
  });
});

describe('status tabs', () => {
  it('finds the tab for the statuses in the URL, in any order', () => {
    expect(activeTab(PROVIDER_STATUS_TABS, [])?.id).toBe('all');
    expect(activeTab(PROVIDER_STATUS_TABS, ['PENDING'])?.id).toBe('pending');
    expect(activeTab(PATIENT_STATUS_TABS, ['EXPIRED', 'CANCELLED', 'COMPLETED', 'NO_SHOW', 'REJECTED'])?.id).toBe(
      'past',
    );
    expect(activeTab(PROVIDER_STATUS_TABS, ['PENDING', 'CONFIRMED'])).toBeUndefined();
  });
});

describe('shownActions', () => {
  it('shows only what the server allows, in a fixed order, never EXPIRE', () => {
    expect(shownActions({ actions: ['REJECT', 'PROPOSE_RESCHEDULE', 'ACCEPT'] })).toEqual([
      'ACCEPT',
      'PROPOSE_RESCHEDULE',
      'REJECT',
    ]);
    expect(shownActions({ actions: ['EXPIRE', 'DELETE'] })).toEqual(['DELETE']);
    expect(shownActions({ actions: [] })).toEqual([]);
  });
});
