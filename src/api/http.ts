import ky, { HTTPError, TimeoutError } from 'ky';
import { isApiErrorBody, kindForStatus, type ErrorKind } from '../../domain/errors.ts';
import { getToken } from '../session/token.ts';

/** Every failed call becomes one of these: the server's kind and message when it sent them. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: ErrorKind | 'NETWORK',
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }

  /** Why the server refused, when it said (e.g. EMAIL_NOT_VERIFIED). */
  get reason(): string | undefined {
    const reason = (this.details as { reason?: unknown } | undefined)?.reason;
    return typeof reason === 'string' ? reason : undefined;
  }

  /** Messages per field path ('email', 'password' …) from a VALIDATION answer. */
  fieldErrors(): Record<string, string> {
    const issues = (this.details as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues ?? [];
    const out: Record<string, string> = {};
    for (const issue of issues) {
      const field = issue.path.split('.').slice(1).join('.');
      if (field && !out[field]) out[field] = issue.message;
    }
    return out;
  }
}

/** The server's refusal as an ApiError: its kind and message when it sent them. */
async function errorOfResponse(response: Response): Promise<ApiError> {
  const { status } = response;
  const body: unknown = await response.json().catch(() => undefined);
  if (isApiErrorBody(body)) return new ApiError(body.error, body.message, status, body.details);
  return new ApiError(kindForStatus(status), `Request failed with status code ${status}`, status);
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return errorOfResponse(error.response);
  if (error instanceof TimeoutError) return new ApiError('NETWORK', 'timeout exceeded', 0);
  if (error instanceof DOMException && error.name === 'AbortError')
    return new ApiError('NETWORK', 'Request aborted', 0);
  return new ApiError('NETWORK', 'Network Error', 0);
}

/** Where the API lives, for URLs the browser loads itself (an <img src>). */
export const API_PREFIX = '/api';

// No time limit (SPEC §9: request timeout 0) and no retries here: the query layer retries once.
const api = ky.create({
  prefixUrl: API_PREFIX,
  timeout: false,
  retry: 0,
  credentials: 'same-origin',
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

type Query = Record<string, string | number | boolean | undefined | null | string[]>;

function searchParams(query: Query | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, v));
    else params.set(key, String(value));
  }
  return params;
}

/** One request; the body of a success is returned as the server sent it ({ data, message? }). */
export async function request<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: { json?: unknown; query?: Query; signal?: AbortSignal } = {},
): Promise<T> {
  try {
    return await api(path.replace(/^\//, ''), {
      method,
      json: options.json,
      searchParams: searchParams(options.query),
      signal: options.signal,
    }).json<T>();
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * A GET sent with fetch itself, synchronously (at startup, before the app's code has run: ky sends
 * only after a few microtasks), read exactly as `request` reads its answer and fails.
 */
export async function getNow<T>(path: string): Promise<T> {
  const token = getToken();
  const sent = fetch(`${API_PREFIX}${path}`, {
    credentials: 'same-origin',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    throw await toApiError(error);
  }
  if (!response.ok) throw await errorOfResponse(response);
  return (await response.json()) as T;
}

/** No answer at all (not an error status, not a cancelled request): the server cannot be reached. */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'NETWORK' && error.message !== 'Request aborted';
}

/** The message to show for any error a call may throw. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unknown error occurred';
}
