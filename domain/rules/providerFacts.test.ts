import { describe, expect, it } from 'vitest';
import { indiaWeekdayAndTime, mapsLink, openNow, ratingDisplay, type WeekHours } from './providerFacts.ts';

// 2030-01-07 is a Monday. 04:30 UTC is 10:00 in India.
const at = (iso: string) => new Date(iso);
const week: WeekHours = {
  MONDAY: { open: '09:00', close: '21:00' },
  TUESDAY: { open: '09:00', close: '21:00' },
  WEDNESDAY: { closed: true },
  SATURDAY: { open24Hours: true },
};

describe('indiaWeekdayAndTime', () => {
  it('reads the weekday and time in India, across midnight UTC', () => {
    expect(indiaWeekdayAndTime(at('2030-01-07T04:30:00Z'))).toEqual({ day: 'MONDAY', time: '10:00' });
    // 20:00 UTC on Monday is 01:30 on Tuesday in India.
    expect(indiaWeekdayAndTime(at('2030-01-07T20:00:00Z'))).toEqual({ day: 'TUESDAY', time: '01:30' });
  });
});

describe('openNow', () => {
  it('is open within the day’s hours, until the closing time', () => {
    expect(openNow(week, at('2030-01-07T04:30:00Z'))).toEqual({ state: 'open', until: '21:00' });
  });

  it('is closed before opening, opening later that day', () => {
    // 08:59 in India on Monday.
    expect(openNow(week, at('2030-01-07T03:29:00Z'))).toEqual({
      state: 'closed',
      opensAt: { day: 'MONDAY', time: '09:00' },
    });
  });

  it('is closed at the closing minute, and names the next day with hours', () => {
    // 21:00 in India on Tuesday; Wednesday is closed, Thursday and Friday have no hours, Saturday is 24 hours.
    expect(openNow(week, at('2030-01-08T15:30:00Z'))).toEqual({
      state: 'closed',
      opensAt: { day: 'SATURDAY', time: null },
    });
  });

  it('is open all day on a 24-hour day, in India time not UTC', () => {
    // Friday 23:00 UTC is Saturday 04:30 in India.
    expect(openNow(week, at('2030-01-11T23:00:00Z'))).toEqual({ state: 'open', until: null });
  });

  it('is unknown without any hours', () => {
    expect(openNow({}, at('2030-01-07T04:30:00Z'))).toEqual({ state: 'unknown' });
    expect(openNow({ MONDAY: { closed: true } }, at('2030-01-07T04:30:00Z'))).toEqual({ state: 'unknown' });
  });
});

describe('ratingDisplay', () => {
  it('says New when nobody has rated yet, not 0.0', () => {
    expect(ratingDisplay(0, 0)).toEqual({ isNew: true });
  });

  it('shows the rating to one decimal with its review count', () => {
    expect(ratingDisplay(4.26, 1)).toEqual({ isNew: false, value: '4.3', reviews: '1 review' });
    expect(ratingDisplay(3.5, 12000)).toEqual({ isNew: false, value: '3.5', reviews: '12,000 reviews' });
  });
});

describe('mapsLink', () => {
  const place = { latitude: 28.6139, longitude: 77.209, address: '1 Janpath, New Delhi' };
  it('is a geo: link on Android', () => {
    expect(mapsLink(place, true)).toBe('geo:28.6139,77.209?q=28.6139%2C77.209');
    expect(mapsLink({ ...place, latitude: null, longitude: null }, true)).toBe(
      'geo:0,0?q=1%20Janpath%2C%20New%20Delhi',
    );
  });

  it('is a maps web address elsewhere', () => {
    expect(mapsLink(place, false)).toBe('https://www.google.com/maps/search/?api=1&query=28.6139%2C77.209');
  });
});
