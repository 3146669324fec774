import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyStream, redactUrl, serializeError } from './logging.ts';

describe('serializeError', () => {
  it('keeps only the SQLSTATE fields of a database error and of the query error around it', () => {
    const database = Object.assign(new Error('duplicate key value: Key (email)=(a@b.in) already exists'), {
      severity: 'ERROR',
      code: '23505',
      table: 'users',
      constraint: 'users_email_key',
      detail: 'Key (email)=(a@b.in) already exists.',
    });
    const query = Object.assign(new Error('Failed query: insert …\nparams: a@b.in,secret'), {
      name: 'DrizzleQueryError',
      query: 'insert into users values ($1, $2)',
      params: ['a@b.in', 'secret'],
      cause: database,
    });
    query.name = 'DrizzleQueryError';
    const serialized = serializeError(query);
    const text = JSON.stringify(serialized);
    expect(serialized).toMatchObject({
      type: 'DatabaseQueryError',
      cause: { type: 'DatabaseError', code: '23505', table: 'users', constraint: 'users_email_key' },
    });
    for (const secret of ['a@b.in', 'secret', 'insert', 'Key (email)']) expect(text).not.toContain(secret);
  });

  it('keeps an ordinary error with its frames, but no address it quotes', () => {
    const serialized = serializeError(new TypeError('mail to priya@example.in was refused'));
    expect(serialized.type).toBe('TypeError');
    expect(serialized.message).toBe('mail to [email] was refused');
    expect(serialized.stack).toMatch(/^\s+at /);
  });

  it('describes a thrown value that is not an Error', () => {
    expect(serializeError('gone')).toEqual({ type: 'string', message: 'gone' });
    expect(serializeError(undefined)).toEqual({ type: 'undefined', message: 'not an Error' });
  });
});

describe('redactUrl', () => {
  it('hides a verification token in the query', () => {
    expect(redactUrl('/api/users/verify-email?token=abc.def&x=1')).toBe('/api/users/verify-email?token=[redacted]&x=1');
  });
  it('hides a reset token in the path', () => {
    expect(redactUrl('/api/users/reset-password/s3cr3t?lang=en')).toBe('/api/users/reset-password/[redacted]?lang=en');
  });
  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/api/hospitals/search?city=Pune&page=2')).toBe('/api/hospitals/search?city=Pune&page=2');
  });
  it('hides personal data in a query string', () => {
    expect(redactUrl('/api/dev/mailbox?to=a%40b.in&x=1')).toBe('/api/dev/mailbox?to=[redacted]&x=1');
    expect(redactUrl('/reset-password/abc?token=t')).toBe('/reset-password/[redacted]?token=[redacted]');
  });
});

describe('loggerOptions', () => {
  it('writes JSON lines in production and readable lines in development', async () => {
    expect(loggerOptions({ logLevel: 'info', nodeEnv: 'production' })).not.toHaveProperty('stream');
    expect(loggerOptions({ logLevel: 'info', nodeEnv: 'test' })).not.toHaveProperty('stream');
    const development = loggerOptions({ logLevel: 'info', nodeEnv: 'development' }) as { stream?: unknown };
    expect(development.stream).toBeDefined();

    const lines: string[] = [];
    const { default: pino } = await import('pino');
    const { Writable } = await import('node:stream');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const pretty = prettyStream(sink)!;
    const log = pino({ level: 'info' }, pretty);
    log.info({ method: 'GET', url: '/api/doctors/search', statusCode: 200, responseTime: 12.3 }, 'request completed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines.join('')).toMatch(/INFO.*GET \/api\/doctors\/search → 200 \(12\.3 ms\)/);
    expect(lines.join('')).not.toMatch(/^\{/);
  });
});
