import { describe, expect, it } from 'vitest';
import { KNOWN_PUSH_SERVICES, loadConfig } from '../../config.ts';
import { endpointAllowed } from './service.ts';

describe('push endpoints a subscription may name', () => {
  it('in production, only the browser vendors’ push services (and their subdomains)', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/caremesh' });
    expect(config.pushServiceHosts).toEqual([...KNOWN_PUSH_SERVICES]);
    const allowed = (url: string) => endpointAllowed(url, config.pushServiceHosts);
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(allowed('https://web.push.apple.com/QGabc')).toBe(true);
    expect(allowed('https://db5p.notify.windows.com/w/?token=abc')).toBe(true);
    expect(allowed('https://127.0.0.1:8443/push')).toBe(false);
    expect(allowed('https://metadata.internal/latest')).toBe(false);
    expect(allowed('https://evilfcm.googleapis.com.attacker.example/x')).toBe(false);
    expect(allowed('https://notfcm.googleapis.com/x')).toBe(false);
  });

  it('outside production any https host but this machine and its networks, and exactly the configured hosts when set', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).pushServiceHosts).toBeNull();
    const open = (url: string) => endpointAllowed(url, null);
    expect(open('https://push.example.in/a')).toBe(true);
    for (const url of [
      'https://127.0.0.1:8443/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.7/x',
      'https://192.168.1.20/x',
      'https://metadata.internal/x',
      'https://printer.local/x',
    ]) {
      expect(open(url), url).toBe(false);
    }
    const config = loadConfig({ NODE_ENV: 'test', PUSH_SERVICE_HOSTS: 'push.example.in, Fcm.googleapis.com' });
    expect(config.pushServiceHosts).toEqual(['push.example.in', 'fcm.googleapis.com']);
    expect(endpointAllowed('https://push.example.in/a', config.pushServiceHosts)).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/a', config.pushServiceHosts)).toBe(false);
  });
});
