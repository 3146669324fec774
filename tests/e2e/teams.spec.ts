import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { mailedLink, signIn } from './support/accounts.ts';
import { apiSession, useSession } from './support/sessions.ts';

test('a pharmacy owner invites a pharmacist, who signs in for the pharmacy; deactivated, their open session ends', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `pharmacist.${Date.now()}@example.in`;
  const owner = await browser.newContext();
  const memberContext = await browser.newContext();
  try {
    // The owner invites a member as pharmacist from the Team section of the profile.
    await useSession(owner, baseURL!, await apiSession(request, 'pharmacy@caremesh.test'));
    const page = await owner.newPage();
    await page.goto('/profile');
    const team = page.getByRole('region', { name: 'Team' });
    await expect(team.getByText('Kavita Joshi')).toBeVisible();
    await team.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByLabel('Name').fill('Farhan Ali');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Pharmacist (verifies prescriptions)').check();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    const row = team.getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Pharmacist (verifies prescriptions)');

    // The member chooses a password from the mailed link and signs in: the pharmacy's menus.
    const memberPage = await memberContext.newPage();
    await memberPage.goto(await mailedLink(request, email, 'reset'));
    await memberPage.getByLabel('New password', { exact: true }).fill('Dawakhana2026');
    await memberPage.getByLabel('Confirm new password').fill('Dawakhana2026');
    await memberPage.getByRole('button', { name: 'Set new password' }).click();
    await expect(memberPage).toHaveURL(/\/login$/);
    await signIn(memberPage, email, 'Dawakhana2026');
    await expect(memberPage).toHaveURL(/\/profile$/);
    await expect(memberPage.getByRole('heading', { name: 'Jeevan Pharmacy' })).toBeVisible();
    const nav = memberPage.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'My Pharmacy' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
    // A member sees the team, and no owner's controls.
    await expect(
      memberPage.getByRole('region', { name: 'Team' }).getByText('Only an owner changes the team.'),
    ).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Invite a member' })).toHaveCount(0);

    await page.reload();
    await expect(row).toContainText('Active');

    // Deactivated by the owner: the member's open page is signed out at once.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate this member?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await expect(row).toContainText('Deactivated');
    await expect(memberPage).toHaveURL(/\/login/, { timeout: 20_000 });
    await signIn(memberPage, email, 'Dawakhana2026');
    await expect(memberPage.getByText(/Your organisation has deactivated this account/)).toBeVisible();

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(row).toBeVisible();
    await expectNoA11yViolations(page);
  } finally {
    await owner.close();
    await memberContext.close();
  }
});
