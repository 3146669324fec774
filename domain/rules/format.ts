/**
 * Display formats of SPEC §9: INR amounts, percentages and en-IN dates. The same output on the
 * server, in the browser and in the service worker, whatever the runtime's own time zone.
 */

import { INDIA_OFFSET_MINUTES, INDIA_TIME_ZONE } from './time.ts';

export const DEFAULT_TIME_ZONE = INDIA_TIME_ZONE;

type Amount = number | string | null | undefined;
export type DateInput = Date | string | number | null | undefined;

/** Fixed English abbreviations: ICU's en-IN gives 'Sept', which varies between runtimes. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

// Made on first use: building a formatter loads locale data, which a screen without amounts never needs.
let inr: Intl.NumberFormat | undefined;
const inrFormat = () =>
  (inr ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }));

let twoDecimals: Intl.NumberFormat | undefined;
const twoDecimalsFormat = () =>
  (twoDecimals ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** A finite number from a number or numeric string (PostgreSQL numerics arrive as strings), else null. */
function toAmount(value: Amount): number | null {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return null;
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return null;
  // Amounts that round to zero would otherwise print as '-₹0' or '-0.00%'.
  return Math.abs(amount) < 0.005 ? 0 : amount;
}

/** '₹1,23,456.5': Indian digit grouping, 0 to 2 decimals. Missing or non-numeric gives '₹0'. */
export function formatINR(value: Amount): string {
  return inrFormat().format(toAmount(value) ?? 0);
}

/**
 * '12.35%' for 12.345: the input is already a percentage (not a fraction) and is shown with
 * exactly 2 decimals. Missing or non-numeric gives '0%', as the SPEC states.
 */
export function formatPercent(value: Amount): string {
  const amount = toAmount(value);
  return amount === null ? '0%' : `${twoDecimalsFormat().format(amount)}%`;
}

type CalendarDate = { year: number; month: number; day: number };
type WallClock = CalendarDate & { hour: number; minute: number };

/** A 'yyyy-mm-dd' string is a calendar date, not an instant: it must not shift with the time zone. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDateString(value: DateInput): value is string {
  return typeof value === 'string' && CALENDAR_DATE.test(value.trim());
}

/** The calendar date, or null for an impossible one such as '2023-02-29'. */
function parseCalendarDate(value: string): CalendarDate | null {
  const match = CALENDAR_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  const real = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

function toInstant(value: DateInput): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
/** India has kept +05:30 all year since 1945; earlier instants go through Intl's zone data. */
const INDIA_FIXED_SINCE = Date.UTC(1946, 0, 1);

/** Throws a RangeError for an unknown time zone: that is a programming error, not bad data. */
function wallClockIn(date: Date, timeZone: string): WallClock {
  // India's wall clock by arithmetic: the first Intl.DateTimeFormat with a time zone loads the zone
  // data, which costs more than the rest of a list's rendering on a phone.
  if (timeZone === INDIA_TIME_ZONE && date.getTime() >= INDIA_FIXED_SINCE) {
    const wall = new Date(date.getTime() + INDIA_OFFSET_MINUTES * 60_000);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    };
  }
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

function calendarLabel({ year, month, day }: CalendarDate): string {
  return `${MONTHS[month - 1] ?? ''} ${day}, ${year}`;
}

/**
 * 'Jan 5, 2024' in the given time zone (India by default). A 'yyyy-mm-dd' string is shown as that
 * date in every time zone. Missing or invalid input gives ''.
 */
export function formatDate(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (isCalendarDateString(value)) {
    const calendar = parseCalendarDate(value);
    return calendar ? calendarLabel(calendar) : '';
  }
  const date = toInstant(value);
  return date ? calendarLabel(wallClockIn(date, timeZone)) : '';
}

/**
 * 'Jan 5, 2024, 10:30 AM' in the given time zone (India by default). A 'yyyy-mm-dd' string has no
 * time of day and is shown as the date alone. Missing or invalid input gives ''.
 */
export function formatDateTime(value: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (isCalendarDateString(value)) return formatDate(value, timeZone);
  const date = toInstant(value);
  if (!date) return '';
  const clock = wallClockIn(date, timeZone);
  const hour12 = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  const period = clock.hour < 12 ? 'AM' : 'PM';
  return `${calendarLabel(clock)}, ${hour12}:${String(clock.minute).padStart(2, '0')} ${period}`;
}

/** The sidebar's system clock, '14:05:09 UTC' (24-hour, zero-padded). Invalid input gives ''. */
export function formatUtcClock(value: Date | number = new Date()): string {
  const date = new Date(value instanceof Date ? value.getTime() : value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}
