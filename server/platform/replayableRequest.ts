import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

/** What idempotency needs of a request's body: a fingerprint of it, and the request readable again. */

/**
 * The request as a fingerprint: method, path and the raw body, with a multipart body's boundary
 * (chosen anew by the browser for every send) put back to one constant.
 */
export function fingerprintOf(method: string, url: string, body: Buffer, contentType: string | undefined): string {
  const hash = createHash('sha256').update(`${method} ${url}\n`);
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (marker) hash.update(body.toString('latin1').split(marker).join('BOUNDARY'), 'latin1');
  else hash.update(body);
  return hash.digest('hex');
}

const STREAM_MEMBERS = new Set<PropertyKey>([
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'prependListener',
  'prependOnceListener',
  'emit',
  'listeners',
  'listenerCount',
  'pipe',
  'unpipe',
  'read',
  'resume',
  'pause',
  'isPaused',
  'setEncoding',
  'readable',
  'readableEnded',
  'readableFlowing',
  'readableLength',
  'destroyed',
  'destroy',
  'complete',
  Symbol.asyncIterator,
]);

/** The incoming request as before (headers, url, socket), but whose body is read again from `body`. */
export function replayingRequest<T extends object>(raw: T, body: Buffer): T {
  const replay = Readable.from(body.length > 0 ? [body] : []) as Readable & { complete?: boolean };
  replay.complete = true;
  return new Proxy(raw, {
    get(target, property) {
      if (STREAM_MEMBERS.has(property)) {
        const value = Reflect.get(replay, property, replay) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(replay) : value;
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
