import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);
const messageOf = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has defaults for a first start', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.nodeEnv).toBe('development');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash from a given one', () => {
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(load({ PUBLIC_URL: 'https://care.example.in/' }).publicUrl).toBe('https://care.example.in');
  });

  it('names PORT when it is not a port', () => {
    for (const PORT of ['abc', '70000', '-1', '3.5']) {
      expect(messageOf({ PORT })).toMatch(/^PORT /);
    }
  });

  it('names DATABASE_URL when it is not a PostgreSQL URL', () => {
    expect(messageOf({ DATABASE_URL: 'mysql://localhost/db' })).toMatch(
      /^DATABASE_URL must be a URL starting with postgres:\/\//,
    );
    expect(messageOf({ DATABASE_URL: 'not a url' })).toMatch(/^DATABASE_URL /);
  });

  it('names the other variables too', () => {
    expect(messageOf({ LOG_LEVEL: 'loud' })).toMatch(/^LOG_LEVEL /);
    expect(messageOf({ REDIS_URL: 'http://x' })).toMatch(/^REDIS_URL /);
    expect(messageOf({ SMTP_URL: 'x' })).toMatch(/^SMTP_URL /);
    expect(messageOf({ JWT_SECRET: 'short' })).toMatch(/^JWT_SECRET /);
    expect(messageOf({ NODE_ENV: 'staging' })).toMatch(/^NODE_ENV/);
    expect(messageOf({ SIGNIN_ATTEMPTS_PER_15_MIN: '0' })).toMatch(/^SIGNIN_ATTEMPTS_PER_15_MIN /);
    expect(messageOf({ MESSAGES_PER_MINUTE: 'lots' })).toMatch(/^MESSAGES_PER_MINUTE must be a whole number/);
    expect(messageOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' })).toMatch(/^VAPID_PUBLIC_KEY /);
    expect(messageOf({ VAPID_SUBJECT: 'support@caremesh.in' })).toMatch(/^VAPID_SUBJECT /);
  });

  it('takes VAPID keys together or not at all, and a sign-in limit', () => {
    const pair = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'k'.repeat(43) };
    expect(loadConfig(pair).vapid).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY });
    expect(messageOf({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toMatch(/go together/);
    expect(loadConfig({}).signinAttemptsPer15Min).toBe(10);
    expect(loadConfig({ SIGNIN_ATTEMPTS_PER_15_MIN: '50' }).signinAttemptsPer15Min).toBe(50);
    expect(loadConfig({}).messagesPerMinute).toBe(60);
    expect(loadConfig({ MESSAGES_PER_MINUTE: '500' }).messagesPerMinute).toBe(500);
    expect(loadConfig({}).registrationsPerHour).toBe(10);
    expect(loadConfig({ REGISTRATIONS_PER_HOUR: '200' }).registrationsPerHour).toBe(200);
  });

  it('treats empty values as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('refuses the embedded database in production unless the operator opts in', () => {
    expect(messageOf({ NODE_ENV: 'production' })).toMatch(
      /^DATABASE_URL is required in production.*ALLOW_EMBEDDED_DATABASE=true/,
    );
    expect(load({ NODE_ENV: 'production', ALLOW_EMBEDDED_DATABASE: 'true' }).isProduction).toBe(true);
    expect(load({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/caremesh' }).databaseUrl).toBe(
      'postgres://db/caremesh',
    );
  });
});

describe('ICE_SERVERS', () => {
  it('is empty by default: on one network no STUN or TURN server is needed', () => {
    expect(load({}).iceServers).toEqual([]);
  });

  it('takes a JSON list of STUN and TURN servers', () => {
    const list = [
      { urls: 'stun:stun.example.in:3478' },
      { urls: ['turn:turn.example.in:3478', 'turns:turn.example.in:5349'], username: 'care', credential: 'secret' },
    ];
    expect(load({ ICE_SERVERS: JSON.stringify(list) }).iceServers).toEqual(list);
  });

  it('names ICE_SERVERS when it is not such a list', () => {
    for (const ICE_SERVERS of ['stun:x', '{"urls":"stun:x"}', '[{"urls":"https://x"}]', '[{"url":"stun:x"}]']) {
      expect(messageOf({ ICE_SERVERS })).toMatch(/^ICE_SERVERS /);
    }
    expect(messageOf({ ICE_SERVERS: '[{"urls":"turn:turn.example.in"}]' })).toMatch(/username and credential/);
  });
});
