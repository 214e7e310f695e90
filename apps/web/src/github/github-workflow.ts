// What the GitHub dialog does, apart from the screen: the token checked before it is kept, a new
// repository from the project, the changes since the last agreed commit, commit and push, and
// pull (clashes come back for the learner to settle; nothing changes in the project before that).
// Every call goes through our server's write proxy (/api/ghw): the page's CSP reaches no code host.
import {
  GitHubClient,
  GitHubError,
  type FileDiff,
  type GitHubLink,
  type PullRequest,
  type Release,
  type PullResult,
  type PushResult,
  createRepositoryFromProject,
  localChanges,
  pullProject,
  pushProject,
} from '@blockyard/cloud';
import type { Clock, HttpClient } from '@blockyard/core';
import { SystemClock } from '@blockyard/platform';
import type { GitHubRepoLink, GitHubStorage } from './github-storage.ts';

export const GITHUB_PROXY_BASE = '/api/ghw';

/** What went wrong, in the words the dialog has a sentence for. */
export type GitHubProblem =
  | 'noToken'
  | 'tokenRefused'
  | 'notAllowed'
  | 'notFound'
  | 'nameTaken'
  | 'nameUsed'
  | 'pullRefused'
  | 'mergeClash'
  | 'forkTimeout'
  | 'tooBig'
  | 'unreachable'
  | 'failed';

/** Branch and tag names the dialog offers: letters, digits, - _ . and / (no "..", no leading .). */
const BRANCH_NAME = /^(?!.*\.\.)(?!.*\/\.)(?![./])[A-Za-z0-9_.\-/]{1,100}(?<![/.])$/;
const TAG_NAME = /^(?!.*\.\.)(?!\.)[A-Za-z0-9_.-]{1,100}$/;

export const isBranchName = (name: string) => BRANCH_NAME.test(name);
export const isTagName = (name: string) => TAG_NAME.test(name);

export class GitHubWorkflowError extends Error {
  constructor(
    readonly problem: GitHubProblem,
    /** The code host's own words, for Details. */
    readonly detail?: string,
    /** Filled into the dialog's sentence ({{repo}}, {{status}}). */
    readonly values?: Readonly<Record<string, string | number>>,
  ) {
    super(problem);
  }
}

/** The problem a failed call stands for (`creating`: a 422 then means the name is taken). */
export function problemOf(error: unknown, creating = false): GitHubWorkflowError {
  if (error instanceof GitHubWorkflowError) return error;
  if (error instanceof GitHubError) {
    const detail = error.hostMessage;
    if (error.status === 401) return new GitHubWorkflowError('tokenRefused', detail);
    if (error.status === 403) return new GitHubWorkflowError('notAllowed', detail);
    if (error.status === 404) return new GitHubWorkflowError('notFound', detail);
    if (error.status === 413) return new GitHubWorkflowError('tooBig', detail);
    if (error.status === 422 && creating) return new GitHubWorkflowError('nameTaken', detail);
    if (error.status >= 500) return new GitHubWorkflowError('unreachable', detail);
    return new GitHubWorkflowError('failed', error.message);
  }
  // fetch itself failed: offline, or no server behind the page.
  return new GitHubWorkflowError('unreachable', error instanceof Error ? error.message : undefined);
}

/** A repository name from a project name: GitHub's letters, digits, - _ and . only. */
export function repositoryName(projectName: string): string {
  const name = projectName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return name === '' ? 'blockyard-project' : name;
}

export class GitHubWorkflow {
  constructor(
    private readonly http: HttpClient,
    readonly storage: GitHubStorage,
    private readonly baseUrl = GITHUB_PROXY_BASE,
    /** Paces fork polling (spec 000 §9: every 1 s). */
    private readonly clock: Clock = new SystemClock(),
  ) {}

  private client(token = this.storage.token()): GitHubClient {
    if (!token) throw new GitHubWorkflowError('noToken');
    return new GitHubClient(this.http, this.baseUrl, token, this.clock);
  }

  /** Runs a call, its failure said as a problem; a 422 there means `taken` (if given). */
  private async ask<T>(work: (client: GitHubClient) => Promise<T>, taken?: GitHubProblem): Promise<T> {
    try {
      return await work(this.client());
    } catch (error) {
      if (taken && error instanceof GitHubError && error.status === 422)
        throw new GitHubWorkflowError(taken, error.hostMessage);
      throw problemOf(error);
    }
  }

  /** Checks the token with GitHub and keeps it only if GitHub knows it; the account's name. */
  async connect(token: string, remember: boolean): Promise<string> {
    let login: string;
    try {
      login = await this.client(token).user();
    } catch (error) {
      throw problemOf(error);
    }
    this.storage.setToken(token, remember);
    return login;
  }

  /** The account the kept token belongs to. */
  async account(): Promise<string> {
    try {
      return await this.client().user();
    } catch (error) {
      throw problemOf(error);
    }
  }

  /** A new repository (private unless asked otherwise) holding the project, linked to it. */
  async create(
    projectId: string,
    name: string,
    description: string,
    files: Readonly<Record<string, string>>,
    isPrivate = true,
  ): Promise<GitHubLink> {
    try {
      const link = await createRepositoryFromProject(this.client(), name, description, files, { isPrivate });
      this.storage.setLink(projectId, link);
      return link;
    } catch (error) {
      throw problemOf(error, true);
    }
  }

  /** The project's link with the repository's files at the agreed commit, or null if unlinked. */
  async open(projectId: string): Promise<GitHubLink | null> {
    const link = this.storage.link(projectId);
    if (!link) return null;
    try {
      const { files } = await this.client().readFiles(link, link.commit);
      const kept = Object.fromEntries(Object.entries(files).filter(([path]) => !path.startsWith('pxt_modules/')));
      return { ...link, files: kept };
    } catch (error) {
      throw problemOf(error);
    }
  }

  changes(link: GitHubLink, files: Readonly<Record<string, string>>): FileDiff[] {
    return localChanges(link, files);
  }

  async push(
    projectId: string,
    link: GitHubLink,
    files: Readonly<Record<string, string>>,
    message: string,
  ): Promise<PushResult> {
    try {
      const result = await pushProject(this.client(), link, files, message);
      if (result.kind === 'pushed') this.storage.setLink(projectId, result.link);
      return result;
    } catch (error) {
      throw problemOf(error);
    }
  }

  /** The repository's changes merged with the project's; the link is kept only once settled. */
  async pull(link: GitHubLink, files: Readonly<Record<string, string>>): Promise<PullResult> {
    try {
      return await pullProject(this.client(), link, files);
    } catch (error) {
      throw problemOf(error);
    }
  }

  /** After a pull is taken into the project (every clash settled). */
  agree(projectId: string, link: GitHubRepoLink): void {
    this.storage.setLink(projectId, link);
  }

  /** The repository's branches, by name. */
  branches(link: GitHubRepoLink): Promise<string[]> {
    return this.ask((client) => client.branches(link));
  }

  /** A new branch at the agreed commit; the project now saves to it (its changes stay unsaved). */
  async createBranch(projectId: string, link: GitHubLink, branch: string): Promise<GitHubLink> {
    if (!isBranchName(branch)) throw new GitHubWorkflowError('nameUsed');
    await this.ask((client) => client.createBranch(link, branch, link.commit), 'nameUsed');
    const moved = { ...link, branch };
    this.storage.setLink(projectId, moved);
    return moved;
  }

  /** Another branch's files and newest commit; the caller takes the files into the project. */
  async switchBranch(projectId: string, link: GitHubLink, branch: string): Promise<GitHubLink> {
    const read = await this.ask(async (client) => client.readFiles(link, await client.branchHead(link, branch)));
    const files = Object.fromEntries(Object.entries(read.files).filter(([path]) => !path.startsWith('pxt_modules/')));
    const moved: GitHubLink = { ...link, branch, commit: read.commit, files };
    this.storage.setLink(projectId, moved);
    return moved;
  }

  /**
   * Pull requests, newest first. An open one whose branch is already in its target counts as
   * merged: a merge through the merges call (spec 000 §7) does not always close it.
   */
  pullRequests(link: GitHubRepoLink): Promise<PullRequest[]> {
    return this.ask(async (client) => {
      const pulls = await client.pullRequests(link);
      const histories = new Map<string, Promise<string[]>>();
      const history = (branch: string) => {
        if (!histories.has(branch))
          histories.set(
            branch,
            client.recentCommits(link, branch).catch(() => []),
          );
        return histories.get(branch)!;
      };
      return Promise.all(
        pulls.map(async (pull) => {
          if (pull.state !== 'open') return pull;
          const head = await client.branchHead(link, pull.head).catch(() => undefined);
          return head && (await history(pull.base)).includes(head) ? { ...pull, merged: true } : pull;
        }),
      );
    });
  }

  /** Asks to bring branch `head`'s commits into `base`; answers the pull request's number. */
  openPullRequest(link: GitHubRepoLink, pull: { title: string; body: string; head: string; base: string }) {
    return this.ask((client) => client.createPullRequest(link, pull), 'pullRefused');
  }

  /** Merges a pull request's branch into its target with a merge commit (done already: fine too). */
  async merge(link: GitHubRepoLink, pull: PullRequest): Promise<void> {
    try {
      await this.client().merge(link, pull.base, pull.head, `Merge pull request #${pull.number}: ${pull.title}`);
    } catch (error) {
      if (error instanceof GitHubError && error.status === 409)
        throw new GitHubWorkflowError('mergeClash', error.hostMessage, {
          repo: `${link.owner}/${link.repo}`,
          status: error.status,
        });
      throw problemOf(error);
    }
  }

  releases(link: GitHubRepoLink): Promise<Release[]> {
    return this.ask((client) => client.releases(link));
  }

  /** A release named `title`, tagging the newest commit of the project's branch. */
  async createRelease(link: GitHubRepoLink, tag: string, title: string): Promise<void> {
    if (!isTagName(tag)) throw new GitHubWorkflowError('nameUsed');
    await this.ask((client) => client.createRelease(link, tag, link.branch, title || tag), 'nameUsed');
  }

  /**
   * The learner's own copy of the linked repository (for one they may not write to), polled
   * until it answers; the project then saves to the copy. `onWait` hears the seconds waited.
   */
  async fork(projectId: string, link: GitHubLink, onWait?: (waitedMs: number) => void): Promise<GitHubLink> {
    let made: { owner: string; repo: string };
    try {
      made = await this.client().fork(link, onWait);
    } catch (error) {
      if (error instanceof Error && error.message === 'Timeout waiting for fork')
        throw new GitHubWorkflowError('forkTimeout', error.message);
      throw problemOf(error);
    }
    const moved: GitHubLink = { ...link, owner: made.owner, repo: made.repo };
    this.storage.setLink(projectId, moved);
    return moved;
  }

  unlink(projectId: string): void {
    this.storage.removeLink(projectId);
  }
}
