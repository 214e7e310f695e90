import type { CachedContent, Clock, ContentCacheStore } from '@blockyard/core';
import { CloudHttpError, type CloudApi, type CloudResponse } from './cloud-api.ts';

/** Spec 000 §8: after a request fails for want of a network, it is rejected this much later. */
export const OFFLINE_REJECT_MS = 1000;
/** Spec 000 §9: a cached translation file is asked for again only when older than this. */
export const TRANSLATION_REFRESH_MS = 300_000;
/** A cached text longer than this is not kept (real translation files and pages are far smaller). */
export const MAX_CACHED_CONTENT_CHARS = 512 * 1024;

/** Spec 000 §8 'Cannot access {0} while offline': no answer at all, and nothing cached. */
export class CloudOfflineError extends Error {
  override name = 'CloudOfflineError';
  constructor(readonly url: string) {
    super(`Cannot access ${url} while offline`);
  }
}

export interface ContentClientOptions {
  readonly api: CloudApi;
  /**
   * Where answers are kept with their ETags (spec 000 §3 records, id `lang|file|master`): the
   * browser's IndexedDB, never localStorage, whose quota the closing page's drafts need.
   */
  readonly cache: ContentCacheStore;
  readonly clock: Clock;
  /** The docs target in `md/{target}/{path}`. */
  readonly target: string;
}

/**
 * The other cloud calls of spec 000 §7 and spec 001 §7 that fetch content: live translations
 * (`GET /api/translations?lang&filename&approved=true`) and docs markdown
 * (`GET /api/md/{target}/{path}`). Each answer is cached with its ETag and asked for again with
 * `If-None-Match`, so an unchanged file costs a 304 (translations only once they are 300 s old,
 * spec 000 §9). Without a network the cached copy is used;
 * with none, the call fails with 'Cannot access {url} while offline' after 1 s.
 */
export class ContentClient {
  constructor(private readonly options: ContentClientOptions) {}

  /** One translation file's strings (nested objects of strings, as the app's locale files). */
  async translations(lang: string, filename: string): Promise<Record<string, unknown>> {
    const path = `/api/translations?lang=${encodeURIComponent(lang)}&filename=${encodeURIComponent(filename)}&approved=true`;
    const text = await this.fetchCached(`${lang}|${filename}|master`, path, TRANSLATION_REFRESH_MS);
    const parsed = parseObject(text);
    if (!parsed) throw new Error(`The ${filename} translations for ${lang} are not a JSON object.`);
    return parsed;
  }

  /** A docs page's markdown (`path` like `reference/basic/show-number`). */
  markdown(path: string): Promise<string> {
    const clean = path.replace(/^\/+/, '');
    const address = `/api/md/${encodeURIComponent(this.options.target)}/${clean.split('/').map(encodeURIComponent).join('/')}`;
    return this.fetchCached(`md|${this.options.target}|${clean}`, address);
  }

  /** `freshMs`: a cached copy younger than this is used without asking (0: always ask). */
  private async fetchCached(id: string, path: string, freshMs = 0): Promise<string> {
    const cached = await this.read(id);
    if (cached && this.options.clock.now() - cached.time < freshMs) return cached.text;
    let response: CloudResponse;
    try {
      response = await this.options.api.send('GET', path, undefined, {
        headers: cached ? { 'if-none-match': cached.etag } : {},
      });
    } catch (error) {
      if (error instanceof CloudHttpError && error.status !== 0) throw error;
      if (cached) return cached.text;
      await new Promise((resolve) => this.options.clock.setTimeout(() => resolve(undefined), OFFLINE_REJECT_MS));
      throw new CloudOfflineError(path);
    }
    if (response.status === 304 && cached) {
      await this.write({ ...cached, time: this.options.clock.now() });
      return cached.text;
    }
    const etag = response.headers['etag'];
    if (etag) await this.write({ id, etag, time: this.options.clock.now(), text: response.text });
    return response.text;
  }

  private async read(id: string): Promise<CachedContent | undefined> {
    const record = await this.options.cache.get(id).catch(() => undefined);
    if (record && record.id === id && typeof record.etag === 'string' && typeof record.text === 'string') {
      return { id, etag: record.etag, time: typeof record.time === 'number' ? record.time : 0, text: record.text };
    }
    // damaged: fetched again
    if (record) await this.options.cache.remove(id).catch(() => undefined);
    return undefined;
  }

  private async write(record: CachedContent): Promise<void> {
    if (record.text.length > MAX_CACHED_CONTENT_CHARS) return;
    // Full or refused: the content still arrived, it is only not kept.
    await this.options.cache.put(record).catch(() => undefined);
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
