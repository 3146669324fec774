import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'CareMesh@2026';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  // The field itself: a page on its way out may still show a card labelled "Email verified".
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The newest link of a kind mailed to an address, read from the development mailbox. */
export async function mailedLink(request: APIRequestContext, to: string, kind: 'verify' | 'reset'): Promise<string> {
  const pattern =
    kind === 'verify' ? /https?:\/\/[^\s]+\/verify-email\?token=[\w-]+/ : /https?:\/\/[^\s]+\/reset-password\/[\w-]+/;
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const { data } = (await res.json()) as { data: { messages: Array<{ text: string }> } };
      link = data.messages[0]?.text.match(pattern)?.[0];
      return link;
    })
    .toBeTruthy();
  // The link points at PUBLIC_URL; keep only its path so it opens on the server under test.
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

export async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link.getAttribute('aria-label') ?? link.textContent ?? '').trim()));
}
