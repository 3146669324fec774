import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, kindForStatus, type ApiErrorBody, type ErrorKind } from '../../domain/errors.ts';
import { hasNulOrLoneSurrogate } from '../../domain/schemas/text.ts';

/** An error the API answers with as-is: its kind decides the status, its message is safe to show. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details?: unknown,
    readonly status: number = ERROR_STATUS[kind],
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', message);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);
export const invalid = (message: string, details?: unknown) => new AppError('VALIDATION', message, details);

type Issue = { path: string; message: string };

function sendError(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function formatPath(context: string, path: ReadonlyArray<PropertyKey>): string {
  const where = context === 'querystring' ? 'query' : context;
  return [where, ...path.map(String)].filter(Boolean).join('.');
}

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its Content-Type says JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This endpoint does not accept that Content-Type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export function registerErrorHandling(app: FastifyInstance, options: { bodyLimit: number }) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return sendError(reply, error.status, {
        error: error.kind,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: formatPath(error.validationContext ?? '', v.instancePath.split('/').filter(Boolean)),
        message: v.message ?? 'is not valid',
      }));
      const first = issues[0];
      return sendError(reply, 400, {
        error: 'VALIDATION',
        message: first ? `${first.path}: ${first.message}` : 'The request is not valid.',
        details: { issues },
      });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(reply, 413, { error: 'VALIDATION', message: 'The file is larger than the upload limit.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, 413, {
        error: 'VALIDATION',
        message: `The request body is larger than the limit of ${Math.round(options.bodyLimit / 1024)} KB.`,
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, error.statusCode ?? 400, { error: 'VALIDATION', message: known });

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const kind = kindForStatus(status);
      if (status === 429) {
        return sendError(reply, 429, { error: 'RATE_LIMITED', message: error.message || 'Too many requests.' });
      }
      return sendError(reply, status, { error: kind, message: error.message || 'The request is not valid.' });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, {
      error: 'SERVER_ERROR',
      message: `Something went wrong on our side. Please try again; if it keeps happening, contact support and quote reference ${request.id}.`,
    });
  });
}

const UNSAVABLE = "contains characters that can't be saved";
const NESTING_LIMIT = 64;

/** The path and value of the first string (or key) in `value` that no stored text can hold, if any. */
export function firstUnsavableString(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return hasNulOrLoneSurrogate(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || path.length > NESTING_LIMIT) return undefined;
  if (ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUnsavableString(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasNulOrLoneSurrogate(key))
      return [...path, [...key].map((c) => (hasNulOrLoneSurrogate(c) ? '\ufffd' : c)).join('')];
    const found = firstUnsavableString(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Behind every schema: a NUL or a lone UTF-16 surrogate in any string of the validated body, query or
 * path that a schema let through is refused as the schemas refuse it (400 VALIDATION naming the field),
 * before it can reach the database, which cannot hold it.
 */
export function registerStoredTextCheck(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const parts: Array<[string, unknown]> = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [context, value] of parts) {
      const found = firstUnsavableString(value);
      if (!found) continue;
      const path = formatPath(context, found);
      const message = `${path}: ${found.length > 0 ? 'This text' : 'The request'} ${UNSAVABLE}`;
      throw invalid(message, { issues: [{ path, message: message.slice(path.length + 2) }] });
    }
  });
}

/** JSON 404 for /api and /socket.io; anything else is left to the caller (the SPA fallback). */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, {
    error: 'NOT_FOUND',
    message: `There is no endpoint ${request.method} ${request.url.split('?')[0]}.`,
  });
}
