import { describe, it, expect } from 'vitest';
import { formatDate, formatDateTime, formatINR, formatPercent, formatUtcClock } from './format.ts';

describe('formatINR', () => {
  it('uses the rupee sign and Indian digit grouping', () => {
    expect(formatINR(123456.5)).toBe('₹1,23,456.5');
    expect(formatINR(10000000)).toBe('₹1,00,00,000');
    expect(formatINR(999)).toBe('₹999');
    expect(formatINR(1000)).toBe('₹1,000');
  });

  it('shows 0 to 2 decimals', () => {
    expect(formatINR(500)).toBe('₹500');
    expect(formatINR(499.9)).toBe('₹499.9');
    expect(formatINR(499.99)).toBe('₹499.99');
    expect(formatINR(499.999)).toBe('₹500');
    expect(formatINR(1.005)).toBe('₹1.01');
  });

  it('shows ₹0 for null, undefined and non-numbers', () => {
    expect(formatINR(null)).toBe('₹0');
    expect(formatINR(undefined)).toBe('₹0');
    expect(formatINR(Number.NaN)).toBe('₹0');
    expect(formatINR(Number.POSITIVE_INFINITY)).toBe('₹0');
    expect(formatINR('')).toBe('₹0');
    expect(formatINR('abc')).toBe('₹0');
  });

  it('shows zero without a sign', () => {
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(-0)).toBe('₹0');
    expect(formatINR(-0.001)).toBe('₹0');
  });

  it('formats negative amounts and numeric strings', () => {
    expect(formatINR(-1500)).toBe('-₹1,500');
    expect(formatINR('2500.50')).toBe('₹2,500.5');
  });
});

describe('formatPercent', () => {
  it('treats the input as a percentage and shows exactly 2 decimals', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(5)).toBe('5.00%');
    expect(formatPercent(0.5)).toBe('0.50%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(formatPercent(-2.5)).toBe('-2.50%');
  });

  it('shows 0% for null, undefined and non-numbers', () => {
    expect(formatPercent(null)).toBe('0%');
    expect(formatPercent(undefined)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('0%');
    expect(formatPercent('n/a')).toBe('0%');
  });

  it('shows zero without a sign', () => {
    expect(formatPercent(-0.001)).toBe('0.00%');
  });

  it('accepts numeric strings', () => {
    expect(formatPercent('7.5')).toBe('7.50%');
  });
});

describe('formatDate', () => {
  it('has the SPEC shape: short month, day, comma, year', () => {
    expect(formatDate(new Date('2024-01-05T10:30:00+05:30'))).toBe('Jan 5, 2024');
    expect(formatDate('2024-12-25T00:00:00+05:30')).toBe('Dec 25, 2024');
  });

  it('uses India time by default', () => {
    expect(formatDate('2024-01-05T18:29:59Z')).toBe('Jan 5, 2024');
    expect(formatDate('2024-01-05T18:30:00Z')).toBe('Jan 6, 2024');
  });

  it('honours another time zone', () => {
    expect(formatDate('2024-01-05T18:30:00Z', 'UTC')).toBe('Jan 5, 2024');
    expect(formatDate('2024-01-05T03:00:00Z', 'America/New_York')).toBe('Jan 4, 2024');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDate(Date.UTC(2024, 8, 1, 6, 0))).toBe('Sep 1, 2024');
  });

  it('shows a yyyy-mm-dd calendar date as that date in any time zone', () => {
    expect(formatDate('2024-01-05')).toBe('Jan 5, 2024');
    expect(formatDate('2024-01-05', 'America/Los_Angeles')).toBe('Jan 5, 2024');
    expect(formatDate('2024-02-29')).toBe('Feb 29, 2024');
  });

  it('gives an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2023-02-29')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('uses every month abbreviation', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(new Date(Date.UTC(2024, m, 15))).split(' ')[0]);
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('throws for an unknown time zone', () => {
    expect(() => formatDate('2024-01-05T10:00:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

/** India's time as Intl's zone data gives it, in formatDateTime's shape. */
const byZoneData = (at: number) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kolkata',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  })
    .format(at)
    .replace(' at ', ', ');

describe('formatDateTime', () => {
  it('adds a 12-hour time to the date', () => {
    expect(formatDateTime('2024-01-05T05:00:00Z')).toBe('Jan 5, 2024, 10:30 AM');
    expect(formatDateTime('2024-01-05T10:15:00Z')).toBe('Jan 5, 2024, 3:45 PM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatDateTime('2024-01-05T00:00:00+05:30')).toBe('Jan 5, 2024, 12:00 AM');
    expect(formatDateTime('2024-01-05T12:05:00+05:30')).toBe('Jan 5, 2024, 12:05 PM');
  });

  it('honours another time zone', () => {
    expect(formatDateTime('2024-01-05T05:00:00Z', 'UTC')).toBe('Jan 5, 2024, 5:00 AM');
  });

  it("shows India's time exactly as the zone data does, across years, days and the day's edges", () => {
    // Every 7 h 13 min from 1950 to 2060: each time of day, each month, leap days and year ends.
    for (let at = Date.UTC(1950, 0, 1); at < Date.UTC(2060, 0, 1); at += 433 * 60_000 * 97) {
      expect(formatDateTime(at), new Date(at).toISOString()).toBe(byZoneData(at));
    }
    expect(formatDateTime('2024-12-31T18:30:00Z')).toBe('Jan 1, 2025, 12:00 AM');
    expect(formatDateTime('2024-02-29T18:29:00Z')).toBe('Feb 29, 2024, 11:59 PM');
  });

  it("uses the zone data for instants before India's single offset (1945)", () => {
    expect(formatDateTime('1943-06-01T00:00:00Z')).toBe(byZoneData(Date.UTC(1943, 5, 1)));
  });

  it('shows a yyyy-mm-dd calendar date without a time', () => {
    expect(formatDateTime('2024-01-05')).toBe('Jan 5, 2024');
  });

  it('gives an empty string for missing or invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('formatUtcClock', () => {
  it('shows 24-hour UTC time with seconds', () => {
    expect(formatUtcClock(new Date('2024-01-05T14:05:09+05:30'))).toBe('08:35:09 UTC');
    expect(formatUtcClock(Date.UTC(2024, 0, 5, 23, 59, 59))).toBe('23:59:59 UTC');
    expect(formatUtcClock(Date.UTC(2024, 0, 5, 0, 0, 0))).toBe('00:00:00 UTC');
  });

  it('defaults to now', () => {
    expect(formatUtcClock()).toMatch(/^\d{2}:\d{2}:\d{2} UTC$/);
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatUtcClock(new Date('nope'))).toBe('');
  });
});
