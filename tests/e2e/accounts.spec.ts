import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { expect, test } from '@playwright/test';
import { MENUS } from '../../src/app/layout/navigation.ts';
import { DEMO_PASSWORD, mailedLink, menuLabels, signIn } from './support/accounts.ts';

const DEMO: Array<[string, keyof typeof MENUS]> = [
  ['admin@caremesh.test', 'ADMIN'],
  ['hospital@caremesh.test', 'HOSPITAL'],
  ['doctor@caremesh.test', 'DOCTOR'],
  ['diagnostics@caremesh.test', 'DIAGNOSTICS'],
  ['pharmacy@caremesh.test', 'PHARMACY'],
  ['patient@caremesh.test', 'PATIENT'],
  ['user@caremesh.test', 'USER'],
];

test('register → verify through the mailed link → sign in', async ({ page, request }) => {
  const email = `asha.${Date.now()}@example.in`;
  await page.goto('/register');
  await page.getByRole('radio', { name: /Patient/ }).check();
  await page.getByLabel('Full name').fill('Asha Kulkarni');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Swasthya2026');
  await page.getByLabel('Confirm password').fill('Swasthya2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/registration-success/);
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // Signing in before verifying says so and offers a new link.
  await page.goto('/login');
  await signIn(page, email, 'Swasthya2026');
  await expect(page.getByText(/^Login failed: Please verify your email/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new verification link' })).toBeVisible();

  await page.goto(await mailedLink(request, email, 'verify'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signIn(page, email, 'Swasthya2026');
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await menuLabels(page)).toEqual(MENUS.PATIENT.map((item) => item.label));
});

test('forgot → reset → the old password is refused', async ({ page, request }) => {
  const email = `ravi.${Date.now()}@example.in`;
  const registered = await request.post('/api/users/register', {
    data: { email, password: 'Purana2026', role: 'DOCTOR' },
  });
  expect(registered.status()).toBe(201);
  await page.goto(await mailedLink(request, email, 'verify'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in screen has an Email field too: fill the one on the screen the link opened.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset email sent successfully!')).toBeVisible();

  await page.goto(await mailedLink(request, email, 'reset'));
  await page.getByLabel('New password', { exact: true }).fill('NayaPass2027');
  await page.getByLabel('Confirm new password').fill('NayaPass2027');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, 'Purana2026');
  await expect(page.getByText('Login failed: Incorrect email or password.')).toBeVisible();
  await signIn(page, email, 'NayaPass2027');
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

for (const [email, role] of DEMO) {
  test(`${email} signs in and sees exactly the ${role} menu`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, email);
    await expect(page).toHaveURL(role === 'ADMIN' ? /\/hospitals$/ : /\/profile$/);
    expect(await menuLabels(page)).toEqual(MENUS[role].map((item) => item.label));
    await expect(page.getByText(email).first()).toBeVisible();
  });
}

test('a patient opening /admin/verifications lands on /403', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'patient@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/admin/verifications');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { name: '403' })).toBeVisible();
});

test('an unknown path shows the 404 texts', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go Back Home' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out deep link with query and hash returns to it after login', async ({ page }) => {
  await page.goto('/people/abc?tab=history#latest');
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/people/abc?tab=history#latest');
  await signIn(page, 'doctor@caremesh.test');
  await expect(page).toHaveURL(/\/people\/abc\?tab=history#latest$/);
});

test('a hospital that has not onboarded is sent to /hospital/onboarding', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'newhospital@caremesh.test');
  await expect(page).toHaveURL(/\/hospital\/onboarding$/);
  await page.goto('/appointments');
  await expect(page).toHaveURL(/\/hospital\/onboarding$/);
});

test('the sidebar remembers being collapsed across a reload', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'pharmacy@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  expect(await page.evaluate(() => localStorage.getItem('menuStatus'))).toBe('YES');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  expect(await page.evaluate(() => localStorage.getItem('menuStatus'))).toBe('NO');
});

test('signing out ends the session; a signed-in user opening /login goes home', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'user@caremesh.test');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: /user@caremesh\.test/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  // Signing out is not an interruption: the next person to sign in starts at home, not on this page.
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => document.cookie)).not.toContain('jwtToken=');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});

test('an expired or revoked token sends the user back to sign in', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'jwtToken', value: 'aaa.bbb.ccc', url: baseURL as string }]);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('the sign-in screens and the shell have no serious accessibility violations', async ({ page }) => {
  for (const path of [
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password/abcdefghijklmnopqrstuvwxyz',
    '/verify-email',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto('/login');
  await signIn(page, 'hospital@caremesh.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await expectNoSeriousA11yViolations(page);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the menu opens from the top bar and closes on navigation', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'diagnostics@caremesh.test');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests' }).click();
    await expect(page).toHaveURL(/\/tests$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });
});
