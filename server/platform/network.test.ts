import { describe, expect, it } from 'vitest';
import { isLocalHost, isPrivateAddress, publicOnlyLookup } from './network.ts';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '[::1]',
    '::',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '142.250.183.10', '172.32.0.1', '2404:6800:4009::200e', 'push.example.in'])(
    '%s is not',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('isLocalHost', () => {
  it('knows the names and addresses that only mean this machine or its networks', () => {
    for (const host of [
      'localhost',
      'api.localhost',
      'printer.local',
      'metadata.internal',
      'router',
      'nas.lan',
      '10.0.0.5',
      '[::1]',
    ]) {
      expect(isLocalHost(host), host).toBe(true);
    }
    for (const host of [
      'fcm.googleapis.com',
      'web.push.apple.com',
      'push.example.in',
      '8.8.4.4',
      '[2404:6800:4009::200e]',
    ]) {
      expect(isLocalHost(host), host).toBe(false);
    }
  });
});

describe('publicOnlyLookup', () => {
  it('refuses a name that resolves to this machine', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('EPRIVATE');
  });
});
