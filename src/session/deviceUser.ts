/**
 * The signed-in user as last loaded, kept on the device so the app opens with no network (an offline
 * start cannot ask the server who the session belongs to). Only ever used for the session whose
 * token names that user; sign-out removes it with the user's other keys.
 */
import { decodeTokenPayload } from '../../domain/rules/token.ts';
import type { User } from '../../domain/schemas/accounts.ts';

const PREFIX = 'caremesh:user:';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function storage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberUser(user: User, store: KeyValueStore | null = storage()): void {
  try {
    store?.setItem(`${PREFIX}${user.id}`, JSON.stringify(user));
  } catch {
    // Storage full or refused: the app then needs the network to start, as before.
  }
}

/** The user kept for the session of `token`, or null (no token, another user, nothing kept). */
export function rememberedUser(token: string | null, store: KeyValueStore | null = storage()): User | null {
  const sub = decodeTokenPayload(token)?.['sub'];
  if (typeof sub !== 'string' || !sub || !store) return null;
  try {
    const raw = store.getItem(`${PREFIX}${sub}`);
    if (!raw) return null;
    const user = JSON.parse(raw) as Partial<User> | null;
    return user && user.id === sub && typeof user.role === 'string' && typeof user.email === 'string'
      ? (user as User)
      : null;
  } catch {
    return null;
  }
}

/**
 * Removes every CareMesh key of this user from localStorage: keys named with the user's id (the kept
 * user, onboarding drafts) and records that name them (which account turned push alerts on).
 */
export function forgetUserOnDevice(userId: string, store: KeyValueStore | null = storage()): void {
  if (!store || !userId) return;
  try {
    const doomed: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (!key || !key.startsWith('caremesh')) continue;
      if (key.includes(userId) || namesUser(store.getItem(key), userId)) doomed.push(key);
    }
    for (const key of doomed) store.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

function namesUser(raw: string | null, userId: string): boolean {
  if (!raw || !raw.includes(userId)) return false;
  try {
    const value = JSON.parse(raw) as { userId?: unknown } | null;
    return typeof value === 'object' && value !== null && value.userId === userId;
  } catch {
    return false;
  }
}
