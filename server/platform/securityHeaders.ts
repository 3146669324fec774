import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** What a response carries anyway, or what the answer itself decides: never part of the fixed set. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers (CSP, HSTS, frame and referrer policies …) as one fixed set, worked out once at
 * start by helmet itself and then copied onto every answer: @fastify/helmet would build the same
 * CSP string again for each request.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      (entry): entry is [string, string] => !OWN_HEADERS.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
  const names = Object.keys(headers);
  // onRequest, as helmet does: error answers and 404s carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    done();
  });
  return headers;
}
