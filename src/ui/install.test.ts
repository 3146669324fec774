import { beforeAll, describe, expect, it, vi } from 'vitest';

// The module listens on window and keeps the offer in localStorage: both stand in here.
const target = new EventTarget();
const stored = new Map<string, string>();
vi.stubGlobal('window', target);
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
});

const install = await import('./install.ts');

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

describe('the install prompt', () => {
  beforeAll(() => install.listenForInstallPrompt());

  it('keeps the browser’s prompt (no banner of its own) and offers nothing before a booking', () => {
    expect(install.canInstall()).toBe(false);
    const event = promptEvent('dismissed');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(install.canInstall()).toBe(true);
    expect(install.installOfferShown()).toBe(false);
  });

  it('offers once after the first booking, never again once declined', () => {
    install.bookingDone();
    expect(install.installOfferShown()).toBe(true);
    install.declineInstallOffer();
    expect(install.installOfferShown()).toBe(false);
    install.bookingDone();
    expect(install.installOfferShown()).toBe(false);
    // The user menu still installs.
    expect(install.canInstall()).toBe(true);
  });

  it('shows the browser’s dialog once and answers its outcome', async () => {
    const event = promptEvent('accepted');
    target.dispatchEvent(event);
    expect(await install.install()).toBe('accepted');
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(install.canInstall()).toBe(false);
    expect(await install.install()).toBe('unavailable');
  });

  it('forgets the prompt once the app is installed', () => {
    target.dispatchEvent(promptEvent('accepted'));
    target.dispatchEvent(new Event('appinstalled'));
    expect(install.canInstall()).toBe(false);
  });
});
