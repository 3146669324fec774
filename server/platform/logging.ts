import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

type PrettyFactory = (options: Record<string, unknown>) => NodeJS.WritableStream;

/**
 * For a person reading the console (`npm start`, `npm run dev`): one readable, coloured line per
 * entry — time, level, message, then the fields. pino-pretty is a development dependency: where it
 * is not installed (a production install), the log stays JSON. Runs in this thread (no worker), on
 * what the serializers and redaction have already cleaned.
 */
export function prettyStream(destination?: NodeJS.WritableStream): NodeJS.WritableStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as PrettyFactory | { default: PrettyFactory };
    const build = typeof pretty === 'function' ? pretty : pretty.default;
    return build({
      ...(destination ? { destination } : {}),
      colorize: !destination && Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      // A request line says it all in its message; other entries keep their fields after it.
      ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
      singleLine: true,
      sync: true,
      messageFormat: (log: Record<string, unknown>, messageKey: string) =>
        typeof log.method === 'string' && typeof log.statusCode === 'number'
          ? `${log.method} ${String(log.url)} → ${log.statusCode} (${String(log.responseTime)} ms)`
          : String(log[messageKey] ?? ''),
    });
  } catch {
    return undefined;
  }
}

// Tokens, and personal data a query string may carry (an email, a phone number).
const SECRET_QUERY = /([?&](?:token|password|secret|key|code|signature|to|email|phone)=)[^&#]*/gi;
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/gi;

/** Tokens travel in some URLs (verification and reset links); they never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** What a database error may tell the log: where and why it failed, never a value (SQLSTATE fields only). */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];
const SQLSTATE = /^[0-9A-Z]{5}$/;

type Serialized = { type: string; message: string; stack?: string; cause?: Serialized } & Record<string, unknown>;

function isDatabaseError(error: Error & Record<string, unknown>): boolean {
  return (
    error.name === 'DrizzleQueryError' ||
    'params' in error ||
    'query' in error ||
    (typeof error.code === 'string' && SQLSTATE.test(error.code) && 'severity' in error)
  );
}

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;
/** A mail server's or a library's message may quote an address: the log keeps its shape only. */
const withoutEmails = (message: string) => message.slice(0, 500).replace(EMAIL, '[email]');

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string | undefined {
  return error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * The log's view of an error. A database error's message, detail, query and parameters quote the
 * values it was given (a password hash, an email, a message), so only its SQLSTATE fields are kept.
 */
export function serializeError(error: unknown, depth = 0): Serialized {
  if (!(error instanceof Error)) {
    const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message;
    return { type: typeof error, message: typeof message === 'string' ? withoutEmails(message) : 'not an Error' };
  }
  const fields = error as Error & Record<string, unknown>;
  const serialized: Serialized = isDatabaseError(fields)
    ? {
        type: error.name === 'DrizzleQueryError' ? 'DatabaseQueryError' : 'DatabaseError',
        message: 'a database query failed',
        ...Object.fromEntries(
          DATABASE_ERROR_FIELDS.filter((key) => typeof fields[key] === 'string').map((key) => [key, fields[key]]),
        ),
      }
    : {
        type: error.name,
        message: withoutEmails(error.message),
        ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
      };
  serialized.stack = framesOf(error) ?? '';
  if (error.cause !== undefined && depth < 4) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/**
 * The server's log: JSON lines in production (for the log collector), pretty lines in development
 * (readable in the console). Tests give their own stream, which replaces the pretty one.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>): FastifyServerOptions['logger'] {
  const stream = config.nodeEnv === 'development' ? prettyStream() : undefined;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.jwtSecret',
        '*.secret',
        '*.privateKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (error: unknown) => ({ stack: '', ...serializeError(error) }),
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * One line per answered request (Fastify's own request logging writes two, each through the
 * serializers and the redaction): method, path without secrets, status and time, nothing personal.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}
