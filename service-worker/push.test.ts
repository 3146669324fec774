import { describe, expect, it, vi } from 'vitest';
import { pushPayloadSchema } from '../domain/schemas/notifications.ts';
import {
  GENERIC_PUSH,
  PUSH_BADGE,
  PUSH_ICON,
  inAppPath,
  noticeFromPush,
  openFromNotification,
  urlOfNotification,
  type ClientsLike,
  type WindowLike,
} from './push.ts';

const ORIGIN = 'https://caremesh.example';
const payload = {
  title: 'New appointment',
  body: 'You have a new appointment request.',
  url: '/appointments/7d1f3c1e-0000-4000-8000-000000000001',
  notificationId: '5b7c1c9e-0000-4000-8000-000000000002',
  tag: 'appointment-7d1f3c1e',
};

describe('inAppPath', () => {
  it('keeps a path inside the app, with its query and hash', () => {
    expect(inAppPath('/appointments/42?tab=chat#m3', ORIGIN)).toBe('/appointments/42?tab=chat#m3');
    expect(inAppPath(`${ORIGIN}/profile`, ORIGIN)).toBe('/profile');
  });

  it('turns anything that would leave CareMesh into the home page', () => {
    for (const url of [
      'https://evil.example/x',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://caremesh.example/',
    ]) {
      expect(inAppPath(url, ORIGIN)).toBe('/');
    }
    expect(inAppPath(undefined, ORIGIN)).toBe('/');
    expect(inAppPath('', ORIGIN)).toBe('/');
    expect(inAppPath(42, ORIGIN)).toBe('/');
  });
});

describe('noticeFromPush', () => {
  it('shows what the server sent (the pushPayloadSchema shape)', () => {
    expect(pushPayloadSchema.safeParse(payload).success).toBe(true);
    expect(noticeFromPush(JSON.stringify(payload), ORIGIN)).toEqual({
      title: 'New appointment',
      options: {
        body: 'You have a new appointment request.',
        tag: 'appointment-7d1f3c1e',
        icon: PUSH_ICON,
        badge: PUSH_BADGE,
        data: { url: payload.url, notificationId: payload.notificationId },
      },
    });
  });

  it('shows the generic notice for a malformed payload rather than nothing', () => {
    for (const text of [null, undefined, '', 'not json', '[]', '42', '{"title":""}', '{"body":"only a body"}']) {
      const notice = noticeFromPush(text, ORIGIN);
      expect(notice.title).toBe(GENERIC_PUSH.title);
      expect(notice.options.body).toBe(GENERIC_PUSH.body);
      expect(notice.options.tag).toBe(GENERIC_PUSH.tag);
      expect(notice.options.data).toEqual({ url: '/', notificationId: null });
    }
  });

  it('never links out of the app, whatever the payload says', () => {
    const notice = noticeFromPush(JSON.stringify({ ...payload, url: 'https://evil.example/phish' }), ORIGIN);
    expect(notice.title).toBe('New appointment');
    expect(notice.options.data.url).toBe('/');
  });
});

describe('urlOfNotification', () => {
  it('reads the path stored on the notification, or home', () => {
    expect(urlOfNotification({ url: '/appointments/1' }, ORIGIN)).toBe('/appointments/1');
    expect(urlOfNotification({ url: 'https://evil.example' }, ORIGIN)).toBe('/');
    expect(urlOfNotification(null, ORIGIN)).toBe('/');
  });
});

function fakeWindow(url: string, state: Partial<Pick<WindowLike, 'focused' | 'visibilityState'>> = {}) {
  const client: WindowLike & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } = {
    url,
    focused: state.focused ?? false,
    visibilityState: state.visibilityState ?? 'hidden',
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => ({ ...client, url: to })),
  };
  return client;
}

function fakeClients(windows: WindowLike[]) {
  return {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  } satisfies ClientsLike;
}

describe('openFromNotification', () => {
  it('focuses an open CareMesh window and navigates it to the deep link', async () => {
    const other = fakeWindow('https://other.example/', { focused: true });
    const mine = fakeWindow(`${ORIGIN}/profile`);
    const clients = fakeClients([other, mine]);
    await openFromNotification('/appointments/42', clients, ORIGIN);
    expect(mine.focus).toHaveBeenCalled();
    expect(mine.navigate).toHaveBeenCalledWith(`${ORIGIN}/appointments/42`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('prefers the focused, then a visible window', async () => {
    const hidden = fakeWindow(`${ORIGIN}/a`);
    const visible = fakeWindow(`${ORIGIN}/b`, { visibilityState: 'visible' });
    await openFromNotification('/c', fakeClients([hidden, visible]), ORIGIN);
    expect(visible.navigate).toHaveBeenCalledWith(`${ORIGIN}/c`);
    expect(hidden.navigate).not.toHaveBeenCalled();
  });

  it('only focuses a window already at the deep link', async () => {
    const mine = fakeWindow(`${ORIGIN}/appointments/42`);
    await openFromNotification('/appointments/42', fakeClients([mine]), ORIGIN);
    expect(mine.focus).toHaveBeenCalled();
    expect(mine.navigate).not.toHaveBeenCalled();
  });

  it('opens a new window when none is open, or the open one cannot be navigated', async () => {
    const none = fakeClients([]);
    await openFromNotification('/appointments/42', none, ORIGIN);
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/appointments/42`);

    const uncontrolled = fakeWindow(`${ORIGIN}/profile`);
    uncontrolled.navigate.mockRejectedValue(new TypeError('not controlled'));
    uncontrolled.focus.mockRejectedValue(new Error('not allowed'));
    const clients = fakeClients([uncontrolled]);
    await openFromNotification('/appointments/42', clients, ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/appointments/42`);
  });

  it('never opens another site', async () => {
    const clients = fakeClients([]);
    await openFromNotification('https://evil.example/x', clients, ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
