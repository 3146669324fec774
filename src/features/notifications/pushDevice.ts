/** This browser's Web Push subscription: reading it, turning alerts on and off (the browser side). */
import type { PushSubscriptionInput } from '../../../domain/schemas/notifications.ts';
import { notificationsApi } from '../../api/notifications.ts';
import {
  PUSH_OWNER_KEY,
  alertsOn,
  base64UrlToBytes,
  parseOwner,
  pushAvailability,
  sameKey,
  type PushAvailability,
  type PushOwner,
} from './pushSupport.ts';

export function currentAvailability(): PushAvailability {
  const notification = typeof Notification !== 'undefined';
  return pushAvailability({
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: typeof PushManager !== 'undefined',
    notification,
    permission: notification ? Notification.permission : null,
  });
}

function readOwner(): PushOwner | null {
  try {
    return parseOwner(localStorage.getItem(PUSH_OWNER_KEY));
  } catch {
    return null;
  }
}

function writeOwner(owner: PushOwner | null) {
  try {
    if (owner) localStorage.setItem(PUSH_OWNER_KEY, JSON.stringify(owner));
    else localStorage.removeItem(PUSH_OWNER_KEY);
  } catch {
    // Storage unavailable: the switch then shows off after a reload; alerts still arrive.
  }
}

/** The worker's registration; none while the app has not finished installing (or in development). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

export type DeviceState = { availability: PushAvailability; installed: boolean; on: boolean };

export async function readDeviceState(userId: string): Promise<DeviceState> {
  const availability = currentAvailability();
  if (availability === 'unsupported') return { availability, installed: false, on: false };
  const worker = await registration();
  const subscription = worker ? await worker.pushManager.getSubscription() : null;
  return {
    availability,
    installed: Boolean(worker),
    on: alertsOn({
      permission: Notification.permission,
      endpoint: subscription?.endpoint ?? null,
      owner: readOwner(),
      userId,
    }),
  };
}

export class PushSetupError extends Error {
  override name = 'PushSetupError';
}

/**
 * Asks for permission (only now, on the user's click), subscribes with the server's VAPID key and
 * registers the subscription for this account. Resolves to the permission the user gave.
 */
export async function turnAlertsOn(userId: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const worker = await registration();
  if (!worker) throw new PushSetupError('CareMesh has not finished installing. Reload the page and try again.');
  const { data } = await notificationsApi.pushPublicKey();
  const key = base64UrlToBytes(data.publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Made with another server key: it can no longer be used.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await notificationsApi.addPushSubscription(subscription.toJSON() as PushSubscriptionInput);
  writeOwner({ endpoint: subscription.endpoint, userId });
  return permission;
}

/** Unsubscribes this browser and tells the server; a server that cannot be told drops it at its next push. */
export async function turnAlertsOff(): Promise<void> {
  const worker = await registration();
  const subscription = worker ? await worker.pushManager.getSubscription() : null;
  writeOwner(null);
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await notificationsApi.removePushSubscription(endpoint).catch((error: unknown) => {
    console.warn('push: the server was not told about the unsubscription', error);
  });
}
