import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { askFirstQueries, firstQueriesOf, withFirstQueries, type TokenSession } from './firstQueries.ts';
import { sessionQueryClient } from './sessionClient.ts';

const base64Url = (value: string) => btoa(value).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** A token of the session cookie's shape: only its payload is read on the device. */
const tokenFor = (payload: Record<string, unknown>) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(payload))}.signature`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

type Asked = { client: QueryClient; url: string; session: TokenSession };

/** A screen that asks for one list, keyed by the page in its address. */
function screenAsking(asked: Asked[]) {
  const Screen = () => null;
  return withFirstQueries(Screen, (client, url, session) => {
    asked.push({ client, url: url.href, session });
    void client.prefetchQuery({
      queryKey: ['list', url.searchParams.get('page') ?? '1'],
      queryFn: () => new Promise<string[]>(() => undefined),
    });
  });
}

describe('a screen’s first requests', () => {
  const globals = globalThis as { document?: unknown; navigator?: unknown };
  let saved: { document?: unknown; navigator?: unknown };
  beforeEach(() => {
    saved = { document: globals.document, navigator: globals.navigator };
  });
  afterEach(() => {
    Object.defineProperty(globalThis, 'document', { value: saved.document, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true, writable: true });
  });
  const signedIn = (payload: Record<string, unknown> | null, onLine = true) => {
    const cookie = payload ? `jwtToken=${tokenFor(payload)}` : '';
    Object.defineProperty(globalThis, 'document', { value: { cookie }, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true, writable: true });
  };

  it('are sent into the query client the signed-in session will use, with the address opened', async () => {
    signedIn({ sub: 'user-1', role: 'PATIENT', referenceId: 'patient-1', exp: inAnHour() });
    const asked: Asked[] = [];
    const Screen = screenAsking(asked);
    await askFirstQueries(Screen, new URL('https://caremesh.test/appointments?page=2'));

    expect(asked).toHaveLength(1);
    expect(asked[0]?.session).toEqual({ userId: 'user-1', role: 'PATIENT', referenceId: 'patient-1' });
    const { client } = sessionQueryClient('user-1');
    expect(asked[0]?.client).toBe(client);
    // On the way when the screen mounts and asks for the same key: not sent again.
    expect(client.getQueryState(['list', '2'])?.fetchStatus).toBe('fetching');
  });

  it('go to a new client for another account, never into the last one’s', async () => {
    signedIn({ sub: 'user-2', referenceId: null, exp: inAnHour() });
    const asked: Asked[] = [];
    await askFirstQueries(screenAsking(asked), new URL('https://caremesh.test/appointments'));
    const first = sessionQueryClient('user-1').client;
    expect(asked[0]?.client).not.toBe(first);
    expect(asked[0]?.session.referenceId).toBeNull();
  });

  it('are not sent without a session, with an expired one, or offline (the device’s copy answers then)', async () => {
    const asked: Asked[] = [];
    const Screen = screenAsking(asked);
    const url = new URL('https://caremesh.test/appointments');
    signedIn(null);
    await askFirstQueries(Screen, url);
    signedIn({ sub: 'user-3', exp: Math.floor(Date.now() / 1000) - 60 });
    await askFirstQueries(Screen, url);
    signedIn({ sub: 'user-3', exp: inAnHour() }, false);
    await askFirstQueries(Screen, url);
    expect(asked).toEqual([]);
  });

  it('are only those a screen declared', async () => {
    signedIn({ sub: 'user-4', exp: inAnHour() });
    const Plain = () => null;
    expect(firstQueriesOf(Plain)).toBeUndefined();
    await askFirstQueries(Plain, new URL('https://caremesh.test/profile'));
    expect(sessionQueryClient('user-4').client.getQueryCache().getAll()).toEqual([]);
  });
});
