/**
 * The one fake the end-to-end suite allows (DESIGN "Testing"): the browser vendor's push service,
 * unreachable here. An https server on loopback receives what the app's server sends with web-push,
 * checks its VAPID signature and decrypts it as the browser's push service client would.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';

// http_ece ships without types: the one function used here.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** The certificate playwright.config.ts made before the app's server started (it trusts it). */
function tls() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run this through playwright.config.ts');
  const dir = path.join(dataDir, 'push-service-tls');
  return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
}

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type PushService = {
  /** A subscription as PushSubscription.toJSON() gives it, with keys only this test holds. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The next push that arrives. */
  nextPush(timeoutMs?: number): Promise<ReceivedPush>;
  /** The plaintext of a push, decrypted with the subscription's private key (RFC 8291, aes128gcm). */
  decrypt(push: ReceivedPush): string;
  close(): Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const waiting: Array<(push: ReceivedPush) => void> = [];
  const server: Server = createServer(tls(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const push = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      const next = waiting.shift();
      if (next) next(push);
      else received.push(push);
      // What push services answer for an accepted message.
      res.writeHead(201, { Location: `${req.url}/message/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const authSecret = randomBytes(16).toString('base64url');

  return {
    subscription: {
      endpoint: `https://localhost:${port}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: keys.getPublicKey('base64url'), auth: authSecret },
    },
    nextPush(timeoutMs = 15_000) {
      const ready = received.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push arrived at the loopback push service')), timeoutMs);
        waiting.push((push) => {
          clearTimeout(timer);
          resolve(push);
        });
      });
    },
    decrypt(push) {
      return ece.decrypt(push.body, { version: 'aes128gcm', privateKey: keys, authSecret }).toString('utf8');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * Checks a request's `Authorization: vapid t=…, k=…` (RFC 8292): the key is the server's public key
 * and the token is an ES256 JWT signed with it. Returns the token's claims.
 */
export function verifyVapid(header: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization header: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the push was signed with another key than the server publishes');
  const raw = Buffer.from(key, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const [header64, claims64, signature64] = token.split('.') as [string, string, string];
  const valid = verify(
    'sha256',
    Buffer.from(`${header64}.${claims64}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature64, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID token signature does not verify');
  return JSON.parse(Buffer.from(claims64, 'base64url').toString('utf8')) as VapidClaims;
}
