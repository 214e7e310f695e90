import { formatRepoId, parseRepoId, type RepoId } from '../identifiers/repo-id.ts';
import { packageProblem, type PackageProblem } from './package-problems.ts';

/** Where a dependency comes from: built into the editor, a folder next to the project, or a repository. */
export type PackageSource =
  { kind: 'builtin'; id: string } | { kind: 'file'; path: string } | { kind: 'repository'; repo: RepoId };

/** A stable key: two dependencies with the same key are the same package at the same version. */
export function packageSourceKey(source: PackageSource): string {
  switch (source.kind) {
    case 'builtin':
      return `builtin:${source.id}`;
    case 'file':
      return `file:${source.path}`;
    case 'repository':
      return formatRepoId(source.repo).toLowerCase();
  }
}

/** Joins and normalises "/"-separated relative paths; leading ".." segments are kept. */
export function joinPath(base: string, relative: string): string {
  const out: string[] = [];
  for (const segment of `${base}/${relative}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out.join('/') || '.';
}

/**
 * Reads one dependency of pxt.json: "*" (built in), "file:<path>" (relative to the folder of the
 * dependent package `from`; the project itself when absent), or a repository id with its version
 * tag ("github:owner/repo#v1.2.0"). A repository has no folders of ours to point at: its "file:"
 * dependencies follow MakeCode's own layout (`"core": "file:../core"`) and mean the built-in
 * package of that name.
 */
export function parsePackageSource(
  id: string,
  spec: string,
  from: PackageSource | null = null,
): { source: PackageSource } | { problem: PackageProblem } {
  const text = spec.trim();
  if (text === '') return { problem: packageProblem('version-not-specified', [id], { id }) };
  if (text === '*') return { source: { kind: 'builtin', id } };
  if (text.startsWith('file:')) {
    const path = text.slice(5).trim();
    if (path === '') return { problem: packageProblem('invalid-package', [id], {}, `"${spec}" names no folder`) };
    if (from?.kind === 'repository') return { source: { kind: 'builtin', id } };
    return { source: { kind: 'file', path: joinPath(from?.kind === 'file' ? from.path : '.', path) } };
  }
  const repo = parseRepoId(text);
  if (!repo) {
    return {
      problem: packageProblem('cannot-load', [id], { name: id, ref: spec }, 'this is not a recognised reference'),
    };
  }
  if (!repo.tag) {
    return { problem: packageProblem('version-not-specified', [id], { id }, `add a version tag, e.g. ${text}#v1.0.0`) };
  }
  return { source: { kind: 'repository', repo } };
}
