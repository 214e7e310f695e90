import type { KeyValueStore } from '@blockyard/core';
import {
  UNPUBLISH_KEY_HEADER,
  type PublishRequest,
  type PublishResponse,
  type ReportRequest,
  type ScriptMeta,
  type SharedVersion,
} from '../protocol/api-types.ts';
import { isPublishedScriptId } from '../protocol/script-ids.ts';
import { CloudHttpError, type CloudApi } from './cloud-api.ts';

/** One share this browser published, kept so its publisher can find the link and unshare it. */
export interface PublishedShare {
  id: string;
  url: string;
  /** The key the server gave at publishing (lets an anonymous publisher unshare). */
  unpublishKey: string;
  /** When it was published, epoch milliseconds. */
  time: number;
}

/** What a share link holds, as the share page shows it. */
export interface SharedProject {
  meta: ScriptMeta;
  files: Record<string, string>;
}

export const SHARE_STORAGE_PREFIX = 'blockyard.shares.';
/** Older shares of a project than this many are forgotten here (they stay published). */
export const MAX_REMEMBERED_SHARES = 20;

export interface ShareClientOptions {
  readonly api: CloudApi;
  /** Where the shares of each project are remembered (the settings storage). */
  readonly store: KeyValueStore;
  readonly now: () => number;
}

/**
 * Share links on the client (spec 001 §5, §7): publishing a snapshot of a project, remembering
 * the links and unpublish keys per local project, unsharing, and reading a share for its page.
 */
export class ShareClient {
  constructor(private readonly options: ShareClientOptions) {}

  /** Publishes an immutable snapshot; the link is remembered for the local project it came from. */
  async publish(projectId: string, request: PublishRequest): Promise<PublishedShare> {
    const answer = await this.options.api.call<PublishResponse>('POST', '/api/scripts', request);
    if (!isPublishedScriptId(answer.id) || typeof answer.url !== 'string' || typeof answer.unpublishKey !== 'string') {
      throw new Error('The server gave an answer to publishing that is not a share link');
    }
    const share: PublishedShare = {
      id: answer.id,
      url: answer.url,
      unpublishKey: answer.unpublishKey,
      time: this.options.now(),
    };
    this.remember(projectId, [share, ...this.sharesOf(projectId)].slice(0, MAX_REMEMBERED_SHARES));
    return share;
  }

  /** This browser's shares of a project, newest first. Damaged storage reads as none. */
  sharesOf(projectId: string): PublishedShare[] {
    const text = this.options.store.get(SHARE_STORAGE_PREFIX + projectId);
    if (text === null) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [];
    }
    return Array.isArray(value) ? value.filter(isPublishedShare) : [];
  }

  /**
   * Unshares: the server drops the snapshot and the link shows "unshared" from then on. A link
   * that is already gone counts as done; either way this browser forgets it.
   */
  async unpublish(projectId: string, share: PublishedShare): Promise<void> {
    try {
      await this.options.api.call('DELETE', `/api/${share.id}`, undefined, {
        headers: { [UNPUBLISH_KEY_HEADER]: share.unpublishKey },
      });
    } catch (error) {
      if (!(error instanceof CloudHttpError && (error.status === 404 || error.status === 410))) throw error;
    }
    this.remember(
      projectId,
      this.sharesOf(projectId).filter((kept) => kept.id !== share.id),
    );
  }

  /** The shared project behind a link: its meta and its files. Throws CloudHttpError (404, 410). */
  async open(id: string): Promise<SharedProject> {
    const meta = await this.options.api.call<ScriptMeta>('GET', `/api/${id}`);
    const files = await this.options.api.call<unknown>('GET', `/api/${id}/text`);
    if (!isFileMap(files)) throw new Error('The shared project’s files are damaged');
    return { meta, files };
  }

  /**
   * The earlier versions a share carries (its publisher chose to include them), oldest first;
   * versions that are not whole are left out. Throws CloudHttpError (404, 410).
   */
  async history(id: string): Promise<SharedVersion[]> {
    const answer = await this.options.api.call<{ versions?: unknown }>('GET', `/api/${id}/history`);
    const versions = Array.isArray(answer?.versions) ? (answer.versions as unknown[]) : [];
    return versions.filter(isSharedVersion);
  }

  /** Tells the server's moderators about a share (`POST /api/{id}/report`); one report per visitor counts. */
  async report(id: string, request: ReportRequest): Promise<void> {
    await this.options.api.call('POST', `/api/${id}/report`, request);
  }

  private remember(projectId: string, shares: PublishedShare[]): void {
    const key = SHARE_STORAGE_PREFIX + projectId;
    if (shares.length === 0) this.options.store.remove(key);
    else this.options.store.set(key, JSON.stringify(shares));
  }
}

/** The HTML to paste into a page to show a share there (the share page may be framed by any site). */
export function shareEmbedCode(url: string, name: string, mode: ShareEmbedMode = 'sandbox'): string {
  const attribute = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // By hand, not URL: pure code type-checks without the DOM's URL (and a share link is simple).
  const hash = url.indexOf('#');
  const [base, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const framed = `${base}${base.includes('?') ? '&' : '?'}${EMBED_FLAGS[mode].flag}=1${fragment}`;
  return (
    `<iframe src="${attribute(framed)}" title="${attribute(name)}" width="100%" ` +
    `height="${EMBED_FLAGS[mode].height}" style="border: 0" ` +
    `sandbox="allow-scripts allow-same-origin allow-popups"></iframe>`
  );
}

/**
 * What an embedded share page shows (page flags of spec 001 §2): `sandbox` the simulator and
 * the code (`sandbox=1`), `simulator` only the simulator (`controller=1`), `timeMachine` the
 * versions the project went through, read-only (`timeMachine=1`).
 */
export type ShareEmbedMode = 'sandbox' | 'simulator' | 'timeMachine';

const EMBED_FLAGS: Record<ShareEmbedMode, { flag: string; height: number }> = {
  sandbox: { flag: 'sandbox', height: 600 },
  simulator: { flag: 'controller', height: 450 },
  timeMachine: { flag: 'timeMachine', height: 700 },
};

function isPublishedShare(value: unknown): value is PublishedShare {
  if (typeof value !== 'object' || value === null) return false;
  const share = value as Record<string, unknown>;
  return (
    typeof share['id'] === 'string' &&
    isPublishedScriptId(share['id']) &&
    typeof share['url'] === 'string' &&
    typeof share['unpublishKey'] === 'string' &&
    typeof share['time'] === 'number'
  );
}

function isSharedVersion(value: unknown): value is SharedVersion {
  if (typeof value !== 'object' || value === null) return false;
  const version = value as Record<string, unknown>;
  return typeof version['time'] === 'number' && typeof version['name'] === 'string' && isFileMap(version['files']);
}

function isFileMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}
