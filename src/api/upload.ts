import { isApiErrorBody, kindForStatus } from '../../domain/errors.ts';
import { ApiError } from './http.ts';
import { getToken } from '../session/token.ts';

/** How far an upload has gone: bytes sent of the total, and the fraction 0…1 when the total is known. */
export type UploadProgress = { loaded: number; total: number; fraction: number | null };

const apiUrl = (path: string) => (path.startsWith('/api/') ? path : `/api/${path.replace(/^\//, '')}`);

function errorFrom(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) return new ApiError(body.error, body.message, status, body.details);
  return new ApiError(kindForStatus(status), `Request failed with status code ${status}`, status);
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends one file as multipart/form-data with XMLHttpRequest, whose upload events give real progress
 * (fetch cannot report it). Carries the session's bearer token; a failure becomes an ApiError.
 */
export function uploadFile<T>(
  path: string,
  file: Blob,
  options: {
    field?: string;
    /** Text parts sent beside the file (e.g. a document's title). */
    fields?: Record<string, string>;
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(errorFrom(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', 'Network Error', 0));
    xhr.ontimeout = () => reject(new ApiError('NETWORK', 'timeout exceeded', 0));
    xhr.onabort = () => reject(new ApiError('NETWORK', 'Request aborted', 0));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new ApiError('NETWORK', 'Request aborted', 0));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append(options.field ?? 'file', file);
    xhr.send(form);
  });
}

/**
 * Reads protected bytes (an image's content URL) with the bearer token: an <img src> cannot carry the
 * header, so the caller turns the blob into an object URL.
 */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      credentials: 'same-origin',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError')
      throw new ApiError('NETWORK', 'Request aborted', 0);
    throw new ApiError('NETWORK', 'Network Error', 0);
  }
  if (!response.ok) throw errorFrom(response.status, parseJson(await response.text().catch(() => '')));
  return response.blob();
}
