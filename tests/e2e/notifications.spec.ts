import { expectNoA11yViolations } from './support/a11y.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/accounts.ts';
import {
  bell,
  itemButton,
  clearNotifications,
  items,
  panel,
  sendNotification,
  serverNotifications,
  waitForLiveUpdates,
} from './support/notifications.ts';
import { apiSession, bearer, useSession, type ApiSession } from './support/sessions.ts';

const DOCTOR = 'doctor@caremesh.test';
const ADMIN = 'admin@caremesh.test';

let admin: ApiSession;
let doctor: ApiSession;

test.beforeEach(async ({ request }) => {
  admin = await apiSession(request, ADMIN);
  doctor = await apiSession(request, DOCTOR);
  await clearNotifications(request, doctor);
});

test('a new notification appears on top without a reload, with a toast and the count', async ({ page, request }) => {
  // A real sign-in once, as a user would.
  await page.goto('/login');
  await signIn(page, DOCTOR);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  await waitForLiveUpdates(page);

  await sendNotification(request, admin, doctor.user.id, {
    title: 'Clinic hours changed',
    message: 'Sahyadri Care Hospital opens at 8 AM from Monday.',
    type: 'SYSTEM',
  });

  // SPEC §9: an info toast, top-right, that stays 30 s.
  const toast = page.getByRole('status').filter({ hasText: 'Clinic hours changed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Sahyadri Care Hospital opens at 8 AM from Monday.');
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.7);
  expect(box.y).toBeLessThan(viewport.height * 0.3);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  await bell(page).click();
  await expect(items(page)).toHaveCount(1);

  // A second one while the centre is open: on top of the list, the count one higher.
  await sendNotification(request, admin, doctor.user.id, {
    title: 'New appointment request',
    message: 'Priya Sharma asked for a consultation.',
    type: 'APPOINTMENT',
    data: { appointmentId: '7d1f3c1e-1111-4222-8333-444455556666' },
  });
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).first()).toContainText('New appointment request');
  await expect(items(page).nth(1)).toContainText('Clinic hours changed');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await expect(page.getByRole('status').filter({ hasText: 'New appointment request' })).toBeVisible();
  // A notification about an appointment links to it.
  await expect(
    items(page)
      .first()
      .getByRole('link', { name: /New appointment request/ }),
  ).toHaveAttribute('href', '/appointments/7d1f3c1e-1111-4222-8333-444455556666');
});

test('mark one read, mark all read, delete one and delete all', async ({ page, request, baseURL }) => {
  for (const n of [1, 2, 3, 4]) {
    await sendNotification(request, admin, doctor.user.id, { title: `Update ${n}`, message: `Message ${n}` });
  }
  await useSession(page.context(), baseURL!, doctor);
  await page.goto('/profile');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 4 unread');
  await bell(page).click();
  await expect(items(page)).toHaveCount(4);
  await expect(items(page).first()).toContainText('Update 4');
  await expectNoA11yViolations(page);

  // A click marks it read.
  await itemButton(page, 'Update 3').click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await expect(items(page).filter({ hasText: 'Update 3' })).not.toContainText('Unread:');
  await expect.poll(async () => (await serverNotifications(request, doctor)).unreadCount).toBe(3);

  // The Unread filter shows only those.
  await panel(page).getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(items(page)).toHaveCount(3);
  await panel(page).getByRole('button', { name: 'All', exact: true }).click();
  await expect(items(page)).toHaveCount(4);

  await panel(page).getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  await expect(panel(page).getByText('Unread:')).toHaveCount(0);
  await expect.poll(async () => (await serverNotifications(request, doctor)).unreadCount).toBe(0);

  await panel(page).getByRole('button', { name: 'Delete notification: Update 2' }).click();
  await expect(items(page)).toHaveCount(3);
  await expect(panel(page).getByText('Update 2')).toHaveCount(0);
  await expect.poll(async () => (await serverNotifications(request, doctor)).notifications.length).toBe(3);

  // Delete all asks first; cancelling keeps everything.
  await panel(page).getByRole('button', { name: 'Delete all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete all notifications?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(items(page)).toHaveCount(3);
  await panel(page).getByRole('button', { name: 'Delete all' }).click();
  await confirm.getByRole('button', { name: 'Delete all' }).click();
  await expect(panel(page).getByText('You’re all caught up')).toBeVisible();
  await expect.poll(async () => (await serverNotifications(request, doctor)).notifications.length).toBe(0);
});

/** Sends the doctor three notifications, opens the app live and the notification centre; returns them. */
async function openWithThreeUnread(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  [a, b, c]: readonly [string, string, string],
) {
  const send = (title: string, message: string) => sendNotification(request, admin, doctor.user.id, { title, message });
  const sent = [await send(a, 'one'), await send(b, 'two'), await send(c, 'three')] as const;
  await useSession(page.context(), baseURL, doctor);
  await page.goto('/profile');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await waitForLiveUpdates(page);
  await bell(page).click();
  await expect(items(page)).toHaveCount(3);
  return sent;
}

test('a deleted unread notification lowers the count; reads and deletions elsewhere update this page', async ({
  page,
  request,
  baseURL,
}) => {
  const [first, second] = await openWithThreeUnread(page, request, baseURL!, ['First', 'Second', 'Third']);

  await panel(page).getByRole('button', { name: 'Delete notification: Third' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  // Another device of the same account reads one and deletes another.
  await request.put(`/api/notifications/${first.id}/read`, { headers: bearer(doctor.token) });
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(items(page).filter({ hasText: 'First' })).not.toContainText('Unread:');
  await request.delete(`/api/notifications/${second.id}`, { headers: bearer(doctor.token) });
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');
  await expect(items(page)).toHaveCount(1);
  await request.delete('/api/notifications', { headers: bearer(doctor.token) });
  await expect(panel(page).getByText('You’re all caught up')).toBeVisible();
});

test('a read on another device while this tab’s own change is on its way still reaches the count', async ({
  page,
  request,
  baseURL,
}) => {
  const [first] = await openWithThreeUnread(page, request, baseURL!, ['Early', 'Middle', 'Late']);

  // This tab deletes "Late": the server applies it at once, and its answer (2 unread) is held back.
  let answered!: () => void;
  const deleteAnswered = new Promise<void>((resolve) => (answered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/notifications\/[^/?]+$/, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    const response = await route.fetch();
    answered();
    await released;
    await route.fulfill({ response });
  });
  await panel(page).getByRole('button', { name: 'Delete notification: Late' }).click();
  await deleteAnswered;

  // Meanwhile another device reads "Early"; its event reaches this tab before the delete's answer does.
  await request.put(`/api/notifications/${first.id}/read`, { headers: bearer(doctor.token) });
  await expect(items(page).filter({ hasText: 'Early' })).not.toContainText('Unread:');
  release();

  // The delete's answer is older than that read: the count is the server's as it is now.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect.poll(async () => (await serverNotifications(request, doctor)).unreadCount).toBe(1);
});

test('a failing request is rolled back and shows the SPEC message', async ({ page, request, baseURL }) => {
  await sendNotification(request, admin, doctor.user.id, { title: 'Keep me', message: 'still here' });
  await openAsDoctorWithOne(page, baseURL!);

  const errorToast = (message: string) =>
    page.getByRole('alert').filter({ hasText: 'Error' }).filter({ hasText: message });

  await page.route('**/api/notifications/*/read', (route) => route.abort());
  await itemButton(page, 'Keep me').click();
  await expect(errorToast('Failed to mark notification as read')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(items(page).first()).toContainText('Unread:');

  await page.route('**/api/notifications/mark-all-read', (route) => route.abort());
  await panel(page).getByRole('button', { name: 'Mark all read' }).click();
  await expect(errorToast('Failed to mark all notifications as read')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  await page.route(/\/api\/notifications\/[^/?]+$/, (route) =>
    route.request().method() === 'DELETE' ? route.abort() : route.fallback(),
  );
  await panel(page).getByRole('button', { name: 'Delete notification: Keep me' }).click();
  await expect(errorToast('Failed to delete notification')).toBeVisible();
  await expect(items(page)).toHaveCount(1);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  await page.route(/\/api\/notifications$/, (route) =>
    route.request().method() === 'DELETE' ? route.abort() : route.fallback(),
  );
  await panel(page).getByRole('button', { name: 'Delete all' }).click();
  await page
    .getByRole('dialog', { name: 'Delete all notifications?' })
    .getByRole('button', { name: 'Delete all' })
    .click();
  await expect(errorToast('Failed to delete all notifications')).toBeVisible();
  await expect(items(page)).toHaveCount(1);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // Nothing changed on the server.
  const onServer = await serverNotifications(request, doctor);
  expect(onServer.notifications.map((n) => [n.title, n.status])).toEqual([['Keep me', 'Sent']]);

  // A list that cannot be fetched says so.
  await page.unrouteAll();
  await page.route(/\/api\/notifications\?/, (route) => route.abort());
  await panel(page).getByRole('button', { name: 'Close notifications' }).click();
  await page.reload();
  await bell(page).click();
  await expect(errorToast('Failed to fetch notifications')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('an admin sees Review only on notifications that require action', async ({ page, request, baseURL }) => {
  await clearNotifications(request, admin);
  const profileId = '0b7c1c9e-2222-4333-8444-555566667777';
  await sendNotification(request, admin, admin.user.id, {
    title: 'Verification submitted',
    message: 'A hospital sent documents for review.',
    type: 'VERIFICATION',
    data: { profileId, actionRequired: true },
  });
  await sendNotification(request, admin, admin.user.id, {
    title: 'Verification noted',
    message: 'Nothing to do.',
    type: 'VERIFICATION',
    data: { profileId },
  });
  await useSession(page.context(), baseURL!, admin);
  await page.goto('/hospitals');
  await bell(page).click();
  await expect(items(page)).toHaveCount(2);
  await expect(items(page).filter({ hasText: 'Verification noted' }).getByRole('link', { name: 'Review' })).toHaveCount(
    0,
  );
  const review = items(page).filter({ hasText: 'Verification submitted' }).getByRole('link', { name: 'Review' });
  await expect(review).toHaveAttribute('href', `/admin/verifications/${profileId}`);
  await review.click();
  await expect(page).toHaveURL(new RegExp(`/admin/verifications/${profileId}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await clearNotifications(request, admin);
});

async function openAsDoctorWithOne(page: Page, baseURL: string) {
  await useSession(page.context(), baseURL, doctor);
  await page.goto('/profile');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(page).click();
  await expect(items(page)).toHaveCount(1);
}

test('"Load more" brings the older ones, newest first', async ({ page, request, baseURL }) => {
  for (let n = 1; n <= 23; n++) {
    await sendNotification(request, admin, doctor.user.id, { title: `Batch ${n}`, message: `Item ${n}` });
  }
  await useSession(page.context(), baseURL!, doctor);
  await page.goto('/profile');
  await bell(page).click();
  await expect(items(page)).toHaveCount(20);
  await expect(items(page).first()).toContainText('Batch 23');
  await panel(page).getByRole('button', { name: 'Load more' }).click();
  await expect(items(page)).toHaveCount(23);
  await expect(items(page).last()).toContainText('Batch 1');
  await expect(panel(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bell sits in the top bar and the centre opens as a full-width sheet', async ({
    page,
    request,
    baseURL,
  }) => {
    await sendNotification(request, admin, doctor.user.id, { title: 'On the phone', message: 'Hello' });
    await useSession(page.context(), baseURL!, doctor);
    await page.goto('/profile');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await bell(page).click();
    await expect(items(page)).toHaveCount(1);
    const sheet = (await panel(page).boundingBox())!;
    expect(sheet.x).toBe(0);
    expect(sheet.width).toBe(390);
    await expect(panel(page).getByRole('switch', { name: 'Get alerts when CareMesh is closed' })).toBeVisible();

    // Escape closes it and gives focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
  });
});
