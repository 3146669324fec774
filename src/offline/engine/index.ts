/** The outbox engine: run by the page and by the service worker alike (no DOM, no React, no Dexie here). */
export * from './model.ts';
export * from './backoff.ts';
export * from './session.ts';
export * from './dependencies.ts';
export * from './sending.ts';
export * from './locks.ts';
export * from './replay.ts';
