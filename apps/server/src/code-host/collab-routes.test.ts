// Branches, pull requests, merges, releases and forks on the local code host (issue 17 item 4,
// spec 000 §7), through the same pure client that talks to GitHub.
import type { Clock } from '@blockyard/core';
import { GitHubClient, createRepositoryFromProject, pushProject } from '@blockyard/cloud';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHttp, startEmptyCodeHost, type TestCodeHost } from './code-host-testing.ts';
const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as number,
  setInterval: (callback, ms) => setInterval(callback, ms) as unknown as number,
  clear: (handle) => clearTimeout(handle),
};

let host: TestCodeHost;
let url: string;

beforeAll(async () => {
  host = await startEmptyCodeHost({ tokens: { 'learner-token': 'learner', 'friend-token': 'friend' } });
  url = host.url;
});
afterAll(async () => {
  await host?.close();
});

const project = {
  'pxt.json': '{ "name": "dance", "files": ["main.ts"] }',
  'main.ts': 'basic.showIcon(IconNames.Heart)\nbasic.pause(100)\n',
};

describe('collaboration on the local code host', () => {
  it('opens a pull request from a branch and merges it; a second merge has nothing to do', async () => {
    const client = new GitHubClient(fetchHttp, url, 'learner-token');
    const link = await createRepositoryFromProject(client, 'team-dance', '', project);
    await client.createBranch(link, 'faster', await client.branchHead(link, 'main'));
    const faster = { ...project, 'main.ts': project['main.ts'].replace('100', '50') };
    expect((await pushProject(client, { ...link, branch: 'faster' }, faster, 'Faster')).kind).toBe('pushed');

    const number = await client.createPullRequest(link, { title: 'Faster', body: '', head: 'faster', base: 'main' });
    expect(number).toBe(1);
    const pulls = (await (await fetch(`${url}/repos/learner/team-dance/pulls`)).json()) as { head: { ref: string } }[];
    expect(pulls.map((p) => p.head.ref)).toEqual(['faster']);
    // One open pull request per head and base.
    await expect(
      client.createPullRequest(link, { title: 'Again', body: '', head: 'faster', base: 'main' }),
    ).rejects.toThrow('Bad HTTP status code: 422');

    expect(await client.merge(link, 'main', 'faster', 'Merge faster')).toBe('merged');
    const main = await client.readFiles(link, await client.branchHead(link, 'main'));
    expect(main.files['main.ts']).toBe(faster['main.ts']);
    expect(await client.merge(link, 'main', 'faster', 'Merge faster')).toBe('upToDate');
  });

  it('refuses a clashing merge with 409 in the spec words, leaving the base as it was', async () => {
    const client = new GitHubClient(fetchHttp, url, 'learner-token');
    const link = await createRepositoryFromProject(client, 'clash', '', project);
    await client.createBranch(link, 'slower', await client.branchHead(link, 'main'));
    await pushProject(client, { ...link, branch: 'slower' }, { ...project, 'main.ts': 'basic.pause(900)\n' }, 'Slow');
    await pushProject(client, link, { ...project, 'main.ts': 'basic.pause(10)\n' }, 'Quick');
    const before = await client.branchHead(link, 'main');
    await expect(client.merge(link, 'main', 'slower', 'Merge')).rejects.toThrow(
      'Cannot merge in the repository host/learner/clash; code: 409',
    );
    expect(await client.branchHead(link, 'main')).toBe(before);
  });

  it('makes a release with its tag, and a fork under the caller account', async () => {
    const learner = new GitHubClient(fetchHttp, url, 'learner-token');
    const link = await createRepositoryFromProject(learner, 'lights', '', project);
    await learner.createRelease(link, 'v1.0.0', 'main');
    const tags = (await (await fetch(`${url}/repos/learner/lights/git/refs/tags`)).json()) as { ref: string }[];
    expect(tags.map((t) => t.ref)).toEqual(['refs/tags/v1.0.0']);
    await expect(learner.createRelease(link, 'v1.0.0', 'main')).rejects.toThrow('Bad HTTP status code: 422');
    // Only the owner makes releases.
    const friend = new GitHubClient(fetchHttp, url, 'friend-token', realClock);
    await expect(friend.createRelease(link, 'v2.0.0', 'main')).rejects.toThrow('Bad HTTP status code: 403');

    const fork = await friend.fork(link);
    expect(fork).toEqual({ owner: 'friend', repo: 'lights' });
    const forked = await friend.readFiles(fork, await friend.branchHead(fork, 'main'));
    expect(forked.files['main.ts']).toBe(project['main.ts']);
    // The friend's fork is theirs to change; the original is not.
    await expect(
      pushProject(friend, { ...fork, branch: 'main', ...forked }, { ...project, 'main.ts': 'x\n' }, 'Mine'),
    ).resolves.toMatchObject({ kind: 'pushed' });
    expect((await learner.readFiles(link, await learner.branchHead(link, 'main'))).files['main.ts']).toBe(
      project['main.ts'],
    );
  });
});
