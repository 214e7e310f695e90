import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { GitStore, type StoredRepo } from './git-store.ts';
import { registerWriteRoutes } from './write-routes.ts';

/**
 * The local code host: the part of the GitHub REST API that extensions need (spec 000 §7,
 * "Repository host": repository info, tag and branch refs, commits, contents at a ref, search),
 * answered from real git repositories on disk. These machines reach no public code host, so the
 * editor's server proxy, the tests and `npm start` talk to this one; only the base URL differs.
 * Writes (new repositories, blobs, trees, commits, refs: write-routes.ts) need a token from
 * `tokens`, and only reach repositories of the token's own account.
 */
export interface CodeHostOptions {
  reposDir: string;
  /** The address this host is reached at, for the `url` fields of its answers. */
  baseUrl?: string | (() => string);
  /** Tokens the host accepts (`Authorization: token X` or `Bearer X`), each with its account. */
  tokens?: Readonly<Record<string, string>>;
  /** The clock of new commits (tests pass a fixed one). */
  now?: () => number;
}

/** The token `npm start` and the tests use for the local code host; its account is `learner`. */
export const LOCAL_CODE_HOST_TOKEN = 'local-code-host-token';
export const LOCAL_CODE_HOST_USER = 'learner';

const MAX_PER_PAGE = 100;

export function buildCodeHostApp({
  reposDir,
  baseUrl = 'http://localhost',
  tokens = { [LOCAL_CODE_HOST_TOKEN]: LOCAL_CODE_HOST_USER },
  now,
}: CodeHostOptions): FastifyInstance {
  const store = new GitStore(reposDir);
  const app = Fastify({ logger: false });
  const base = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;

  const api = () => base().replace(/\/$/, '');

  const notFound = (reply: FastifyReply) =>
    reply.code(404).send({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });

  const repoJson = (repo: StoredRepo) => ({
    id: numericId(`${repo.owner}/${repo.name}`),
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    owner: { login: repo.owner, type: 'User' },
    private: false,
    fork: repo.forkOf !== undefined,
    description: repo.description || null,
    topics: repo.topics,
    default_branch: repo.defaultBranch,
    updated_at: repo.updatedAt,
    pushed_at: repo.updatedAt,
    stargazers_count: 0,
    html_url: `${api()}/${repo.owner}/${repo.name}`,
    url: `${api()}/repos/${repo.owner}/${repo.name}`,
  });

  type RepoParams = { owner: string; repo: string };

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo', async (request, reply) => {
    const repo = await store.repo(request.params.owner, request.params.repo);
    return repo ? repoJson(repo) : notFound(reply);
  });

  for (const kind of ['tags', 'heads'] as const) {
    app.get<{ Params: RepoParams }>(`/repos/:owner/:repo/git/refs/${kind}`, async (request, reply) => {
      const { owner, repo } = request.params;
      const refs = await store.refs(owner, repo, kind);
      if (!refs) return notFound(reply);
      return refs.map(({ name, sha }) => ({
        ref: `refs/${kind}/${name}`,
        url: `${api()}/repos/${owner}/${repo}/git/refs/${kind}/${name}`,
        object: { sha, type: 'commit', url: `${api()}/repos/${owner}/${repo}/git/commits/${sha}` },
      }));
    });
  }

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/tags', async (request, reply) => {
    const refs = await store.refs(request.params.owner, request.params.repo, 'tags');
    if (!refs) return notFound(reply);
    return refs.map(({ name, sha }) => ({ name, commit: { sha } }));
  });

  app.get<{ Params: RepoParams; Querystring: { sha?: string; per_page?: string } }>(
    '/repos/:owner/:repo/commits',
    async (request, reply) => {
      const { owner, repo } = request.params;
      const info = await store.repo(owner, repo);
      if (!info) return notFound(reply);
      const depth = Math.min(MAX_PER_PAGE, Math.max(1, Number(request.query.per_page) || 30));
      const log = await store.history(owner, repo, request.query.sha ?? info.defaultBranch, depth);
      if (!log) return notFound(reply);
      return log.map((entry) => ({ sha: entry.oid, commit: commitJson(entry.commit) }));
    },
  );

  app.get<{ Params: RepoParams & { sha: string } }>('/repos/:owner/:repo/git/commits/:sha', async (request, reply) => {
    const { owner, repo, sha } = request.params;
    const found = await store.commit(owner, repo, sha);
    if (!found) return notFound(reply);
    return { sha: found.oid, ...commitJson(found.commit) };
  });

  const contents = async (owner: string, repo: string, path: string, ref: string | undefined, reply: FastifyReply) => {
    const info = await store.repo(owner, repo);
    if (!info) return notFound(reply);
    const sha = await store.resolve(owner, repo, ref ?? info.defaultBranch);
    if (!sha) return reply.code(404).send({ message: `No commit found for the ref ${ref ?? ''}` });
    const found = await store.contents(owner, repo, sha, path);
    if (!found) return notFound(reply);
    if (found.type === 'dir') return found.items;
    const name = path.split('/').filter(Boolean).pop() ?? '';
    return {
      type: 'file',
      encoding: 'base64',
      size: found.bytes.length,
      name,
      path: path.split('/').filter(Boolean).join('/'),
      sha: found.sha,
      content: Buffer.from(found.bytes).toString('base64'),
    };
  };

  app.get<{ Params: RepoParams & { '*': string }; Querystring: { ref?: string } }>(
    '/repos/:owner/:repo/contents/*',
    async (request, reply) =>
      contents(request.params.owner, request.params.repo, request.params['*'], request.query.ref, reply),
  );
  app.get<{ Params: RepoParams; Querystring: { ref?: string } }>(
    '/repos/:owner/:repo/contents',
    async (request, reply) => contents(request.params.owner, request.params.repo, '', request.query.ref, reply),
  );

  app.get<{ Querystring: { q?: string; per_page?: string } }>('/search/repositories', async (request, reply) => {
    const q = (request.query.q ?? '').trim();
    if (q === '' || q.length > 256) {
      return reply.code(422).send({ message: 'Validation Failed', errors: [{ field: 'q', code: 'missing' }] });
    }
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number(request.query.per_page) || 30));
    const matches = (await store.list()).filter((repo) => matchesQuery(repo, q));
    return { total_count: matches.length, incomplete_results: false, items: matches.slice(0, perPage).map(repoJson) };
  });

  registerWriteRoutes(app, { reposDir, tokens, store, repoJson, ...(now ? { now } : {}) });

  app.setNotFoundHandler((_request, reply) => notFound(reply));
  return app;
}

/**
 * GitHub search, the part extension search uses: every plain word must appear in the name, the
 * description or a topic; `topic:x` needs that topic; `user:x`/`org:x` that owner; `fork:`, `in:`
 * and other qualifiers are accepted and ignored.
 */
function matchesQuery(repo: StoredRepo, q: string): boolean {
  const haystack = `${repo.owner}/${repo.name} ${repo.description} ${repo.topics.join(' ')}`.toLowerCase();
  for (const word of q.toLowerCase().split(/\s+/).filter(Boolean)) {
    const qualifier = /^([a-z]+):(.*)$/.exec(word);
    if (qualifier) {
      const [, key, value] = qualifier;
      if (key === 'topic' && !repo.topics.some((topic) => topic.toLowerCase() === value)) return false;
      if ((key === 'user' || key === 'org') && repo.owner.toLowerCase() !== value) return false;
      continue;
    }
    if (!haystack.includes(word)) return false;
  }
  return true;
}

function commitJson(commit: {
  message: string;
  tree: string;
  parent: string[];
  author: { name: string; email: string; timestamp: number };
  committer: { name: string; email: string; timestamp: number };
}) {
  const person = (p: { name: string; email: string; timestamp: number }) => ({
    name: p.name,
    email: p.email,
    date: new Date(p.timestamp * 1000).toISOString(),
  });
  return {
    message: commit.message.trimEnd(),
    tree: { sha: commit.tree },
    parents: commit.parent.map((sha) => ({ sha })),
    author: person(commit.author),
    committer: person(commit.committer),
  };
}

function numericId(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}
