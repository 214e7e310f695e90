import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GhCommit,
  GhCommitListItem,
  GhError,
  GhFile,
  GhRef,
  GhRepo,
  GhSearch,
  GhTreeItem,
} from './github-types.ts';
import { startCodeHost, type RunningCodeHost } from './start-code-host.ts';

let host: RunningCodeHost;

beforeAll(async () => {
  host = await startCodeHost();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

async function get<T>(path: string, base = host.url): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as T };
}

const decode = (file: GhFile) =>
  JSON.parse(Buffer.from(file.content, 'base64').toString('utf8')) as { version: string };

describe('local code host (GitHub REST subset over git repositories)', () => {
  it('builds every fixture repository', () => {
    expect(host.repos).toContain('blockyard-test/pxt-distance-sensor');
    expect(host.repos).toContain('banned-maker/pxt-flashy-lights');
  });

  it('GET repos/{slug} describes a repository, found case-insensitively', async () => {
    const { status, body } = await get<GhRepo>('/repos/Blockyard-Test/PXT-distance-sensor');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'pxt-distance-sensor',
      full_name: 'blockyard-test/pxt-distance-sensor',
      owner: { login: 'blockyard-test' },
      default_branch: 'main',
      fork: false,
      private: false,
      description: 'Ultrasonic distance sensor blocks for the micro:bit',
    });
    expect(body.updated_at).toBe('2026-01-02T00:00:00.000Z');
  });

  it("answers 404 with GitHub's body for missing repositories and hostile names", async () => {
    for (const path of ['/repos/nobody/nothing', '/repos/../etc', '/repos/a/..%2F..%2Fetc', '/nowhere']) {
      const { status, body } = await get<GhError>(path);
      expect(status, path).toBe(404);
      expect(body.message).toBe('Not Found');
    }
  });

  it('lists tags and branches as git refs with stable commit ids', async () => {
    const tags = await get<GhRef[]>('/repos/blockyard-test/pxt-distance-sensor/git/refs/tags');
    expect(tags.body.map((r) => r.ref)).toEqual(['refs/tags/v1.0.0', 'refs/tags/v1.1.0']);
    const heads = await get<GhRef[]>('/repos/blockyard-test/pxt-distance-sensor/git/refs/heads');
    expect(heads.body).toHaveLength(1);
    expect(heads.body[0]!.ref).toBe('refs/heads/main');
    // main is at the newest release
    expect(heads.body[0]!.object.sha).toBe(tags.body[1]!.object.sha);
    expect(tags.body[0]!.object.sha).toMatch(/^[0-9a-f]{40}$/);

    const again = await startCodeHost();
    try {
      const other = await get<GhRef[]>('/repos/blockyard-test/pxt-distance-sensor/git/refs/tags', again.url);
      expect(other.body.map((r) => r.object.sha)).toEqual(tags.body.map((r) => r.object.sha));
    } finally {
      await again.close();
    }
  });

  it('serves file contents at a tag, base64-encoded, and folders as listings', async () => {
    const old = await get<GhFile>('/repos/blockyard-test/pxt-distance-sensor/contents/pxt.json?ref=v1.0.0');
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ type: 'file', encoding: 'base64', name: 'pxt.json', path: 'pxt.json' });
    expect(decode(old.body).version).toBe('1.0.0');

    const fresh = await get<GhFile>('/repos/blockyard-test/pxt-distance-sensor/contents/pxt.json?ref=v1.1.0');
    expect(decode(fresh.body).version).toBe('1.1.0');

    const listing = await get<GhTreeItem[]>('/repos/blockyard-test/pxt-distance-sensor/contents?ref=v1.0.0');
    expect(listing.body.map((item) => item.name).sort()).toEqual(['README.md', 'distance.ts', 'pxt.json', 'test.ts']);

    expect((await get('/repos/blockyard-test/pxt-distance-sensor/contents/nope.ts?ref=v1.0.0')).status).toBe(404);
    expect((await get('/repos/blockyard-test/pxt-distance-sensor/contents/pxt.json?ref=v9.9.9')).status).toBe(404);
    expect((await get('/repos/blockyard-test/pxt-distance-sensor/contents/../../pxt.json?ref=v1.0.0')).status).toBe(
      404,
    );
  });

  it('resolves a commit id as a ref and reads commits', async () => {
    const tags = await get<GhRef[]>('/repos/blockyard-test/pxt-distance-sensor/git/refs/tags');
    const sha = tags.body[0]!.object.sha;
    const file = await get<GhFile>(
      `/repos/blockyard-test/pxt-distance-sensor/contents/pxt.json?ref=${sha.slice(0, 10)}`,
    );
    expect(file.status).toBe(200);
    const commit = await get<GhCommit>(`/repos/blockyard-test/pxt-distance-sensor/git/commits/${sha}`);
    expect(commit.body).toMatchObject({ sha, message: 'Release v1.0.0', parents: [] });
    const history = await get<GhCommitListItem[]>('/repos/blockyard-test/pxt-distance-sensor/commits?sha=v1.1.0');
    expect(history.body.map((c) => c.commit.message)).toEqual(['Release v1.1.0', 'Release v1.0.0']);
  });

  it('searches names, descriptions and topics; every word must match', async () => {
    const sensor = await get<GhSearch>('/search/repositories?q=distance%20sensor');
    expect(sensor.body.items.map((r) => r.full_name)).toEqual(['blockyard-test/pxt-distance-sensor']);
    const byTopic = await get<GhSearch>('/search/repositories?q=topic:extension');
    expect(byTopic.body.total_count).toBe(4);
    const byOwner = await get<GhSearch>('/search/repositories?q=pxt%20user:banned-maker');
    expect(byOwner.body.items.map((r) => r.full_name)).toEqual(['banned-maker/pxt-flashy-lights']);
    expect((await get('/search/repositories?q=')).status).toBe(422);
  });
});
