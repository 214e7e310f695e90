import { MemoryKeyValueStore, type HttpClient } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { GitHubStorage, cleanToken } from './github-storage.ts';
import { GitHubWorkflow, GITHUB_PROXY_BASE, isBranchName, isTagName, repositoryName } from './github-workflow.ts';
import { PROJECT_ID, testCodeHost } from './github-test-host.ts';

/** A code host behind the write proxy answering GET user: 200 for one token, 401 for others. */
function host(goodToken = 'ghp_good') {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const http: HttpClient = {
    request: ({ url, headers }) => {
      seen.push({ url, authorization: headers?.authorization });
      const ok = headers?.authorization === `token ${goodToken}`;
      return Promise.resolve({
        status: ok ? 200 : 401,
        headers: {},
        text: () => Promise.resolve(JSON.stringify(ok ? { login: 'learner' } : { message: 'Bad credentials' })),
      });
    },
  };
  return { http, seen };
}

describe('GitHub storage', () => {
  it('keeps the token for this tab unless remembered, and removes it from both', () => {
    const remembered = new MemoryKeyValueStore();
    const tab = new MemoryKeyValueStore();
    const storage = new GitHubStorage(remembered, tab);
    storage.setToken('ghp_a', false);
    expect(storage.token()).toBe('ghp_a');
    expect(storage.remembersToken()).toBe(false);
    storage.setToken('ghp_b', true);
    expect(tab.get('blockyard.github.token')).toBeNull();
    expect(storage.remembersToken()).toBe(true);
    storage.removeToken();
    expect(storage.token()).toBeNull();
  });

  it('reads back only links that still make sense', () => {
    const remembered = new MemoryKeyValueStore();
    const storage = new GitHubStorage(remembered, new MemoryKeyValueStore());
    const link = { owner: 'learner', repo: 'robot', branch: 'main', commit: 'a'.repeat(40) };
    storage.setLink('p1', { ...link, files: { 'main.ts': 'never stored' } } as typeof link);
    expect(storage.link('p1')).toEqual(link);
    expect(remembered.get('blockyard.github.link.p1')).not.toContain('never stored');
    remembered.set('blockyard.github.link.p2', '{"owner":"../x","repo":"r","branch":"main","commit":"x"}');
    remembered.set('blockyard.github.link.p3', 'not json');
    expect(storage.link('p2')).toBeNull();
    expect(storage.link('p3')).toBeNull();
  });

  it('takes a pasted token only when it can be one', () => {
    expect(cleanToken('  ghp_abc123 \n')).toBe('ghp_abc123');
    expect(cleanToken('two words')).toBeNull();
    expect(cleanToken('')).toBeNull();
  });
});

describe('GitHub workflow', () => {
  it('keeps a token only after GitHub accepted it, and asks through the write proxy', async () => {
    const { http, seen } = host();
    const storage = new GitHubStorage(new MemoryKeyValueStore(), new MemoryKeyValueStore());
    const workflow = new GitHubWorkflow(http, storage);
    await expect(workflow.connect('ghp_wrong', true)).rejects.toMatchObject({
      problem: 'tokenRefused',
      detail: 'Bad credentials',
    });
    expect(storage.token()).toBeNull();
    expect(await workflow.connect('ghp_good', false)).toBe('learner');
    expect(storage.token()).toBe('ghp_good');
    expect(seen.every((call) => call.url === `${GITHUB_PROXY_BASE}/user`)).toBe(true);
  });

  it('says a token is needed before any call', async () => {
    const { http, seen } = host();
    const workflow = new GitHubWorkflow(http, new GitHubStorage(new MemoryKeyValueStore(), new MemoryKeyValueStore()));
    await expect(workflow.account()).rejects.toMatchObject({ problem: 'noToken' });
    expect(seen).toEqual([]);
  });

  it('names repositories from project names', () => {
    expect(repositoryName('My Robot Dance!')).toBe('my-robot-dance');
    expect(repositoryName('Café à la plage')).toBe('cafe-a-la-plage');
    expect(repositoryName('???')).toBe('blockyard-project');
  });

  it('gives up on a fork after 5 minutes of polling each second, in the spec words', async () => {
    const host = testCodeHost({ owner: 'teacher', forkReadyAfter: Number.POSITIVE_INFINITY });
    const link = { ...host.storage.link(PROJECT_ID)!, files: {} };
    const waits: number[] = [];
    const forked = host.workflow.fork(PROJECT_ID, link, (ms) => waits.push(ms));
    let failure: unknown;
    forked.catch((error: unknown) => (failure = error));
    for (let second = 0; second <= 300 && failure === undefined; second++) {
      for (let i = 0; i < 20; i++) await Promise.resolve();
      host.clock.advance(1000);
    }
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(failure).toMatchObject({ problem: 'forkTimeout', detail: 'Timeout waiting for fork' });
    expect(host.forkPolls()).toBe(301);
    expect(waits.at(-1)).toBe(299_000);
    // The project stays linked to the repository it had.
    expect(host.storage.link(PROJECT_ID)?.owner).toBe('teacher');
  });

  it('offers only branch and tag names git takes', () => {
    expect(isBranchName('faster')).toBe(true);
    expect(isBranchName('ideas/robot-arm')).toBe(true);
    for (const bad of ['', 'two words', '../up', '.hidden', 'a..b', 'end/', 'end.'])
      expect(isBranchName(bad), bad).toBe(false);
    expect(isTagName('v1.0.0')).toBe(true);
    for (const bad of ['', 'v1 0', 'v1/0', '..', '.v1']) expect(isTagName(bad), bad).toBe(false);
  });
});
