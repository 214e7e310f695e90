// A project kept in a repository: which repository and branch, and the commit and files both
// sides last agreed on. From there: what this project changed (diffs before a commit), commit and
// push (refused when the branch moved on: pull first), and pull (each file merged three ways;
// clashes come back with conflict markers for the learner to settle per file).
import { type FileDiff, diffProject } from './file-diff.ts';
import { type GitHubClient, GitHubError, type RepoRef } from './github-client.ts';
import { mergeProjectFiles } from './three-way-merge.ts';

export interface GitHubLink extends RepoRef {
  branch: string;
  /** The last commit this project and the repository agreed on. */
  commit: string;
  /** The repository's files at that commit. */
  files: Record<string, string>;
}

export type PushResult = { kind: 'pushed'; link: GitHubLink } | { kind: 'behind' } | { kind: 'nothing' };

export interface PullResult {
  link: GitHubLink;
  /** The project's files after the pull (with conflict markers in `conflicts`). */
  files: Record<string, string>;
  conflicts: string[];
}

/** Files a repository keeps of a project: all of them (extensions' files are never saved). */
function projectFiles(files: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).filter(([path]) => !path.startsWith('pxt_modules/')));
}

/** A new repository holding the project, on the token's account (private unless asked). */
export async function createRepositoryFromProject(
  client: GitHubClient,
  name: string,
  description: string,
  files: Readonly<Record<string, string>>,
  options: { isPrivate?: boolean } = {},
): Promise<GitHubLink> {
  const made = await client.createRepository(name, description, options);
  const head = await client.branchHead(made, made.defaultBranch);
  const start = await client.readFiles(made, head);
  const link: GitHubLink = { ...made, branch: made.defaultBranch, commit: head, files: projectFiles(start.files) };
  const pushed = await pushProject(client, link, files, 'Create the project');
  return pushed.kind === 'pushed' ? pushed.link : link;
}

/** What this project changed since the last agreed commit, file by file. */
export function localChanges(link: GitHubLink, files: Readonly<Record<string, string>>): FileDiff[] {
  return diffProject(link.files, projectFiles(files));
}

/** Commits the project's changes and moves the branch; `behind` when the repository moved on. */
export async function pushProject(
  client: GitHubClient,
  link: GitHubLink,
  files: Readonly<Record<string, string>>,
  message: string,
): Promise<PushResult> {
  const ours = projectFiles(files);
  const changes: Record<string, string | null> = {};
  for (const diff of diffProject(link.files, ours)) changes[diff.path] = ours[diff.path] ?? null;
  if (Object.keys(changes).length === 0) return { kind: 'nothing' };
  try {
    const commit = await client.commitFiles(link, link.branch, link.commit, changes, message);
    return { kind: 'pushed', link: { ...link, commit, files: ours } };
  } catch (error) {
    // A 422 also means a bad tree entry or a branch that is gone: only a branch that really moved
    // on is "behind" (a pull helps); anything else is said as it is, or the learner would loop.
    if (error instanceof GitHubError && error.status === 422) {
      const head = await client.branchHead(link, link.branch).catch(() => undefined);
      if (head !== undefined && head !== link.commit) return { kind: 'behind' };
    }
    throw error;
  }
}

/** Brings the repository's changes in, merging them with this project's own. */
export async function pullProject(
  client: GitHubClient,
  link: GitHubLink,
  files: Readonly<Record<string, string>>,
): Promise<PullResult> {
  const head = await client.branchHead(link, link.branch);
  if (head === link.commit) return { link, files: { ...files }, conflicts: [] };
  const theirs = await client.readFiles(link, head);
  const merged = mergeProjectFiles(link.files, projectFiles(files), projectFiles(theirs.files));
  // The project's own extension files (pxt_modules/) are not the repository's business: kept.
  const extensions = Object.fromEntries(Object.entries(files).filter(([path]) => path.startsWith('pxt_modules/')));
  // The agreed files leave pxt_modules/ out on both sides, as pushes do, so extension files in a
  // repository never look removed here.
  return {
    link: { ...link, commit: head, files: projectFiles(theirs.files) },
    files: { ...extensions, ...merged.files },
    conflicts: merged.conflicts,
  };
}
