import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './engine/index.ts';
import { applySentAnswers, defineOfflineChange, offlineChangeOf } from './offlineChange.ts';

const entry = (changes: Partial<OutboxEntry>) =>
  ({ id: 'e1', state: 'sent', meta: { kind: 'test-note' }, response: { data: 'hello' }, ...changes }) as OutboxEntry;

describe('defineOfflineChange', () => {
  const note = defineOfflineChange<{ text: string }>({
    kind: 'test-note',
    method: 'POST',
    path: () => '/notes',
    body: ({ text }) => ({ text }),
    label: ({ text }) => `Note ${text}`,
    applyAnswer: (queryClient, answer) => queryClient.setQueryData(['notes'], (answer as { data: string }).data),
  });

  it('registers the change under its kind, so any screen can tell whose an entry is', () => {
    expect(note.owns(entry({}))).toBe(true);
    expect(note.owns(entry({ meta: { kind: 'other' } }))).toBe(false);
    expect(offlineChangeOf(entry({}))?.kind).toBe('test-note');
    expect(offlineChangeOf(entry({ meta: null }))).toBeUndefined();
  });

  it('puts the answer of a sent change in the cache, and only of a sent one', () => {
    const queryClient = new QueryClient();
    applySentAnswers(queryClient, [entry({ state: 'queued', response: { data: 'not yet' } })]);
    expect(queryClient.getQueryData(['notes'])).toBeUndefined();
    applySentAnswers(queryClient, [entry({}), entry({ id: 'e2', meta: { kind: 'unknown' } })]);
    expect(queryClient.getQueryData(['notes'])).toBe('hello');
  });
});
