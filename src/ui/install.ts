import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install prompt for when the person asks for it ("Install CareMesh" in the user
 * menu, or the one offer after a first booking) instead of the browser's own banner. Called once, at
 * start-up, before the event can fire.
 */
export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the browser has offered to install the app (and it has not been used yet). */
export const canInstall = () => deferred !== null;

/** Shows the browser's install dialog; the event can be used once, whatever the answer. */
export async function install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

/** Whether the app can be installed now, and the way to do it. */
export function useInstallPrompt() {
  const available = useSyncExternalStore(subscribe, canInstall, () => false);
  return { available, install };
}

// The one offer after a first booking: due once a booking is sent, made at most once per device.
const OFFER_KEY = 'caremesh.installOffer';
type OfferState = 'due' | 'made';
const offerState = (): OfferState | null => {
  try {
    const value = localStorage.getItem(OFFER_KEY);
    return value === 'due' || value === 'made' ? value : null;
  } catch {
    return null;
  }
};
const setOfferState = (state: OfferState) => {
  try {
    localStorage.setItem(OFFER_KEY, state);
  } catch {
    // Storage refused (private mode): the offer is simply not made.
  }
  notify();
};

/** A booking was sent: the first one makes the install offer due. */
export function bookingDone() {
  if (offerState() === null) setOfferState('due');
}

/** The offer after a first booking is shown while it is due and the browser can install. */
export const installOfferShown = () => canInstall() && offerState() === 'due';

/** Either answer to the offer makes it: it is not shown again on this device. */
export async function acceptInstallOffer() {
  setOfferState('made');
  return install();
}
export const declineInstallOffer = () => setOfferState('made');

/** The offer after a first booking: shown while due and the browser can install; made once. */
export function useInstallOffer() {
  const show = useSyncExternalStore(subscribe, installOfferShown, () => false);
  return { show, accept: acceptInstallOffer, decline: declineInstallOffer };
}
