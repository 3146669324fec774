import { describe, expect, it } from 'vitest';
import {
  IMPLIED_CONSENT_SCOPE,
  TELECONSULTATION_CONSENT_SCOPE,
  checkStart,
  formatCallDuration,
  joinWindow,
  secondsBetween,
  teleconsultationConsent,
} from './telemedicine.ts';

const at = (iso: string) => new Date(iso);
const appointment = { scheduledAt: at('2026-03-02T05:00:00Z'), endsAt: at('2026-03-02T05:15:00Z') };
const base = {
  type: 'VIDEO' as const,
  status: 'SCHEDULED' as const,
  hasDoctor: true,
  window: joinWindow(appointment),
  consent: 'AGREED' as const,
  byPatient: false,
  now: at('2026-03-02T05:05:00Z'),
};

describe('telemedicine rules', () => {
  it('opens the call 15 minutes before the slot and closes it 30 minutes after its end', () => {
    expect(joinWindow(appointment)).toEqual({
      opensAt: at('2026-03-02T04:45:00Z'),
      closesAt: at('2026-03-02T05:45:00Z'),
    });
    expect(checkStart({ ...base, now: at('2026-03-02T04:44:59Z') })?.code).toBe('TOO_EARLY');
    expect(checkStart({ ...base, now: at('2026-03-02T04:45:00Z') })).toBeNull();
    expect(checkStart({ ...base, now: at('2026-03-02T05:44:59Z') })).toBeNull();
    expect(checkStart({ ...base, now: at('2026-03-02T05:45:00Z') })?.code).toBe('TOO_LATE');
    expect(checkStart({ ...base, now: at('2026-03-02T04:30:00Z') })?.message).toMatch(/10:15 am/i);
  });

  it('holds only video, audio and chat consultations that are still open', () => {
    expect(checkStart({ ...base, type: 'AUDIO' })).toBeNull();
    expect(checkStart({ ...base, type: 'CHAT' })).toBeNull();
    expect(checkStart({ ...base, type: 'IN_PERSON' })?.code).toBe('TYPE');
    expect(checkStart({ ...base, type: 'HOME_VISIT' })?.code).toBe('TYPE');
    expect(checkStart({ ...base, status: 'CONSULTATION_COMPLETED' })?.code).toBe('STATUS');
    expect(checkStart({ ...base, hasDoctor: false })?.code).toBe('NO_DOCTOR');
  });

  it('lets a walk-in without an appointment call once it is in progress', () => {
    expect(checkStart({ ...base, window: null })?.code).toBe('TOO_EARLY');
    expect(checkStart({ ...base, window: null, status: 'IN_PROGRESS' })).toBeNull();
  });

  it('needs the consent recorded before the doctor starts; the patient starting is their consent', () => {
    expect(checkStart({ ...base, consent: 'NONE' })?.code).toBe('CONSENT');
    expect(checkStart({ ...base, consent: 'NONE', byPatient: true })).toBeNull();
    expect(checkStart({ ...base, consent: 'REFUSED', byPatient: true })?.code).toBe('CONSENT_REFUSED');
  });

  it('reads the latest teleconsultation consent, ignoring other consents', () => {
    const c = (scope: string, agreed: boolean, iso: string) => ({ scope, agreed, createdAt: at(iso) });
    expect(teleconsultationConsent([])).toBe('NONE');
    expect(teleconsultationConsent([c('Treadmill test', true, '2026-03-01T00:00:00Z')])).toBe('NONE');
    expect(
      teleconsultationConsent([
        c(TELECONSULTATION_CONSENT_SCOPE, true, '2026-03-01T00:00:00Z'),
        c('Blood transfusion', false, '2026-03-01T02:00:00Z'),
      ]),
    ).toBe('AGREED');
    expect(
      teleconsultationConsent([
        c(IMPLIED_CONSENT_SCOPE, true, '2026-03-01T00:00:00Z'),
        c('teleconsultation withdrawn', false, '2026-03-01T01:00:00Z'),
      ]),
    ).toBe('REFUSED');
  });

  it('measures and words a call’s length', () => {
    expect(secondsBetween(at('2026-03-02T05:00:00Z'), at('2026-03-02T05:12:05.4Z'))).toBe(725);
    expect(secondsBetween(at('2026-03-02T05:00:00Z'), at('2026-03-02T04:00:00Z'))).toBe(0);
    expect(formatCallDuration(45)).toBe('45 s');
    expect(formatCallDuration(725)).toBe('12 min 5 s');
    expect(formatCallDuration(3720)).toBe('1 h 2 min');
  });
});
