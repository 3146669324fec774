/**
 * India time, one place: CareMesh shows and books every time in India (Asia/Kolkata), whatever the
 * device's own time zone. India keeps one offset all year (no daylight saving), so a wall-clock time
 * there is one instant: `+05:30`.
 */

export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const INDIA_OFFSET = '+05:30';
export const INDIA_OFFSET_MINUTES = 330;
const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * 60_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '2030-01-05' and '10:30' typed as India time → '2030-01-05T10:30:00+05:30'; '' when either is not a valid value. */
export function indiaDateTimeToIso(date: string, time: string): string {
  if (!DATE.test(date) || !TIME.test(time)) return '';
  const iso = `${date}T${time}:00${INDIA_OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? '' : iso;
}

/** An instant as the date and time inputs show it in India: { date: 'yyyy-mm-dd', time: 'HH:MM' }. */
export function isoToIndiaDateTime(value: string | null | undefined): { date: string; time: string } {
  const at = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return { date: '', time: '' };
  const wall = new Date(at + INDIA_OFFSET_MS).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** '2030-12-12T05:00:00Z' → '12 Dec 10:30' (India time): short enough for a label. */
export function shortIndiaDateTime(iso: string | null | undefined): string {
  const { date, time } = isoToIndiaDateTime(iso);
  if (!date) return '';
  return `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${time}`;
}

/** Today's calendar date in India as 'yyyy-mm-dd': a date typed just after midnight IST is not "in the future". */
export function todayInIndia(now: Date = new Date()): string {
  return isoToIndiaDateTime(now.toISOString()).date;
}
