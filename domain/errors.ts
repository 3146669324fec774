/** The failure half of the API contract (DESIGN "The API contract"), shared by server and client. */

export const ERROR_KINDS = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'SERVER_ERROR',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const ERROR_STATUS: Record<ErrorKind, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
};

/** `{ "error": KIND, "message": string, "details"?: … }`; a 500 never carries a stack or SQL. */
export type ApiErrorBody = { error: ErrorKind; message: string; details?: unknown };

/** `{ "data": …, "message"?: string }`. */
export type ApiSuccess<T> = { data: T; message?: string };

/** Lists answer `data.<plural>` plus `data.pagination`. */
export type Pagination = { page: number; limit: number; total: number; totalPages: number };

/**
 * The kind for an HTTP status. Any other 4xx (413, 415, 422 …) is a problem with the request, so
 * VALIDATION; 5xx, and anything that is not an error status at all, is SERVER_ERROR.
 */
export function kindForStatus(status: number): ErrorKind {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 429:
      return 'RATE_LIMITED';
  }
  return Number.isInteger(status) && status >= 400 && status < 500 ? 'VALIDATION' : 'SERVER_ERROR';
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, message } = value as Record<string, unknown>;
  return typeof error === 'string' && (ERROR_KINDS as readonly string[]).includes(error) && typeof message === 'string';
}

/**
 * Whether the offline outbox should try again later: no response at all (status 0), a request
 * timeout, rate limiting or a server error. Every other failure needs the user (DESIGN "Offline-first").
 */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || (status >= 500 && status <= 599);
}
