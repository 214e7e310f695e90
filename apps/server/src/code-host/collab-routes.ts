import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CollabWriter } from './collab-writer.ts';
import type { GitStore, StoredRepo } from './git-store.ts';

type RepoParams = { owner: string; repo: string };

export interface CollabRoutesOptions {
  reposDir: string;
  store: GitStore;
  repoJson: (repo: StoredRepo) => unknown;
  now?: () => number;
  /** The signed-in account, or undefined (the 401 answer is then the caller's to send). */
  login: (request: FastifyRequest) => string | undefined;
  unauthorised: (reply: FastifyReply) => unknown;
  mayWrite: (request: FastifyRequest<{ Params: RepoParams }>, reply: FastifyReply) => boolean;
  fail: (reply: FastifyReply, error: unknown) => unknown;
}

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** Merges, forks, pull requests and releases (spec 000 §7) on the local code host. */
export function registerCollabRoutes(app: FastifyInstance, options: CollabRoutesOptions): void {
  const writer = new CollabWriter(options.reposDir, options.now);
  const { fail, mayWrite } = options;

  app.post<{ Params: RepoParams; Body: { base?: unknown; head?: unknown; commit_message?: unknown } }>(
    '/repos/:owner/:repo/merges',
    async (request, reply) => {
      if (!mayWrite(request, reply)) return reply;
      const { base, head } = request.body ?? {};
      if (typeof base !== 'string' || typeof head !== 'string')
        return reply.code(422).send({ message: 'base and head are needed' });
      const message = text(request.body?.commit_message, 1000) || `Merge ${head} into ${base}`;
      try {
        const sha = await writer.merge(request.params.owner, request.params.repo, base, head, message);
        return sha ? reply.code(201).send({ sha, commit: { message } }) : reply.code(204).send();
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.post<{ Params: RepoParams }>('/repos/:owner/:repo/forks', async (request, reply) => {
    const user = options.login(request);
    if (!user) return options.unauthorised(reply);
    try {
      await writer.fork(request.params.owner, request.params.repo, user);
    } catch (error) {
      return fail(reply, error);
    }
    const fork = await options.store.repo(user, request.params.repo);
    return reply.code(202).send(options.repoJson(fork!));
  });

  app.post<{ Params: RepoParams; Body: Record<string, unknown> }>(
    '/repos/:owner/:repo/pulls',
    async (request, reply) => {
      if (!options.login(request)) return options.unauthorised(reply);
      const body = request.body ?? {};
      const title = text(body.title, 256);
      // "owner:branch" names a branch of this repository; heads in other repositories are not kept.
      const head = text(body.head, 300).replace(new RegExp(`^${request.params.owner}:`, 'i'), '');
      const base = text(body.base, 300);
      if (!title || !head || !base) return reply.code(422).send({ message: 'title, head and base are needed' });
      try {
        const pull = await writer.createPull(request.params.owner, request.params.repo, {
          title,
          body: text(body.body, 65536),
          head,
          base,
        });
        return reply.code(201).send(pullJson(request.params, pull));
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/pulls', async (request, reply) => {
    try {
      return (await writer.pulls(request.params.owner, request.params.repo)).map((p) => pullJson(request.params, p));
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<{ Params: RepoParams; Body: Record<string, unknown> }>(
    '/repos/:owner/:repo/releases',
    async (request, reply) => {
      if (!mayWrite(request, reply)) return reply;
      const body = request.body ?? {};
      const tag = text(body.tag_name, 100);
      if (!tag) return reply.code(422).send({ message: 'tag_name is needed' });
      try {
        const release = await writer.createRelease(request.params.owner, request.params.repo, {
          tag_name: tag,
          target_commitish: text(body.target_commitish, 200) || 'main',
          name: text(body.name, 256) || tag,
          draft: body.draft === true,
          prerelease: body.prerelease === true,
        });
        return reply.code(201).send(release);
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/releases', async (request, reply) => {
    try {
      return await writer.releases(request.params.owner, request.params.repo);
    } catch (error) {
      return fail(reply, error);
    }
  });
}

function pullJson(
  { owner, repo }: RepoParams,
  pull: { number: number; title: string; body: string; head: string; base: string; state: string },
) {
  return {
    number: pull.number,
    title: pull.title,
    body: pull.body,
    state: pull.state,
    head: { ref: pull.head, label: `${owner}:${pull.head}` },
    base: { ref: pull.base, label: `${owner}:${pull.base}` },
    html_url: `/${owner}/${repo}/pull/${pull.number}`,
  };
}
