// What the GitHub dialog does, apart from the screen: the token checked before it is kept, a new
// repository from the project, the changes since the last agreed commit, commit and push, and
// pull (clashes come back for the learner to settle; nothing changes in the project before that).
// Every call goes through our server's write proxy (/api/ghw): the page's CSP reaches no code host.
import {
  GitHubClient,
  GitHubError,
  type FileDiff,
  type GitHubLink,
  type PullResult,
  type PushResult,
  createRepositoryFromProject,
  localChanges,
  pullProject,
  pushProject,
} from '@blockyard/cloud';
import type { HttpClient } from '@blockyard/core';
import type { GitHubRepoLink, GitHubStorage } from './github-storage.ts';

export const GITHUB_PROXY_BASE = '/api/ghw';

/** What went wrong, in the words the dialog has a sentence for. */
export type GitHubProblem =
  'noToken' | 'tokenRefused' | 'notAllowed' | 'notFound' | 'nameTaken' | 'tooBig' | 'unreachable' | 'failed';

export class GitHubWorkflowError extends Error {
  constructor(
    readonly problem: GitHubProblem,
    /** The code host's own words, for Details. */
    readonly detail?: string,
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
  ) {}

  private client(token = this.storage.token()): GitHubClient {
    if (!token) throw new GitHubWorkflowError('noToken');
    return new GitHubClient(this.http, this.baseUrl, token);
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

  unlink(projectId: string): void {
    this.storage.removeLink(projectId);
  }
}
