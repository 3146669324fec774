/**
 * How the page sends an outbox entry: fetch, except for a multipart upload someone watches, which goes
 * by XMLHttpRequest so its bytes can be counted (fetch cannot report upload progress). The answer is
 * handed back as a Response either way, so the replay engine reads it the same.
 */

/** How far a send has gone: bytes sent of the total, and the fraction 0…1 when the total is known. */
export type SendProgress = { loaded: number; total: number; fraction: number | null };
type ProgressListener = (progress: SendProgress) => void;

const listeners = new Map<string, ProgressListener>();

/** Reports the upload progress of the entry sent with this Idempotency-Key (by this page), until the returned stop. */
export function watchSendProgress(idempotencyKey: string, listener: ProgressListener): () => void {
  listeners.set(idempotencyKey, listener);
  return () => {
    if (listeners.get(idempotencyKey) === listener) listeners.delete(idempotencyKey);
  };
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The raw header block of an XMLHttpRequest as Headers. */
export function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses: the engine reads none of those.
    }
  }
  return headers;
}

function abortError(signal: AbortSignal | null | undefined): unknown {
  return signal?.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

function sendWithProgress(url: string, init: RequestInit, listener: ProgressListener): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) =>
      listener({
        loaded: event.loaded,
        total: event.total,
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const body = NO_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
      try {
        resolve(
          new Response(body, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      } catch (error) {
        reject(error instanceof Error ? error : new TypeError('Unreadable answer'));
      }
    };
    // What fetch does for no answer: a TypeError (the engine then retries later).
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError(signal));
    };
    xhr.send(init.body as XMLHttpRequestBodyInit | null | undefined);
  });
}

/** The page's fetch for the replay engine: upload progress for the entries someone watches. */
export function sendRequest(url: string, init: RequestInit): Promise<Response> {
  const key = new Headers(init.headers).get('Idempotency-Key');
  const listener = key ? listeners.get(key) : undefined;
  if (!listener || !(init.body instanceof FormData) || typeof XMLHttpRequest === 'undefined') {
    return fetch(url, init);
  }
  return sendWithProgress(url, init, listener);
}
