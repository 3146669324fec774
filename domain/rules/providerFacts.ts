import { WEEKDAYS, type Weekday } from '../enums.ts';
import { INDIA_OFFSET_MINUTES } from './time.ts';

/** One day's hours as organisations give them (domain/schemas/pharmacies.ts `dayHoursSchema`). */
export type DayHoursValue = { open: string; close: string } | { open24Hours: true } | { closed: true };
export type WeekHours = Partial<Record<Weekday, DayHoursValue>>;

export type OpenNow =
  | { state: 'open'; until: string | null }
  | { state: 'closed'; opensAt: { day: Weekday; time: string | null } | null }
  | { state: 'unknown' };

/** The weekday and 'HH:MM' of an instant in India, whatever the device's own time zone. */
export function indiaWeekdayAndTime(now: Date): { day: Weekday; time: string } {
  const wall = new Date(now.getTime() + INDIA_OFFSET_MINUTES * 60_000);
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  const day = WEEKDAYS[(wall.getUTCDay() + 6) % 7]!;
  return { day, time: wall.toISOString().slice(11, 16) };
}

const opensOn = (hours: DayHoursValue | undefined) =>
  !hours || 'closed' in hours ? null : 'open24Hours' in hours ? { time: null } : { time: hours.open };

/**
 * Whether a place is open at `now` in India time, from its week of opening hours: open (until when,
 * null round the clock), closed (and when it next opens, within the coming week), or unknown when no
 * day has hours at all. A day left out has no hours (closed).
 */
export function openNow(week: WeekHours, now: Date = new Date()): OpenNow {
  if (!WEEKDAYS.some((d) => week[d] && !('closed' in week[d]!))) return { state: 'unknown' };
  const { day, time } = indiaWeekdayAndTime(now);
  const today = week[day];
  if (today && 'open24Hours' in today) return { state: 'open', until: null };
  if (today && 'open' in today) {
    if (time >= today.open && time < today.close) return { state: 'open', until: today.close };
    if (time < today.open) return { state: 'closed', opensAt: { day, time: today.open } };
  }
  const start = WEEKDAYS.indexOf(day);
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const next = WEEKDAYS[(start + ahead) % 7]!;
    const opens = opensOn(week[next]);
    if (opens) return { state: 'closed', opensAt: { day: next, time: opens.time } };
  }
  return { state: 'closed', opensAt: null };
}

/**
 * How a rating reads: "New" when nobody has rated the place yet (0.0 from no reviews is not a bad
 * rating), else '4.3' with its review count.
 */
export function ratingDisplay(
  rating: number,
  reviewCount: number,
): { isNew: true } | { isNew: false; value: string; reviews: string } {
  if (reviewCount <= 0) return { isNew: true };
  return {
    isNew: false,
    value: rating.toFixed(1),
    reviews: `${reviewCount.toLocaleString('en-IN')} ${reviewCount === 1 ? 'review' : 'reviews'}`,
  };
}

/**
 * "Open in maps": a `geo:` link on Android (the phone offers its maps apps), a maps web address
 * elsewhere. Coordinates when the place has them, else the address as a search.
 */
export function mapsLink(
  place: { latitude: number | null; longitude: number | null; address: string },
  android: boolean,
): string {
  const hasPoint = place.latitude !== null && place.longitude !== null;
  const query = encodeURIComponent(hasPoint ? `${place.latitude},${place.longitude}` : place.address);
  if (android) {
    return hasPoint ? `geo:${place.latitude},${place.longitude}?q=${query}` : `geo:0,0?q=${query}`;
  }
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}
