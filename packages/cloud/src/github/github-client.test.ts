import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { TestHttp } from '../client/test-http.ts';
import { FORK_POLL_MS, FORK_TIMEOUT_MS, GitHubClient, GitHubError } from './github-client.ts';

const repo = { owner: 'learner', repo: 'dance' };

describe('GitHubClient', () => {
  it('sends the token and reports a bad status with the spec sentence', async () => {
    const http = new TestHttp(() => ({ status: 401, body: { message: 'Requires authentication' } }));
    const client = new GitHubClient(http, 'http://host/', 'secret');
    await expect(client.user()).rejects.toThrow(
      'Bad HTTP status code: 401 at http://host/user; message: Requires authentication',
    );
    expect(http.requests[0]!.headers!['authorization']).toBe('token secret');
  });

  it('says a merge conflict (409) in the spec words; 204 is up to date', async () => {
    let status = 409;
    const http = new TestHttp(() => ({ status, body: status === 409 ? { message: 'Merge conflict' } : undefined }));
    const client = new GitHubClient(http, 'http://host', 't');
    await expect(client.merge(repo, 'main', 'feature', 'Merge')).rejects.toThrow(
      'Cannot merge in the repository host/learner/dance; code: 409',
    );
    status = 204;
    await expect(client.merge(repo, 'main', 'feature', 'Merge')).resolves.toBe('upToDate');
    expect(JSON.parse(http.requests[0]!.body!)).toEqual({ base: 'main', head: 'feature', commit_message: 'Merge' });
  });

  it('polls a new fork every second and gives up after 5 minutes', async () => {
    const clock = new ManualClock();
    const http = new TestHttp((request) =>
      request.method === 'POST'
        ? { status: 202, body: { name: 'dance', owner: { login: 'me' } } }
        : { status: 404, body: { message: 'Not Found' } },
    );
    const client = new GitHubClient(http, 'http://host', 't', clock);
    const forked = client.fork(repo);
    let failure: unknown;
    forked.catch((error: unknown) => (failure = error));
    for (let t = 0; t <= FORK_TIMEOUT_MS; t += FORK_POLL_MS) {
      for (let i = 0; i < 10; i++) await Promise.resolve();
      clock.advance(FORK_POLL_MS);
    }
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect((failure as Error).message).toBe('Timeout waiting for fork');
    const polls = http.requests.filter((r) => r.method === 'GET');
    expect(polls.length).toBe(FORK_TIMEOUT_MS / FORK_POLL_MS + 1);
    expect(polls[0]!.url).toBe('http://host/repos/me/dance');
  });

  it('answers the fork once it exists', async () => {
    const clock = new ManualClock();
    let gets = 0;
    const http = new TestHttp((request) => {
      if (request.method === 'POST') return { status: 202, body: { name: 'dance', owner: { login: 'me' } } };
      return ++gets < 3 ? { status: 404, body: {} } : { status: 200, body: { name: 'dance' } };
    });
    const client = new GitHubClient(http, 'http://host', 't', clock);
    const forked = client.fork(repo);
    for (let step = 0; step < 5; step++) {
      for (let i = 0; i < 10; i++) await Promise.resolve();
      clock.advance(FORK_POLL_MS);
    }
    await expect(forked).resolves.toEqual({ owner: 'me', repo: 'dance' });
    expect(gets).toBe(3);
  });

  it('keeps the status of a failed call for its caller', async () => {
    const client = new GitHubClient(new TestHttp(() => ({ status: 422, body: { message: 'no' } })), 'http://h', 't');
    const error = await client.createBranch(repo, 'b', 'abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubError);
    expect((error as GitHubError).status).toBe(422);
  });

  it('lists branches, pull requests (merged ones marked) and releases, newest first', async () => {
    const http = new TestHttp((request) => {
      if (request.url.endsWith('/git/refs/heads'))
        return { status: 200, body: [{ ref: 'refs/heads/main' }, { ref: 'refs/heads/faster' }] };
      if (request.url.endsWith('/pulls?state=all'))
        return {
          status: 200,
          body: [
            {
              number: 1,
              title: 'A',
              state: 'closed',
              merged_at: '2026-01-01T00:00:00Z',
              head: { ref: 'a' },
              base: { ref: 'main' },
            },
            { number: 2, title: 'B', state: 'open', head: { ref: 'b' }, base: { ref: 'main' } },
          ],
        };
      return {
        status: 200,
        body: [
          { id: 1, tag_name: 'v1' },
          { id: 2, tag_name: 'v2', name: 'Second' },
        ],
      };
    });
    const client = new GitHubClient(http, 'http://host', 't');
    expect(await client.branches(repo)).toEqual(['faster', 'main']);
    expect(await client.pullRequests(repo)).toEqual([
      { number: 2, title: 'B', state: 'open', merged: false, head: 'b', base: 'main' },
      { number: 1, title: 'A', state: 'closed', merged: true, head: 'a', base: 'main' },
    ]);
    expect(await client.releases(repo)).toEqual([
      { tag: 'v2', name: 'Second' },
      { tag: 'v1', name: 'v1' },
    ]);
  });

  it('tells how long it has waited for a fork, once a second', async () => {
    const clock = new ManualClock();
    let gets = 0;
    const http = new TestHttp((request) => {
      if (request.method === 'POST') return { status: 202, body: { name: 'dance', owner: { login: 'me' } } };
      return ++gets < 3 ? { status: 404, body: {} } : { status: 200, body: { name: 'dance' } };
    });
    const waits: number[] = [];
    const forked = new GitHubClient(http, 'http://host', 't', clock).fork(repo, (ms) => waits.push(ms));
    for (let step = 0; step < 5; step++) {
      for (let i = 0; i < 10; i++) await Promise.resolve();
      clock.advance(FORK_POLL_MS);
    }
    await forked;
    expect(waits).toEqual([0, FORK_POLL_MS]);
  });
});
