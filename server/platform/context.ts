import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Authenticator, TokenService } from './auth.ts';
import type { FileStore } from './files.ts';
import type { Mailer } from './mail.ts';
import type { PushSender } from './push.ts';
import type { Realtime } from './realtime.ts';

export type RateLimitRule = { max: number; timeWindow: number };
export type RateLimits = {
  signin: RateLimitRule;
  register: RateLimitRule;
  /** Reset and verification mail requests. */
  mailRequest: RateLimitRule;
  /** Appointment requests per signed-in session: each one notifies and pushes to a doctor. */
  booking: RateLimitRule;
  /** Conversation messages per signed-in session. */
  message: RateLimitRule;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signin: { max: 10, timeWindow: 15 * 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  mailRequest: { max: 5, timeWindow: 60 * 60_000 },
  booking: { max: 30, timeWindow: 60 * 60_000 },
  message: { max: 60, timeWindow: 60_000 },
};

/** What every module's service needs, built once in buildApp. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  files: FileStore;
  tokens: TokenService;
  auth: Authenticator;
  rateLimits: RateLimits;
  realtime: Realtime;
  push: PushSender;
};
