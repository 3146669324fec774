/**
 * Pure parts of the Web Push opt-in: what the browser can do, the VAPID key's bytes, and whose
 * subscription this browser holds (one browser profile, possibly several CareMesh accounts).
 */

export type PushEnvironment = {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  permission: NotificationPermission | null;
};

export type PushAvailability = 'unsupported' | 'blocked' | 'available';

export function pushAvailability(env: PushEnvironment): PushAvailability {
  if (!env.serviceWorker || !env.pushManager || !env.notification) return 'unsupported';
  return env.permission === 'denied' ? 'blocked' : 'available';
}

/** The bytes of a base64url VAPID public key, for `applicationServerKey`. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this server key (after a key change it must be renewed). */
export function sameKey(current: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!current || current.byteLength !== key.byteLength) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, i) => byte === key[i]);
}

/** Remembered on the device: which account turned alerts on for which subscription. */
export const PUSH_OWNER_KEY = 'caremesh.pushOwner';
export type PushOwner = { endpoint: string; userId: string };

export function parseOwner(raw: string | null): PushOwner | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PushOwner>;
    return typeof value.endpoint === 'string' && typeof value.userId === 'string'
      ? { endpoint: value.endpoint, userId: value.userId }
      : null;
  } catch {
    return null;
  }
}

/**
 * The switch is on only when this browser has a subscription and this account turned alerts on here:
 * another account on the same browser sees it off until it turns alerts on for itself. (The endpoint
 * may differ from the one remembered: the worker renews a subscription the browser replaced.)
 */
export function alertsOn(input: {
  permission: NotificationPermission | null;
  endpoint: string | null;
  owner: PushOwner | null;
  userId: string;
}): boolean {
  return input.permission === 'granted' && input.endpoint !== null && input.owner?.userId === input.userId;
}
