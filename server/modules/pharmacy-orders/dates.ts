import { INDIA_OFFSET } from '../../../domain/rules/time.ts';
import { addDays } from '../../../domain/rules/pharmacy.ts';

/** The instant India's day `yyyy-mm-dd` begins: the order list's date filters are India's days. */
export function startOfDayInIndia(date: string): Date {
  return new Date(`${date}T00:00:00${INDIA_OFFSET}`);
}
export const addDaysToDate = addDays;
