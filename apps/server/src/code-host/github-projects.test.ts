// GitHub projects against the local code host (issue 17 item 4): the pure client of
// @blockyard/cloud talks to the code host exactly as to GitHub.
import {
  GitHubClient,
  createRepositoryFromProject,
  hasConflictMarkers,
  localChanges,
  pullProject,
  pushProject,
  resolveConflicts,
} from '@blockyard/cloud';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CODE_HOST_TOKEN, LOCAL_CODE_HOST_USER } from './code-host-app.ts';
import { fetchHttp, startEmptyCodeHost, type TestCodeHost } from './code-host-testing.ts';
import { GitWriter } from './git-writer.ts';

let host: TestCodeHost;
let reposDir: string;
let url: string;

beforeAll(async () => {
  host = await startEmptyCodeHost({ now: () => 1_700_000_000_000 });
  ({ reposDir, url } = host);
});
afterAll(async () => {
  await host?.close();
});

const project = {
  'pxt.json': '{ "name": "dance", "files": ["main.ts", "README.md"] }',
  'main.ts': 'basic.showIcon(IconNames.Heart)\nbasic.pause(100)\nbasic.showIcon(IconNames.Happy)\n',
  'README.md': '# Dance\n',
  'pxt_modules/servo-kit/servos.ts': '// never saved in the repository',
};

describe('GitHub projects on the local code host', () => {
  it('needs a token for writes and writes only to its own account', async () => {
    const anonymous = new GitHubClient(fetchHttp, url, 'wrong');
    await expect(anonymous.createRepository('x', '')).rejects.toThrow('Bad HTTP status code: 401');
    const client = new GitHubClient(fetchHttp, url, LOCAL_CODE_HOST_TOKEN);
    expect(await client.user()).toBe(LOCAL_CODE_HOST_USER);
    await expect(client.createBranch({ owner: 'someone-else', repo: 'x' }, 'b', 'a'.repeat(40))).rejects.toThrow(
      'Bad HTTP status code: 403',
    );
  });

  it('commits a project to a new repository, pulls a change made elsewhere and settles a clash', async () => {
    const client = new GitHubClient(fetchHttp, url, LOCAL_CODE_HOST_TOKEN);
    let link = await createRepositoryFromProject(client, 'dance', 'A dancing heart', project);
    expect(link).toMatchObject({ owner: 'learner', repo: 'dance', branch: 'main' });
    // The repository holds the project (and the README it started with is replaced), no extension files.
    const stored = await client.readFiles(link, await client.branchHead(link, 'main'));
    expect(Object.keys(stored.files).sort()).toEqual(['README.md', 'main.ts', 'pxt.json']);
    expect(stored.files['main.ts']).toBe(project['main.ts']);

    // Edits here: the diff before committing.
    const edited = { ...project, 'main.ts': project['main.ts'].replace('pause(100)', 'pause(200)') };
    const diffs = localChanges(link, edited);
    expect(diffs.map((d) => d.path)).toEqual(['main.ts']);

    // Meanwhile the same line changes elsewhere (straight in the code host's repository).
    const elsewhere = new GitWriter(reposDir);
    const blob = await elsewhere.writeBlob(
      'learner',
      'dance',
      new TextEncoder().encode(project['main.ts'].replace('pause(100)', 'pause(500)')),
    );
    const base = await client.branchHead(link, 'main');
    const tree = await elsewhere.writeTree('learner', 'dance', base, [{ path: 'main.ts', sha: blob }]);
    const remote = await elsewhere.createCommit('learner', 'dance', 'Slower', tree, [base]);
    await elsewhere.updateBranch('learner', 'dance', 'main', remote, false);

    // Pushing is refused (the branch moved on); pulling brings a clash with markers.
    expect(await pushProject(client, link, edited, 'Faster')).toEqual({ kind: 'behind' });
    const pulled = await pullProject(client, link, edited);
    expect(pulled.conflicts).toEqual(['main.ts']);
    const clashed = pulled.files['main.ts']!;
    expect(hasConflictMarkers(clashed)).toBe(true);
    expect(clashed).toContain('basic.pause(200)');
    expect(clashed).toContain('basic.pause(500)');
    // The project's own extension files are not the repository's business: kept as they were.
    expect(pulled.files['pxt_modules/servo-kit/servos.ts']).toBe(project['pxt_modules/servo-kit/servos.ts']);
    expect(localChanges(pulled.link, pulled.files).map((d) => d.path)).toEqual(['main.ts']);

    // The learner keeps GitHub's side; the push now goes through.
    const settled = { ...pulled.files, 'main.ts': resolveConflicts(clashed, ['theirs']) };
    expect(settled['main.ts']).toBe(project['main.ts'].replace('pause(100)', 'pause(500)'));
    link = pulled.link;
    expect(await pushProject(client, link, settled, 'Merge')).toEqual({ kind: 'nothing' });
    const more = { ...settled, 'README.md': '# Dance\n\nA heart that dances.\n' };
    const pushed = await pushProject(client, link, more, 'Describe it');
    expect(pushed.kind).toBe('pushed');
    const after = await client.readFiles(link, await client.branchHead(link, 'main'));
    expect(after.files['README.md']).toBe(more['README.md']);
    expect(after.files['main.ts']).toBe(settled['main.ts']);
  });

  it('refuses trees and branch names that would break a repository, in plain answers', async () => {
    const client = new GitHubClient(fetchHttp, url, LOCAL_CODE_HOST_TOKEN);
    const ref = { owner: 'learner', repo: 'guarded' };
    await client.createRepository('guarded', '');
    const send = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${url}/repos/learner/guarded/${path}`, {
        method,
        headers: { authorization: `token ${LOCAL_CODE_HOST_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    const blob = (await send('POST', 'git/blobs', { content: 'hello', encoding: 'utf-8' })).body as unknown as {
      sha: string;
    };
    const missing = await send('POST', 'git/trees', { tree: [{ path: 'a.ts', sha: 'f'.repeat(40) }] });
    expect(missing.status).toBe(422);
    expect((await send('POST', 'git/trees', { tree: [{ path: 'a.ts', sha: 'nothex' }] })).status).toBe(422);
    const clash = await send('POST', 'git/trees', {
      tree: [
        { path: 'a', sha: blob.sha },
        { path: 'a/b.ts', sha: blob.sha },
      ],
    });
    expect(clash).toEqual({ status: 422, body: { message: 'tree.path "a" is both a file and a folder' } });
    const head = await client.branchHead(ref, 'main');
    const sneaky = await send('PATCH', 'git/refs/heads/..%2F..%2FHEAD', { sha: head });
    expect(sneaky.status).toBe(422);
    // The branch still reads.
    expect(Object.keys((await client.readFiles(ref, await client.branchHead(ref, 'main'))).files)).toEqual([
      'README.md',
    ]);
  });

  it('says "behind" only when the branch moved on, not for a branch that is gone', async () => {
    const client = new GitHubClient(fetchHttp, url, LOCAL_CODE_HOST_TOKEN);
    const link = await createRepositoryFromProject(client, 'gone-branch', '', project);
    const gone = { ...link, branch: 'gone' };
    const edited = { ...project, 'README.md': '# Changed\n' };
    await expect(pushProject(client, gone, edited, 'Change')).rejects.toThrow('Bad HTTP status code: 422');
  });

  it('refuses a second repository of the same name and a branch that is not moved forward', async () => {
    const client = new GitHubClient(fetchHttp, url, LOCAL_CODE_HOST_TOKEN);
    await client.createRepository('twice', '');
    await expect(client.createRepository('twice', '')).rejects.toThrow('Bad HTTP status code: 422');
    const ref = { owner: 'learner', repo: 'twice' };
    const head = await client.branchHead(ref, 'main');
    await client.createBranch(ref, 'feature', head);
    await expect(client.createBranch(ref, 'feature', head)).rejects.toThrow('Reference already exists');
  });
});
