import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq, lt, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../domain/enums.ts';
import type { Db } from '../db/client.ts';
import { revokedSessions, users } from '../db/schema/index.ts';
import { unauthorized } from './errors.ts';
import type { Job } from './jobs.ts';

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

export function createTokenService(secret: string) {
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
    /** The claims of a token this server signed and that has not expired; null for anything else. */
    async verify(token: string): Promise<TokenClaims | null> {
      const key = await keyReady;
      try {
        // Pinned: a token claiming alg "none" or any other algorithm is refused; one without an expiry too.
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.exp !== 'number') {
          return null;
        }
        return {
          sub: payload.sub,
          role: payload.role as Role,
          referenceId: (payload.referenceId as string | null) ?? null,
          tv: payload.tv,
          exp: payload.exp,
          jti: typeof payload.jti === 'string' ? payload.jti : null,
        };
      } catch {
        return null;
      }
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

export function createAuthenticator(db: Db, tokens: TokenService) {
  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    return (await authenticateToken(tokenFrom(request))).user;
  }

  /** The user a token stands for now, when the token expires (seconds since the epoch), and its session id. */
  async function authenticateToken(
    token: string | undefined,
  ): Promise<{ user: AuthUser; expiresAt: number; sessionId: string | null }> {
    if (!token) throw unauthorized('Please sign in to continue.');
    const claims = await tokens.verify(token);
    if (!claims || !UUID.test(claims.sub)) throw unauthorized(SESSION_INVALID);
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        referenceId: users.referenceId,
        name: users.name,
        tokenVersion: users.tokenVersion,
        // In the same query: a session signed out on the server ends here.
        revoked: claims.jti
          ? sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.tokenId} = ${claims.jti})`
          : sql<boolean>`false`,
      })
      .from(users)
      .where(eq(users.id, claims.sub));
    // A password reset raises the version: every session signed before it ends here.
    if (!row || row.tokenVersion !== claims.tv || row.revoked) throw unauthorized(SESSION_INVALID);
    const { tokenVersion: _version, revoked: _revoked, ...user } = row;
    return { user, expiresAt: claims.exp, sessionId: claims.jti };
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
