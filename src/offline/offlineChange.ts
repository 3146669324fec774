/**
 * Declaring a change that works offline is one call (DESIGN "Offline-first"): the area names the
 * endpoint's path builder, the label the user reads ("Book Dr Rao, 12 Dec 10:30"), how a queued entry
 * shows in its list and how the answer updates the cache. The outbox, the pending-changes screen, the
 * badge and the "Waiting to send" marks work from the entry alone, for any area.
 */
import { useEffect, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { OutboxEntry, OutboxMeta, OutboxMethod, StoredQueryKey } from './engine/index.ts';
import type { OutboxFormInput } from './engine/queue.ts';
import { submitChange, type SubmitOptions, type SubmitResult } from './submit.ts';
import { useOutbox } from './useOutbox.ts';
import { useWaitingChangesWhere } from './useWaitingChanges.ts';

export type OfflineChangeDefinition<Input, Item> = {
  /** Names the kind of change in each entry's meta (`meta.kind`); unique across areas. */
  kind: string;
  method: OutboxMethod;
  /** The endpoint, from the area's path builder in src/api. */
  path: (input: Input) => string;
  /** A JSON body, or a multipart form (files are kept on the device until sent). */
  body?: (input: Input) => unknown;
  form?: (input: Input) => OutboxFormInput;
  /** What the user reads in "Pending changes", the toasts and the marks. */
  label: (input: Input) => string;
  /** Facts kept with the entry: what its list needs to show it and to find it (`appointmentId`). */
  meta?: (input: Input) => OutboxMeta;
  /** The queries to refresh once it is sent. */
  invalidates?: (input: Input) => readonly StoredQueryKey[];
  /** How a queued entry shows in its list; null leaves it out. Default: the entry itself. */
  shownAs?: (entry: OutboxEntry) => Item | null;
  /** Puts the server's answer in the cache at once, whoever sent it (this page, another tab, the worker). */
  applyAnswer?: (queryClient: QueryClient, answer: unknown, entry: OutboxEntry) => void;
};

export type OfflineChange<Input, Item> = {
  readonly kind: string;
  /** Queues the change and, while online, waits for the server's answer (see submit.ts). */
  submit(userId: string, input: Input, options?: SubmitOptions): Promise<SubmitResult>;
  /** This kind's changes not sent yet, as their list shows them, oldest first (facts narrow them). */
  useWaiting(facts?: Readonly<OutboxMeta>): Item[];
  /** Whether an entry is one of these changes. */
  owns(entry: Pick<OutboxEntry, 'meta'>): boolean;
};

type AnyDefinition = OfflineChangeDefinition<never, unknown>;
const registry = new Map<string, AnyDefinition>();

export function defineOfflineChange<Input, Item = OutboxEntry>(
  definition: OfflineChangeDefinition<Input, Item>,
): OfflineChange<Input, Item> {
  const { kind } = definition;
  if (registry.has(kind) && registry.get(kind) !== (definition as unknown as AnyDefinition)) {
    console.warn(`offline change "${kind}" is declared twice; the last declaration is used`);
  }
  registry.set(kind, definition as unknown as AnyDefinition);
  const shownAs = definition.shownAs ?? ((entry: OutboxEntry) => entry as unknown as Item);
  return {
    kind,
    submit: (userId, input, options) =>
      submitChange(
        {
          userId,
          method: definition.method,
          path: definition.path(input),
          ...(definition.body ? { body: definition.body(input) } : {}),
          ...(definition.form ? { form: definition.form(input) } : {}),
          label: definition.label(input),
          invalidates: [...(definition.invalidates?.(input) ?? [])],
          meta: { kind, ...definition.meta?.(input) },
        },
        options,
      ),
    useWaiting(facts = {}) {
      const entries = useWaitingChangesWhere({ ...facts, kind });
      return useMemo(() => entries.map(shownAs).filter((item): item is Item => item !== null), [entries]);
    },
    owns: (entry) => entry.meta?.['kind'] === kind,
  };
}

/** The declared change an entry belongs to, if its area has declared it on this page. */
export function offlineChangeOf(entry: Pick<OutboxEntry, 'meta'>): AnyDefinition | undefined {
  const kind = entry.meta?.['kind'];
  return typeof kind === 'string' ? registry.get(kind) : undefined;
}

/** Puts the answers of sent changes in the cache, each by its declaration's applyAnswer. */
export function applySentAnswers(queryClient: QueryClient, entries: readonly OutboxEntry[]): void {
  for (const entry of entries) {
    if (entry.state !== 'sent') continue;
    offlineChangeOf(entry)?.applyAnswer?.(queryClient, entry.response, entry);
  }
}

/** Keeps the cache in step with the outbox's answers while mounted (once, in the signed-in area). */
export function useSentAnswers(queryClient: QueryClient, userId?: string): void {
  const outbox = useOutbox(userId);
  useEffect(() => applySentAnswers(queryClient, outbox.entries), [outbox.entries, queryClient]);
}
