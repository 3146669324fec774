import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq, lt, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Role } from '../../domain/enums.ts';
import type { Db } from '../db/client.ts';
import { revokedSessions, users } from '../db/schema/index.ts';
import { unauthorized } from './errors.ts';
import type { Job } from './jobs.ts';
import type { CachedAccount, SessionCache } from './sessionCache.ts';

export const TOKEN_COOKIE = 'jwtToken';
export const SESSION_TTL = '7d';
const ALGORITHM = 'HS256';

/** The caller as the database knows them now (not as the token said when it was issued). */
export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  referenceId: string | null;
  name: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    /** The caller's account row as the session check read it (user-details answers from it). */
    account?: Pick<CachedAccount, 'emailVerifiedAt' | 'createdAt'>;
  }
}

/** `jti`: this session's id, which sign-out revokes (tokens signed before it existed have none). */
export type TokenClaims = {
  sub: string;
  role: Role;
  referenceId: string | null;
  tv: number;
  exp: number;
  jti: string | null;
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A base64url-encoded JSON object, or null. */
function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function createTokenService(secret: string) {
  const hmacKey = Buffer.from(secret, 'utf8');
  // Imported once: handing jose raw bytes would import the key again on every request.
  const keyReady = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async issue(user: { id: string; role: Role; referenceId: string | null; tokenVersion: number }): Promise<string> {
      return new SignJWT({ role: user.role, referenceId: user.referenceId, tv: user.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(SESSION_TTL)
        .sign(await keyReady);
    },
    /**
     * The claims of a token this server signed and that has not expired; null for anything else.
     * Synchronous (node:crypto): a WebCrypto verify costs ten times as much for one HMAC.
     */
    verify(token: string): TokenClaims | null {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return null;
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      // Pinned: a token claiming alg "none" or any other algorithm is refused, as is one with critical extensions.
      const header = jsonObject(headerPart);
      if (!header || header.alg !== ALGORITHM || header.crit !== undefined) return null;
      const expected = createHmac('sha256', hmacKey).update(`${headerPart}.${payloadPart}`).digest();
      const given = Buffer.from(signaturePart, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const payload = jsonObject(payloadPart);
      if (!payload) return null;
      const now = Math.floor(Date.now() / 1000);
      // An expiry is required and must be ahead; a token not yet valid (nbf) is refused as well.
      if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp) || payload.exp <= now) return null;
      if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
      if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
      return {
        sub: payload.sub,
        role: payload.role as Role,
        referenceId: typeof payload.referenceId === 'string' ? payload.referenceId : null,
        tv: payload.tv,
        exp: payload.exp,
        jti: typeof payload.jti === 'string' ? payload.jti : null,
      };
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

const SESSION_INVALID = 'Your session has expired or is no longer valid. Please sign in again.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A bearer token, or else the jwtToken cookie (what the service worker's replays carry). */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(' ');
    return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
  }
  return request.cookies?.[TOKEN_COOKIE] || undefined;
}

export function createAuthenticator(db: Db, tokens: TokenService, cache: SessionCache) {
  // Prepared once: the statement every signed-in request may send (when the session cache cannot answer).
  const readAccount = db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      referenceId: users.referenceId,
      name: users.name,
      tokenVersion: users.tokenVersion,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      // In the same query: a session signed out on the server ends here (no session id: none matches).
      revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.tokenId} = ${sql.placeholder('sessionId')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('session_account');

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const { user, account } = await authenticateToken(tokenFrom(request));
    request.account = account;
    return user;
  }

  /** The user a token stands for now, when the token expires (seconds since the epoch), and its session id. */
  async function authenticateToken(
    token: string | undefined,
  ): Promise<{ user: AuthUser; expiresAt: number; sessionId: string | null; account: CachedAccount }> {
    if (!token) throw unauthorized('Please sign in to continue.');
    const claims = tokens.verify(token);
    if (!claims || !UUID.test(claims.sub)) throw unauthorized(SESSION_INVALID);
    const known = cache.lookup(claims.sub, claims.tv, claims.jti);
    if (known) return { user: known.user, expiresAt: claims.exp, sessionId: claims.jti, account: known };
    const generation = cache.generation();
    const [row] = await readAccount.execute({ userId: claims.sub, sessionId: claims.jti });
    if (!row || row.revoked) throw unauthorized(SESSION_INVALID);
    const account: CachedAccount = {
      user: { id: row.id, email: row.email, role: row.role, referenceId: row.referenceId, name: row.name },
      tokenVersion: row.tokenVersion,
      emailVerifiedAt: row.emailVerifiedAt,
      createdAt: row.createdAt,
    };
    cache.store(account, claims.jti, generation);
    // A password reset raises the version: every session signed before it ends here.
    if (row.tokenVersion !== claims.tv) throw unauthorized(SESSION_INVALID);
    return { user: account.user, expiresAt: claims.exp, sessionId: claims.jti, account };
  }

  return {
    authenticate,
    authenticateToken,
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/** The signed-in caller of a route whose access declaration requires one (platform/access.ts). */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized('Please sign in to continue.');
  return request.user;
}

export const bearerSecurity: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];

/** Revoked sessions are forgotten once their tokens would have expired anyway. */
export function revokedSessionsSweepJob(): Job {
  return {
    name: 'sessions.sweep',
    everyMs: 60 * 60_000,
    async run(tx) {
      await tx.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
    },
  };
}
