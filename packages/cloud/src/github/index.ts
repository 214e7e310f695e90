export {
  type MarkerChoice,
  type ConflictPart,
  hasConflictMarkers,
  parseConflicts,
  resolveConflicts,
} from './conflict-markers.ts';
export {
  DIFF_CONTEXT,
  DIFF_MAX_LINES,
  DIFF_MAX_PATCH_LINES,
  type DiffLine,
  type FileDiff,
  TOO_MANY_DIFFERENCES,
  diffFile,
  diffProject,
} from './file-diff.ts';
export {
  FORK_POLL_MS,
  FORK_TIMEOUT_MS,
  GitHubClient,
  GitHubError,
  MAX_REPO_FILES,
  MAX_REPO_FILE_BYTES,
  type PullRequest,
  type Release,
  type RepoFiles,
  type RepoRef,
} from './github-client.ts';
export {
  type GitHubLink,
  type PullResult,
  type PushResult,
  createRepositoryFromProject,
  localChanges,
  pullProject,
  pushProject,
} from './github-project.ts';
export { type MergedFiles, OURS_LABEL, THEIRS_LABEL, mergeProjectFiles } from './three-way-merge.ts';
