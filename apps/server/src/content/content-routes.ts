import { DEFAULT_LIMITS, type ClientConfig } from '@blockyard/cloud/protocol';
import { TARGET_ID } from '@blockyard/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import type { ApiContext } from '../api/api-context.ts';
import { ApiError } from '../api/api-error.ts';
import { parseInput } from '../api/validate.ts';
import { CompressedTexts, pickEncoding } from './compressed-text.ts';

const translationQuery = v.object({
  lang: v.pipe(v.string(), v.regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'not a language code')),
  filename: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}\.json$/, 'not a translation file')),
  approved: v.optional(v.string()),
});

const markdownParams = v.object({
  target: v.string(),
  '*': v.pipe(v.string(), v.regex(/^[a-z0-9-]+(\/[a-z0-9-]+){0,4}$/, 'not a page path')),
});

function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

const compressedTexts = new CompressedTexts();

/**
 * Answers with the text and its ETag, or 304 when the browser's copy is current; compressed when
 * the browser takes Brotli or gzip (the ETag names the text, whatever its encoding).
 */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, text: string, type: string): FastifyReply {
  const etag = etagOf(text);
  void reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = encoding ? compressedTexts.get(text, etag, encoding) : undefined;
  if (encoding && body) return reply.type(type).header('content-encoding', encoding).send(body);
  return reply.type(type).send(text);
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The other cloud calls: `clientconfig`, live translations (spec 000 §7, with ETag and 304) and
 * documentation markdown (spec 001 §7 `md/{target}/{path}`, with ETag).
 */
export function registerContentRoutes(
  app: FastifyInstance,
  context: ApiContext,
  sharedStoreUrl: () => string | null,
): void {
  app.get('/api/clientconfig', (): ClientConfig => {
    const providers = context.providers.map((provider, index) => ({
      id: provider.id,
      order: index,
      identity: true,
      displayName: provider.displayName,
    }));
    return {
      primaryCdnUrl: context.publicUrl(),
      authEnabled: providers.length > 0,
      identityProviders: providers,
      sharedStoreUrl: sharedStoreUrl(),
      limits: { ...DEFAULT_LIMITS, ...context.limits },
    };
  });

  // Translations are the built app's own files (dist/locales/<lang>/<file>), so a page can pick
  // up corrected strings without a new build of its scripts.
  app.get('/api/translations', async (request, reply) => {
    const query = parseInput(translationQuery, request.query, 'translation request');
    const text = await readIfExists(join(context.webDist, 'locales', query.lang, query.filename));
    if (text === undefined) {
      throw new ApiError(404, `There are no ${query.filename} translations for ${query.lang}.`, 'not-found');
    }
    return sendWithEtag(request, reply, text, 'application/json; charset=utf-8');
  });

  app.get('/api/md/:target/*', async (request, reply) => {
    const params = parseInput(markdownParams, request.params, 'page address');
    if (params.target !== TARGET_ID)
      throw new ApiError(404, `There are no pages for ${params.target.slice(0, 40)}.`, 'not-found');
    const text = await readIfExists(join(context.contentDir, 'docs', `${params['*']}.md`));
    if (text === undefined) throw new ApiError(404, 'There is no such page.', 'not-found');
    return sendWithEtag(request, reply, text, 'text/markdown; charset=utf-8');
  });
}
