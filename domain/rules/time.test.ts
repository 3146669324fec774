import { describe, expect, it } from 'vitest';
import {
  INDIA_OFFSET,
  INDIA_OFFSET_MINUTES,
  indiaDateTimeToIso,
  isoToIndiaDateTime,
  shortIndiaDateTime,
  todayInIndia,
} from './time.ts';

describe('India time', () => {
  it('books a wall-clock time in India with the +05:30 offset', () => {
    expect(INDIA_OFFSET).toBe('+05:30');
    expect(INDIA_OFFSET_MINUTES).toBe(5 * 60 + 30);
    expect(indiaDateTimeToIso('2030-01-05', '10:30')).toBe('2030-01-05T10:30:00+05:30');
    expect(Date.parse(indiaDateTimeToIso('2030-01-05', '00:15'))).toBe(Date.parse('2030-01-04T18:45:00Z'));
  });
  it('refuses what is not a date and a time', () => {
    expect(indiaDateTimeToIso('2030-13-01', '10:30')).toBe('');
    expect(indiaDateTimeToIso('2030-01-05', '7:30')).toBe('');
    expect(indiaDateTimeToIso('', '')).toBe('');
  });
  it('shows an instant as India date and time, whatever its offset', () => {
    expect(isoToIndiaDateTime('2030-12-31T20:00:00Z')).toEqual({ date: '2031-01-01', time: '01:30' });
    expect(isoToIndiaDateTime('2030-06-01T09:00:00-04:00')).toEqual({ date: '2030-06-01', time: '18:30' });
    expect(isoToIndiaDateTime(undefined)).toEqual({ date: '', time: '' });
  });
  it('writes a short label time', () => {
    expect(shortIndiaDateTime('2030-12-12T05:00:00Z')).toBe('12 Dec 10:30');
    expect(shortIndiaDateTime('2030-01-01T00:00:00+05:30')).toBe('1 Jan 00:00');
    expect(shortIndiaDateTime(null)).toBe('');
  });
  it("gives today's date in India, which is ahead of UTC after 18:30 UTC", () => {
    expect(todayInIndia(new Date('2030-03-31T18:29:59Z'))).toBe('2030-03-31');
    expect(todayInIndia(new Date('2030-03-31T18:30:00Z'))).toBe('2030-04-01');
  });
});
