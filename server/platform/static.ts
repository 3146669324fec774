import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './errors.ts';

const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/socket.io');
}

/**
 * Serves the built PWA: hashed assets cached for a year, the shell and the worker never cached,
 * and index.html for any client route a browser navigates to.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string) {
  const hasBuild = existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      // dist/ holds .br and .gz beside each asset (see scripts/vite-precompress.ts).
      preCompressed: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders(reply, filePath) {
        // A precompressed copy (index.html.br) is cached like the file it stands for.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        const relative = path.relative(staticDir, filePath);
        if (NO_CACHE_FILES.has(name)) reply.header('Cache-Control', 'no-cache');
        else if (relative.startsWith(`assets${path.sep}`)) reply.header('Cache-Control', IMMUTABLE);
        else reply.header('Cache-Control', 'public, max-age=86400');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return apiNotFound(request, reply);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (hasBuild && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (!hasBuild && wantsPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The CareMesh app has not been built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
