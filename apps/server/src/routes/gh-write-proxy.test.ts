// The write proxy between the editor and the code host: GitHubClient with `/api/ghw` as its base
// URL works against the local code host exactly as when it talks to it directly, and everything
// outside the calls GitHub projects make is refused before the code host hears of it.
import type { HttpClient } from '@blockyard/core';
import { GitHubClient, createRepositoryFromProject, pullProject, pushProject } from '@blockyard/cloud';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CODE_HOST_TOKEN, buildCodeHostApp } from '../code-host/code-host-app.ts';
import { GitWriter } from '../code-host/git-writer.ts';
import { GH_WRITE_PREFIX, checkWriteCall, registerGhWriteProxy, type GhWriteProxyOptions } from './gh-write-proxy.ts';

let reposDir: string;
let hostUrl: string;
let closeHost: () => Promise<unknown>;

beforeAll(async () => {
  reposDir = await mkdtemp(join(tmpdir(), 'blockyard-ghw-'));
  const host = buildCodeHostApp({ reposDir, now: () => 1_700_000_000_000 });
  await host.listen({ port: 0, host: '127.0.0.1' });
  hostUrl = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
  closeHost = () => host.close();
});
afterAll(async () => {
  await closeHost?.();
  await rm(reposDir, { recursive: true, force: true });
});

/** Our server with the write proxy; `calls` lists what reached the code host, `log` what was logged. */
function proxy(options: Partial<GhWriteProxyOptions> = {}) {
  const calls: string[] = [];
  let log = '';
  const app: FastifyInstance = Fastify({
    logger: {
      level: 'trace',
      stream: new Writable({
        write(chunk, _encoding, done) {
          log += String(chunk);
          done();
        },
      }),
    },
  });
  registerGhWriteProxy(app, {
    codeHostUrl: hostUrl,
    fetch: (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push(`${init?.method ?? 'GET'} ${url.replace(hostUrl, '')}`);
      return fetch(input, init);
    },
    ...options,
  });
  /** The editor's side: core's HttpClient answered by our server in process. */
  const http: HttpClient = {
    request: async ({ url, method = 'GET', headers, body }) => {
      const response = await app.inject({
        method,
        url,
        ...(headers ? { headers } : {}),
        ...(body !== undefined ? { payload: body } : {}),
      });
      return { status: response.statusCode, headers: {}, text: () => Promise.resolve(response.body) };
    },
  };
  const send = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, token = LOCAL_CODE_HOST_TOKEN) =>
    app.inject({
      method,
      url: `${GH_WRITE_PREFIX}/${path}`,
      headers: {
        authorization: `token ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  return { app, calls, http, send, log: () => log };
}

const project = {
  'pxt.json': '{ "name": "robot", "files": ["main.ts"] }',
  'main.ts': 'basic.showNumber(1)\nbasic.pause(100)\nbasic.showNumber(2)\n',
};

describe('GitHub write proxy', () => {
  it('carries a whole GitHub project round trip: create, push, refused push, pull, push', async () => {
    const { http, log } = proxy();
    const client = new GitHubClient(http, GH_WRITE_PREFIX, LOCAL_CODE_HOST_TOKEN);
    expect(await client.user()).toBe('learner');
    let link = await createRepositoryFromProject(client, 'robot', 'A robot', project);
    expect(link).toMatchObject({ owner: 'learner', repo: 'robot', branch: 'main' });
    expect(link.files['main.ts']).toBe(project['main.ts']);

    // Someone changes the repository elsewhere: our push is refused as behind, a pull brings it in.
    const writer = new GitWriter(reposDir, () => 1_700_000_100_000);
    const blob = await writer.writeBlob('learner', 'robot', Buffer.from(`${project['main.ts']}basic.clearScreen()\n`));
    const tree = await writer.writeTree('learner', 'robot', link.commit, [{ path: 'main.ts', sha: blob }]);
    const elsewhere = await writer.createCommit('learner', 'robot', 'Elsewhere', tree, [link.commit]);
    await writer.updateBranch('learner', 'robot', 'main', elsewhere, false);

    const ours = { ...project, 'main.ts': project['main.ts'].replace('pause(100)', 'pause(300)') };
    expect((await pushProject(client, link, ours, 'Slower')).kind).toBe('behind');
    const pulled = await pullProject(client, link, ours);
    expect(pulled.conflicts).toEqual([]);
    expect(pulled.files['main.ts']).toContain('pause(300)');
    expect(pulled.files['main.ts']).toContain('clearScreen');
    link = pulled.link;
    const pushed = await pushProject(client, link, pulled.files, 'Slower');
    expect(pushed.kind).toBe('pushed');

    // The token was in every request's header, never in what the server logged.
    expect(log()).not.toContain(LOCAL_CODE_HOST_TOKEN);
    expect(log()).toContain('/api/ghw/');
  });

  it('carries branches, a pull request, its merge and a release', async () => {
    const { http } = proxy();
    const client = new GitHubClient(http, GH_WRITE_PREFIX, LOCAL_CODE_HOST_TOKEN);
    const link = await createRepositoryFromProject(client, 'team', 'A team project', project);
    await client.createBranch(link, 'faster', link.commit);
    expect(await client.branches(link)).toEqual(['faster', 'main']);
    const faster = { ...project, 'main.ts': project['main.ts'].replace('pause(100)', 'pause(10)') };
    const pushed = await pushProject(client, { ...link, branch: 'faster' }, faster, 'Faster');
    expect(pushed.kind).toBe('pushed');
    const number = await client.createPullRequest(link, {
      title: 'Faster',
      body: 'Less waiting',
      head: 'faster',
      base: 'main',
    });
    expect(await client.pullRequests(link)).toEqual([
      { number, title: 'Faster', state: 'open', merged: false, head: 'faster', base: 'main' },
    ]);
    expect(await client.merge(link, 'main', 'faster', 'Merge pull request')).toBe('merged');
    await client.createRelease(link, 'v1.0.0', 'main', 'First');
    expect(await client.releases(link)).toEqual([{ tag: 'v1.0.0', name: 'First' }]);
    const main = await client.readFiles(link, await client.branchHead(link, 'main'));
    expect(main.files['main.ts']).toContain('pause(10)');
  });

  it('needs a token and passes the code host’s own refusal on', async () => {
    const { app, send, calls } = proxy();
    const none = await app.inject({ method: 'GET', url: `${GH_WRITE_PREFIX}/user` });
    expect(none.statusCode).toBe(401);
    expect(none.json<{ message: string }>().message).toMatch(/GitHub token/);
    expect(calls).toEqual([]);
    const odd = await send('GET', 'user', undefined, 'has spaces');
    expect(odd.statusCode).toBe(401);
    const wrong = await send('GET', 'user', undefined, 'not-a-known-token');
    expect(wrong.statusCode).toBe(401);
    expect(calls).toEqual(['GET /user']);
    // Writing to another account's repository: the code host's 403 comes back as it is.
    const other = await send('POST', `repos/someone-else/x/git/refs`, { ref: 'refs/heads/b', sha: 'a'.repeat(40) });
    expect(other.statusCode).toBe(403);
  });

  it('refuses calls outside the list before the code host hears of them', async () => {
    const { send, calls } = proxy();
    const refused = [
      await send('GET', 'repos/learner/robot/hooks'),
      await send('POST', 'user/orgs', {}),
      await send('GET', 'users/learner/repos'),
      await send('PATCH', 'repos/learner/robot', { private: false }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(calls).toEqual([]);
  });

  it('never moves a branch by force', async () => {
    const { send, calls } = proxy();
    const forced = await send('PATCH', 'repos/learner/robot/git/refs/heads/main', { sha: 'a'.repeat(40), force: true });
    expect(forced.statusCode).toBe(422);
    expect(forced.json<{ message: string }>().message).toContain('force');
    expect(calls).toEqual([]);
  });

  it('checks every part of the address, query and body', async () => {
    const { send, calls } = proxy();
    const answers = {
      dotsInOwner: await send('GET', 'repos/%2E%2E/robot'),
      badSha: await send('GET', 'repos/learner/robot/git/commits/HEAD'),
      unknownQuery: await send('GET', 'repos/learner/robot/commits?sha=main&page=2'),
      badBranch: await send('GET', 'repos/learner/robot/commits?sha=..%2Fx&per_page=1'),
      treeOutside: await send('POST', 'repos/learner/robot/git/trees', {
        base_tree: 'a'.repeat(40),
        tree: [{ path: '../../etc/passwd', mode: '100644', type: 'blob', sha: null }],
      }),
      executable: await send('POST', 'repos/learner/robot/git/trees', {
        tree: [{ path: 'run.sh', mode: '100755', type: 'blob', sha: null }],
      }),
      extraField: await send('POST', 'user/repos', { name: 'x', description: '', private: true, has_pages: true }),
      badRepoName: await send('POST', 'user/repos', { name: 'a b', description: '', private: true }),
      tooBig: await send('POST', 'repos/learner/robot/git/blobs', {
        content: 'x'.repeat(1024 * 1024 + 1),
        encoding: 'utf-8',
      }),
    };
    // Encoded dots may already be resolved on the way in (then no route matches): refused either
    // way. Dots inside a file path are checked on the raw path in checkWriteCall's tests below.
    expect(answers.dotsInOwner.statusCode).toBeGreaterThanOrEqual(400);
    const { dotsInOwner: _owner, ...rest } = answers;
    expect(Object.fromEntries(Object.entries(rest).map(([k, r]) => [k, r.statusCode]))).toEqual({
      badSha: 400,
      unknownQuery: 400,
      badBranch: 400,
      treeOutside: 422,
      executable: 422,
      extraField: 422,
      badRepoName: 422,
      tooBig: 422,
    });
    expect(answers.treeOutside.json<{ message: string }>().message).toContain('tree.0.path');
    expect(calls).toEqual([]);
  });

  it('says plainly when the code host is out of reach, too big or not JSON', async () => {
    const down = proxy({ codeHostUrl: 'http://127.0.0.1:1' });
    expect((await down.send('GET', 'user')).statusCode).toBe(502);
    const huge = proxy({
      fetch: () =>
        Promise.resolve(new Response(JSON.stringify({ login: 'x'.repeat(5 * 1024 * 1024) }), { status: 200 })),
    });
    const tooBig = await huge.send('GET', 'user');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ message: string }>().message).toContain('4 MB');
    const html = proxy({ fetch: () => Promise.resolve(new Response('<script>alert(1)</script>', { status: 200 })) });
    const notJson = await html.send('GET', 'user');
    expect(notJson.statusCode).toBe(502);
    expect(notJson.body).not.toContain('<script>');
  });
});

describe('checkWriteCall', () => {
  it('rebuilds the path from the checked parts, each encoded in its place', () => {
    const checked = checkWriteCall(
      'GET',
      'repos/o/r/contents/my%20folder/main.ts',
      new URLSearchParams('ref=feature/x'),
      undefined,
    );
    expect(checked).toEqual({ ok: true, upstreamPath: 'repos/o/r/contents/my%20folder/main.ts?ref=feature%2Fx' });
    const branch = checkWriteCall('PATCH', 'repos/o/r/git/refs/heads/feature/x', new URLSearchParams(), {
      sha: 'b'.repeat(40),
      force: false,
    });
    expect(branch).toMatchObject({ ok: true, upstreamPath: 'repos/o/r/git/refs/heads/feature/x' });
  });

  it('refuses branch names the URL would rewrite (a "." segment) before they are checked', () => {
    const body = { sha: 'b'.repeat(40), force: false };
    for (const name of ['a/./b', '.', 'a/.hidden']) {
      expect(checkWriteCall('PATCH', `repos/o/r/git/refs/heads/${name}`, new URLSearchParams(), body)).toMatchObject({
        ok: false,
      });
    }
  });

  it('refuses encoded dots and slashes that would leave the repository', () => {
    const none = new URLSearchParams('ref=main');
    expect(checkWriteCall('GET', 'repos/o/r/contents/a/%2E%2E/secret', none, undefined)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(checkWriteCall('GET', 'repos/%2E%2E/r', new URLSearchParams(), undefined)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(checkWriteCall('GET', 'repos/o%2Fx/r', new URLSearchParams(), undefined)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(checkWriteCall('GET', 'repos/o/r/contents/%ZZ', none, undefined)).toMatchObject({ ok: false, status: 400 });
  });
});
