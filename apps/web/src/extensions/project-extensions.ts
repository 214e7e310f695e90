// A project's extensions in the editor: which ones pxt.json names (our own built-in ones and
// code-host ones, through our server's /api/gh proxy), their TypeScript for the compiler
// (`pxt_modules/<id>/<file>.ts`, never saved in the project), and adding or removing one, which
// only ever changes pxt.json's `dependencies`. Failures are data (ExtensionError reasons), shown
// by the dialog in plain words; nothing here throws anything else.

import {
  compareVersions,
  formatRepoId,
  GhProxyError,
  newestTag,
  packageSourceKey,
  parseProjectConfig,
  parseRepoId,
  repoStatus,
  resolvePackageGraph,
  ROOT_ID,
  serializeProjectConfig,
  TARGET_CONFIG,
  TARGET_VERSION,
  updateProjectConfig,
  type PackageFetcher,
  type PackageProblem,
  type PackageSource,
  type ProjectFiles,
  type RepoDescriptor,
  type RepoId,
} from '@blockyard/core';
import { packageBlockHelpUrl, packageHelpPath, type PackageRef } from '@blockyard/docs';
import type { ApiMetadata } from '@blockyard/language';
import { builtinExtension, builtinFetcher } from './builtin-extensions.ts';

/** What the editor needs from the code host (CloudPackageFetcher in the browser). */
export interface ExtensionHost extends PackageFetcher {
  refs(owner: string, project: string): Promise<Record<string, string> | null>;
  search(query: string): Promise<RepoDescriptor[]>;
}

export interface ProjectExtension {
  /** The dependency name in pxt.json. */
  readonly id: string;
  /** As pxt.json has it: "*" or "github:owner/project#v1.0.0". */
  readonly spec: string;
  readonly kind: 'builtin' | 'repository';
  readonly description: string;
  readonly version?: string;
  /** owner/project for a code-host extension. */
  readonly repo?: string;
  readonly loaded: boolean;
  readonly problem?: PackageProblem;
}

export interface ExtensionsLoad {
  readonly extensions: readonly ProjectExtension[];
  /** The loaded extensions' TypeScript as compiler file names, dependencies first. */
  readonly files: Readonly<Record<string, string>>;
  /** Conflicts between packages (yotta settings, versions). */
  readonly conflicts: readonly PackageProblem[];
}

export const NO_EXTENSIONS: ExtensionsLoad = { extensions: [], files: {}, conflicts: [] };

export type ExtensionErrorReason =
  | 'notRecognised'
  | 'banned'
  | 'notFound'
  | 'noRelease'
  | 'tooBig'
  | 'broken'
  | 'unreachable'
  | 'noServer'
  | 'alreadyAdded';

/** Why an extension cannot be added; `detail` is the exact reason (server's or validator's words). */
export class ExtensionError extends Error {
  constructor(
    readonly reason: ExtensionErrorReason,
    /** What the learner typed or picked, to name it back. */
    readonly ref: string,
    readonly detail?: string,
  ) {
    super(`${reason}: ${ref}${detail ? ` (${detail})` : ''}`);
    this.name = 'ExtensionError';
  }
}

/** Built-in packages from the bundle, repositories from the host (none without a server). */
function combinedFetcher(host: ExtensionHost | undefined): PackageFetcher {
  return {
    fetch: (source: PackageSource) =>
      source.kind === 'repository' ? (host ? host.fetch(source) : Promise.resolve(null)) : builtinFetcher.fetch(source),
  };
}

function isExtensionSource(id: string, source: PackageSource | null): boolean {
  return source?.kind === 'repository' || (source?.kind === 'builtin' && builtinExtension(id) !== undefined);
}

/** The dependency names of pxt.json, read leniently ({} when it cannot be read). */
function dependenciesOf(files: ProjectFiles): Record<string, string> {
  try {
    return { ...parseProjectConfig(files['pxt.json'] ?? '').dependencies };
  } catch {
    return {};
  }
}

/** Changes only when the dependencies do: the editor reloads extensions on a new key. */
export function dependenciesKey(files: ProjectFiles): string {
  return JSON.stringify(Object.entries(dependenciesOf(files)).sort(([a], [b]) => a.localeCompare(b)));
}

/** Resolves pxt.json's dependencies; a broken extension is reported, never loaded, never fatal. */
export async function loadProjectExtensions(
  projectFiles: ProjectFiles,
  host: ExtensionHost | undefined,
): Promise<ExtensionsLoad> {
  const graph = await resolvePackageGraph(
    { 'pxt.json': projectFiles['pxt.json'] ?? '' },
    {
      fetcher: combinedFetcher(host),
      policy: TARGET_CONFIG.packages,
      runningTargetVersion: TARGET_VERSION,
    },
  );
  if (graph.root.state !== 'loaded') return NO_EXTENSIONS;
  const extensions: ProjectExtension[] = [];
  for (const node of graph.packages.values()) {
    if (node.id === ROOT_ID || !isExtensionSource(node.id, node.source)) continue;
    extensions.push({
      id: node.id,
      spec: node.spec,
      kind: node.source?.kind === 'repository' ? 'repository' : 'builtin',
      description: node.config?.description ?? '',
      ...(node.config?.version ? { version: node.config.version } : {}),
      ...(node.source?.kind === 'repository' ? { repo: node.source.repo.slug } : {}),
      loaded: node.state === 'loaded',
      ...(node.problem ? { problem: node.problem } : {}),
    });
  }
  const files: Record<string, string> = {};
  for (const id of graph.order) {
    const node = graph.packages.get(id)!;
    if (!isExtensionSource(id, node.source) || !node.config || !node.files) continue;
    for (const name of node.config.files) {
      const text = node.files[name];
      if (name.endsWith('.ts') && text !== undefined) files[`pxt_modules/${id}/${name}`] = text;
    }
  }
  return { extensions, files, conflicts: graph.conflicts };
}

/** An extension ready to add: its dependency name and version text, and what to show. */
export interface PreparedExtension {
  readonly id: string;
  readonly spec: string;
  readonly description: string;
  readonly version?: string;
  readonly readme?: string;
}

function hostError(error: unknown, ref: string): ExtensionError {
  if (error instanceof ExtensionError) return error;
  if (error instanceof GhProxyError) return new ExtensionError(error.reason, ref, error.message);
  return new ExtensionError('unreachable', ref, error instanceof Error ? error.message : String(error));
}

/**
 * Finds, downloads and checks an extension named by a built-in name, a repository id or a code-host
 * address (the newest release when no tag is given), without touching the project.
 */
export async function prepareExtension(
  input: string,
  projectFiles: ProjectFiles,
  host: ExtensionHost | undefined,
): Promise<PreparedExtension> {
  const text = input.trim();
  const own = builtinExtension(text);
  const dependencies = dependenciesOf(projectFiles);
  if (own) {
    if (Object.hasOwn(dependencies, own.id)) throw new ExtensionError('alreadyAdded', own.id);
    const readme = own.files['README.md'];
    return {
      id: own.id,
      spec: '*',
      description: own.description,
      version: own.version,
      ...(readme ? { readme } : {}),
    };
  }
  const repo = parseRepoId(text);
  if (!repo) throw new ExtensionError('notRecognised', text);
  if (repoStatus(repo, TARGET_CONFIG.packages) === 'Banned') throw new ExtensionError('banned', repo.fullName);
  if (!host) throw new ExtensionError('noServer', repo.fullName);
  let tagged: RepoId = repo;
  try {
    if (!repo.tag) {
      const refs = await host.refs(repo.owner, repo.project);
      if (!refs) throw new ExtensionError('notFound', repo.fullName);
      const tag = newestTag(refs);
      if (!tag) throw new ExtensionError('noRelease', repo.fullName);
      tagged = { ...repo, tag };
    }
  } catch (error) {
    throw hostError(error, repo.fullName);
  }
  const spec = formatRepoId(tagged);
  const source: PackageSource = { kind: 'repository', repo: tagged };
  let files: ProjectFiles | null;
  try {
    files = await host.fetch(source);
  } catch (error) {
    throw hostError(error, repo.fullName);
  }
  if (!files) throw new ExtensionError('notFound', repo.fullName);
  const fetched = files;
  const others = combinedFetcher(host);
  // The extension on its own first: its pxt.json, files, target version and its own dependencies
  // (spec 001 §5).
  const graph = await resolvePackageGraph(
    { 'pxt.json': JSON.stringify({ name: 'check', files: [], dependencies: { extension: spec } }) },
    {
      fetcher: {
        fetch: (wanted) =>
          packageSourceKey(wanted) === packageSourceKey(source) ? Promise.resolve(fetched) : others.fetch(wanted),
      },
      policy: TARGET_CONFIG.packages,
      runningTargetVersion: TARGET_VERSION,
    },
  );
  const node = graph.packages.get('extension');
  if (!node || node.state !== 'loaded' || !node.config) {
    const problem = node?.problem;
    throw new ExtensionError('broken', repo.fullName, problem ? problemText(problem) : undefined);
  }
  const id = node.config.name;
  if (dependencies[id] === spec) throw new ExtensionError('alreadyAdded', id);
  const readme = node.files?.['README.md'];
  return {
    id,
    spec,
    description: node.config.description ?? '',
    ...(node.config.version ? { version: node.config.version } : {}),
    ...(readme ? { readme } : {}),
  };
}

/**
 * The newer release a code-host extension can move to: the highest semantic-version tag of its
 * repository when it is above the one pxt.json names; undefined for built-in ones, for a tag that
 * is not a version, and when the code host cannot be asked (an update is only ever offered).
 */
export async function findUpdate(
  extension: ProjectExtension,
  host: ExtensionHost | undefined,
): Promise<string | undefined> {
  if (extension.kind !== 'repository' || !host) return undefined;
  const repo = parseRepoId(extension.spec);
  if (!repo?.tag) return undefined;
  let refs: Record<string, string> | null;
  try {
    refs = await host.refs(repo.owner, repo.project);
  } catch {
    return undefined;
  }
  const newest = refs ? newestTag(refs) : undefined;
  return newest !== undefined && (compareVersions(newest, repo.tag) ?? 0) > 0 ? newest : undefined;
}

/** The repository id of an extension at another tag ("github:o/p#v1.0.0" -> "o/p#v1.1.0"). */
export function atTag(spec: string, tag: string): string | undefined {
  const repo = parseRepoId(spec);
  return repo ? formatRepoId({ ...repo, tag }) : undefined;
}

export function problemText(problem: PackageProblem): string {
  return problem.detail ? `${problem.message}: ${problem.detail}` : problem.message;
}

/** pxt.json with the dependency set (added, or moved to another version). */
export function withDependency(projectFiles: ProjectFiles, id: string, spec: string): string {
  const config = parseProjectConfig(projectFiles['pxt.json'] ?? '');
  return serializeProjectConfig(updateProjectConfig(config, { dependencies: { ...config.dependencies, [id]: spec } }));
}

/** pxt.json without the dependency. */
export function withoutDependency(projectFiles: ProjectFiles, id: string): string {
  const config = parseProjectConfig(projectFiles['pxt.json'] ?? '');
  const { [id]: _removed, ...rest } = config.dependencies;
  return serializeProjectConfig(updateProjectConfig(config, { dependencies: rest }));
}

/**
 * Which help page (`/pkg/...`) is about this extension at the version the project uses; undefined
 * for one kept in a folder of a repository, which has no help address.
 */
function extensionHelpRef(extension: Pick<ProjectExtension, 'id' | 'kind' | 'spec'>): PackageRef | undefined {
  if (extension.kind === 'builtin') return { kind: 'builtin', id: extension.id };
  const repo = parseRepoId(extension.spec);
  if (!repo || repo.subpath) return undefined;
  return { kind: 'repository', owner: repo.owner, project: repo.project, ...(repo.tag ? { tag: repo.tag } : {}) };
}

export function extensionHelpPath(extension: Pick<ProjectExtension, 'id' | 'kind' | 'spec'>): string | undefined {
  const ref = extensionHelpRef(extension);
  return ref ? packageHelpPath(ref) : undefined;
}

/**
 * The extensions' blocks with their Help item leading to their extension's help page
 * (`/pkg/{package}#{block}`), unless the extension names its own `help=` page.
 */
export function withExtensionHelp(
  metadata: ApiMetadata,
  packageOf: Readonly<Record<string, string>>,
  extensions: readonly ProjectExtension[],
): ApiMetadata {
  const refs = new Map(extensions.map((extension) => [extension.id, extensionHelpRef(extension)]));
  const functions = Object.fromEntries(
    Object.entries(metadata.functions).map(([qName, fn]) => {
      const ref = refs.get(packageOf[qName] ?? '');
      return [qName, ref && fn.help === undefined ? { ...fn, helpUrl: packageBlockHelpUrl(ref, qName) } : fn];
    }),
  );
  return { ...metadata, functions };
}
