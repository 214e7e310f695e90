import type { ProjectFiles } from '../project/project-files.ts';
import { packageSourceKey, type PackageSource } from './package-source.ts';
import { parseRepoId } from '../identifiers/repo-id.ts';

/**
 * Gets a package's files. The web app answers from the bundled libraries and the repository host,
 * the CLI from disk, tests from memory. Returns null when the source has no such package or version;
 * throwing means the source could not be reached.
 */
export interface PackageFetcher {
  fetch(source: PackageSource): Promise<ProjectFiles | null>;
}

/** The in-memory PackageFetcher: packages are registered up front; every request is recorded. */
export class MemoryPackageFetcher implements PackageFetcher {
  private readonly packages = new Map<string, ProjectFiles>();
  /** Keys of every fetch, in order (see packageSourceKey). */
  readonly requests: string[] = [];

  addBuiltin(id: string, files: ProjectFiles): this {
    this.packages.set(packageSourceKey({ kind: 'builtin', id }), files);
    return this;
  }

  addFile(path: string, files: ProjectFiles): this {
    this.packages.set(packageSourceKey({ kind: 'file', path }), files);
    return this;
  }

  /** `ref` is a repository id with its tag, e.g. "github:owner/repo#v1.0.0". */
  addRepository(ref: string, files: ProjectFiles): this {
    const repo = parseRepoId(ref);
    if (!repo?.tag) throw new Error(`MemoryPackageFetcher.addRepository needs a repository id with a tag: ${ref}`);
    this.packages.set(packageSourceKey({ kind: 'repository', repo }), files);
    return this;
  }

  fetch(source: PackageSource): Promise<ProjectFiles | null> {
    const key = packageSourceKey(source);
    this.requests.push(key);
    return Promise.resolve(this.packages.get(key) ?? null);
  }
}
