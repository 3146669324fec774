import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRoute } from '../../server/platform/access.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const expectedDatabase = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

// Routes that exist only in this suite, to drive the shared error handling with real requests.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/probe/echo',
    {
      config: { access: publicRoute('a probe of this suite') },
      schema: { body: z.object({ name: z.string().min(2), age: z.number().int().optional() }) },
    },
    async (request) => ({ data: request.body }),
  );
  app.get('/api/probe/boom', { config: { access: publicRoute('a probe of this suite') } }, async () => {
    throw new Error('relation "secret_table" does not exist: SELECT password FROM secret_table');
  });
};

let t: TestApp;
let staticDir: string;

/** A token of the session cookie's shape expiring at `exp` (the page only reads it; the API checks it). */
const fakeToken = (exp: number) =>
  [
    { alg: 'HS256', typ: 'JWT' },
    { sub: 'someone', exp },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .concat('signature')
    .join('.');

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'caremesh-static-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(
    path.join(staticDir, 'index.html'),
    '<!doctype html><head><title>CareMesh</title><script type="module" src="/assets/index-3f2a1b.js"></script></head><div id="root"></div>',
  );
  // The build's manifest: the signed-in area's chunk imports the main one (already in the page) and another,
  // and, once its first screen is on screen, the device's database, the realtime client and a screen.
  await mkdir(path.join(staticDir, '.vite'));
  await writeFile(
    path.join(staticDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-3f2a1b.js', isEntry: true },
      '_signed-in-a1.js': {
        file: 'assets/signed-in-a1.js',
        name: 'signed-in',
        imports: ['index.html', '_forms-b2.js'],
        dynamicImports: ['_db-d4.js', 'node_modules/socket.io-client/build/esm/index.js', 'src/app/LiveUpdates.tsx'],
      },
      '_forms-b2.js': { file: 'assets/forms-b2.js', name: 'forms', imports: ['index.html'] },
      '_db-d4.js': { file: 'assets/db-d4.js', name: 'db', imports: ['_signed-in-a1.js', '_dexie-e5.js'] },
      '_dexie-e5.js': { file: 'assets/dexie-e5.js', name: 'dexie' },
      'node_modules/socket.io-client/build/esm/index.js': {
        file: 'assets/esm-f6.js',
        name: 'esm',
        isDynamicEntry: true,
        imports: ['index.html'],
      },
      'src/app/LiveUpdates.tsx': { file: 'assets/LiveUpdates-g7.js', isDynamicEntry: true, imports: ['_forms-b2.js'] },
      'src/features/accounts/LoginScreen.tsx': { file: 'assets/LoginScreen-c3.js', isDynamicEntry: true },
    }),
  );
  await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(staticDir, 'manifest.webmanifest'), '{"name":"CareMesh"}');
  // The build writes compressed copies of the shell and the worker too (scripts/vite-precompress.ts).
  for (const file of ['index.html', 'sw.js', 'manifest.webmanifest']) {
    const content = readFileSync(path.join(staticDir, file));
    await writeFile(path.join(staticDir, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(staticDir, `${file}.gz`), gzipSync(content));
  }
  await writeFile(path.join(staticDir, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
  await writeFile(path.join(staticDir, 'assets', 'index-3f2a1b.js.br'), brotliCompressSync('console.log(1)'));
  await writeFile(path.join(staticDir, 'icon-192.png'), 'png');
  t = await startTestApp({
    env: { STATIC_DIR: staticDir },
    configure: async (app) => {
      await app.register(probeRoutes);
    },
  });
});

afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports ok, the database kind and the package version', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok', database: expectedDatabase, version: pkg.version } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 degraded when the database does not answer', async () => {
    const broken = await startTestApp();
    try {
      await broken.database.close();
      const res = await broken.request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        data: { status: 'degraded', database: expectedDatabase, version: pkg.version },
      });
    } finally {
      await broken.app.close();
      await broken.close().catch(() => undefined);
    }
  });
});

describe('error envelope', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await t.request('/api/no-such-thing?x=1', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: 'NOT_FOUND', message: 'There is no endpoint GET /api/no-such-thing.' });
  });

  it('answers unknown methods on known paths with a JSON 404 too', async () => {
    const res = await t.request('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with 400 VALIDATION', async () => {
    const res = await t.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Asha",',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'VALIDATION', message: 'The request body is not valid JSON.' });
  });

  it('answers a schema failure with 400 VALIDATION naming the field', async () => {
    const res = await t.request('/api/probe/echo', { method: 'POST', json: { name: 'A', age: 'old' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('VALIDATION');
    expect(body.message).toMatch(/^body\.(name|age): /);
    const paths = body.details.issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['body.age', 'body.name']);
  });

  it('accepts a valid body', async () => {
    const res = await t.request('/api/probe/echo', { method: 'POST', json: { name: 'Asha', age: 31 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { name: 'Asha', age: 31 } });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.request('/api/probe/echo', {
      method: 'POST',
      json: { name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error).toBe('VALIDATION');
    expect(body.message).toMatch(/larger than the limit/);
  });

  it('answers a thrown bug with 500 SERVER_ERROR and no stack or SQL', async () => {
    const res = await t.request('/api/probe/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.error).toBe('SERVER_ERROR');
    expect(body.message).toContain(res.headers.get('x-request-id'));
    expect(text).not.toMatch(/secret_table|SELECT|password|at .*\.ts:\d+/);
    expect(body).not.toHaveProperty('stack');
  });
});

describe('request ids', () => {
  it('gives every response a request id', async () => {
    const res = await t.request('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a safe caller id and replaces an unsafe one', async () => {
    const kept = await t.request('/api/health', { headers: { 'x-request-id': 'edge-42.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-42.abc');
    const replaced = await t.request('/api/health', { headers: { 'x-request-id': 'bad id\twith tabs' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows the app and nothing else', async () => {
    const res = await t.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Frames only of blob: URLs the page made itself (a verification PDF shown in the page).
    expect(csp).toContain('frame-src blob:');
    expect(csp).not.toMatch(/unsafe-eval|https?:\/\/|\*/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('serves the document as JSON with the health endpoint', async () => {
    const res = await t.request('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });

  it('serves the UI', async () => {
    const res = await t.request('/api/docs/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
  });
});

describe('the built PWA', () => {
  it('falls back to index.html for client routes, never cached', async () => {
    const res = await t.request('/appointments/123?tab=chat', { headers: { accept: 'text/html,*/*' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the root page', async () => {
    const res = await t.request('/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('CareMesh');
  });

  it('names the signed-in area’s scripts in the page sent with a session, for the browser to fetch at once', async () => {
    const session = `jwtToken=${fakeToken(Math.floor(Date.now() / 1000) + 3600)}`;
    const res = await t.request('/appointments', { headers: { accept: 'text/html', cookie: session } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    const html = await res.text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/assets/signed-in-a1.js', '/assets/forms-b2.js']);
    // What the area imports once its first screen is on screen is not named: it would take the
    // connection from that screen's requests.
    for (const later of ['db-d4', 'dexie-e5', 'esm-f6', 'LiveUpdates']) expect(html).not.toContain(later);
    // Inside the head, and the page is otherwise the same.
    expect(html.indexOf('/assets/forms-b2.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root">');

    const root = await t.request('/', { headers: { accept: 'text/html', cookie: session } });
    expect(await root.text()).toContain('/assets/signed-in-a1.js');
  });

  it('sends the page without them to a browser with no session or an expired one', async () => {
    for (const cookie of [
      undefined,
      `jwtToken=${fakeToken(Math.floor(Date.now() / 1000) - 60)}`,
      'jwtToken=nonsense',
    ]) {
      const res = await t.request('/appointments', { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      expect(res.status, cookie).toBe(200);
      expect(res.headers.get('vary'), cookie).toMatch(/cookie/i);
      const html = await res.text();
      expect(html, cookie).toContain('<div id="root">');
      expect(html, cookie).not.toContain('modulepreload');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.request('/assets/index-3f2a1b.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed variant to a browser that accepts it', async () => {
    const res = await t.request('/assets/index-3f2a1b.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toBe('console.log(1)');
  });

  it('never caches the service worker or the manifest', async () => {
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.request(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('never caches the shell, the worker or the manifest in their compressed forms either', async () => {
    for (const file of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      for (const encoding of ['br', 'gzip']) {
        const res = await t.request(file, { headers: { accept: 'text/html,*/*', 'accept-encoding': encoding } });
        expect(res.status, file).toBe(200);
        expect(res.headers.get('content-encoding'), `${file} ${encoding}`).toBe(encoding);
        expect(res.headers.get('cache-control'), `${file} ${encoding}`).toBe('no-cache');
      }
    }
  });

  it('answers a missing asset with 404, not the shell', async () => {
    const res = await t.request('/assets/index-gone.js', { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('does not fall back for /socket.io: the realtime server answers there, never the app shell', async () => {
    const res = await t.request('/socket.io/whatever', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).not.toContain('text/html');
    expect(await res.json()).toMatchObject({ message: 'Transport unknown' });
  });
});

describe('API answers and caches', () => {
  it('are never stored: public, signed-in, refused and missing answers alike', async () => {
    const answers = [
      await t.request('/api/hospitals/search'),
      await t.request('/api/users/me'),
      await t.request('/api/probe/echo', { method: 'POST', json: { name: 'x' } }),
      await t.request('/api/nowhere'),
    ];
    for (const res of answers) expect(res.headers.get('cache-control'), res.url).toBe('no-store');
  });
});

describe('compression', () => {
  it('compresses a large API answer for a client that accepts it', async () => {
    const res = await t.request('/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).openapi).toMatch(/^3\./);
  });
});
