import { eq } from 'drizzle-orm';
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
