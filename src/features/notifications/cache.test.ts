import { describe, expect, it } from 'vitest';
import { notificationSchema, type Notification } from '../../../domain/schemas/notifications.ts';
import type { NotificationPage } from '../../api/notifications.ts';
import {
  addNotification,
  canFetchNotifications,
  countAfterNew,
  countAfterRemoval,
  countFromServer,
  findNotification,
  flattenPages,
  markRead,
  matchesFilters,
  nextPageParam,
  notificationLink,
  parseCountEvent,
  parseNewNotification,
  removeNotification,
  reviewLink,
  type NotificationPages,
} from './cache.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: id(n),
    title: `Title ${n}`,
    message: `Message ${n}`,
    type: 'APPOINTMENT',
    priority: 'MEDIUM',
    status: 'Sent',
    data: {},
    readAt: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    ...overrides,
  };
}

function pages(
  lists: Notification[][],
  { limit = 2, total }: { limit?: number; total?: number } = {},
): NotificationPages {
  const all = total ?? lists.flat().length;
  return {
    pages: lists.map((notifications, index): NotificationPage => ({
      notifications,
      pagination: { page: index + 1, limit, total: all, totalPages: Math.ceil(all / limit) },
      unreadCount: 0,
    })),
    pageParams: lists.map((_, index) => index + 1),
  };
}

const ids = (data: NotificationPages | undefined) => flattenPages(data).map((n) => n.id);

describe('canFetchNotifications (SPEC §4)', () => {
  it('needs an id for an Admin and a referenceId for every other role', () => {
    expect(canFetchNotifications({ id: id(1), role: 'ADMIN', referenceId: null })).toBe(true);
    expect(canFetchNotifications({ id: id(1), role: 'DOCTOR', referenceId: id(9) })).toBe(true);
    expect(canFetchNotifications({ id: id(1), role: 'HOSPITAL', referenceId: null })).toBe(false);
    expect(canFetchNotifications({ id: id(1), role: 'USER', referenceId: null })).toBe(false);
    expect(canFetchNotifications(null)).toBe(false);
  });
});

describe('flattenPages and nextPageParam', () => {
  it('lists every page in order and shows a notification that moved pages once', () => {
    const data = pages([
      [notification(4), notification(3)],
      [notification(3), notification(2)],
    ]);
    expect(ids(data)).toEqual([id(4), id(3), id(2)]);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('asks for the next page while there is one', () => {
    const data = pages([[notification(2), notification(1)]], { total: 5 });
    expect(nextPageParam(data.pages[0]!)).toBe(2);
    expect(nextPageParam(pages([[notification(1)]]).pages[0]!)).toBeUndefined();
  });
});

describe('addNotification (a new realtime notification)', () => {
  it('goes on top and counts in the totals', () => {
    const data = pages([[notification(2), notification(1)], [notification(0)]]);
    const next = addNotification(data, notification(3), {});
    expect(ids(next)).toEqual([id(3), id(2), id(1), id(0)]);
    expect(next?.pages.map((p) => p.pagination.total)).toEqual([4, 4]);
    expect(next?.pages[0]?.pagination.totalPages).toBe(2);
  });

  it('is added once, and only to lists whose filters it matches', () => {
    const data = pages([[notification(2)]]);
    expect(addNotification(data, notification(2), {})).toBe(data);
    expect(addNotification(data, notification(3), { type: 'VERIFICATION' })).toBe(data);
    expect(addNotification(data, notification(3), { status: 'Read' })).toBe(data);
    expect(ids(addNotification(data, notification(3), { status: 'Sent', type: 'APPOINTMENT' }))).toEqual([
      id(3),
      id(2),
    ]);
    expect(addNotification(undefined, notification(3), {})).toBeUndefined();
  });
});

describe('markRead', () => {
  it('sets one notification to Read with readAt (SPEC §4)', () => {
    const data = pages([[notification(2), notification(1)]]);
    const next = markRead(data, id(1), '2026-01-02T00:00:00.000Z', {});
    expect(flattenPages(next).map((n) => [n.status, n.readAt])).toEqual([
      ['Sent', null],
      ['Read', '2026-01-02T00:00:00.000Z'],
    ]);
    expect(next?.pages[0]?.pagination.total).toBe(2);
  });

  it('leaves the cache as it is when nothing changes', () => {
    const data = pages([[notification(2, { status: 'Read', readAt: 'x' })]]);
    expect(markRead(data, id(2), 'y', {})).toBe(data);
    expect(markRead(data, id(9), 'y', {})).toBe(data);
    expect(markRead(undefined, id(2), 'y', {})).toBeUndefined();
  });

  it('with id null, marks every one read (mark all read)', () => {
    const data = pages([[notification(2), notification(1)], [notification(0)]]);
    const next = markRead(data, null, 'now', {});
    expect(flattenPages(next).every((n) => n.status === 'Read' && n.readAt === 'now')).toBe(true);
  });

  it('drops them from a list that shows only unread ones', () => {
    const data = pages([[notification(2), notification(1)]]);
    const one = markRead(data, id(2), 'now', { status: 'Sent' });
    expect(ids(one)).toEqual([id(1)]);
    expect(one?.pages[0]?.pagination.total).toBe(1);
    expect(ids(markRead(data, null, 'now', { status: 'Sent' }))).toEqual([]);
  });
});

describe('removeNotification', () => {
  it('removes one and lowers the totals', () => {
    const data = pages([[notification(2), notification(1)], [notification(0)]]);
    const next = removeNotification(data, id(1));
    expect(ids(next)).toEqual([id(2), id(0)]);
    expect(next?.pages.map((p) => p.pagination.total)).toEqual([2, 2]);
    expect(removeNotification(data, id(9))).toBe(data);
  });

  it('with id null empties the list (delete all)', () => {
    const data = pages([[notification(2), notification(1)], [notification(0)]]);
    const next = removeNotification(data, null);
    expect(ids(next)).toEqual([]);
    expect(next?.pages).toHaveLength(1);
    expect(next?.pageParams).toEqual([1]);
    expect(next?.pages[0]?.pagination).toMatchObject({ total: 0, totalPages: 0 });
  });
});

describe('findNotification', () => {
  it('looks in every cached list', () => {
    const unread = pages([[notification(1)]]);
    const read = pages([[notification(2, { status: 'Read' })]]);
    expect(findNotification([undefined, unread, read], id(2))?.status).toBe('Read');
    expect(findNotification([unread], id(7))).toBeUndefined();
  });
});

describe('the unread count (SPEC §4)', () => {
  it('rises by one for a new notification', () => {
    expect(countAfterNew(3)).toBe(4);
    expect(countAfterNew(undefined)).toBeUndefined();
  });

  it('falls only for an unread one, never below 0', () => {
    expect(countAfterRemoval(3, true)).toBe(2);
    expect(countAfterRemoval(3, false)).toBe(3);
    expect(countAfterRemoval(0, true)).toBe(0);
    expect(countAfterRemoval(undefined, true)).toBeUndefined();
  });

  it('takes what the server says, but never a negative or broken number', () => {
    expect(countFromServer(5)).toBe(5);
    expect(countFromServer(-2)).toBe(0);
    expect(countFromServer(Number.NaN)).toBe(0);
  });
});

describe('realtime payloads', () => {
  it('accepts a notification (as notificationSchema does) and refuses anything else', () => {
    expect(notificationSchema.safeParse(notification(1)).success).toBe(true);
    expect(parseNewNotification(notification(1))?.id).toBe(id(1));
    expect(parseNewNotification({ id: 'x' })).toBeNull();
    expect(parseNewNotification({ ...notification(1), type: 'NOPE' })).toBeNull();
    expect(parseNewNotification({ ...notification(1), data: null })).toBeNull();
    expect(parseNewNotification({ ...notification(1), readAt: 5 })).toBeNull();
    expect(parseNewNotification(null)).toBeNull();
  });

  it('reads notificationRead / notificationDeleted; id null means all', () => {
    expect(parseCountEvent({ id: id(1), unreadCount: 2 })).toEqual({ id: id(1), all: false, unreadCount: 2 });
    expect(parseCountEvent({ id: null, all: true, unreadCount: 0 })).toEqual({ id: null, all: true, unreadCount: 0 });
    expect(parseCountEvent({ id: id(1), unreadCount: -1 })).toBeNull();
    expect(parseCountEvent({ id: id(1), unreadCount: 1.5 })).toBeNull();
    expect(parseCountEvent({ id: id(1), all: 'yes', unreadCount: 1 })).toBeNull();
    expect(parseCountEvent('x')).toBeNull();
  });
});

describe('matchesFilters', () => {
  it('checks type and status', () => {
    expect(matchesFilters(notification(1), {})).toBe(true);
    expect(matchesFilters(notification(1), { type: 'APPOINTMENT', status: 'Sent' })).toBe(true);
    expect(matchesFilters(notification(1), { type: 'SYSTEM' })).toBe(false);
    expect(matchesFilters(notification(1), { status: 'Read' })).toBe(false);
  });
});

describe('links', () => {
  it('opens the url, else the appointment, else nothing; never another site', () => {
    expect(notificationLink({ data: { url: '/appointments/1?tab=chat' } })).toBe('/appointments/1?tab=chat');
    expect(notificationLink({ data: { appointmentId: id(5) } })).toBe(`/appointments/${id(5)}`);
    expect(notificationLink({ data: { url: '//evil.example', appointmentId: id(5) } })).toBe(`/appointments/${id(5)}`);
    expect(notificationLink({ data: { url: 'https://evil.example' } })).toBeNull();
    expect(notificationLink({ data: {} })).toBeNull();
  });

  it('offers the admin Review only when action is required', () => {
    const required = { data: { actionRequired: true, profileId: id(3) } };
    expect(reviewLink(required, 'ADMIN')).toBe(`/admin/verifications/${id(3)}`);
    expect(reviewLink({ data: { actionRequired: false, profileId: id(3) } }, 'ADMIN')).toBeNull();
    expect(reviewLink({ data: { profileId: id(3) } }, 'ADMIN')).toBeNull();
    expect(reviewLink(required, 'HOSPITAL')).toBeNull();
  });
});
