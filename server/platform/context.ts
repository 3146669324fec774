import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { AfterAnswer } from './afterAnswer.ts';
import type { Authenticator, TokenService } from './auth.ts';
import type { FileStore } from './files.ts';
import type { Mailer } from './mail.ts';
import type { PushSender } from './push.ts';
import type { Realtime } from './realtime.ts';

export type RateLimitRule = { max: number; timeWindow: number };
export type RateLimits = {
  /** Sign-in attempts on one account, from any address. */
  signin: RateLimitRule;
  /** Sign-in attempts from one address, on any accounts: one address cannot spray every account. */
  signinPerAddress: RateLimitRule;
  /** Registrations from one address. */
  register: RateLimitRule;
  /** Reset and verification mail requests for one account, from any address. */
  mailRequest: RateLimitRule;
  /** Mail requests from one address, for any accounts. */
  mailRequestPerAddress: RateLimitRule;
  /** Appointment requests per account (every session of it): each one notifies and pushes to a doctor. */
  booking: RateLimitRule;
  /** Conversation messages per account (every session of it). */
  message: RateLimitRule;
};

/** How many accounts' worth of sign-in attempts one address may make (a family or a clinic shares one). */
export const SIGNIN_ACCOUNTS_PER_ADDRESS = 5;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signin: { max: 10, timeWindow: 15 * 60_000 },
  signinPerAddress: { max: 10 * SIGNIN_ACCOUNTS_PER_ADDRESS, timeWindow: 15 * 60_000 },
  register: { max: 10, timeWindow: 60 * 60_000 },
  mailRequest: { max: 5, timeWindow: 60 * 60_000 },
  mailRequestPerAddress: { max: 20, timeWindow: 60 * 60_000 },
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
  afterAnswer: AfterAnswer;
};
