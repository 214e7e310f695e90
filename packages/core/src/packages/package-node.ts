// One package of a project's dependency graph as the resolver fills it in (spec 001 §4). Its own
// file so that the graph and the checks over it (conflicts) both read it without a loop.

import type { ProjectConfig } from '../project/project-config.ts';
import type { ProjectFiles } from '../project/project-files.ts';
import type { RepoStatus } from '../identifiers/repo-status.ts';
import type { PackageProblem } from './package-problems.ts';
import type { PackageSource } from './package-source.ts';

/** Spec 001 §4: resolved, then downloaded, then loaded; or invalid. */
type PackageState = 'resolved' | 'downloaded' | 'loaded' | 'invalid';

export interface PackageNode {
  /** The dependency name ("this" for the project itself). */
  id: string;
  /** The version text as the first dependent wrote it ("*", "file:../x", "github:o/r#v1"). */
  spec: string;
  source: PackageSource | null;
  state: PackageState;
  config: ProjectConfig | null;
  files: ProjectFiles | null;
  problem: PackageProblem | null;
  /** Ids this package depends on, in pxt.json order. */
  dependencies: string[];
  /** Ids of the packages that depend on this one. */
  dependents: string[];
  repoStatus?: RepoStatus;
}
