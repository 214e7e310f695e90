import {
  GH_PACKAGE_LIMITS,
  parseProjectConfig,
  parseRepoId,
  repoStatus,
  shownInSearch,
  TARGET_CONFIG,
  type GhPackageAnswer,
  type GhRefsAnswer,
  type GhSearchAnswer,
  type RepoDescriptor,
  type RepoId,
  type RepoPolicy,
} from '@blockyard/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TtlCache } from './ttl-cache.ts';
import { AnswerBrokeOff, readCapped } from './read-capped.ts';

/**
 * Our server's code-host proxy (spec 000 §7 "Product cloud": gh/{slug}/refs, gh/{path},
 * ghsearch/{target}/{platform}). The editor never talks to the code host itself: it asks here,
 * and the answers are cached. The code host is GitHub's REST API, or in development and tests
 * the local code host (src/code-host/), which answers the same way; only `codeHostUrl` differs.
 * Banned repositories (target configuration) are refused and never shown in search. The target
 * configuration itself is served here too (GET /api/config/microbit/targetconfig).
 */
export interface GhProxyOptions {
  /** Base of the REST API, e.g. https://api.github.com or http://127.0.0.1:3001. */
  codeHostUrl: string;
  policy?: RepoPolicy;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  now?: () => number;
  /** How long one code-host request may take. */
  timeoutMs?: number;
  /** Called when a banned repository is asked for (spec 000 §5: a tick is recorded). */
  onBanned?: (slug: string) => void;
}

const DEFAULT_CODE_HOST_URL = 'https://api.github.com';
/** Refs and search move; an extension's files at one commit never do. */
const REFS_TTL_MS = 60_000;
const SEARCH_TTL_MS = 60_000;
const PACKAGE_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_QUERY_LENGTH = 128;
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

class Upstream extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface GhRepoJson {
  name: string;
  full_name: string;
  owner: { login: string };
  description: string | null;
  default_branch: string;
  updated_at: string;
  fork: boolean;
  private: boolean;
}

/** The proxy's options from the environment: CODE_HOST_URL (default GitHub's API). */
export function ghProxyOptionsFromEnv(env: NodeJS.ProcessEnv): GhProxyOptions {
  const url = env.CODE_HOST_URL?.trim();
  return { codeHostUrl: url ? url : DEFAULT_CODE_HOST_URL, policy: TARGET_CONFIG.packages };
}

export function registerGhProxy(app: FastifyInstance, options: GhProxyOptions): void {
  const base = options.codeHostUrl.replace(/\/$/, '');
  const policy = options.policy ?? {};
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now;
  const refsCache = new TtlCache<GhRefsAnswer>({ maxEntries: 500, ...(now ? { now } : {}) });
  const searchCache = new TtlCache<GhSearchAnswer>({ maxEntries: 200, ...(now ? { now } : {}) });
  const packageCache = new TtlCache<GhPackageAnswer>({
    maxEntries: 300,
    maxWeight: 64 * 1024 * 1024,
    ...(now ? { now } : {}),
  });
  const repoCache = new TtlCache<RepoDescriptor>({ maxEntries: 500, ...(now ? { now } : {}) });

  async function upstream<T>(path: string): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}/${path}`, {
        headers: { accept: 'application/vnd.github+json', 'user-agent': 'Blockyard' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new Upstream(502, 'The code host could not be reached. Check the connection and try again.');
    }
    if (response.status === 404) throw new Upstream(404, 'Not found on the code host.');
    if (response.status === 403 || response.status === 429) {
      throw new Upstream(503, 'The code host is busy right now. Wait a minute and try again.');
    }
    if (response.status !== 200) throw new Upstream(502, `The code host answered with an error (${response.status}).`);
    // Nothing one extension may bring is this big (base64 makes files a third bigger): refused unread.
    if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      throw new Upstream(413, 'The code host sent more than Blockyard loads at once (over 8 MB).');
    }
    // Counted as it arrives too: an answer without a length (chunked, compressed) has no header to trust.
    const text = await readCapped(response, MAX_ANSWER_BYTES).catch((error: unknown) => {
      throw error instanceof AnswerBrokeOff ? new Upstream(502, error.message) : error;
    });
    if (text === undefined)
      throw new Upstream(413, 'The code host sent more than Blockyard loads at once (over 8 MB).');
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Upstream(502, 'The code host gave an answer Blockyard cannot read.');
    }
  }

  /** The repository named by the route, or an answer already sent (bad name, banned). */
  function repoFrom(owner: string, project: string, subpath: string | undefined, reply: FastifyReply): RepoId | null {
    const repo = parseRepoId(`${owner}/${project}${subpath ? `/${subpath}` : ''}`);
    if (!repo || repo.tag !== undefined) {
      void reply.code(400).send({ message: 'That is not a repository name (expected owner/project).' });
      return null;
    }
    if (repoStatus(repo, policy) === 'Banned') {
      options.onBanned?.(repo.slug);
      app.log.warn({ repo: repo.slug }, 'extension.banned');
      void reply.code(403).send({ message: `The extension ${repo.slug} is blocked and cannot be added.` });
      return null;
    }
    return repo;
  }

  function fail(reply: FastifyReply, error: unknown, notFound: string): FastifyReply {
    if (error instanceof Upstream) {
      return reply.code(error.status).send({ message: error.status === 404 ? notFound : error.message });
    }
    throw error;
  }

  async function refsOf(repo: RepoId): Promise<GhRefsAnswer> {
    const key = repo.slug.toLowerCase();
    const cached = refsCache.get(key);
    if (cached) return cached;
    const refs: Record<string, string> = {};
    for (const kind of ['tags', 'heads']) {
      let list: { ref: string; object: { sha: string } }[];
      try {
        list = await upstream(`repos/${repo.slug}/git/refs/${kind}`);
      } catch (error) {
        // A repository without tags answers 404 for git/refs/tags; the repository itself must exist.
        if (error instanceof Upstream && error.status === 404 && kind === 'tags') continue;
        throw error;
      }
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        if (typeof item?.ref === 'string' && typeof item.object?.sha === 'string') refs[item.ref] = item.object.sha;
      }
    }
    const answer = { refs };
    refsCache.set(key, answer, REFS_TTL_MS);
    return answer;
  }

  function descriptor(json: GhRepoJson, repo?: RepoId): RepoDescriptor {
    const id = repo ?? parseRepoId(json.full_name);
    const slug = id?.slug ?? json.full_name;
    return {
      owner: json.owner.login,
      slug,
      fullName: id?.fullName ?? slug,
      name: json.name,
      description: json.description ?? '',
      defaultBranch: json.default_branch,
      updatedAt: json.updated_at,
      fork: json.fork,
      private: json.private,
      status: id ? repoStatus(id, policy) : 'Unknown',
    };
  }

  // Spec 001 §7: the target configuration (approved and banned repositories) for the editor.
  app.get('/api/config/microbit/targetconfig', () => ({ packages: policy }));

  type Params = { owner: string; project: string };

  app.get<{ Params: Params }>('/api/gh/:owner/:project', async (request, reply) => {
    const repo = repoFrom(request.params.owner, request.params.project, undefined, reply);
    if (!repo) return reply;
    const key = repo.slug.toLowerCase();
    const cached = repoCache.get(key);
    if (cached) return cached;
    try {
      const answer = descriptor(await upstream<GhRepoJson>(`repos/${repo.slug}`), repo);
      repoCache.set(key, answer, REFS_TTL_MS);
      return answer;
    } catch (error) {
      return fail(reply, error, `There is no repository ${repo.slug}.`);
    }
  });

  app.get<{ Params: Params }>('/api/gh/:owner/:project/refs', async (request, reply) => {
    const repo = repoFrom(request.params.owner, request.params.project, undefined, reply);
    if (!repo) return reply;
    try {
      return await refsOf(repo);
    } catch (error) {
      return fail(reply, error, `There is no repository ${repo.slug}.`);
    }
  });

  app.get<{ Params: Params; Querystring: { tag?: string; subpath?: string } }>(
    '/api/gh/:owner/:project/pkg',
    async (request, reply) => {
      const { tag = '', subpath } = request.query;
      const repo = repoFrom(request.params.owner, request.params.project, subpath, reply);
      if (!repo) return reply;
      if (!/^[A-Za-z0-9_.\-/+]{1,100}$/.test(tag) || tag.includes('..')) {
        return reply.code(400).send({ message: 'Say which version (tag) of the extension to load.' });
      }
      try {
        const { refs } = await refsOf(repo);
        const sha = refs[`refs/tags/${tag}`] ?? refs[`refs/heads/${tag}`] ?? (/^[0-9a-f]{40}$/.test(tag) ? tag : null);
        if (!sha) return reply.code(404).send({ message: `${repo.slug} has no version ${tag}.` });
        const key = `${repo.fullName.toLowerCase()}@${sha}`;
        const cached = packageCache.get(key);
        if (cached) return cached;
        const answer = await packageFiles(repo, sha);
        const weight = Object.values(answer.files).reduce((sum, text) => sum + text.length, 0);
        packageCache.set(key, answer, PACKAGE_TTL_MS, weight);
        return answer;
      } catch (error) {
        return fail(reply, error, `There is no repository ${repo.slug}.`);
      }
    },
  );

  /** pxt.json, the files it lists, and README.md, at one commit; absent files are left out. */
  async function packageFiles(repo: RepoId, sha: string): Promise<GhPackageAnswer> {
    const dir = repo.subpath ? `${repo.subpath}/` : '';
    const files: Record<string, string> = {};
    let total = 0;
    const read = async (name: string): Promise<void> => {
      if (Object.hasOwn(files, name) || !isPlainFileName(name)) return;
      if (Object.keys(files).length >= GH_PACKAGE_LIMITS.maxFiles) {
        throw new Upstream(413, `This extension has more than ${GH_PACKAGE_LIMITS.maxFiles} files.`);
      }
      let file: { type?: string; content?: string; encoding?: string; size?: number };
      try {
        file = await upstream(`repos/${repo.slug}/contents/${encodePath(dir + name)}?ref=${sha}`);
      } catch (error) {
        if (error instanceof Upstream && error.status === 404) return;
        throw error;
      }
      // The size the code host states comes first: a huge file is refused before it is decoded.
      if (typeof file.size === 'number' && file.size > GH_PACKAGE_LIMITS.maxFileBytes) {
        throw new Upstream(413, `The file ${name} in this extension is too big (over 512 KB).`);
      }
      if (file.type !== 'file' || typeof file.content !== 'string' || file.encoding !== 'base64') return;
      const bytes = Buffer.from(file.content, 'base64');
      if (bytes.length > GH_PACKAGE_LIMITS.maxFileBytes) {
        throw new Upstream(413, `The file ${name} in this extension is too big (over 512 KB).`);
      }
      total += bytes.length;
      if (total > GH_PACKAGE_LIMITS.maxTotalBytes) throw new Upstream(413, 'This extension is too big (over 4 MB).');
      files[name] = bytes.toString('utf8');
    };
    await read('pxt.json');
    const configText = files['pxt.json'];
    let listed: string[] = [];
    if (configText !== undefined) {
      try {
        const config = parseProjectConfig(configText, repo.fullName);
        listed = [...config.files, ...(config.testFiles ?? [])];
      } catch {
        // A broken pxt.json is passed on as it is: the editor explains what is wrong with it.
      }
    }
    // Outside the try: a file over the caps refuses the whole extension (it was swallowed once).
    for (const name of listed) await read(name);
    await read('README.md');
    return { sha, files };
  }

  app.get<{ Params: { target: string; platform: string }; Querystring: { q?: string } }>(
    '/api/ghsearch/:target/:platform',
    async (request, reply) => {
      const q = (request.query.q ?? '').trim();
      if (q === '' || q.length > MAX_QUERY_LENGTH) {
        return reply.code(400).send({ message: `Type between 1 and ${MAX_QUERY_LENGTH} characters to search.` });
      }
      const key = q.toLowerCase();
      const cached = searchCache.get(key);
      if (cached) return cached;
      try {
        const found = await upstream<{ items?: GhRepoJson[] }>(
          `search/repositories?q=${encodeURIComponent(q)}&per_page=50`,
        );
        const items = (Array.isArray(found.items) ? found.items : [])
          .filter((item) => typeof item?.full_name === 'string' && item.owner && !item.private)
          .map((item) => descriptor(item))
          .filter((item) => shownInSearch(item.status, policy))
          .sort((a, b) => Number(b.status === 'Approved') - Number(a.status === 'Approved'));
        const answer = { items };
        searchCache.set(key, answer, SEARCH_TTL_MS);
        return answer;
      } catch (error) {
        return fail(reply, error, 'Nothing found.');
      }
    },
  );
}

/** A file name inside the extension: relative, no "..", no odd characters. */
function isPlainFileName(name: string): boolean {
  if (name.length === 0 || name.length > 200 || name.startsWith('/') || name.includes('\\')) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
