import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { isOnline, noteReachable, noteUnreachable } from '../offline/useOnline.ts';
import { ApiError } from './http.ts';
import { createQueryClient, worthRetrying } from './queryClient.ts';

const noAnswer = () => new ApiError('NETWORK', 'Network Error', 0);

afterEach(() => noteReachable());

describe('worthRetrying', () => {
  it('tries a read that found no server once more only while the app believes it is online', () => {
    expect(worthRetrying(noAnswer(), true)).toBe(true);
    expect(worthRetrying(noAnswer(), false)).toBe(false);
  });

  it('does not ask again what the server refused, except "timed out" and "too many"', () => {
    expect(worthRetrying(new ApiError('NOT_FOUND', 'Not found', 404))).toBe(false);
    expect(worthRetrying(new ApiError('FORBIDDEN', 'No', 403))).toBe(false);
    expect(worthRetrying(new ApiError('VALIDATION', 'Bad', 400))).toBe(false);
    expect(worthRetrying(new ApiError('RATE_LIMITED', 'Slow down', 429))).toBe(true);
    expect(worthRetrying(new ApiError('SERVER_ERROR', 'Timed out', 408))).toBe(true);
    expect(worthRetrying(new ApiError('SERVER_ERROR', 'Unavailable', 503))).toBe(true);
    expect(worthRetrying(new Error('parse'))).toBe(true);
  });
});

describe('the query layer follows the app’s connection', () => {
  it('is offline while the server is found not to answer, and online again once it answers', () => {
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(true);
    noteUnreachable();
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    noteReachable();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('does not retry a read with no answer while offline: it fails at once', async () => {
    const client = createQueryClient();
    noteUnreachable();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['offline-read'],
        queryFn: () => {
          calls += 1;
          throw noAnswer();
        },
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('fetches a screen’s stale answer again as soon as the connection is back', async () => {
    const client = createQueryClient();
    client.mount();
    let calls = 0;
    const queryFn = () => Promise.resolve(++calls);
    client.setQueryData(['kept'], 0, { updatedAt: Date.now() - 3_600_000 });
    noteUnreachable();
    const observer = new QueryObserver(client, {
      queryKey: ['kept'],
      queryFn,
      staleTime: 0,
      refetchOnMount: false,
      refetchOnWindowFocus: false,
    });
    const stop = observer.subscribe(() => undefined);
    try {
      expect(calls).toBe(0);
      noteReachable();
      await expect.poll(() => client.getQueryData(['kept'])).toBe(1);
    } finally {
      stop();
      client.unmount();
    }
  });
});
