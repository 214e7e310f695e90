// Opening a project kept in a code-host repository (issue 17 item 4, spec 000 §6-§7): the same
// path as an extension — our server's /api/gh proxy with its size caps (100 files, 512 KB each,
// 4 MB in all), banned repositories refused before any request — then the files are checked as a
// project: a pxt.json that reads, the files it lists present, and a program (main.blocks,
// main.ts or main.py). A repository is a stranger's: every refusal is a reason with the exact
// words under `detail`, and nothing is created unless the whole project checks out.

import {
  FormatError,
  GhProxyError,
  newestTag,
  parseProjectConfig,
  parseRepoId,
  repoStatus,
  TARGET_CONFIG,
  type ProjectFiles,
  type RepoId,
} from '@blockyard/core';
import { fitProjectName, type ImportedProject } from '@blockyard/projects';
import type { ExtensionHost } from '../../extensions/project-extensions.ts';

export type RepositoryImportReason =
  'notRecognised' | 'banned' | 'notFound' | 'tooBig' | 'notAProject' | 'unreachable' | 'noServer';

export class RepositoryImportError extends Error {
  constructor(
    readonly reason: RepositoryImportReason,
    /** The repository as the learner named it (owner/project), to say it back. */
    readonly ref: string,
    readonly detail?: string,
  ) {
    super(`${reason}: ${ref}${detail ? ` (${detail})` : ''}`);
    this.name = 'RepositoryImportError';
  }
}

export interface RepositoryProject extends ImportedProject {
  /** Where it came from, at the version read ("github:owner/project#v1.0.0"). */
  readonly source: string;
}

/** The program files a project must have one of. */
const PROGRAM_FILES = ['main.blocks', 'main.ts', 'main.py'];

function fromHost(error: unknown, ref: string): RepositoryImportError {
  if (error instanceof RepositoryImportError) return error;
  if (error instanceof GhProxyError) return new RepositoryImportError(error.reason, ref, error.message);
  return new RepositoryImportError('unreachable', ref, error instanceof Error ? error.message : String(error));
}

/**
 * Which version to read: the tag named, else the newest release, else the default branch
 * (a project, unlike an extension, need not be released).
 */
async function versionOf(repo: RepoId, host: ExtensionHost): Promise<string> {
  if (repo.tag) return repo.tag;
  const refs = await host.refs(repo.owner, repo.project);
  if (!refs) throw new RepositoryImportError('notFound', repo.fullName);
  const tag = newestTag(refs);
  if (tag) return tag;
  const heads = Object.keys(refs)
    .filter((ref) => ref.startsWith('refs/heads/'))
    .map((ref) => ref.slice('refs/heads/'.length));
  const branch = ['main', 'master'].find((name) => heads.includes(name)) ?? heads.sort()[0];
  if (!branch) throw new RepositoryImportError('notFound', repo.fullName, 'the repository has no branch');
  return branch;
}

/** Checks files from a repository as a project; the project to create, or why not. */
export function checkRepositoryProject(files: ProjectFiles, ref: string): ImportedProject {
  const configText = files['pxt.json'];
  if (configText === undefined) {
    throw new RepositoryImportError('notAProject', ref, 'there is no pxt.json at the top of the repository');
  }
  let config;
  try {
    config = parseProjectConfig(configText, ref);
  } catch (error) {
    throw new RepositoryImportError(
      'notAProject',
      ref,
      error instanceof FormatError || error instanceof Error ? error.message : String(error),
    );
  }
  const missing = config.files.filter((name) => !Object.hasOwn(files, name));
  if (missing.length > 0) {
    throw new RepositoryImportError(
      'notAProject',
      ref,
      `pxt.json lists files that are not there: ${missing.join(', ')}`,
    );
  }
  if (!PROGRAM_FILES.some((name) => Object.hasOwn(files, name))) {
    throw new RepositoryImportError('notAProject', ref, 'it has no main.blocks, main.ts or main.py');
  }
  const kept: Record<string, string> = { 'pxt.json': configText };
  for (const name of config.files) kept[name] = files[name]!;
  return { name: fitProjectName(config.name, ref.split('/').pop() ?? ref), files: kept };
}

/** Reads the project at a repository id or address, through the host (our server's proxy). */
export async function importFromRepository(input: string, host: ExtensionHost | undefined): Promise<RepositoryProject> {
  const text = input.trim();
  const repo = parseRepoId(text);
  if (!repo) throw new RepositoryImportError('notRecognised', text);
  if (repoStatus(repo, TARGET_CONFIG.packages) === 'Banned') throw new RepositoryImportError('banned', repo.fullName);
  if (!host) throw new RepositoryImportError('noServer', repo.fullName);
  let tag: string;
  let files: ProjectFiles | null;
  try {
    tag = await versionOf(repo, host);
    files = await host.fetch({ kind: 'repository', repo: { ...repo, tag } });
  } catch (error) {
    throw fromHost(error, repo.fullName);
  }
  if (!files) throw new RepositoryImportError('notFound', repo.fullName);
  const project = checkRepositoryProject(files, repo.fullName);
  return { ...project, source: `github:${repo.fullName}#${tag}` };
}
