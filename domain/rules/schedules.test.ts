import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayPartOf,
  hasSchedule,
  openSlots,
  scheduledSlotAt,
  sessionProblem,
  slotsOn,
  weekdayOf,
  type PlaceSchedule,
} from './schedules.ts';

const HOSPITAL = '11111111-1111-4111-8111-111111111111';

// 2030-01-07 is a Monday.
const clinic: PlaceSchedule = {
  hospitalId: null,
  sessions: [
    {
      day: 'MONDAY',
      start: '09:00',
      end: '11:00',
      slotMinutes: 30,
      modes: ['IN_PERSON', 'VIRTUAL'],
      breaks: [{ start: '10:00', end: '10:30' }],
    },
    { day: 'MONDAY', start: '18:00', end: '19:00', slotMinutes: 20, modes: ['VIRTUAL'], breaks: [] },
    { day: 'TUESDAY', start: '09:00', end: '10:00', slotMinutes: 15, modes: ['IN_PERSON'], breaks: [] },
  ],
  leave: [],
  changes: [],
};
const hospital: PlaceSchedule = {
  hospitalId: HOSPITAL,
  sessions: [{ day: 'MONDAY', start: '14:00', end: '15:00', slotMinutes: 30, modes: ['IN_PERSON'], breaks: [] }],
  leave: [],
  changes: [],
};
const EARLY = new Date('2030-01-01T00:00:00Z');

describe('schedules and open slots (India time)', () => {
  it('knows weekdays and dates', () => {
    expect(weekdayOf('2030-01-07')).toBe('MONDAY');
    expect(weekdayOf('2030-01-13')).toBe('SUNDAY');
    expect(addDays('2030-01-31', 1)).toBe('2030-02-01');
    expect(dayPartOf('09:45')).toBe('MORNING');
    expect(dayPartOf('12:00')).toBe('AFTERNOON');
    expect(dayPartOf('17:00')).toBe('EVENING');
  });

  it('cuts sessions into slots, skipping breaks, in India time', () => {
    const slots = slotsOn(clinic, '2030-01-07');
    expect(slots.map((s) => s.time)).toEqual(['09:00', '09:30', '10:30', '18:00', '18:20', '18:40']);
    // 09:00 in India is 03:30 UTC.
    expect(slots[0]).toMatchObject({
      start: '2030-01-07T03:30:00.000Z',
      end: '2030-01-07T04:00:00.000Z',
      slotMinutes: 30,
      modes: ['IN_PERSON', 'VIRTUAL'],
      hospitalId: null,
    });
    expect(slotsOn(clinic, '2030-01-09')).toEqual([]);
  });

  it('gives the open slots across places and days, minus the past, bookings and leave', () => {
    const all = openSlots({ schedules: [clinic, hospital], from: '2030-01-07', days: 2, busy: [], now: EARLY });
    expect(all.map((s) => `${s.date} ${s.time}`)).toEqual([
      '2030-01-07 09:00',
      '2030-01-07 09:30',
      '2030-01-07 10:30',
      '2030-01-07 14:00',
      '2030-01-07 14:30',
      '2030-01-07 18:00',
      '2030-01-07 18:20',
      '2030-01-07 18:40',
      '2030-01-08 09:00',
      '2030-01-08 09:15',
      '2030-01-08 09:30',
      '2030-01-08 09:45',
    ]);
    // A booking 09:15–09:45 India takes both slots it overlaps; the clock at 14:10 India drops the morning.
    const open = openSlots({
      schedules: [clinic, hospital],
      from: '2030-01-07',
      days: 1,
      busy: [{ start: '2030-01-07T09:15:00+05:30', end: '2030-01-07T09:45:00+05:30' }],
      now: new Date('2030-01-07T14:10:00+05:30'),
    });
    expect(open.map((s) => s.time)).toEqual(['14:30', '18:00', '18:20', '18:40']);
    const morning = openSlots({
      schedules: [clinic],
      from: '2030-01-07',
      days: 1,
      busy: [{ start: '2030-01-07T09:15:00+05:30', end: '2030-01-07T09:45:00+05:30' }],
      now: EARLY,
    });
    expect(morning.map((s) => s.time)).toEqual(['10:30', '18:00', '18:20', '18:40']);
    // One mode, one place.
    expect(
      openSlots({
        schedules: [clinic, hospital],
        from: '2030-01-07',
        days: 1,
        busy: [],
        now: EARLY,
        mode: 'VIRTUAL',
      }).map((s) => s.time),
    ).toEqual(['09:00', '09:30', '10:30', '18:00', '18:20', '18:40']);
    expect(
      openSlots({
        schedules: [clinic, hospital],
        from: '2030-01-07',
        days: 1,
        busy: [],
        now: EARLY,
        hospitalId: HOSPITAL,
      }).map((s) => s.time),
    ).toEqual(['14:00', '14:30']);
  });

  it('closes days on leave and lets a one-off change replace a weekday', () => {
    const away: PlaceSchedule = {
      ...clinic,
      leave: [{ from: '2030-01-07', to: '2030-01-07', note: 'Conference' }],
      changes: [
        {
          date: '2030-01-08',
          sessions: [{ start: '16:00', end: '16:30', slotMinutes: 15, modes: ['HOME_VISIT'], breaks: [] }],
        },
        { date: '2030-01-14', sessions: [] },
      ],
    };
    const slots = openSlots({ schedules: [away], from: '2030-01-07', days: 8, busy: [], now: EARLY });
    expect(slots.map((s) => `${s.date} ${s.time} ${s.modes.join()}`)).toEqual([
      '2030-01-08 16:00 HOME_VISIT',
      '2030-01-08 16:15 HOME_VISIT',
    ]);
  });

  it('matches a booking to a slot of the schedule, taken or not, of the mode offered', () => {
    const at = new Date('2030-01-07T09:30:00+05:30');
    expect(scheduledSlotAt([clinic, hospital], at, 'IN_PERSON')).toMatchObject({ time: '09:30', hospitalId: null });
    expect(scheduledSlotAt([clinic, hospital], at, 'HOME_VISIT')).toBeNull();
    expect(scheduledSlotAt([clinic, hospital], at, 'IN_PERSON', HOSPITAL)).toBeNull();
    expect(scheduledSlotAt([clinic, hospital], new Date('2030-01-07T14:30:00+05:30'), 'IN_PERSON')).toMatchObject({
      hospitalId: HOSPITAL,
    });
    // 03:00 at night, and a time inside a break, are not slots.
    expect(scheduledSlotAt([clinic], new Date('2030-01-07T03:00:00+05:30'), 'IN_PERSON')).toBeNull();
    expect(scheduledSlotAt([clinic], new Date('2030-01-07T10:00:00+05:30'), 'IN_PERSON')).toBeNull();
    expect(scheduledSlotAt([clinic], new Date('2030-01-07T09:10:00+05:30'), 'IN_PERSON')).toBeNull();
  });

  it('says whether a doctor has a schedule, and what is wrong with a session', () => {
    expect(hasSchedule([])).toBe(false);
    expect(hasSchedule([{ hospitalId: null, sessions: [], leave: [], changes: [] }])).toBe(false);
    expect(hasSchedule([clinic])).toBe(true);
    const base = { start: '09:00', end: '10:00', slotMinutes: 15, modes: ['IN_PERSON' as const], breaks: [] };
    expect(sessionProblem(base)).toBeNull();
    expect(sessionProblem({ ...base, end: '09:00' })).toMatch(/end after/);
    expect(sessionProblem({ ...base, slotMinutes: 90 })).toMatch(/one slot/);
    expect(sessionProblem({ ...base, breaks: [{ start: '09:50', end: '10:30' }] })).toMatch(/inside/);
  });
});
