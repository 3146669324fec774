import type { LeaseStore, NewOutboxEntry, OutboxEntry, OutboxStore } from './index.ts';

export type MemoryOutboxStore = OutboxStore & LeaseStore & { snapshot(): OutboxEntry[] };

/**
 * The outbox store in memory, with IndexedDB's copy semantics (every read and write is a clone):
 * for the unit tests, and for a browser where IndexedDB cannot be opened at all.
 */
export function createMemoryOutboxStore(initial: readonly OutboxEntry[] = []): MemoryOutboxStore {
  const rows = new Map<string, OutboxEntry>(initial.map((entry) => [entry.id, structuredClone(entry)]));
  let lease: { owner: string; expiresAt: number } | null = null;
  const ordered = () => [...rows.values()].sort((a, b) => a.seq - b.seq);

  return {
    async list() {
      return ordered().map((entry) => structuredClone(entry));
    },
    async get(id) {
      const entry = rows.get(id);
      return entry && structuredClone(entry);
    },
    async add(entry: NewOutboxEntry) {
      if (rows.has(entry.id)) throw new Error(`outbox: an entry ${entry.id} already exists`);
      const seq = (ordered().at(-1)?.seq ?? 0) + 1;
      const stored: OutboxEntry = { ...structuredClone(entry), seq };
      rows.set(stored.id, stored);
      return structuredClone(stored);
    },
    async modify(id, decide) {
      const entry = rows.get(id);
      if (!entry) return undefined;
      const changes = decide(structuredClone(entry));
      if (!changes) return undefined;
      const next: OutboxEntry = { ...entry, ...structuredClone(changes), id: entry.id, seq: entry.seq };
      rows.set(id, next);
      return structuredClone(next);
    },
    async remove(id, decide) {
      const entry = rows.get(id);
      if (!entry || (decide && !decide(structuredClone(entry)))) return false;
      return rows.delete(id);
    },
    async claimLease(owner, now, ttlMs) {
      if (lease && lease.owner !== owner && lease.expiresAt > now) return false;
      lease = { owner, expiresAt: now + ttlMs };
      return true;
    },
    async releaseLease(owner) {
      if (lease?.owner === owner) lease = null;
    },
    snapshot() {
      return ordered().map((entry) => structuredClone(entry));
    },
  };
}
