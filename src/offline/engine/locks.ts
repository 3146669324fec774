/** One replay at a time per user, across tabs and the service worker. */
import { type LeaseStore, type ReplayLock, randomId } from './model.ts';

/** The Web Locks API: waits its turn, across tabs and the service worker. */
export function webLock(locks: LockManager, name: string): ReplayLock {
  return (run) => locks.request(name, { mode: 'exclusive' }, () => run());
}

/** A lease in the store, renewed while held; a holder that died loses it after `ttlMs`. */
export function leaseLock(lease: LeaseStore, owner: string = randomId(), ttlMs = 30_000, now = Date.now): ReplayLock {
  return async (run) => {
    if (!(await lease.claimLease(owner, now(), ttlMs))) return undefined;
    const renew = setInterval(() => void lease.claimLease(owner, now(), ttlMs).catch(() => undefined), ttlMs / 3);
    try {
      return await run();
    } finally {
      clearInterval(renew);
      await lease.releaseLease(owner).catch(() => undefined);
    }
  };
}

/** One replay at a time per user: Web Locks where they exist, otherwise the store's lease. */
export function outboxLock(userId: string, lease: LeaseStore): ReplayLock {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks && typeof locks.request === 'function' ? webLock(locks, `caremesh-outbox:${userId}`) : leaseLock(lease);
}
