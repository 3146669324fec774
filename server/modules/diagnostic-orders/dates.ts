import { INDIA_OFFSET } from '../../../domain/rules/time.ts';

/** The instant India's day `yyyy-mm-dd` begins: the date-only filters of diagnostic orders are India's days. */
export function startOfDayInIndia(date: string): Date {
  return new Date(`${date}T00:00:00${INDIA_OFFSET}`);
}

/** The calendar day `days` after `date` (yyyy-mm-dd). */
export function addDaysToDate(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
