import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as DeviceModule from './device.ts';

type Device = typeof DeviceModule;

/** A fresh copy of the module (its release is once per page), with the browser's facts stubbed. */
async function deviceWith(facts: { online: boolean; databases?: () => Promise<{ name?: string }[]> }): Promise<Device> {
  vi.resetModules();
  vi.stubGlobal('navigator', { onLine: facts.online });
  vi.stubGlobal('indexedDB', facts.databases ? { databases: facts.databases } : {});
  return import('./device.ts');
}

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readingMayStart: when the device database is worth opening', () => {
  it('waits for the first screen online when this browser holds no database of the user', async () => {
    const device = await deviceWith({ online: true, databases: async () => [{ name: 'caremesh-user-other' }] });
    const reading = device.readingMayStart('u1');
    expect(await settled(reading)).toBe(false);
    device.releaseDeviceReaders();
    expect(await settled(reading)).toBe(true);
  });

  it('starts at once when the user has a database here: there is something to show', async () => {
    const device = await deviceWith({
      online: true,
      databases: async () => [{ name: device.databaseNameFor('u1') }],
    });
    expect(await settled(device.readingMayStart('u1'))).toBe(true);
  });

  it('starts at once offline, and when the browser cannot list its databases', async () => {
    const offline = await deviceWith({ online: false, databases: async () => [] });
    expect(await settled(offline.readingMayStart('u1'))).toBe(true);
    const unlisted = await deviceWith({ online: true });
    expect(await settled(unlisted.readingMayStart('u1'))).toBe(true);
    const failing = await deviceWith({
      online: true,
      databases: () => Promise.reject(new Error('blocked')),
    });
    expect(await settled(failing.readingMayStart('u1'))).toBe(true);
  });

  it('is released by whoever opens the database first (a change being queued)', async () => {
    const device = await deviceWith({ online: true, databases: async () => [] });
    const reading = device.readingMayStart('u1');
    expect(await settled(reading)).toBe(false);
    // The module itself is not needed here: opening is what counts.
    void device.openDeviceDatabase().catch(() => undefined);
    expect(await settled(reading)).toBe(true);
  });
});
