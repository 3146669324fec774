import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/schemas/accounts.ts';
import { forgetUserOnDevice, rememberUser, rememberedUser } from './deviceUser.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    keys: () => [...map.keys()].sort(),
  };
}

/** A token whose payload names `sub` (the signature is the server's business). */
const tokenFor = (sub: string) => `x.${btoa(JSON.stringify({ sub, exp: 4_000_000_000 })).replace(/=+$/, '')}.y`;

const user = { id: 'u-1', email: 'patient@caremesh.test', role: 'PATIENT', name: 'Priya Sharma' } as unknown as User;

describe('the user kept on the device', () => {
  it('opens the session of the token that names that user, and no other', () => {
    const store = memoryStorage();
    rememberUser(user, store);
    expect(rememberedUser(tokenFor('u-1'), store)).toEqual(user);
    expect(rememberedUser(tokenFor('u-2'), store)).toBeNull();
    expect(rememberedUser(null, store)).toBeNull();
    expect(rememberedUser('not-a-token', store)).toBeNull();
  });

  it('ignores what is not a user', () => {
    const store = memoryStorage({ 'caremesh:user:u-1': '{"id":"u-9"}' });
    expect(rememberedUser(tokenFor('u-1'), store)).toBeNull();
    store.setItem('caremesh:user:u-1', 'not json');
    expect(rememberedUser(tokenFor('u-1'), store)).toBeNull();
  });

  it('sign-out forgets every key of that user and nothing else', () => {
    const store = memoryStorage({
      'caremesh:user:u-1': '{}',
      'caremesh:onboarding:pharmacy:u-1': '{}',
      'caremesh.pushOwner': JSON.stringify({ endpoint: 'https://push.example/1', userId: 'u-1' }),
      'caremesh:user:u-2': '{}',
      menuStatus: 'YES',
    });
    forgetUserOnDevice('u-1', store);
    expect(store.keys()).toEqual(['caremesh:user:u-2', 'menuStatus']);
  });

  it('keeps another user’s push owner', () => {
    const owner = JSON.stringify({ endpoint: 'https://push.example/u-1', userId: 'u-2' });
    const store = memoryStorage({ 'caremesh.pushOwner': owner });
    forgetUserOnDevice('u-1', store);
    expect(store.keys()).toEqual(['caremesh.pushOwner']);
  });
});
