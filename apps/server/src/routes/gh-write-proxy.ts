import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readCapped } from './read-capped.ts';

/**
 * Our server's write proxy for GitHub projects (issue 17; ARCHITECTURE "GitHub projects"): the
 * page's CSP keeps `connect-src 'self'`, so the editor's GitHubClient (`@blockyard/cloud`) uses
 * `/api/ghw` as its base URL and this route forwards each call to the code host with the
 * learner's token. Only the calls GitHub projects make pass (method and path allow-listed, query
 * and body validated and rebuilt from the checked values, never forwarded raw), bodies and
 * answers are size-capped, and a branch is only ever moved forward (no force). The token travels
 * only in the Authorization header: it is never logged, cached or kept here.
 */
export interface GhWriteProxyOptions {
  /** Base of the REST API, e.g. https://api.github.com or the local code host. */
  codeHostUrl: string;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** How long one code-host request may take. */
  timeoutMs?: number;
}

export const GH_WRITE_PREFIX = '/api/ghw';
/** One file the client writes (GitHubClient's MAX_REPO_FILE_BYTES). */
const MAX_WRITE_BLOB_BYTES = 1024 * 1024;
/** JSON escaping can make text up to six times longer; the blob's own cap is checked after parsing. */
const BODY_LIMIT = 3 * 1024 * 1024;
/** A whole project read at once is far smaller; a tree listing of 200 files is a few kilobytes. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const MAX_TREE_ENTRIES = 1000;

const NAME = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_.-]{1,100}$/),
  v.check((s) => s !== '.' && s !== '..'),
);
const SHA = v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/));
const BRANCH = v.pipe(
  v.string(),
  v.maxLength(200),
  v.regex(/^[A-Za-z0-9_.\-/]+$/),
  // Git's ref rules in short: plain segments, none "." or starting with one, no "..".
  v.check((s) => !s.includes('..') && s.split('/').every((part) => part !== '' && !part.startsWith('.'))),
);
/** A file path inside a repository: relative, plain segments. */
const FILE_PATH = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(300),
  v.check((s) => !s.includes('\\') && s.split('/').every((part) => part !== '' && part !== '.' && part !== '..')),
);
const TOKEN_HEADER = /^(?:token|bearer) ([A-Za-z0-9_.-]{1,255})$/i;

const bodies = {
  createRepo: v.strictObject({
    name: NAME,
    description: v.pipe(v.string(), v.maxLength(350)),
    private: v.boolean(),
    auto_init: v.optional(v.boolean()),
  }),
  blob: v.strictObject({
    content: v.pipe(
      v.string(),
      v.check((s) => Buffer.byteLength(s, 'utf8') <= MAX_WRITE_BLOB_BYTES, 'content is too large'),
    ),
    encoding: v.picklist(['utf-8', 'base64']),
  }),
  tree: v.strictObject({
    base_tree: v.optional(SHA),
    tree: v.pipe(
      v.array(
        v.strictObject({
          path: FILE_PATH,
          mode: v.literal('100644'),
          type: v.literal('blob'),
          sha: v.nullable(SHA),
        }),
      ),
      v.maxLength(MAX_TREE_ENTRIES),
    ),
  }),
  commit: v.strictObject({
    message: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000)),
    tree: SHA,
    parents: v.pipe(v.array(SHA), v.maxLength(2)),
  }),
  // Never a forced move: a learner's push must not wipe out work made elsewhere.
  moveBranch: v.strictObject({ sha: SHA, force: v.optional(v.literal(false)) }),
  createRef: v.strictObject({
    ref: v.pipe(
      v.string(),
      v.startsWith('refs/heads/'),
      v.check((s) => v.is(BRANCH, s.slice('refs/heads/'.length))),
    ),
    sha: SHA,
  }),
  merge: v.strictObject({
    base: BRANCH,
    head: v.union([BRANCH, SHA]),
    commit_message: v.optional(v.pipe(v.string(), v.maxLength(10_000))),
  }),
  fork: v.strictObject({}),
  pull: v.strictObject({
    title: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
    body: v.pipe(v.string(), v.maxLength(10_000)),
    head: BRANCH,
    base: BRANCH,
    maintainer_can_modify: v.optional(v.boolean()),
  }),
  release: v.strictObject({
    tag_name: v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_.-]{1,100}$/),
      v.check((s) => !s.includes('..')),
    ),
    target_commitish: v.union([BRANCH, SHA]),
    name: v.pipe(v.string(), v.maxLength(256)),
    draft: v.literal(false),
    prerelease: v.boolean(),
  }),
} as const;

type Method = 'GET' | 'POST' | 'PATCH';

interface Rule {
  method: Method;
  /** Matched against the path after the prefix; named groups are checked below. */
  path: RegExp;
  /** Query parameters passed on, each checked. */
  query?: Record<string, v.GenericSchema<string, string>>;
  body?: v.GenericSchema;
}

const REPO = '^repos/(?<owner>[^/]+)/(?<repo>[^/]+)';
/** `d`: the match gives each group's place in the path. */
const re = (source: string) => new RegExp(source, 'd');
const RULES: readonly Rule[] = [
  { method: 'GET', path: re('^user$') },
  { method: 'POST', path: re('^user/repos$'), body: bodies.createRepo },
  { method: 'GET', path: re(`${REPO}$`) },
  {
    method: 'GET',
    path: re(`${REPO}/commits$`),
    query: { sha: BRANCH, per_page: v.pipe(v.string(), v.regex(/^[1-9][0-9]?$/)) },
  },
  {
    method: 'GET',
    path: re(`${REPO}/git/trees/(?<sha>[^/]+)$`),
    query: { recursive: v.picklist(['1', 'true']) },
  },
  { method: 'GET', path: re(`${REPO}/git/commits/(?<sha>[^/]+)$`) },
  { method: 'GET', path: re(`${REPO}/contents/(?<file>.+)$`), query: { ref: v.union([SHA, BRANCH]) } },
  { method: 'POST', path: re(`${REPO}/git/blobs$`), body: bodies.blob },
  { method: 'POST', path: re(`${REPO}/git/trees$`), body: bodies.tree },
  { method: 'POST', path: re(`${REPO}/git/commits$`), body: bodies.commit },
  { method: 'POST', path: re(`${REPO}/git/refs$`), body: bodies.createRef },
  { method: 'PATCH', path: re(`${REPO}/git/refs/heads/(?<branch>.+)$`), body: bodies.moveBranch },
  { method: 'POST', path: re(`${REPO}/merges$`), body: bodies.merge },
  { method: 'POST', path: re(`${REPO}/forks$`), body: bodies.fork },
  { method: 'GET', path: re(`${REPO}/git/refs/heads$`) },
  { method: 'GET', path: re(`${REPO}/pulls$`), query: { state: v.picklist(['open', 'closed', 'all']) } },
  { method: 'POST', path: re(`${REPO}/pulls$`), body: bodies.pull },
  { method: 'GET', path: re(`${REPO}/releases$`) },
  { method: 'POST', path: re(`${REPO}/releases$`), body: bodies.release },
];

/** Each named part of a matched path, decoded and checked; the path rebuilt from them. */
const GROUP_CHECKS: Record<string, v.GenericSchema<string, string>> = {
  owner: NAME,
  repo: NAME,
  sha: SHA,
  branch: BRANCH,
  file: FILE_PATH,
};

type Checked = { ok: true; upstreamPath: string; body?: unknown } | { ok: false; status: number; message: string };

/** Whether a call may pass, and the exact request to send on (built from the checked parts only). */
export function checkWriteCall(method: string, rawPath: string, query: URLSearchParams, body: unknown): Checked {
  const refuse = (status: number, message: string): Checked => ({ ok: false, status, message });
  const sameMethod = RULES.filter((rule) => rule.method === method);
  let rule: Rule | undefined;
  let match: RegExpExecArray | null = null;
  for (const candidate of sameMethod) {
    match = candidate.path.exec(rawPath);
    if (match) {
      rule = candidate;
      break;
    }
  }
  if (!rule || !match) return refuse(404, 'Blockyard does not pass this call on to the code host.');

  // Each part is put back encoded at its own place (indices, never a text search).
  const parts: { start: number; end: number; text: string }[] = [];
  for (const [name, raw] of Object.entries(match.groups ?? {})) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return refuse(400, `The ${name} in the address is not readable.`);
    }
    if (!v.is(GROUP_CHECKS[name]!, decoded)) return refuse(400, `The ${name} in the address is not allowed.`);
    const encoded =
      name === 'file' || name === 'branch'
        ? decoded.split('/').map(encodeURIComponent).join('/')
        : encodeURIComponent(decoded);
    const [start, end] = match.indices!.groups![name]!;
    parts.push({ start, end, text: encoded });
  }
  let upstreamPath = rawPath;
  for (const part of parts.sort((a, b) => b.start - a.start)) {
    upstreamPath = upstreamPath.slice(0, part.start) + part.text + upstreamPath.slice(part.end);
  }

  const params = new URLSearchParams();
  for (const [key, value] of query) {
    const schema = rule.query?.[key];
    if (!schema || params.has(key)) return refuse(400, `The query parameter ${key} is not allowed here.`);
    if (!v.is(schema, value)) return refuse(400, `The query parameter ${key} is not valid.`);
    params.set(key, value);
  }
  const search = params.toString();
  if (search) upstreamPath += `?${search}`;

  if (method === 'GET') return { ok: true, upstreamPath };
  const parsed = v.safeParse(rule.body!, body ?? {});
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    return refuse(422, `The request to the code host is not valid${where ? ` (${where})` : ''}.`);
  }
  return { ok: true, upstreamPath, body: parsed.output };
}

export function registerGhWriteProxy(app: FastifyInstance, options: GhWriteProxyOptions): void {
  const base = options.codeHostUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;

  const handler = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const token = TOKEN_HEADER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) {
      return reply.code(401).send({ message: 'Add your GitHub token first: Blockyard needs it to reach GitHub.' });
    }
    // The address as sent, not normalised (a URL parser would resolve %2E%2E before the checks).
    const [pathname = '', search = ''] = request.url.split('?', 2);
    if (!pathname.startsWith(`${GH_WRITE_PREFIX}/`)) return reply.code(404).send({ message: 'Not found.' });
    const rawPath = pathname.slice(GH_WRITE_PREFIX.length + 1);
    const checked = checkWriteCall(request.method, rawPath, new URLSearchParams(search), request.body);
    if (!checked.ok) return reply.code(checked.status).send({ message: checked.message });

    let response: Response;
    try {
      response = await doFetch(`${base}/${checked.upstreamPath}`, {
        method: request.method,
        headers: {
          authorization: `token ${token}`,
          accept: 'application/vnd.github+json',
          'user-agent': 'Blockyard',
          ...(checked.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(checked.body !== undefined ? { body: JSON.stringify(checked.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch {
      return reply
        .code(502)
        .send({ message: 'The code host could not be reached. Check the connection and try again.' });
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      return reply.code(413).send({ message: 'The code host sent more than Blockyard reads at once (over 4 MB).' });
    }
    let text: string | undefined;
    try {
      text = await readCapped(response, MAX_ANSWER_BYTES);
    } catch (error) {
      return reply.code(502).send({ message: (error as Error).message });
    }
    if (text === undefined) {
      return reply.code(413).send({ message: 'The code host sent more than Blockyard reads at once (over 4 MB).' });
    }
    // The code host's own status passes (the client reads 401, 404, 409 and 422); its answer only
    // as JSON, so nothing else it sends is ever served from our origin.
    if (text === '') return reply.code(response.status).send();
    try {
      return reply
        .code(response.status)
        .type('application/json')
        .send(JSON.stringify(JSON.parse(text)));
    } catch {
      return reply.code(502).send({ message: 'The code host gave an answer Blockyard cannot read.' });
    }
  };

  const config = { bodyLimit: BODY_LIMIT };
  app.get(`${GH_WRITE_PREFIX}/*`, handler);
  app.post(`${GH_WRITE_PREFIX}/*`, config, handler);
  app.patch(`${GH_WRITE_PREFIX}/*`, config, handler);
}
