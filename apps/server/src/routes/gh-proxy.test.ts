import {
  CloudPackageFetcher,
  GhProxyError,
  MemoryPackageFetcher,
  parseRepoId,
  resolvePackageGraph,
  type GhErrorAnswer,
  type GhPackageAnswer,
  type GhRefsAnswer,
  type GhSearchAnswer,
  type HttpClient,
  type RepoDescriptor,
  type RepoPolicy,
} from '@blockyard/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCodeHost, type RunningCodeHost } from '../code-host/start-code-host.ts';
import { registerGhProxy, type GhProxyOptions } from './gh-proxy.ts';

const policy: RepoPolicy = { approvedOrgs: ['blockyard-test'], bannedOrgs: ['banned-maker'], allowUnapproved: true };

let host: RunningCodeHost;
beforeAll(async () => {
  host = await startCodeHost();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

/** A proxy over the local code host; `calls` lists every request it made upstream. */
function proxy(options: Partial<GhProxyOptions> = {}) {
  const calls: string[] = [];
  const app: FastifyInstance = Fastify({ logger: false });
  registerGhProxy(app, {
    codeHostUrl: host.url,
    policy,
    fetch: (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push(url.replace(host.url, ''));
      return fetch(input, init);
    },
    ...options,
  });
  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json<T>() };
  };
  /** The editor's side: core's HttpClient answered by the proxy in process. */
  const http: HttpClient = {
    request: async ({ url, method = 'GET', headers }) => {
      const response = await app.inject({ method, url, ...(headers ? { headers } : {}) });
      return { status: response.statusCode, headers: {}, text: () => Promise.resolve(response.body) };
    },
  };
  return { app, calls, get, http };
}

describe('gh proxy: repository calls', () => {
  it('GET /api/gh/{slug} gives the repository descriptor with its status', async () => {
    const { get } = proxy();
    const { status, body } = await get<RepoDescriptor>('/api/gh/blockyard-test/pxt-distance-sensor');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      owner: 'blockyard-test',
      slug: 'blockyard-test/pxt-distance-sensor',
      name: 'pxt-distance-sensor',
      defaultBranch: 'main',
      status: 'Approved',
      fork: false,
      private: false,
    });
  });

  it('GET /api/gh/{slug}/refs lists tags and branches', async () => {
    const { get } = proxy();
    const { body } = await get<GhRefsAnswer>('/api/gh/blockyard-test/pxt-distance-sensor/refs');
    expect(Object.keys(body.refs).sort()).toEqual(['refs/heads/main', 'refs/tags/v1.0.0', 'refs/tags/v1.1.0']);
    expect(body.refs['refs/heads/main']).toBe(body.refs['refs/tags/v1.1.0']);
  });

  it('GET /api/gh/{slug}/pkg gives pxt.json, its files and README at the tag', async () => {
    const { get } = proxy();
    const old = await get<GhPackageAnswer>('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.0.0');
    expect(old.status).toBe(200);
    expect(Object.keys(old.body.files).sort()).toEqual(['README.md', 'distance.ts', 'pxt.json', 'test.ts']);
    expect(old.body.files['distance.ts']).not.toContain('isCloserThan');
    const fresh = await get<GhPackageAnswer>('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.1.0');
    expect(fresh.body.files['distance.ts']).toContain('isCloserThan');
    expect(fresh.body.sha).not.toBe(old.body.sha);
  });

  it('caches: files at a commit once, refs for a minute', async () => {
    let clock = 0;
    const { get, calls } = proxy({ now: () => clock });
    await get('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.0.0');
    const first = calls.length;
    expect(first).toBeGreaterThan(2);
    await get('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.0.0');
    expect(calls.length).toBe(first);
    clock += 61_000;
    await get('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.0.0');
    // only the refs are asked again; the files at that commit are still cached
    expect(calls.slice(first).every((call) => call.includes('/git/refs/'))).toBe(true);
    expect(calls.length).toBe(first + 2);
  });

  it('refuses banned repositories without asking the code host, and records a tick', async () => {
    const banned: string[] = [];
    const { get, calls } = proxy({ onBanned: (slug) => banned.push(slug) });
    for (const url of [
      '/api/gh/banned-maker/pxt-flashy-lights',
      '/api/gh/banned-maker/pxt-flashy-lights/refs',
      '/api/gh/Banned-Maker/pxt-flashy-lights/pkg?tag=v1.0.0',
    ]) {
      const { status, body } = await get<GhErrorAnswer>(url);
      expect(status, url).toBe(403);
      expect(body.message.toLowerCase()).toBe(
        'the extension banned-maker/pxt-flashy-lights is blocked and cannot be added.',
      );
    }
    expect(calls).toEqual([]);
    expect(banned).toHaveLength(3);
  });

  it('says plainly what is missing or wrong', async () => {
    const { get } = proxy();
    expect(await get('/api/gh/nobody/nothing')).toEqual({
      status: 404,
      body: { message: 'There is no repository nobody/nothing.' },
    });
    expect(await get('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v7.0.0')).toEqual({
      status: 404,
      body: { message: 'blockyard-test/pxt-distance-sensor has no version v7.0.0.' },
    });
    expect((await get('/api/gh/blockyard-test/pxt-distance-sensor/pkg')).status).toBe(400);
    expect((await get('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.0.0&subpath=..')).status).toBe(400);
    expect((await get('/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=../../x')).status).toBe(400);
  });

  it('refuses a repository over the size cap with a plain message and asks for nothing after it', async () => {
    const { get, calls, http } = proxy();
    const answer = await get<GhErrorAnswer>('/api/gh/blockyard-test/pxt-too-big/pkg?tag=v1.0.0');
    expect(answer).toEqual({
      status: 413,
      body: { message: 'The file big.ts in this extension is too big (over 512 KB).' },
    });
    // pxt.json, README.md, main.ts, then big.ts: nothing is asked after the refusal.
    expect(calls.at(-1)).toMatch(/contents\/big\.ts\?ref=/);
    const error = await new CloudPackageFetcher(http, '/api')
      .fetch({ kind: 'repository', repo: parseRepoId('blockyard-test/pxt-too-big#v1.0.0')! })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GhProxyError);
    expect(error).toMatchObject({
      status: 413,
      message: 'The file big.ts in this extension is too big (over 512 KB).',
    });
  });

  it('refuses an answer from the code host bigger than anything an extension may bring, unread', async () => {
    const { get } = proxy({
      fetch: () =>
        Promise.resolve(new Response('[]', { status: 200, headers: { 'content-length': String(9 * 1024 * 1024) } })),
    });
    expect(await get('/api/gh/blockyard-test/pxt-distance-sensor/refs')).toEqual({
      status: 413,
      body: { message: 'The code host sent more than Blockyard loads at once (over 8 MB).' },
    });
  });

  it('stops reading an answer without a length once it passes the cap', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024).fill(0x20));
      },
    });
    const { get } = proxy({ fetch: () => Promise.resolve(new Response(endless, { status: 200 })) });
    expect(await get('/api/gh/blockyard-test/pxt-distance-sensor/refs')).toEqual({
      status: 413,
      body: { message: 'The code host sent more than Blockyard loads at once (over 8 MB).' },
    });
    expect(sent).toBeLessThan(12 * 1024 * 1024);
  });

  it('answers 502 with a plain message when the code host is down', async () => {
    const { get } = proxy({ codeHostUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    const { status, body } = await get<GhErrorAnswer>('/api/gh/blockyard-test/pxt-distance-sensor/refs');
    expect(status).toBe(502);
    expect(body.message).toBe('The code host could not be reached. Check the connection and try again.');
  });

  it('serves the target configuration', async () => {
    const { get } = proxy();
    expect((await get('/api/config/microbit/targetconfig')).body).toEqual({ packages: policy });
  });
});

describe('gh proxy: search', () => {
  it('never shows banned repositories and puts approved ones first', async () => {
    const { get } = proxy({ policy: { ...policy, approvedOrgs: [], approvedRepos: ['blockyard-test/pxt-too-new'] } });
    const { body } = await get<GhSearchAnswer>('/api/ghsearch/microbit/microbit?q=fixture');
    const names = body.items.map((item) => item.slug);
    expect(names[0]).toBe('blockyard-test/pxt-too-new');
    expect(body.items[0]!.status).toBe('Approved');
    expect(names).not.toContain('banned-maker/pxt-flashy-lights');
    expect(names.length).toBeGreaterThan(3);
    const all = await get<GhSearchAnswer>('/api/ghsearch/microbit/microbit?q=extension');
    expect(all.body.items.map((item) => item.slug)).not.toContain('banned-maker/pxt-flashy-lights');
  });

  it('shows unapproved repositories only when the configuration allows them', async () => {
    const strict = proxy({ policy: { approvedRepos: ['blockyard-test/pxt-board-only'], allowUnapproved: false } });
    const { body } = await strict.get<GhSearchAnswer>('/api/ghsearch/microbit/microbit?q=pxt');
    expect(body.items.map((item) => item.slug)).toEqual(['blockyard-test/pxt-board-only']);
  });

  it('refuses an empty or overlong query', async () => {
    const { get } = proxy();
    expect((await get('/api/ghsearch/microbit/microbit?q=')).status).toBe(400);
    expect((await get(`/api/ghsearch/microbit/microbit?q=${'a'.repeat(200)}`)).status).toBe(400);
  });
});

describe('loading extensions from the code host through the proxy', () => {
  const core = { 'pxt.json': JSON.stringify({ name: 'core', files: [], dependencies: {} }) };
  const project = (dependencies: Record<string, string>) => ({
    'pxt.json': JSON.stringify({
      name: 'my project',
      files: ['main.ts'],
      dependencies: { core: '*', ...dependencies },
    }),
    'main.ts': '',
  });

  async function resolve(dependencies: Record<string, string>) {
    const { http } = proxy();
    const fetcher = new CloudPackageFetcher(http, '/api', new MemoryPackageFetcher().addBuiltin('core', core));
    return resolvePackageGraph(project(dependencies), { fetcher, policy, runningTargetVersion: '9.1.1' });
  }

  it('loads a good extension at its tag', async () => {
    const graph = await resolve({ 'distance-sensor': 'github:blockyard-test/pxt-distance-sensor#v1.1.0' });
    expect(graph.ok).toBe(true);
    const node = graph.packages.get('distance-sensor')!;
    expect(node.state).toBe('loaded');
    expect(node.repoStatus).toBe('Approved');
    expect(node.config?.version).toBe('1.1.0');
    expect(graph.order).toEqual(['core', 'distance-sensor', 'this']);
  });

  it.each([
    ['github:blockyard-test/pxt-no-config#v1.0.0', 'extension x is missing the config'],
    ['github:blockyard-test/pxt-bad-json#v1.0.0', 'Syntax error in pxt.json'],
    ['github:blockyard-test/pxt-missing-file#v1.0.0', 'unable to find gone.ts'],
    ['github:blockyard-test/pxt-too-new#v1.0.0', 'too-new requires target version 99.0.0 (you are running 9.1.1)'],
    [
      'github:blockyard-test/pxt-distance-sensor#v9.0.0',
      'Cannot load extension x from github:blockyard-test/pxt-distance-sensor#v9.0.0',
    ],
    ['github:nobody/nothing#v1.0.0', 'Cannot load extension x from github:nobody/nothing#v1.0.0'],
    [
      'github:banned-maker/pxt-flashy-lights#v1.0.0',
      'Cannot load extension x from github:banned-maker/pxt-flashy-lights#v1.0.0',
    ],
  ])('a broken extension (%s) is marked invalid and breaks nothing else', async (ref, message) => {
    const graph = await resolve({ x: ref, 'distance-sensor': 'github:blockyard-test/pxt-distance-sensor#v1.0.0' });
    const node = graph.packages.get('x')!;
    expect(node.state).toBe('invalid');
    expect(node.problem?.message).toBe(message);
    expect(graph.packages.get('distance-sensor')!.state).toBe('loaded');
    expect(graph.root.state).toBe('loaded');
    expect(graph.ok).toBe(false);
  });

  it('the client turns proxy errors into GhProxyError with the message', async () => {
    const { http } = proxy({ codeHostUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    const fetcher = new CloudPackageFetcher(http, '/api');
    await expect(fetcher.refs('blockyard-test', 'pxt-distance-sensor')).rejects.toEqual(
      new GhProxyError('The code host could not be reached. Check the connection and try again.', 502),
    );
    expect(await new CloudPackageFetcher(proxy().http, '/api').refs('nobody', 'nothing')).toBeNull();
    const found = await new CloudPackageFetcher(proxy().http, '/api').search('distance');
    expect(found.map((item) => item.slug)).toEqual(['blockyard-test/pxt-distance-sensor']);
  });
});
