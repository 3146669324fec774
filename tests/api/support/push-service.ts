import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error http_ece (web-push's own decryption library) ships no types
import ece from 'http_ece';

/**
 * A browser vendor's push service on loopback — the one fake the tests allow, because the real ones
 * cannot be reached here. It speaks HTTPS (web-push sends nothing else) with a certificate made for
 * the run, and decrypts each aes128gcm message with the subscription's private key, as a browser would.
 */
export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; payload: any };

export type LoopbackPushService = {
  /** What `web-push` must trust to reach this service. */
  agent: Agent;
  /** The certificate, for processes that trust it through NODE_EXTRA_CA_CERTS. */
  certificatePath: string;
  /** A subscription as PushSubscription.toJSON() gives it, for an endpoint on this service. */
  subscription(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** The next push that reaches `name`'s endpoint. */
  next(name: string, ms?: number): Promise<ReceivedPush>;
  /** Answer the next requests to `name` with this status (404/410: the subscription is gone). */
  answer(name: string, status: number): void;
  close(): Promise<void>;
};

export async function startLoopbackPushService(): Promise<LoopbackPushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'caremesh-push-'));
  const keyPath = path.join(dir, 'key.pem');
  const certificatePath = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certificatePath,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certificatePath);
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiting: Array<{ name: string; resolve: (push: ReceivedPush) => void }> = [];

  const server = createServer({ key: readFileSync(keyPath), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      const status = statuses.get(name) ?? 201;
      const key = keys.get(name);
      let payload: unknown = null;
      if (key && status === 201) {
        const plain: Buffer = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: key.ecdh,
          authSecret: key.auth.toString('base64url'),
        });
        payload = JSON.parse(plain.toString('utf8'));
      }
      const push = { path: req.url ?? '', headers: req.headers, payload };
      received.push(push);
      const index = waiting.findIndex((w) => w.name === name);
      if (index >= 0) waiting.splice(index, 1)[0]!.resolve(push);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    agent: new Agent({ ca: cert }),
    certificatePath,
    received,
    subscription(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(name, { ecdh, auth });
      return {
        endpoint: `https://127.0.0.1:${port}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    next(name, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push to ${name} within ${ms} ms`)), ms);
        waiting.push({
          name,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    answer(name, status) {
      statuses.set(name, status);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
