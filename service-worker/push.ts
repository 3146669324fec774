/**
 * Web Push in the service worker: what a push shows and where a click on it goes. Free of the worker's
 * globals (clients and the origin are passed in), so it is tested in Node with fakes.
 */

/** Shown when a push arrives without a payload we understand: something rather than nothing. */
export const GENERIC_PUSH = { title: 'CareMesh', body: 'You have a new notification.', tag: 'caremesh' } as const;
export const PUSH_ICON = '/pwa-192x192.png';
export const PUSH_BADGE = '/pwa-64x64.png';

export type PushNotice = {
  title: string;
  options: {
    body: string;
    tag: string;
    icon: string;
    badge: string;
    data: { url: string; notificationId: string | null };
  };
};

/**
 * The path inside the app that `url` names, or '/' for anything else: another origin, a
 * protocol-relative '//host' or an unparsable value never leaves CareMesh.
 */
export function inAppPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return '/';
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return '/';
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return '/';
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The notification for a push's text, which the server sends as the JSON of pushPayloadSchema
 * ({ title, body, url, notificationId, tag }). A malformed payload shows the generic notice.
 */
export function noticeFromPush(text: string | null | undefined, origin: string): PushNotice {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      payload = parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: the generic notice below.
  }
  const complete = isText(payload.title) && isText(payload.body);
  return {
    title: complete ? (payload.title as string) : GENERIC_PUSH.title,
    options: {
      body: complete ? (payload.body as string) : GENERIC_PUSH.body,
      tag: isText(payload.tag) ? payload.tag : GENERIC_PUSH.tag,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      data: {
        url: inAppPath(payload.url, origin),
        notificationId: isText(payload.notificationId) ? payload.notificationId : null,
      },
    },
  };
}

/** The in-app path stored on a notification we showed (anything else opens the home page). */
export function urlOfNotification(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return inAppPath(url, origin);
}

/** The parts of WindowClient and Clients the click handling uses. */
export type WindowLike = {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowLike>;
  navigate(url: string): Promise<WindowLike | null>;
};
export type ClientsLike = {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
};

/**
 * A click on a notification: bring an open CareMesh window forward and send it to `path`, or open
 * a new window there when none is open (or the open one cannot be navigated).
 */
export async function openFromNotification(path: string, clients: ClientsLike, origin: string): Promise<void> {
  const target = new URL(inAppPath(path, origin), origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) =>
    sameOrigin(client.url, origin),
  );
  const client =
    windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === 'visible') ?? windows[0] ?? null;
  if (client) {
    // Focus first: it is allowed only while the click is being handled.
    const focused = await client.focus().catch(() => client);
    if (focused.url === target) return;
    const navigated = await focused.navigate(target).catch(() => null);
    if (navigated) return;
  }
  await clients.openWindow(target);
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
