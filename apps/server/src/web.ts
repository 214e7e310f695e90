import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { errorBody } from './api/api-error.ts';

// Serves the built web app (apps/web/dist): files as they are, index.html for the app's client
// routes, sim/index.html for the simulator page, and JSON 404s under /api.

/** Vite's content-hashed output: safe to cache forever. */
export const immutableCache = 'public, max-age=31536000, immutable';
/** Everything else (html, unhashed public files): the browser revalidates with the ETag each time. */
const revalidateCache = 'no-cache';

/** The test pages' build (vite.test-pages.config.ts): these folders, at the same paths. */
const testPageFolders = ['sim-test', 'blocks-test', 'test-assets'] as const;

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  testPagesDist: string | null = null,
): Promise<void> {
  if (testPagesDist !== null) await registerTestPages(app, testPagesDist);
  const distIsFolder = existsSync(webDist) && statSync(webDist).isDirectory();
  if (!distIsFolder) {
    app.log.warn(`The web app is not built: ${webDist} is not a folder. Run \`npm run build\`.`);
  }
  if (distIsFolder || !existsSync(webDist)) {
    // Registered even when the folder is missing, so a build made while the server runs is served.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz twins of text assets (scripts/precompress.mjs): served as
      // they are, so nothing is compressed per request.
      preCompressed: true,
      dotfiles: 'ignore',
      suppressWarning: true,
      setHeaders: (reply, filePath) => setCacheHeaders(reply, relative(webDist, filePath).split(sep).join('/')),
    });
  }

  app.setNotFoundHandler((request, reply) => notFound(request, reply, webDist));
}

/**
 * Tests and benchmarks open /sim-test/ and /blocks-test/; the product build leaves them out, so
 * they come from their own build, only on a server told where it is.
 */
async function registerTestPages(app: FastifyInstance, testPagesDist: string): Promise<void> {
  for (const folder of testPageFolders) {
    await app.register(fastifyStatic, {
      root: join(testPagesDist, folder),
      prefix: `/${folder}/`,
      decorateReply: false,
      index: ['index.html'],
      cacheControl: false,
      dotfiles: 'ignore',
      suppressWarning: true,
      setHeaders: (reply) => {
        reply.header('cache-control', revalidateCache);
      },
    });
  }
}

function setCacheHeaders(reply: FastifyReply, relativePath: string): void {
  if (relativePath.startsWith('assets/')) {
    reply.header('cache-control', immutableCache);
    // The simulator runs in a sandboxed (opaque-origin) iframe: its module scripts, fonts and
    // fetches are cross-origin CORS requests, without credentials. These files are public.
    reply.header('access-control-allow-origin', '*');
  } else {
    reply.header('cache-control', revalidateCache);
  }
}

function notFound(request: FastifyRequest, reply: FastifyReply, webDist: string): void {
  const path = request.url.split('?', 1)[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) {
    void reply
      .code(404)
      .header('cache-control', 'no-store')
      .send(errorBody(404, 'There is nothing at this API address.', 'no-route'));
    return;
  }

  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const isPage = isRead && !path.startsWith('/assets/') && (path === '/' || acceptsHtml(request));
  if (isPage) {
    if (!existsSync(join(webDist, 'index.html'))) {
      notBuilt(reply, webDist);
      return;
    }
    const page = path === '/sim' || path.startsWith('/sim/') ? 'sim/index.html' : 'index.html';
    if (existsSync(join(webDist, page))) {
      void reply.code(200).sendFile(page);
      return;
    }
  }
  void reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept);
}

function notBuilt(reply: FastifyReply, webDist: string): void {
  void reply
    .code(503)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      'Blockyard is running, but its web app is not built yet.\n\n' +
        `Looked for it in: ${webDist}\n\n` +
        'Run `npm run build` in the Blockyard folder, then reload this page ' +
        '(or set WEB_DIST to where the built web app is).\n',
    );
}
