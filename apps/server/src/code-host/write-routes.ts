import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GitStore, StoredRepo } from './git-store.ts';
import { registerCollabRoutes } from './collab-routes.ts';
import { GitWriteError, GitWriter } from './git-writer.ts';
import {
  blobBody,
  commitBody,
  newRepoBody,
  readBody,
  refBody,
  treeBody,
  updateRefBody,
} from './write-routes-schema.ts';

/**
 * The local code host's write calls (spec 000 §7 "Repository host"): GET user, POST user/repos,
 * the git data API (blobs, trees, commits, refs) and the recursive tree listing a client needs to
 * read a whole project at once. Each needs a known token and writes only to its account.
 */
export interface WriteRoutesOptions {
  reposDir: string;
  tokens: Readonly<Record<string, string>>;
  store: GitStore;
  repoJson: (repo: StoredRepo) => unknown;
  now?: () => number;
}

const MAX_BLOB_BYTES = 1024 * 1024;
/** A blob's JSON body: base64 of MAX_BLOB_BYTES plus room for the rest (Fastify's default is 1 MiB). */
const BLOB_BODY_LIMIT = Math.ceil((MAX_BLOB_BYTES * 4) / 3) + 64 * 1024;

type RepoParams = { owner: string; repo: string };

export function registerWriteRoutes(app: FastifyInstance, options: WriteRoutesOptions): void {
  const writer = new GitWriter(options.reposDir, options.now);

  const login = (request: FastifyRequest): string | undefined => {
    const header = request.headers.authorization ?? '';
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header);
    return match ? options.tokens[match[1]!] : undefined;
  };
  const unauthorised = (reply: FastifyReply) =>
    reply.code(401).send({ message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest' });
  const fail = (reply: FastifyReply, error: unknown) => {
    if (error instanceof GitWriteError) return reply.code(error.status).send({ message: error.message });
    // isomorphic-git's own errors (a missing or broken object): the request named something this
    // repository cannot use. Its wording stays in our log, not in the answer.
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
      reply.log.warn({ err: error }, 'code host: a git operation failed');
      return reply.code(422).send({ message: 'The request names something this repository cannot use.' });
    }
    throw error;
  };
  /** The signed-in account, if it may write to `owner`'s repositories; otherwise the reply is sent. */
  const mayWrite = (request: FastifyRequest<{ Params: RepoParams }>, reply: FastifyReply): boolean => {
    const user = login(request);
    if (!user) {
      void unauthorised(reply);
      return false;
    }
    if (user.toLowerCase() !== request.params.owner.toLowerCase()) {
      void reply.code(403).send({ message: 'Resource not accessible by personal access token' });
      return false;
    }
    return true;
  };

  registerCollabRoutes(app, {
    reposDir: options.reposDir,
    store: options.store,
    repoJson: options.repoJson,
    ...(options.now ? { now: options.now } : {}),
    login,
    unauthorised,
    mayWrite,
    fail,
  });

  app.get('/user', async (request, reply) => {
    const user = login(request);
    return user ? { login: user, type: 'User' } : unauthorised(reply);
  });

  app.post<{ Body: unknown }>('/user/repos', async (request, reply) => {
    const user = login(request);
    if (!user) return unauthorised(reply);
    const read = readBody(newRepoBody, request.body);
    if (!read.ok) return reply.code(422).send({ message: read.message });
    const { name, description } = read.body;
    try {
      await writer.createRepository(user, name, description);
    } catch (error) {
      return fail(reply, error);
    }
    const repo = await options.store.repo(user, name);
    return reply.code(201).send(options.repoJson(repo!));
  });

  app.post<{ Params: RepoParams; Body: unknown }>(
    '/repos/:owner/:repo/git/blobs',
    { bodyLimit: BLOB_BODY_LIMIT },
    async (request, reply) => {
      if (!mayWrite(request, reply)) return reply;
      const read = readBody(blobBody, request.body);
      if (!read.ok) return reply.code(422).send({ message: read.message });
      const { content, encoding } = read.body;
      const bytes = encoding === 'base64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8');
      if (bytes.length > MAX_BLOB_BYTES) return reply.code(422).send({ message: 'content is too large' });
      try {
        const sha = await writer.writeBlob(request.params.owner, request.params.repo, bytes);
        return reply.code(201).send({ sha });
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.post<{ Params: RepoParams; Body: unknown }>('/repos/:owner/:repo/git/trees', async (request, reply) => {
    if (!mayWrite(request, reply)) return reply;
    const read = readBody(treeBody, request.body);
    if (!read.ok) return reply.code(422).send({ message: read.message });
    const { base_tree: base, tree } = read.body;
    try {
      const sha = await writer.writeTree(request.params.owner, request.params.repo, base, tree);
      return reply.code(201).send({ sha });
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.get<{ Params: RepoParams & { sha: string } }>('/repos/:owner/:repo/git/trees/:sha', async (request, reply) => {
    try {
      const files = await writer.listTree(request.params.owner, request.params.repo, request.params.sha);
      return {
        sha: request.params.sha,
        truncated: false,
        tree: files.map((file) => ({ path: file.path, mode: '100644', type: 'blob', sha: file.sha, size: file.size })),
      };
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<{ Params: RepoParams; Body: unknown }>('/repos/:owner/:repo/git/commits', async (request, reply) => {
    if (!mayWrite(request, reply)) return reply;
    const read = readBody(commitBody, request.body);
    if (!read.ok) return reply.code(422).send({ message: read.message });
    const { message, tree, parents } = read.body;
    try {
      const sha = await writer.createCommit(request.params.owner, request.params.repo, message, tree, parents);
      return reply.code(201).send({ sha, tree: { sha: tree }, parents: parents.map((p) => ({ sha: p })) });
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<{ Params: RepoParams; Body: unknown }>('/repos/:owner/:repo/git/refs', async (request, reply) => {
    if (!mayWrite(request, reply)) return reply;
    const read = readBody(refBody, request.body);
    if (!read.ok) return reply.code(422).send({ message: read.message });
    const { ref, sha } = read.body;
    try {
      await writer.createRef(request.params.owner, request.params.repo, ref, sha);
      return reply.code(201).send({ ref, object: { sha, type: 'commit' } });
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.patch<{ Params: RepoParams & { '*': string }; Body: unknown }>(
    '/repos/:owner/:repo/git/refs/heads/*',
    async (request, reply) => {
      if (!mayWrite(request, reply)) return reply;
      const read = readBody(updateRefBody, request.body);
      if (!read.ok) return reply.code(422).send({ message: read.message });
      const { sha, force } = read.body;
      const branch = request.params['*'];
      try {
        await writer.updateBranch(request.params.owner, request.params.repo, branch, sha, force);
        return { ref: `refs/heads/${branch}`, object: { sha, type: 'commit' } };
      } catch (error) {
        return fail(reply, error);
      }
    },
  );
}
