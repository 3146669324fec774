import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const SECRET_QUERY = /([?&](?:token|password|secret|key|code|signature)=)[^&#]*/gi;
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/gi;

/** Tokens travel in some URLs (verification and reset links); they never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'nodeEnv'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
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
