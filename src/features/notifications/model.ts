import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_LABELS,
  type NotificationType,
} from '../../../domain/enums.ts';
import { formatDate } from '../../../domain/rules/format.ts';

/** How many notifications one "Load more" brings. */
export const PAGE_SIZE = 20;

/** The type enumeration also holds channel names (SMS, EMAIL …); they are not kinds of news. */
export const FILTERABLE_TYPES: readonly NotificationType[] = NOTIFICATION_TYPES.filter(
  (type) => !(NOTIFICATION_CHANNELS as readonly string[]).includes(type),
);

export const typeLabel = (type: NotificationType) => NOTIFICATION_TYPE_LABELS[type];

/** The badge text: the count, capped so it fits. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function bellLabel(count: number | undefined): string {
  return count === undefined ? 'Notifications' : `Notifications, ${count} unread`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now', '5 min ago', '3 h ago', 'yesterday', '4 days ago', then the date ('Jan 5, 2024'). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(iso);
}
