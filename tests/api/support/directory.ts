import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../server/db/schema/index.ts';
import type { TestApp } from './test-app.ts';
import { newAccount, signin } from './accounts.ts';

/** A signed-in admin: registered as a user, promoted in the database (admins are never self-registered). */
export async function newAdmin(t: TestApp, email: string) {
  await newAccount(t, email, 'USER');
  await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, email));
  const { data } = (await (await signin(t, email)).json()) as { data: { token: string } };
  return data.token;
}

export const PUNE_ADDRESS = {
  buildingNumber: '12',
  street: 'Prabhat Road',
  locality: 'Deccan Gymkhana',
  city: 'Pune',
  state: 'MAHARASHTRA',
  pincode: '411004',
};

/** A small deterministic random source, so a failing case can be replayed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    some: <T>(items: readonly T[], max: number): T[] => items.filter(() => next() < max / items.length),
    between: (low: number, high: number) => low + next() * (high - low),
  };
}

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

/**
 * Pages through a directory search sorted by name, both ways, and expects exactly the `visible`
 * names in order, with the right pagination and page sizes (one page past the end included).
 */
export async function expectExactNamePaging(
  visibleNames: string[],
  limit: number,
  searchPage: (query: string) => Promise<{ found: Array<Record<string, any>>; pagination: unknown }>,
) {
  for (const sortOrder of ['asc', 'desc'] as const) {
    const expected = [...visibleNames];
    if (sortOrder === 'desc') expected.reverse();
    const pages = Math.ceil(expected.length / limit);
    const names: string[] = [];
    for (let page = 1; page <= pages + 1; page++) {
      const { found, pagination } = await searchPage(`sortBy=name&sortOrder=${sortOrder}&limit=${limit}&page=${page}`);
      expect(pagination).toEqual({ page, limit, total: expected.length, totalPages: pages });
      const size = page < pages ? limit : page === pages ? expected.length - limit * (pages - 1) : 0;
      expect(found).toHaveLength(size);
      names.push(...found.map((c) => c.name));
    }
    expect(names).toEqual(expected);
  }
}

/** The entries the directory lists: verified and active (spelt out here, apart from the server's rule). */
export const listedEntries = <T extends { verificationStatus?: string | null; status?: string | null }>(rows: T[]) =>
  rows.filter((row) => row.verificationStatus === 'VERIFIED' && row.status === 'ACTIVE');

export const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The server's text match: name or city contains the query, or the entry's tags (tests,
 * specialisations, services; underscores as spaces) hold its words in order.
 */
export function matchesDirectoryText(entry: { name: string; city: string }, tags: string[], query: string) {
  const q = query.toLowerCase();
  const words = q
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return (
    entry.name.toLowerCase().includes(q) ||
    entry.city.toLowerCase().includes(q) ||
    new RegExp(words).test(tags.join(' ').replace(/_/g, ' ').toLowerCase())
  );
}
