import type { QuietHours } from '../domain/rules/waitlist.ts';
import path from 'node:path';
import { z } from 'zod';
import { iceServerSchema, type IceServer } from '../domain/schemas/telemedicine.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const urlWithProtocols = (name: string, protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A count setting from 1 to 10,000 (rate limits). */
function wholeNumber(name: string, fallback: number) {
  const message = `${name} must be a whole number from 1 to 10000`;
  return z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ message }).int(message).min(1, message).max(10_000, message).default(fallback),
  );
}

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'PORT must be a whole number from 0 to 65535' })
      .int('PORT must be a whole number from 0 to 65535')
      .min(0, 'PORT must be a whole number from 0 to 65535')
      .max(65535, 'PORT must be a whole number from 0 to 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('./data')),
  STATIC_DIR: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('./dist')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
  ),
  REDIS_URL: z.preprocess(emptyAsUndefined, urlWithProtocols('REDIS_URL', ['redis:', 'rediss:']).optional()),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, urlWithProtocols('PUBLIC_URL', ['http:', 'https:']).optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  SMTP_URL: z.preprocess(emptyAsUndefined, urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:']).optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().trim().min(3).default('CareMesh <no-reply@caremesh.in>')),
  SEED_DEMO_DATA: booleanFlag,
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'JWT_SECRET must be at least 32 characters long').optional(),
  ),
  ALLOW_EMBEDDED_DATABASE: booleanFlag,
  DEV_ROUTES: booleanFlag,
  TRUST_PROXY: booleanFlag,
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{80,90}$/,
        'VAPID_PUBLIC_KEY must be a base64url P-256 public key (web-push generate-vapid-keys)',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{40,46}$/,
        'VAPID_PRIVATE_KEY must be a base64url P-256 private key (web-push generate-vapid-keys)',
      )
      .optional(),
  ),
  SIGNIN_ATTEMPTS_PER_15_MIN: wholeNumber('SIGNIN_ATTEMPTS_PER_15_MIN', 10),
  MESSAGES_PER_MINUTE: wholeNumber('MESSAGES_PER_MINUTE', 60),
  REGISTRATIONS_PER_HOUR: wholeNumber('REGISTRATIONS_PER_HOUR', 10),
  PUSH_SERVICE_HOSTS: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  WAITLIST_QUIET_HOURS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(
        /^(off|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/,
        'WAITLIST_QUIET_HOURS must be a window of India time such as 22:00-07:00, or off',
      )
      .refine((v) => v === 'off' || v.slice(0, 5) !== v.slice(6), 'WAITLIST_QUIET_HOURS must not start and end at once')
      .default('22:00-07:00'),
  ),
  ICE_SERVERS: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
      .default('mailto:support@caremesh.in'),
  ),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Where users reach the app; links in mail point here. */
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Create the demo accounts and network on an empty database even in production. */
  seedDemoData: boolean;
  jwtSecret: string | undefined;
  allowEmbeddedDatabase: boolean;
  trustProxy: boolean;
  /** The built PWA served from the same port. */
  staticDir: string;
  /** Web Push keys from the environment; without them a pair is generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** Development helpers (the mailbox) served to this machine only; never in production. */
  devRoutes: boolean;
  /** Sign-in attempts allowed per address and account in 15 minutes. */
  signinAttemptsPer15Min: number;
  /** Conversation messages one session may send per minute. */
  messagesPerMinute: number;
  /** New accounts one address may register per hour. */
  registrationsPerHour: number;
  /** India time; no waitlist offer is delivered (nor pushed) inside it; null: none. */
  waitlistQuietHours: QuietHours | null;
  /** Hosts (and their subdomains) a push subscription may point at; null: any https endpoint. */
  pushServiceHosts: string[] | null;
  /** STUN/TURN servers for telemedicine calls (RTCIceServer list); none needed on one network. */
  iceServers: IceServer[];
};

const ICE_SERVERS_HELP =
  'ICE_SERVERS must be a JSON list of STUN/TURN servers, e.g. [{"urls":"stun:stun.example.in:3478"},{"urls":"turn:turn.example.in:3478","username":"u","credential":"p"}]';

/** ICE_SERVERS: a JSON list of RTCIceServer objects, each URL stun:, stuns:, turn: or turns:. */
export function parseIceServers(value: string | undefined): IceServer[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError(ICE_SERVERS_HELP);
  }
  const list = z.array(iceServerSchema).max(10).safeParse(parsed);
  if (!list.success) throw new ConfigError(ICE_SERVERS_HELP);
  for (const server of list.data) {
    for (const url of [server.urls].flat()) {
      if (!/^(stun|stuns|turn|turns):\S+$/.test(url))
        throw new ConfigError(`${ICE_SERVERS_HELP} (not a STUN/TURN URL)`);
    }
    if (/^turns?:/.test([server.urls].flat()[0]!) && (!server.username || !server.credential)) {
      throw new ConfigError('ICE_SERVERS: a TURN server needs its username and credential');
    }
  }
  return list.data;
}

/** The browsers' push services (Chrome/Edge/Android, Firefox, Safari, Windows). */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** A configuration problem an operator must fix; printed as one line, never as a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const message = issue?.message ?? 'is not valid';
    throw new ConfigError(message.startsWith(variable) ? message : `${variable}: ${message}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to let CareMesh generate a pair.',
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.DATABASE_URL && !e.ALLOW_EMBEDDED_DATABASE) {
    throw new ConfigError(
      'DATABASE_URL is required in production: the embedded database (PGlite) does not fsync and can lose data on power loss. ' +
        'Set DATABASE_URL to a PostgreSQL database, or set ALLOW_EMBEDDED_DATABASE=true to accept that risk.',
    );
  }
  if (isProduction && e.DEV_ROUTES) {
    throw new ConfigError(
      'DEV_ROUTES=true is for development only: it serves the mailbox (password reset links) without sign-in. Unset it in production.',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemoData: e.SEED_DEMO_DATA,
    jwtSecret: e.JWT_SECRET,
    allowEmbeddedDatabase: e.ALLOW_EMBEDDED_DATABASE,
    trustProxy: e.TRUST_PROXY,
    devRoutes: e.DEV_ROUTES,
    staticDir: path.resolve(e.STATIC_DIR),
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    signinAttemptsPer15Min: e.SIGNIN_ATTEMPTS_PER_15_MIN,
    messagesPerMinute: e.MESSAGES_PER_MINUTE,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    waitlistQuietHours:
      e.WAITLIST_QUIET_HOURS === 'off'
        ? null
        : { start: e.WAITLIST_QUIET_HOURS.slice(0, 5), end: e.WAITLIST_QUIET_HOURS.slice(6) },
    pushServiceHosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean)
      : isProduction
        ? [...KNOWN_PUSH_SERVICES]
        : null,
    iceServers: parseIceServers(e.ICE_SERVERS),
  };
}
