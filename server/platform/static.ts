import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isTokenExpired } from '../../domain/rules/token.ts';
import { TOKEN_COOKIE } from './auth.ts';
import { apiNotFound } from './errors.ts';

const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/socket.io');
}

/** The signed-in area's chunk, by its name (scripts/vite-chunks.ts). */
const SIGNED_IN_CHUNK = 'signed-in';

type ManifestChunk = { file: string; name?: string; imports?: string[] };

/**
 * The signed-in area's chunk and every chunk it imports that the page does not already name, read
 * from the build's manifest (dist/.vite/manifest.json). Empty without a manifest. What the area
 * imports once its first screen is on screen (the device's database, the realtime client:
 * src/session/firstScreen.ts) is not named: fetched beside the first screen's requests, it took the
 * phone's connection from them.
 */
export function signedInAreaScripts(staticDir: string, html: string): string[] {
  const scripts: string[] = [];
  const manifestPath = path.join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return scripts;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string, files: string[]) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!html.includes(`/${chunk.file}"`)) files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported, files);
  };
  const area = Object.entries(manifest).find(([, chunk]) => chunk.name === SIGNED_IN_CHUNK);
  if (area) visit(area[0], scripts);
  return scripts;
}

/**
 * The page as sent to a browser with a session: the same page, naming the signed-in area's scripts
 * for the browser to fetch beside the main ones (without them, they are asked for only once the main
 * script has run, a phone's round trip and more later).
 */
export function pageWithPreloads(html: string, scripts: string[]): string {
  if (scripts.length === 0) return html;
  const tags = scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return html.replace('</head>', `${tags.join('')}</head>`);
}

/** A session cookie that has not expired (its signature is the API's to check: this is only a hint). */
const hasSession = (request: FastifyRequest) => !isTokenExpired(request.cookies[TOKEN_COOKIE]);

/**
 * Serves the built PWA: hashed assets cached for a year, the shell and the worker never cached,
 * and index.html for any client route a browser navigates to.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string) {
  const hasBuild = existsSync(path.join(staticDir, 'index.html'));
  const page = hasBuild ? readFileSync(path.join(staticDir, 'index.html'), 'utf8') : '';
  const signedInPage = pageWithPreloads(page, hasBuild ? signedInAreaScripts(staticDir, page) : []);
  /**
   * The app's page for any route it shows, never cached: with a session, naming the signed-in area's
   * scripts too; without, the file itself (and its precompressed copies).
   */
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    if (signedInPage === page) return reply.sendFile('index.html');
    reply.header('Vary', 'Cookie');
    if (hasSession(request)) return reply.type('text/html; charset=utf-8').send(signedInPage);
    return reply.sendFile('index.html');
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      // dist/ holds .br and .gz beside each asset (see scripts/vite-precompress.ts).
      preCompressed: true,
      // The page at / is sent like every other route's (below).
      index: false,
      redirect: false,
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

  if (hasBuild) app.get('/', sendPage);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return apiNotFound(request, reply);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (hasBuild && wantsPage) return sendPage(request, reply);
    if (!hasBuild && wantsPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The CareMesh app has not been built yet. Run `npm run build` (or `npm start`, which builds it).');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
