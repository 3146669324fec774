import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { fetchAgainAnswersBefore } from './useFetchAgainWhenLive.ts';

const JOINED = Date.UTC(2026, 0, 5, 5, 0, 0);

function clientWith(answers: Record<string, number>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [name, updatedAt] of Object.entries(answers)) {
    queryClient.setQueryData(['appointments', name], { name }, { updatedAt });
  }
  return queryClient;
}

describe('fetchAgainAnswersBefore: what the page may have missed before its room was joined', () => {
  it('fetches again the answers from before the time given, not later ones', async () => {
    const queryClient = clientWith({
      before: JOINED - 60_000,
      justBefore: JOINED - 1,
      later: JOINED + 1,
    });
    queryClient.setQueryData(['notifications', 'count'], 3, { updatedAt: JOINED - 60_000 });
    const fetched: string[] = [];
    const observers = ['before', 'justBefore', 'later'].map((name) => {
      const observer = new QueryObserver(queryClient, {
        queryKey: ['appointments', name],
        queryFn: () => {
          fetched.push(name);
          return { name };
        },
        staleTime: Infinity,
      });
      return observer.subscribe(() => undefined);
    });

    await fetchAgainAnswersBefore(queryClient, ['appointments'], JOINED);

    expect(fetched.sort()).toEqual(['before', 'justBefore']);
    expect(queryClient.getQueryState(['appointments', 'later'])?.isInvalidated).toBe(false);
    // Another key's answers are left to their own sync.
    expect(queryClient.getQueryState(['notifications', 'count'])?.isInvalidated).toBe(false);
    observers.forEach((stop) => stop());
  });

  it('marks answers not on screen stale, to be fetched when next shown', async () => {
    const queryClient = clientWith({ hidden: JOINED - 1 });
    await fetchAgainAnswersBefore(queryClient, ['appointments'], JOINED);
    expect(queryClient.getQueryState(['appointments', 'hidden'])?.isInvalidated).toBe(true);
  });

  it('leaves a fetch in flight to finish instead of cancelling it (a page of earlier messages)', async () => {
    const queryClient = clientWith({ conversation: JOINED - 1 });
    let release: (value: { name: string }) => void = () => undefined;
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['appointments', 'conversation'],
      queryFn: () => {
        calls += 1;
        return new Promise<{ name: string }>((resolve) => {
          release = resolve;
        });
      },
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    const inFlight = observer.refetch();
    const again = fetchAgainAnswersBefore(queryClient, ['appointments'], JOINED);
    release({ name: 'loaded' });
    const [result] = await Promise.all([inFlight, again]);
    expect(result.status).toBe('success');
    expect(result.data).toEqual({ name: 'loaded' });
    expect(calls).toBe(1);
    stop();
  });
});
