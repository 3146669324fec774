import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './auth.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const tokens = createTokenService(SECRET);
const user = { id: randomUUID(), role: 'PATIENT' as const, referenceId: randomUUID(), tokenVersion: 3 };
const key = new TextEncoder().encode(SECRET);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token put together by hand: any header, any claims, signed with HMAC-SHA256 under `secret`. */
function handMade(header: object, claims: object, secret = SECRET) {
  const signed = `${b64(header)}.${b64(claims)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const claimsOf = (extra: object = {}) => ({
  sub: user.id,
  role: 'PATIENT',
  referenceId: null,
  tv: 1,
  exp: inAnHour(),
  ...extra,
});

describe('the synchronous token check', () => {
  it('accepts what the server issues, with every claim', async () => {
    const token = await tokens.issue(user);
    expect(tokens.verify(token)).toMatchObject({
      sub: user.id,
      role: 'PATIENT',
      referenceId: user.referenceId,
      tv: 3,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('accepts a token jose signs with the same key (the format is standard JWT)', async () => {
    const token = await new SignJWT({ role: 'USER', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(key);
    expect(tokens.verify(token)).toMatchObject({ sub: user.id, tv: 0, jti: null, referenceId: null });
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await tokens.issue(user)).split('.');
    const forged = `${header}.${b64({ ...claimsOf(), role: 'ADMIN', tv: 3 })}.${signature}`;
    expect(tokens.verify(forged)).toBeNull();
  });

  it('refuses a changed, shortened, lengthened or missing signature', async () => {
    const token = await tokens.issue(user);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    for (const sig of [flipped, signature.slice(0, -4), `${signature}AAAA`, '']) {
      expect(tokens.verify(`${header}.${payload}.${sig}`)).toBeNull();
    }
  });

  it('refuses a token signed with another secret', () => {
    expect(tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, claimsOf(), 'another-secret'))).toBeNull();
  });

  it('refuses alg "none" and any algorithm but HS256, even when correctly made', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf())}.`;
    expect(tokens.verify(unsigned)).toBeNull();
    expect(tokens.verify(handMade({ alg: 'none' }, claimsOf()))).toBeNull();
    expect(tokens.verify(handMade({ typ: 'JWT' }, claimsOf()))).toBeNull();
    const hs512 = await new SignJWT(claimsOf()).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect(tokens.verify(hs512)).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, claimsOf()))).toBeNull();
  });

  it('refuses an expired token, one without an expiry, and one not valid yet', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ exp: now - 1 })))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ exp: now })))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ exp: undefined })))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ exp: String(inAnHour()) })))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ nbf: now + 600 })))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ nbf: now - 600 })))).not.toBeNull();
  });

  it('refuses a token without a subject or a token version', () => {
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ sub: undefined })))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, claimsOf({ tv: '1' })))).toBeNull();
  });

  it('refuses what is not a JWT at all', () => {
    for (const junk of [
      '',
      'abc',
      'a.b',
      'a.b.c.d',
      '..',
      `${b64([1])}.${b64(claimsOf())}.x`,
      'e30.e30.e30',
      'é.é.é',
    ]) {
      expect(tokens.verify(junk)).toBeNull();
    }
    const payloadNotObject = handMade({ alg: 'HS256' }, [claimsOf()]);
    expect(tokens.verify(payloadNotObject)).toBeNull();
  });
});
