import { checkTargetVersion, listedFiles } from '../project/config-validation.ts';
import { FormatError } from '../formats/format-error.ts';
import { repoStatus, type RepoPolicy } from '../identifiers/repo-status.ts';
import { parseProjectConfig } from '../project/project-config.ts';
import { PROJECT_FILE, type ProjectFiles } from '../project/project-files.ts';
import { findPackageConflicts } from './package-conflicts.ts';
import type { PackageNode } from './package-node.ts';
import type { PackageFetcher } from './package-fetcher.ts';
import { packageProblem, type PackageProblem } from './package-problems.ts';
import { packageSourceKey, parsePackageSource } from './package-source.ts';

export interface PackageGraph {
  root: PackageNode;
  /** Every package by id, the root ("this") included. */
  packages: ReadonlyMap<string, PackageNode>;
  /** Dependencies before their dependents; the root last. Invalid packages are left out. */
  order: readonly string[];
  conflicts: readonly PackageProblem[];
  /** No invalid package and no conflict. */
  ok: boolean;
}

export interface ResolveOptions {
  fetcher: PackageFetcher;
  /** Approved and banned organisations and repositories; banned repositories are never fetched. */
  policy?: RepoPolicy;
  runningTargetVersion?: string;
  /** Also follow the root's testDependencies. */
  includeTestDependencies?: boolean;
  /** Telemetry hook ("extension.banned" when a banned repository is refused). */
  onTick?: (event: string, data: Readonly<Record<string, string>>) => void;
}

export const ROOT_ID = 'this';

function configProblem(error: unknown, id: string): PackageProblem {
  if (error instanceof FormatError) {
    const problem: PackageProblem = { code: error.code, message: error.message, packages: [id] };
    if (error.detail !== undefined) problem.detail = error.detail;
    return problem;
  }
  return packageProblem('invalid-package', [id], {}, error instanceof Error ? error.message : String(error));
}

/** Marks `node` loaded or invalid from its files. */
function load(node: PackageNode, files: ProjectFiles, runningTargetVersion: string | undefined): void {
  node.files = files;
  node.state = 'downloaded';
  const configText = files[PROJECT_FILE.config];
  if (configText === undefined) {
    node.state = 'invalid';
    node.problem = packageProblem('config-missing', [node.id], { id: node.id });
    return;
  }
  try {
    const config = parseProjectConfig(configText, node.id);
    checkTargetVersion(config, runningTargetVersion);
    node.config = config;
  } catch (error) {
    node.state = 'invalid';
    node.problem = configProblem(error, node.id);
    return;
  }
  if (node.id !== ROOT_ID) {
    const missing = listedFiles(node.config).find((file) => !Object.hasOwn(files, file));
    if (missing !== undefined) {
      node.state = 'invalid';
      node.problem = packageProblem('file-missing', [node.id], { file: missing });
      return;
    }
  }
  node.state = 'loaded';
}

/**
 * Resolves the project's dependencies into package states (spec 001 §4-§5): each dependency is
 * parsed, fetched, and its pxt.json validated, level by level; a package named twice with the same
 * version is shared (diamonds), with another version it is a conflict. Then core-extension and
 * yotta-setting conflicts are looked for. Never throws for bad packages: problems are data.
 */
export async function resolvePackageGraph(rootFiles: ProjectFiles, options: ResolveOptions): Promise<PackageGraph> {
  const packages = new Map<string, PackageNode>();
  const conflicts: PackageProblem[] = [];
  const root: PackageNode = {
    id: ROOT_ID,
    spec: '',
    source: null,
    state: 'resolved',
    config: null,
    files: null,
    problem: null,
    dependencies: [],
    dependents: [],
  };
  packages.set(ROOT_ID, root);
  load(root, rootFiles, options.runningTargetVersion);

  let level: PackageNode[] = [root];
  while (level.length > 0) {
    const fresh: PackageNode[] = [];
    for (const parent of level) {
      if (parent.state !== 'loaded' || !parent.config) continue;
      const deps = { ...parent.config.dependencies };
      if (parent === root && options.includeTestDependencies) Object.assign(deps, parent.config.testDependencies);
      for (const [id, spec] of Object.entries(deps)) {
        if (!parent.dependencies.includes(id)) parent.dependencies.push(id);
        const parsed = parsePackageSource(id, spec, parent.source);
        const existing = packages.get(id);
        if (existing) {
          if (!existing.dependents.includes(parent.id)) existing.dependents.push(parent.id);
          const builtin = existing.source?.kind === 'builtin';
          const sameVersion =
            'source' in parsed && existing.source !== null
              ? packageSourceKey(parsed.source) === packageSourceKey(existing.source)
              : existing.spec.trim() === spec.trim();
          if (!sameVersion && id !== ROOT_ID) {
            conflicts.push(
              packageProblem('extension-version-mismatch', [id], {}, `${id}: "${existing.spec}" and "${spec}"`),
            );
            // A built-in package stays loaded for the project and the other extensions: the
            // conflict names the extension that asked for something else.
            if (existing.state !== 'invalid' && !builtin) {
              existing.state = 'invalid';
              existing.problem = packageProblem('version-mismatch', [id], {}, `"${existing.spec}" and "${spec}"`);
            }
          }
          continue;
        }
        const node: PackageNode = {
          id,
          spec,
          source: 'source' in parsed ? parsed.source : null,
          state: 'source' in parsed ? 'resolved' : 'invalid',
          config: null,
          files: null,
          problem: 'problem' in parsed ? parsed.problem : null,
          dependencies: [],
          dependents: [parent.id],
        };
        const source = node.source;
        if (source?.kind === 'repository') {
          node.repoStatus = repoStatus(source.repo, options.policy ?? {});
          if (node.repoStatus === 'Banned') {
            node.state = 'invalid';
            node.problem = packageProblem(
              'cannot-load',
              [id],
              { name: id, ref: spec },
              `the repository ${source.repo.slug} is banned`,
            );
            options.onTick?.('extension.banned', { repo: source.repo.slug });
          }
        }
        packages.set(id, node);
        if (node.state === 'resolved') fresh.push(node);
      }
    }
    const fetched = await Promise.all(
      fresh.map(async (node) => {
        try {
          return { node, files: await options.fetcher.fetch(node.source!) };
        } catch (error) {
          return { node, files: null, error };
        }
      }),
    );
    for (const { node, files, error } of fetched as {
      node: PackageNode;
      files: ProjectFiles | null;
      error?: unknown;
    }[]) {
      if (node.state === 'invalid') continue; // a version mismatch found while fetching
      if (!files) {
        node.state = 'invalid';
        node.problem = packageProblem(
          'cannot-load',
          [node.id],
          { name: node.id, ref: node.spec },
          error instanceof Error ? error.message : 'no such package or version',
        );
        continue;
      }
      load(node, files, options.runningTargetVersion);
    }
    level = fresh;
  }

  conflicts.push(...findPackageConflicts([...packages.values()].filter((p) => p.state === 'loaded')));
  const order = dependencyOrder(packages);
  const ok = conflicts.length === 0 && [...packages.values()].every((p) => p.state === 'loaded');
  return { root, packages, order, conflicts, ok };
}

function dependencyOrder(packages: ReadonlyMap<string, PackageNode>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const node = packages.get(id);
    if (!node || node.state !== 'loaded') return;
    for (const dep of node.dependencies) visit(dep);
    order.push(id);
  };
  visit(ROOT_ID);
  return order;
}
