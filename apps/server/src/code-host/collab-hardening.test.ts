// The collaboration calls of the local code host under hostile or concurrent requests: names from
// the URL and body are checked before they reach a RegExp, git or the disk; concurrent writes keep
// every entry; a fork never answers with someone else's repository nor leaves half a copy.
import { GitHubClient, createRepositoryFromProject } from '@blockyard/cloud';
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { deflateSync } from 'node:zlib';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHttp, startEmptyCodeHost, type TestCodeHost } from './code-host-testing.ts';

let host: TestCodeHost;
const TOKENS = { 'learner-token': 'learner', 'friend-token': 'friend', 'dot-token': 'te.am' };

beforeAll(async () => {
  host = await startEmptyCodeHost({ tokens: TOKENS });
});
afterAll(async () => {
  await host?.close();
});

const project = { 'pxt.json': '{ "name": "dance", "files": ["main.ts"] }', 'main.ts': 'basic.pause(100)\n' };

/** One request with the path sent as written (fetch would fold `%2e%2e` away before sending). */
function send(method: string, path: string, headers: Record<string, string>, body: string | undefined) {
  const { hostname, port } = new URL(host.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest({ hostname, port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function call(method: string, path: string, token: string | undefined, body?: unknown) {
  const { status, text } = await send(
    method,
    path,
    {
      ...(token ? { authorization: `token ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  );
  let json: { message?: string; number?: number; id?: number; [key: string]: unknown } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // 204 and friends
  }
  return { status, body: json };
}

async function newRepo(token: string, name: string) {
  const client = new GitHubClient(fetchHttp, host.url, token);
  const link = await createRepositoryFromProject(client, name, '', project);
  return { client, link };
}

describe('names from the URL and the body', () => {
  it('refuses owner names that are patterns or paths with 422, before building anything from them', async () => {
    // An owner of "(" made the old RegExp throw (500); "(a+)+$" is a catastrophic pattern.
    for (const owner of ['(', '(a%2B)%2B%24', '.*', '%2e%2e', '..', '%2Fetc', 'a%00b']) {
      const answer = await call('POST', `/repos/${owner}/anything/pulls`, 'learner-token', {
        title: 't',
        head: 'a',
        base: 'main',
      });
      expect(answer.status, owner).toBe(422);
      expect(answer.body.message, owner).toContain('owner name is not valid');
    }
    for (const repo of ['%2e%2e', '..%2F..%2Fetc', '%2Fetc%2Fpasswd', 'a%00']) {
      for (const kind of ['pulls', 'releases', 'merges', 'forks']) {
        const answer = await call('POST', `/repos/learner/${repo}/${kind}`, 'learner-token', {});
        expect(answer.status, `${repo} ${kind}`).toBe(422);
        expect(answer.body.message).toContain('repository name is not valid');
      }
    }
  });

  it('takes "owner:branch" heads only for this owner, compared as text not as a pattern', async () => {
    const { client, link } = await newRepo('dot-token', 'dotted');
    await client.createBranch(link, 'faster', await client.branchHead(link, 'main'));
    // "te.am" as a pattern matched "teXam:"; as text it does not.
    const other = await call('POST', '/repos/te.am/dotted/pulls', 'dot-token', {
      title: 'Faster',
      head: 'teXam:faster',
      base: 'main',
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('head must be a branch of this repository.');
    const mine = await call('POST', '/repos/te.am/dotted/pulls', 'dot-token', {
      title: 'Faster',
      head: 'TE.AM:faster',
      base: 'main',
    });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ number: 1, head: { ref: 'faster' } });
  });

  it('refuses branch and tag names git would read as paths', async () => {
    await newRepo('learner-token', 'paths');
    for (const name of ['../../../etc', '/etc/passwd', 'a/../b', 'a\u0000b', '.hidden', 'x.lock', 'a//b']) {
      const pull = await call('POST', '/repos/learner/paths/pulls', 'learner-token', {
        title: 't',
        head: name,
        base: 'main',
      });
      expect(pull.status, name).toBe(422);
      expect(pull.body.message).toBe('head is not a valid branch name.');
      const release = await call('POST', '/repos/learner/paths/releases', 'learner-token', { tag_name: name });
      expect(release.status, name).toBe(422);
      expect(release.body.message).toBe('tag_name is not a valid tag name.');
      const target = await call('POST', '/repos/learner/paths/releases', 'learner-token', {
        tag_name: 'v1',
        target_commitish: name,
      });
      expect(target.status, name).toBe(422);
      const merge = await call('POST', '/repos/learner/paths/merges', 'learner-token', { base: 'main', head: name });
      expect(merge.status, name).toBe(422);
    }
  });

  it('never reads a ref or an object outside the repositories folder', async () => {
    const { client, link } = await newRepo('learner-token', 'escape');
    const head = await client.branchHead(link, 'main');
    // Planted next to (not inside) the repositories folder: a ref file and an empty tree object.
    const outside = dirname(host.reposDir);
    const refFile = join(outside, `${basename(host.reposDir)}-ref`);
    const objectFile = join(outside, `${basename(host.reposDir)}-object`);
    await writeFile(refFile, `${head}\n`);
    await writeFile(objectFile, deflateSync(Buffer.from('tree 0\u0000')));
    try {
      // From .git/refs/tags six steps up, from .git/objects five, lead out of the repositories folder.
      const ref = encodeURIComponent(`../../../../../../${basename(refFile)}`);
      const contents = await call('GET', `/repos/learner/escape/contents/main.ts?ref=${ref}`, undefined);
      expect(contents.status).toBe(404);
      const oid = encodeURIComponent(`../../../../../${basename(objectFile)}`);
      const tree = await call('GET', `/repos/learner/escape/git/trees/${oid}`, undefined);
      expect(tree.status).toBe(404);
      const commit = await call('POST', '/repos/learner/escape/git/commits', 'learner-token', {
        message: 'm',
        tree: decodeURIComponent(oid),
        parents: [],
      });
      expect(commit.status).toBe(422);
    } finally {
      await rm(refFile, { force: true });
      await rm(objectFile, { force: true });
    }
  });
});

describe('request bodies', () => {
  it('answers 422 with the field for wrong types and lengths', async () => {
    await newRepo('learner-token', 'bodies');
    const cases: [string, unknown, string][] = [
      ['pulls', { head: 'a', base: 'main' }, 'title is missing.'],
      ['pulls', { title: 7, head: 'a', base: 'main' }, 'title must be text.'],
      ['pulls', { title: 'x'.repeat(257), head: 'a', base: 'main' }, 'title is too long: at most 256 characters.'],
      ['pulls', { title: 't', body: 'x'.repeat(65537), head: 'a', base: 'main' }, 'body is too long'],
      ['pulls', { title: 't', body: ['x'], head: 'a', base: 'main' }, 'body must be text.'],
      ['pulls', { title: 't', head: { ref: 'a' }, base: 'main' }, 'head must be text.'],
      ['pulls', [1, 2], 'title is missing.'],
      ['releases', { tag_name: 'v1', draft: 'yes' }, 'draft must be true or false.'],
      ['releases', { tag_name: 'v1', name: 'x'.repeat(300) }, 'name is too long'],
      ['releases', {}, 'tag_name is missing.'],
      ['merges', { base: 'main' }, 'head is missing.'],
      ['merges', { base: 'main', head: 'main', commit_message: 5 }, 'commit_message must be text.'],
    ];
    for (const [kind, body, message] of cases) {
      const answer = await call('POST', `/repos/learner/bodies/${kind}`, 'learner-token', body);
      expect(answer.status, message).toBe(422);
      expect(answer.body.message, message).toContain(message);
      expect(answer.body.errors, message).toHaveLength(1);
    }
  });

  it('refuses bodies over the cap with 413 and broken JSON with 400', async () => {
    await newRepo('learner-token', 'big');
    const huge = await call('POST', '/repos/learner/big/pulls', 'learner-token', {
      title: 't',
      head: 'a',
      base: 'main',
      padding: 'x'.repeat(400 * 1024),
    });
    expect(huge.status).toBe(413);
    const broken = await call('POST', '/repos/learner/big/releases', 'learner-token', '{"tag_name": ');
    expect(broken.status).toBe(400);
  });
});

describe('concurrent writes', () => {
  it('keeps all of 20 pull requests made at once, numbered 1 to 20', async () => {
    const { client, link } = await newRepo('learner-token', 'busy');
    const main = await client.branchHead(link, 'main');
    for (let i = 0; i < 20; i++) await client.createBranch(link, `b${i}`, main);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/repos/learner/busy/pulls', 'learner-token', { title: `Pull ${i}`, head: `b${i}`, base: 'main' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers.map((a) => a.body.number).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const listed = (await call('GET', '/repos/learner/busy/pulls', undefined)).body as unknown as { title: string }[];
    expect(listed.map((p) => p.title).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Pull ${i}`).sort());
    // No temporary files left in .git.
    expect((await readdir(join(host.reposDir, 'learner', 'busy', '.git'))).filter((n) => n.endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('keeps all of 20 releases made at once, with distinct ids', async () => {
    await newRepo('learner-token', 'tags');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/repos/learner/tags/releases', 'learner-token', { tag_name: `v${i}.0.0` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(20);
    const listed = (await call('GET', '/repos/learner/tags/releases', undefined)).body as unknown as unknown[];
    expect(listed).toHaveLength(20);
  });
});

describe('forks', () => {
  it('refuses a fork over an unrelated repository of the same name, and answers a real fork again', async () => {
    await newRepo('learner-token', 'lamp');
    await newRepo('friend-token', 'lamp');
    const clash = await call('POST', '/repos/learner/lamp/forks', 'friend-token', {});
    expect(clash.status).toBe(422);
    expect(clash.body.message).toBe('name already exists on this account');

    await newRepo('learner-token', 'bell');
    const first = await call('POST', '/repos/learner/bell/forks', 'friend-token', {});
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ full_name: 'friend/bell', fork: true });
    const again = await call('POST', '/repos/learner/bell/forks', 'friend-token', {});
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ full_name: 'friend/bell', fork: true });
    // Forking one's own repository is not a fork of it.
    expect((await call('POST', '/repos/learner/bell/forks', 'learner-token', {})).status).toBe(422);
  });

  it('leaves nothing behind when the copy fails, so a later fork starts clean', async () => {
    await newRepo('learner-token', 'piped');
    // Node's copy refuses named pipes: the copy fails part way through.
    const pipe = join(host.reposDir, 'learner', 'piped', '.git', 'zz-pipe');
    execFileSync('mkfifo', [pipe]);
    const failed = await call('POST', '/repos/learner/piped/forks', 'friend-token', {});
    expect(failed.status).toBe(500);
    expect(await stat(join(host.reposDir, 'friend', 'piped')).catch(() => null)).toBeNull();
    expect((await readdir(join(host.reposDir, 'friend'))).filter((n) => n.startsWith('~'))).toEqual([]);
    expect((await call('GET', '/repos/friend/piped', undefined)).status).toBe(404);

    await rm(pipe);
    const retried = await call('POST', '/repos/learner/piped/forks', 'friend-token', {});
    expect(retried.status).toBe(202);
    expect((await call('GET', '/repos/friend/piped/contents/main.ts', undefined)).status).toBe(200);
  });
});
