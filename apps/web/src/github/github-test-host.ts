// An in-memory code host behind the write proxy's address, for the GitHub dialog's tests: the
// account, one project file, branches, pull requests, merges (or a clash), releases and forks.
import { type HttpClient, type HttpResponse, ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import { GitHubStorage } from './github-storage.ts';
import { GITHUB_PROXY_BASE, GitHubWorkflow } from './github-workflow.ts';

export const PROJECT_ID = 'project-1';
export const MAIN_TS = 'basic.showNumber(1)\n';
const START = 'a'.repeat(40);

interface Pull {
  number: number;
  title: string;
  body: string;
  state: 'open';
  head: { ref: string };
  base: { ref: string };
}

export function testCodeHost({ owner = 'learner', clash = false, forkReadyAfter = 2 } = {}) {
  const heads = new Map<string, string>([['main', START]]);
  const history = new Map<string, string[]>([['main', [START]]]);
  const pulls: Pull[] = [];
  const releases: { id: number; tag_name: string; name: string; target_commitish: string }[] = [];
  const calls: string[] = [];
  let forkPolls = 0;
  let commits = 0;

  const answer = (status: number, body?: unknown): HttpResponse => ({
    status,
    headers: {},
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  });

  const route = (method: string, path: string, body: Record<string, unknown>): HttpResponse => {
    const repo = `repos/${owner}/dance`;
    if (path === 'user') return answer(200, { login: 'learner' });
    // Only the account's own repositories take writes.
    if (method !== 'GET' && path.startsWith('repos/teacher/') && !path.endsWith('/forks'))
      return answer(403, { message: 'Must have push access' });
    if (path.startsWith(`${repo}/git/commits/`)) return answer(200, { tree: { sha: 'f'.repeat(40) } });
    if (path.startsWith(`${repo}/git/trees/`))
      return answer(200, { tree: [{ path: 'main.ts', type: 'blob', size: 20 }] });
    if (path.startsWith(`${repo}/contents/main.ts`)) return answer(200, { content: btoa(MAIN_TS) });
    if (path === `${repo}/git/refs/heads`)
      return answer(
        200,
        [...heads.keys()].map((name) => ({ ref: `refs/heads/${name}` })),
      );
    if (method === 'POST' && path === `${repo}/git/refs`) {
      const name = String(body.ref).replace('refs/heads/', '');
      if (heads.has(name)) return answer(422, { message: 'Reference already exists' });
      const sha = String(++commits).padStart(40, 'b');
      heads.set(name, sha);
      history.set(name, [sha, ...(history.get('main') ?? [])]);
      return answer(201, { ref: body.ref });
    }
    if (path.startsWith(`${repo}/commits?`)) {
      const branch = new URLSearchParams(path.split('?')[1]).get('sha') ?? 'main';
      return answer(
        200,
        (history.get(branch) ?? []).map((sha) => ({ sha })),
      );
    }
    if (path === `${repo}/pulls?state=all`) return answer(200, pulls);
    if (method === 'POST' && path === `${repo}/pulls`) {
      const pull: Pull = {
        number: pulls.length + 1,
        title: String(body.title),
        body: String(body.body),
        state: 'open',
        head: { ref: String(body.head) },
        base: { ref: String(body.base) },
      };
      pulls.push(pull);
      return answer(201, pull);
    }
    if (method === 'POST' && path === `${repo}/merges`) {
      if (clash) return answer(409, { message: 'Merge conflict' });
      const base = String(body.base);
      history.set(base, [
        String(++commits).padStart(40, 'c'),
        heads.get(String(body.head))!,
        ...(history.get(base) ?? []),
      ]);
      return answer(201, { sha: 'c'.repeat(40) });
    }
    if (path === `${repo}/releases`) {
      if (method === 'GET') return answer(200, releases);
      releases.push({
        id: releases.length + 1,
        tag_name: String(body.tag_name),
        name: String(body.name),
        target_commitish: String(body.target_commitish),
      });
      return answer(201, releases.at(-1));
    }
    if (method === 'POST' && path === `${repo}/forks`)
      return answer(202, { name: 'dance', owner: { login: 'learner' } });
    if (path === 'repos/learner/dance') return ++forkPolls > forkReadyAfter ? answer(200, {}) : answer(404, {});
    return answer(404, { message: `Not Found: ${method} ${path}` });
  };

  const http: HttpClient = {
    request: ({ method = 'GET', url, body }) => {
      const path = url.slice(GITHUB_PROXY_BASE.length + 1);
      calls.push(`${method} ${path}`);
      return Promise.resolve(route(method, path, body ? (JSON.parse(body) as Record<string, unknown>) : {}));
    },
  };
  const storage = new GitHubStorage(new MemoryKeyValueStore(), new MemoryKeyValueStore());
  storage.setToken('ghp_test', false);
  storage.setLink(PROJECT_ID, { owner, repo: 'dance', branch: 'main', commit: START });
  const clock = new ManualClock();
  const workflow = new GitHubWorkflow(http, storage, GITHUB_PROXY_BASE, clock);
  return { workflow, storage, clock, calls, heads, pulls, releases, forkPolls: () => forkPolls };
}
