// Where the learner's GitHub token and each project's repository link are kept. The token stays in
// this browser only: for this tab (sessionStorage) unless the learner asks to remember it on this
// computer (localStorage). It is never put in a project, synced to the account, or logged, and
// "Remove token" forgets it in both places. A link names the repository, branch and the last
// commit the project and the repository agreed on; the files at that commit are read back from
// GitHub when needed, so no second copy of the project is kept here.
import type { KeyValueStore } from '@blockyard/core';

const TOKEN_KEY = 'blockyard.github.token';
const LINK_PREFIX = 'blockyard.github.link.';
/** GitHub tokens are letters, digits and _ (ghp_…, github_pat_…); the local code host's has - too. */
const TOKEN_PATTERN = /^[A-Za-z0-9_.-]{1,255}$/;

export interface GitHubRepoLink {
  owner: string;
  repo: string;
  branch: string;
  commit: string;
}

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const BRANCH = /^[A-Za-z0-9_.\-/]{1,200}$/;
const COMMIT = /^[0-9a-f]{40}$/;

/** A stored link, if it still reads as one (storage is the learner's to edit). */
function readLink(value: unknown): GitHubRepoLink | null {
  if (typeof value !== 'object' || value === null) return null;
  const { owner, repo, branch, commit } = value as Record<string, unknown>;
  if (typeof owner !== 'string' || typeof repo !== 'string' || typeof branch !== 'string') return null;
  if (typeof commit !== 'string' || !NAME.test(owner) || !NAME.test(repo)) return null;
  return BRANCH.test(branch) && COMMIT.test(commit) ? { owner, repo, branch, commit } : null;
}

/** A token as typed or pasted: trimmed, or null when it cannot be a token. */
export function cleanToken(input: string): string | null {
  const token = input.trim();
  return TOKEN_PATTERN.test(token) ? token : null;
}

export class GitHubStorage {
  constructor(
    /** Kept across visits: the remembered token and the projects' links. */
    private readonly remembered: KeyValueStore,
    /** This tab only. */
    private readonly session: KeyValueStore,
  ) {}

  token(): string | null {
    return this.session.get(TOKEN_KEY) ?? this.remembered.get(TOKEN_KEY);
  }

  /** Whether the token is kept on this computer (not only for this tab). */
  remembersToken(): boolean {
    return this.remembered.get(TOKEN_KEY) !== null;
  }

  setToken(token: string, remember: boolean): void {
    this.removeToken();
    (remember ? this.remembered : this.session).set(TOKEN_KEY, token);
  }

  removeToken(): void {
    this.session.remove(TOKEN_KEY);
    this.remembered.remove(TOKEN_KEY);
  }

  link(projectId: string): GitHubRepoLink | null {
    const text = this.remembered.get(LINK_PREFIX + projectId);
    if (text === null) return null;
    try {
      return readLink(JSON.parse(text));
    } catch {
      return null;
    }
  }

  setLink(projectId: string, link: GitHubRepoLink): void {
    const { owner, repo, branch, commit } = link;
    this.remembered.set(LINK_PREFIX + projectId, JSON.stringify({ owner, repo, branch, commit }));
  }

  removeLink(projectId: string): void {
    this.remembered.remove(LINK_PREFIX + projectId);
  }
}
