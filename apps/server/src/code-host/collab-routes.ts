import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COLLAB_BODY_LIMIT, checkMerge, checkPull, checkRelease, checkRepoParams } from './collab-bodies.ts';
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

/**
 * Merges, forks, pull requests and releases (spec 000 §7) on the local code host. The URL's names
 * and the body are checked before anything else happens (collab-bodies.ts); bodies are capped at
 * COLLAB_BODY_LIMIT (Fastify answers 413 past it).
 */
export function registerCollabRoutes(app: FastifyInstance, options: CollabRoutesOptions): void {
  const writer = new CollabWriter(options.reposDir, options.now);
  const { fail, mayWrite } = options;
  const route = { bodyLimit: COLLAB_BODY_LIMIT };

  /** Sends the 422 for a bad URL name; true when the names are fine. */
  const namesOk = (request: FastifyRequest<{ Params: RepoParams }>, reply: FastifyReply): boolean => {
    const refusal = checkRepoParams(request.params);
    if (refusal) void reply.code(422).send(refusal);
    return !refusal;
  };

  app.post<{ Params: RepoParams; Body: unknown }>('/repos/:owner/:repo/merges', route, async (request, reply) => {
    if (!namesOk(request, reply) || !mayWrite(request, reply)) return reply;
    const checked = checkMerge(request.body);
    if (!checked.ok) return reply.code(422).send(checked.refusal);
    const { base, head } = checked.value;
    const message = checked.value.message ?? `Merge ${head} into ${base}`;
    try {
      const sha = await writer.merge(request.params.owner, request.params.repo, base, head, message);
      return sha ? reply.code(201).send({ sha, commit: { message } }) : reply.code(204).send();
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<{ Params: RepoParams }>('/repos/:owner/:repo/forks', route, async (request, reply) => {
    if (!namesOk(request, reply)) return reply;
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

  app.post<{ Params: RepoParams; Body: unknown }>('/repos/:owner/:repo/pulls', route, async (request, reply) => {
    if (!namesOk(request, reply)) return reply;
    if (!options.login(request)) return options.unauthorised(reply);
    const checked = checkPull(request.params.owner, request.body);
    if (!checked.ok) return reply.code(422).send(checked.refusal);
    try {
      const pull = await writer.createPull(request.params.owner, request.params.repo, checked.value);
      return reply.code(201).send(pullJson(request.params, pull));
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/pulls', async (request, reply) => {
    try {
      return (await writer.pulls(request.params.owner, request.params.repo)).map((p) => pullJson(request.params, p));
    } catch (error) {
      return fail(reply, error);
    }
  });

  app.post<{ Params: RepoParams; Body: unknown }>('/repos/:owner/:repo/releases', route, async (request, reply) => {
    if (!namesOk(request, reply) || !mayWrite(request, reply)) return reply;
    const checked = checkRelease(request.body);
    if (!checked.ok) return reply.code(422).send(checked.refusal);
    try {
      return reply.code(201).send(await writer.createRelease(request.params.owner, request.params.repo, checked.value));
    } catch (error) {
      return fail(reply, error);
    }
  });

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
