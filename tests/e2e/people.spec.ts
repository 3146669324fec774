import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/a11y.ts';
import { apiSession, useSession } from './support/sessions.ts';

test('a doctor finds the people they work with on People and opens one’s Agent Profile', async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext();
  try {
    await useSession(context, baseURL!, await apiSession(request, 'doctor@caremesh.test'));
    const page = await context.newPage();
    await page.goto('/people');
    const people = page.getByRole('table', { name: 'People' });
    // Themselves, and the demo patient they have appointments with; never a stranger.
    await expect(people.getByRole('link', { name: 'Dr Arjun Rao (you)' })).toBeVisible();
    await expect(people.getByRole('link', { name: 'Priya Sharma' })).toBeVisible();
    // Only the layout the width shows is built: no hidden copy of the rows as cards beside the table.
    await expect(page.getByRole('list', { name: 'People', includeHidden: true })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // One character is not a search yet; two are.
    const name = page.getByRole('searchbox', { name: 'Name' });
    await name.fill('P');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
    await expect(page).not.toHaveURL(/name=/);
    await name.fill('priya');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/name=priya/);
    await expect(people.getByRole('link', { name: 'Dr Arjun Rao (you)' })).toHaveCount(0);
    await people.getByRole('link', { name: 'Priya Sharma' }).click();

    await expect(page.getByRole('heading', { name: 'Agent Profile' })).toBeVisible();
    await expect(page.getByText('Patient', { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('link', { name: 'People you work with' }).click();
    await expect(page.getByRole('link', { name: 'Priya Sharma' }).filter({ visible: true })).toBeVisible();
    // On a phone the rows are cards, and the table is not built at all; turning wide brings it back.
    const cards = page.getByRole('list', { name: 'People' });
    await expect(cards.getByRole('link', { name: 'Priya Sharma' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'People', includeHidden: true })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 1024, height: 740 });
    await expect(people.getByRole('link', { name: 'Priya Sharma' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'People', includeHidden: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
