import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, ROLES, type AppointmentStatus } from '../enums.ts';
import {
  ACTIVE_CARE_STATUSES,
  CARE_ACCESS_DAYS,
  CARE_ACTIONS,
  FOLLOW_UP_CARE_STATUSES,
  followUpSince,
  isCareProvider,
  isCareRelationship,
  mayActOnRecord,
  mayOpenDocument,
  mayShareDocuments,
  type CareStanding,
} from './careAccess.ts';

const NOW = new Date('2026-12-10T05:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('isCareRelationship', () => {
  const expected: Record<AppointmentStatus, boolean> = {
    PENDING: false,
    ACCEPTED: true,
    REJECTED: false,
    RESCHEDULED: true,
    CONFIRMED: true,
    CANCELLED: false,
    COMPLETED: true,
    NO_SHOW: false,
    EXPIRED: false,
  };

  it.each(APPOINTMENT_STATUSES.map((s) => [s]))('decides %s (a recent visit)', (status) => {
    expect(isCareRelationship({ status, endsAt: daysAgo(1) }, NOW)).toBe(expected[status]);
  });

  it('names every status exactly once between the lists and the ones that give nothing', () => {
    const giving = [...ACTIVE_CARE_STATUSES, ...FOLLOW_UP_CARE_STATUSES];
    expect(new Set(giving).size).toBe(giving.length);
    expect(APPOINTMENT_STATUSES.filter((s) => expected[s]).sort()).toEqual([...giving].sort());
  });

  it('keeps an active appointment a relationship whenever it is, past or future', () => {
    for (const status of ACTIVE_CARE_STATUSES) {
      expect(isCareRelationship({ status, endsAt: daysAgo(400) }, NOW)).toBe(true);
      expect(isCareRelationship({ status, endsAt: daysAgo(-30) }, NOW)).toBe(true);
    }
  });

  it(`keeps a completed visit for ${CARE_ACCESS_DAYS} days after it ended, and not a moment longer`, () => {
    expect(isCareRelationship({ status: 'COMPLETED', endsAt: daysAgo(CARE_ACCESS_DAYS) }, NOW)).toBe(true);
    expect(isCareRelationship({ status: 'COMPLETED', endsAt: new Date(followUpSince(NOW).getTime() - 1) }, NOW)).toBe(
      false,
    );
    expect(isCareRelationship({ status: 'COMPLETED', endsAt: daysAgo(CARE_ACCESS_DAYS + 1) }, NOW)).toBe(false);
    expect(followUpSince(NOW).toISOString()).toBe('2026-09-11T05:00:00.000Z');
  });

  it('gives nothing for a deleted appointment, whatever its status', () => {
    for (const status of APPOINTMENT_STATUSES) {
      expect(isCareRelationship({ status, endsAt: daysAgo(1), deletedAt: daysAgo(0) }, NOW)).toBe(false);
    }
  });
});

describe('what each standing may do', () => {
  const matrix: Record<CareStanding, Record<(typeof CARE_ACTIONS)[number], boolean>> = {
    SELF: { read: true, record: true, manage: true },
    ADMIN: { read: true, record: true, manage: true },
    CARE: { read: true, record: true, manage: false },
    NONE: { read: false, record: false, manage: false },
  };
  it.each(Object.keys(matrix).map((s) => [s as CareStanding]))('%s', (standing) => {
    for (const action of CARE_ACTIONS) expect(mayActOnRecord(standing, action)).toBe(matrix[standing][action]);
  });

  it('opens documents: all for the patient and admins, shared or own for a provider in care, none otherwise', () => {
    const docs = [
      { sharedWithCare: false, uploadedByProvider: false },
      { sharedWithCare: true, uploadedByProvider: false },
      { sharedWithCare: false, uploadedByProvider: true },
    ];
    expect(docs.map((d) => mayOpenDocument('SELF', d))).toEqual([true, true, true]);
    expect(docs.map((d) => mayOpenDocument('ADMIN', d))).toEqual([true, true, true]);
    expect(docs.map((d) => mayOpenDocument('CARE', d))).toEqual([false, true, true]);
    expect(docs.map((d) => mayOpenDocument('NONE', d))).toEqual([false, false, false]);
  });

  it('has doctors and hospitals as the only providers, and patients as the only ones who share', () => {
    expect(ROLES.filter(isCareProvider)).toEqual(['DOCTOR', 'HOSPITAL']);
    expect(ROLES.filter(mayShareDocuments)).toEqual(['PATIENT']);
  });
});
