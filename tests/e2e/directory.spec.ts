import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/accounts.ts';

/** Pune, one of the demo cities. */
const PUNE = { latitude: 18.5204, longitude: 73.8567 };

async function signInAndOpen(page: Page, email: string, path: string) {
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(path);
}

/** The cards of a list, once the list shows the answer to the current filters (not the previous one). */
async function settledCards(page: Page, listName: string): Promise<Locator> {
  const list = page.getByRole('list', { name: listName, exact: true });
  await expect(list).toBeVisible();
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  return list.getByRole('listitem');
}

const cardNames = (cards: Locator) => cards.getByRole('heading', { level: 2 }).allTextContents();

test('a user finds pharmacies with home delivery near their position, nearest first', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(PUNE);
  await signInAndOpen(page, 'user@caremesh.test', '/pharmacies');
  await expect(page.getByRole('heading', { name: 'Pharmacies', level: 1 })).toBeVisible();

  // The box follows the URL, which updates a moment after the click: click, then wait for both.
  const homeDelivery = page.getByLabel('Home delivery', { exact: true });
  await homeDelivery.click();
  await expect(homeDelivery).toBeChecked();
  await expect(page).toHaveURL(/hasHomeDelivery=true/);
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(page).toHaveURL(/latitude=18\.52/);
  await expect(page).toHaveURL(/sortBy=distance/);
  await expect(page.getByLabel('Sort by')).toHaveValue('distance:asc');
  await expect(page.getByText('Showing pharmacies near your location, within 25 km.')).toBeVisible();

  const cards = await settledCards(page, 'Pharmacies');
  await expect(cards.first()).toContainText(/\d km/);
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);

  // Every card shows its distance; the distances go up and stay inside the radius.
  const distances = (await cards.getByText(/^\d+(\.\d)? km$/).allTextContents()).map((text) => Number.parseFloat(text));
  expect(distances).toHaveLength(count);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  expect(Math.max(...distances)).toBeLessThanOrEqual(25);

  // The filter holds for every card.
  for (const card of await cards.all()) await expect(card).toContainText('Home delivery');

  // The search is in the URL: a reload keeps it.
  await page.reload();
  const again = await settledCards(page, 'Pharmacies');
  await expect(again).toHaveCount(count);
  await expect(page.getByLabel('Home delivery', { exact: true })).toBeChecked();
});

test('an admin filters hospitals by state and pages through them; the URL keeps both and back returns to page 1', async ({
  page,
}) => {
  await signInAndOpen(page, 'admin@caremesh.test', '/hospitals');
  await page.getByLabel('State', { exact: true }).selectOption('MAHARASHTRA');
  await expect(page).toHaveURL(/state=MAHARASHTRA/);
  await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();

  let cards = await settledCards(page, 'Hospitals');
  const firstPage = await cardNames(cards);
  expect(firstPage.length).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    await expect(card).toContainText('Maharashtra');
    // Admins see where each hospital stands in verification.
    await expect(card).toContainText(/Verified|Pending verification|Under review|Rejected/);
  }

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/state=MAHARASHTRA/);
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
  cards = await settledCards(page, 'Hospitals');
  const secondPage = await cardNames(cards);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  for (const card of await cards.all()) await expect(card).toContainText('Maharashtra');

  // The address can be shared: opened afresh it shows the same page.
  await page.reload();
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
  expect(await cardNames(await settledCards(page, 'Hospitals'))).toEqual(secondPage);

  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).toHaveURL(/state=MAHARASHTRA/);
  await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('MAHARASHTRA');
  expect(await cardNames(await settledCards(page, 'Hospitals'))).toEqual(firstPage);
});

const foundCount = async (page: Page) =>
  Number.parseInt((await page.getByText(/^[\d,]+ found$/).textContent())!.replace(/,/g, ''), 10);

test('a doctors search by two specialisations: both in the URL, only matching doctors, back to page 1, then cleared', async ({
  page,
}) => {
  await signInAndOpen(page, 'user@caremesh.test', '/doctors?page=2');
  await expect(page.getByRole('heading', { name: 'Doctors', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
  await settledCards(page, 'Doctors');
  const everyone = await foundCount(page);

  // The 46 specialisations are one compact control; ticking applies at once and starts again at page 1.
  const specialisations = page.getByRole('button', { name: /^Specialisations/ });
  await specialisations.click();
  await expect(specialisations).toHaveAttribute('aria-expanded', 'true');
  const cardiology = page.getByRole('checkbox', { name: 'Cardiology', exact: true });
  await cardiology.click();
  await expect(cardiology).toBeChecked();
  await expect(page).toHaveURL(/specializations=CARDIOLOGY/);
  await expect(page).not.toHaveURL(/page=2/);
  await settledCards(page, 'Doctors');
  const cardiologists = await foundCount(page);

  await page.getByLabel('Filter the specialisations list').fill('neuro');
  const neurology = page.getByRole('checkbox', { name: 'Neurology', exact: true });
  await neurology.click();
  await expect(neurology).toBeChecked();
  await expect(page).toHaveURL(/specializations=CARDIOLOGY&specializations=NEUROLOGY/);
  await page.keyboard.press('Escape');
  await expect(specialisations).toHaveAttribute('aria-expanded', 'false');
  await expect(specialisations).toHaveAccessibleName('Specialisations Cardiology, Neurology');

  let cards = await settledCards(page, 'Doctors');
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => foundCount(page)).toBeGreaterThan(cardiologists);
  const either = await foundCount(page);
  expect(either).toBeLessThan(everyone);
  for (const card of await cards.all()) {
    await expect(card).toContainText(/Cardiology|Neurology/);
    await expect(card).toContainText('Experience');
    await expect(card).toContainText('Fee');
  }

  // Both values survive a reload, and each shows as a filter that can be taken off on its own.
  await page.reload();
  await expect(specialisations).toHaveAccessibleName('Specialisations Cardiology, Neurology');
  await page.getByRole('button', { name: 'Remove filter Cardiology' }).click();
  await expect(page).not.toHaveURL(/CARDIOLOGY/);
  await expect(page).toHaveURL(/specializations=NEUROLOGY/);
  cards = await settledCards(page, 'Doctors');
  for (const card of await cards.all()) await expect(card).toContainText('Neurology');

  // A typed filter is checked before it applies, with a message next to the field.
  await page.getByLabel('Minimum experience (years)').fill('99');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Minimum experience (years) must be at most 70')).toBeVisible();
  await expect(page).not.toHaveURL(/minExperience/);

  // One button turns every filter off.
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).not.toHaveURL(/specializations/);
  await expect(specialisations).toHaveAccessibleName('Specialisations Any specialisation');
  await settledCards(page, 'Doctors');
  await expect.poll(() => foundCount(page)).toBe(everyone);
});
