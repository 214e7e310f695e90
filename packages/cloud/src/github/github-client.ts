// The code host's REST API (spec 000 §7 "Repository host"), the calls GitHub projects need:
// the account, new repositories, reading a branch's files, and committing files (blobs, a tree on
// the last commit's, a commit, then the branch moved forward only). The same calls reach GitHub
// and the local code host; only `baseUrl` differs. Pure: the HttpClient and Clock are injected.
import { type Clock, type HttpClient, type HttpRequest, decodeBase64, decodeUtf8 } from '@blockyard/core';

/** Spec 000 §9: status codes that count as success. */
const SUCCESS = new Set([200, 201, 202, 204, 304]);
/** Spec 000 §9: fork polling every 1 s, given up after 5 minutes (spec 000 §8). */
export const FORK_POLL_MS = 1000;
export const FORK_TIMEOUT_MS = 5 * 60 * 1000;
/** Files a project repository may hold, and bytes per file, that a pull reads. */
export const MAX_REPO_FILES = 200;
export const MAX_REPO_FILE_BYTES = 1024 * 1024;

export class GitHubError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly hostMessage: string,
    message = `Bad HTTP status code: ${status} at ${url}; message: ${hostMessage}`,
  ) {
    super(message);
  }
}

export interface RepoRef {
  owner: string;
  repo: string;
}

/** A pull request as the dialog shows it. */
export interface PullRequest {
  number: number;
  title: string;
  /** open or closed; a closed one with `merged` set was merged. */
  state: 'open' | 'closed';
  merged: boolean;
  head: string;
  base: string;
}

/** A release: its tag and its title. */
export interface Release {
  tag: string;
  name: string;
}

export interface RepoFiles {
  /** The commit the files were read at. */
  commit: string;
  files: Record<string, string>;
}

export class GitHubClient {
  private readonly base: string;

  constructor(
    private readonly http: HttpClient,
    baseUrl: string,
    private readonly token: string,
    private readonly clock?: Clock,
  ) {
    this.base = baseUrl.replace(/\/$/, '');
  }

  private async call<T>(method: HttpRequest['method'], path: string, body?: unknown): Promise<T> {
    const url = `${this.base}/${path}`;
    const response = await this.http.request({
      method,
      url,
      headers: {
        authorization: `token ${this.token}`,
        accept: 'application/vnd.github+json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!SUCCESS.has(response.status)) {
      let message = text.slice(0, 200);
      try {
        const hostMessage = (JSON.parse(text) as { message?: unknown }).message;
        if (typeof hostMessage === 'string') message = hostMessage;
      } catch {
        // not JSON: the start of the text stands
      }
      throw new GitHubError(response.status, url, message);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  private slug({ owner, repo }: RepoRef): string {
    return `repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  }

  /** GET user: the token's account name. */
  async user(): Promise<string> {
    return (await this.call<{ login: string }>('GET', 'user')).login;
  }

  /**
   * POST user/repos: a new repository (with a first commit) on the token's account. Private unless
   * asked otherwise: a child's project may carry their name or school.
   */
  async createRepository(
    name: string,
    description: string,
    { isPrivate = true }: { isPrivate?: boolean } = {},
  ): Promise<RepoRef & { defaultBranch: string }> {
    const repo = await this.call<{ name: string; owner: { login: string }; default_branch: string }>(
      'POST',
      'user/repos',
      { name, description, private: isPrivate, auto_init: true },
    );
    return { owner: repo.owner.login, repo: repo.name, defaultBranch: repo.default_branch };
  }

  /** The commit a branch points to. */
  async branchHead(ref: RepoRef, branch: string): Promise<string> {
    const commits = await this.call<{ sha: string }[]>(
      'GET',
      `${this.slug(ref)}/commits?sha=${encodeURIComponent(branch)}&per_page=1`,
    );
    const head = commits[0];
    if (!head) throw new GitHubError(404, `${this.slug(ref)}/commits`, 'Branch has no commits');
    return head.sha;
  }

  /** The newest `count` commits of a branch (at most 99), newest first. */
  async recentCommits(ref: RepoRef, branch: string, count = 50): Promise<string[]> {
    const commits = await this.call<{ sha: string }[]>(
      'GET',
      `${this.slug(ref)}/commits?sha=${encodeURIComponent(branch)}&per_page=${Math.min(99, Math.max(1, count))}`,
    );
    return commits.map((commit) => commit.sha);
  }

  /** Every text file of a commit (at most MAX_REPO_FILES files of MAX_REPO_FILE_BYTES). */
  async readFiles(ref: RepoRef, commit: string): Promise<RepoFiles> {
    const tree = await this.call<{ tree: { path: string; type: string; size?: number }[] }>(
      'GET',
      `${this.slug(ref)}/git/trees/${encodeURIComponent(commit)}?recursive=1`,
    );
    const blobs = tree.tree.filter((item) => item.type === 'blob');
    if (blobs.length > MAX_REPO_FILES || blobs.some((item) => (item.size ?? 0) > MAX_REPO_FILE_BYTES)) {
      throw new GitHubError(413, `${this.slug(ref)}/git/trees`, 'The repository is too big to open');
    }
    const files: Record<string, string> = {};
    for (const item of blobs) {
      const path = item.path.split('/').map(encodeURIComponent).join('/');
      const file = await this.call<{ content: string }>(
        'GET',
        `${this.slug(ref)}/contents/${path}?ref=${encodeURIComponent(commit)}`,
      );
      files[item.path] = decodeBase64Utf8(file.content);
    }
    return { commit, files };
  }

  /**
   * Commits `changes` (text by path, null to remove) on top of `parent` and moves `branch` to the
   * new commit, only forward: a 422 means the branch moved on meanwhile (pull first).
   */
  async commitFiles(
    ref: RepoRef,
    branch: string,
    parent: string,
    changes: Readonly<Record<string, string | null>>,
    message: string,
  ): Promise<string> {
    const parentCommit = await this.call<{ tree: { sha: string } }>(
      'GET',
      `${this.slug(ref)}/git/commits/${encodeURIComponent(parent)}`,
    );
    const tree: { path: string; mode: string; type: string; sha: string | null }[] = [];
    for (const [path, text] of Object.entries(changes)) {
      const sha =
        text === null
          ? null
          : (
              await this.call<{ sha: string }>('POST', `${this.slug(ref)}/git/blobs`, {
                content: text,
                encoding: 'utf-8',
              })
            ).sha;
      tree.push({ path, mode: '100644', type: 'blob', sha });
    }
    const newTree = await this.call<{ sha: string }>('POST', `${this.slug(ref)}/git/trees`, {
      base_tree: parentCommit.tree.sha,
      tree,
    });
    const commit = await this.call<{ sha: string }>('POST', `${this.slug(ref)}/git/commits`, {
      message,
      tree: newTree.sha,
      parents: [parent],
    });
    await this.call('PATCH', `${this.slug(ref)}/git/refs/heads/${encodeURIComponent(branch)}`, {
      sha: commit.sha,
      force: false,
    });
    return commit.sha;
  }

  /** GET git/refs/heads: every branch, by name (a repository's first 100 on GitHub). */
  async branches(ref: RepoRef): Promise<string[]> {
    const refs = await this.call<{ ref: string }[]>('GET', `${this.slug(ref)}/git/refs/heads`);
    return refs.map((item) => item.ref.replace(/^refs\/heads\//, '')).sort();
  }

  /** GET pulls: the repository's pull requests, open and closed, newest first. */
  async pullRequests(ref: RepoRef): Promise<PullRequest[]> {
    const pulls = await this.call<
      {
        number: number;
        title: string;
        state: string;
        merged_at?: string | null;
        head: { ref: string };
        base: { ref: string };
      }[]
    >('GET', `${this.slug(ref)}/pulls?state=all`);
    return pulls
      .map((pull) => ({
        number: pull.number,
        title: pull.title,
        state: pull.state === 'closed' ? ('closed' as const) : ('open' as const),
        merged: typeof pull.merged_at === 'string',
        head: pull.head.ref,
        base: pull.base.ref,
      }))
      .sort((a, b) => b.number - a.number);
  }

  /** GET releases: the repository's releases, newest first. */
  async releases(ref: RepoRef): Promise<Release[]> {
    const releases = await this.call<{ id: number; tag_name: string; name?: string | null }[]>(
      'GET',
      `${this.slug(ref)}/releases`,
    );
    return [...releases]
      .sort((a, b) => b.id - a.id)
      .map((release) => ({ tag: release.tag_name, name: release.name || release.tag_name }));
  }

  /** POST git/refs: a new branch at a commit. */
  async createBranch(ref: RepoRef, branch: string, commit: string): Promise<void> {
    await this.call('POST', `${this.slug(ref)}/git/refs`, { ref: `refs/heads/${branch}`, sha: commit });
  }

  /** POST pulls: a pull request from branch `head` into `base`; answers its number. */
  async createPullRequest(
    ref: RepoRef,
    pull: { title: string; body: string; head: string; base: string },
  ): Promise<number> {
    const answer = await this.call<{ number: number }>('POST', `${this.slug(ref)}/pulls`, {
      ...pull,
      maintainer_can_modify: true,
    });
    return answer.number;
  }

  /** POST releases: a release (and its tag) at `target`, a branch or commit. */
  async createRelease(ref: RepoRef, tag: string, target: string, name = tag): Promise<void> {
    await this.call('POST', `${this.slug(ref)}/releases`, {
      tag_name: tag,
      target_commitish: target,
      name,
      draft: false,
      prerelease: false,
    });
  }

  /** POST merges: 201 merged, 204 nothing to merge; 409 (a conflict) and others fail. */
  async merge(ref: RepoRef, base: string, head: string, message: string): Promise<'merged' | 'upToDate'> {
    try {
      const answer = await this.call<unknown>('POST', `${this.slug(ref)}/merges`, {
        base,
        head,
        commit_message: message,
      });
      return answer === undefined ? 'upToDate' : 'merged';
    } catch (error) {
      if (error instanceof GitHubError) {
        throw new GitHubError(
          error.status,
          error.url,
          error.hostMessage,
          `Cannot merge in the repository host/${ref.owner}/${ref.repo}; code: ${error.status}`,
        );
      }
      throw error;
    }
  }

  /**
   * POST forks, then waits (polling every second) until the fork answers, for at most 5 minutes;
   * `onWait` hears each wait's milliseconds so far (for a progress line).
   */
  async fork(ref: RepoRef, onWait?: (waitedMs: number) => void): Promise<RepoRef> {
    const clock = this.clock;
    if (!clock) throw new Error('fork needs a clock');
    const fork = await this.call<{ name: string; owner: { login: string } }>('POST', `${this.slug(ref)}/forks`, {});
    const made: RepoRef = { owner: fork.owner.login, repo: fork.name };
    const started = clock.now();
    for (;;) {
      try {
        await this.call('GET', this.slug(made));
        return made;
      } catch (error) {
        if (!(error instanceof GitHubError) || error.status !== 404) throw error;
      }
      const waited = clock.now() - started;
      if (waited >= FORK_TIMEOUT_MS) throw new Error('Timeout waiting for fork');
      onWait?.(waited);
      await new Promise<void>((resolve) => clock.setTimeout(resolve, FORK_POLL_MS));
    }
  }
}

function decodeBase64Utf8(base64: string): string {
  const text = decodeUtf8(decodeBase64(base64.replace(/\s+/g, '')) ?? new Uint8Array());
  if (text === null) throw new GitHubError(415, 'contents', 'A file is not text');
  return text;
}
