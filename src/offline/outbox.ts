/**
 * The outbox (DESIGN "Offline-first"): changes that must work offline are queued with one call and
 * sent by the replay engine (engine/), in order, once each. Queue operations live in engine/queue.ts,
 * the signed-in user's IndexedDB outbox in outboxStorage.ts, the live views in useOutbox.ts.
 */
export * from './engine/queue.ts';
export * from './outboxStorage.ts';
export * from './useOutbox.ts';
export { fromDependency } from './engine/index.ts';
export type { OutboxEntry, OutboxError, OutboxMeta, OutboxMethod, OutboxState, StoredFile } from './engine/index.ts';
