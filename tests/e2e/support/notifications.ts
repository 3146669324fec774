import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, type ApiSession } from './sessions.ts';

export type NotificationInput = {
  title: string;
  message: string;
  type?: string;
  priority?: string;
  data?: Record<string, unknown>;
};

/** What an admin does with POST /api/notifications: one notification for one user. */
export async function sendNotification(
  request: APIRequestContext,
  admin: ApiSession,
  userId: string,
  input: NotificationInput,
): Promise<{ id: string; title: string }> {
  const res = await request.post('/api/notifications', {
    headers: bearer(admin.token),
    data: { userId, ...input },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string; title: string } }).data;
}

export async function clearNotifications(request: APIRequestContext, session: ApiSession) {
  const res = await request.delete('/api/notifications', { headers: bearer(session.token) });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function serverNotifications(request: APIRequestContext, session: ApiSession) {
  const res = await request.get('/api/notifications?limit=100', { headers: bearer(session.token) });
  expect(res.ok()).toBe(true);
  return (
    (await res.json()) as {
      data: { notifications: Array<{ id: string; title: string; status: string }>; unreadCount: number };
    }
  ).data;
}

export const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
export const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
export const items = (page: Page) => panel(page).getByRole('list', { name: 'Notification list' }).getByRole('listitem');

/** Resolves once the page's socket has joined: a realtime event sent after this reaches it. */
export async function waitForLiveUpdates(page: Page) {
  await bell(page).click();
  await expect(panel(page).getByText(/^Live:/)).toBeVisible({ timeout: 20_000 });
  await panel(page).getByRole('button', { name: 'Close notifications' }).click();
}

/** The clickable body of a notification without a link (a click marks it read). */
export const itemButton = (page: Page, title: string) =>
  items(page)
    .filter({ hasText: title })
    .getByRole('button', { name: new RegExp(`^(Unread: )?${title}`) });
