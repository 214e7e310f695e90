// The TypeScript of a project's code-host extensions (`"name": "github:owner/project#tag"` in
// pxt.json, written by `blockyard add`), fetched through a Blockyard server so that `compile`,
// `run` and `build` compile it with the program.
import {
  CloudPackageFetcher,
  type HttpClient,
  type PackageFetcher,
  parsePackageSource,
  resolvePackageGraph,
  ROOT_ID,
  TARGET_CONFIG,
  TARGET_VERSION,
} from '@blockyard/core';

export const DEFAULT_SERVER = 'http://localhost:3000';

export const fetchClient: HttpClient = {
  async request({ url, method = 'GET', headers, body }) {
    const response = await fetch(url, {
      method,
      ...(headers ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      text: () => response.text(),
    };
  },
};

export function serverOf(option: string | undefined): string {
  return (option ?? process.env.BLOCKYARD_SERVER ?? DEFAULT_SERVER).replace(/\/$/, '');
}

/** Built-in packages are the compiler's own library; a bare config stands in for them. */
export const builtinStandIn: PackageFetcher = {
  fetch: (source) =>
    Promise.resolve(
      source.kind === 'builtin'
        ? { 'pxt.json': JSON.stringify({ name: source.id, files: [], dependencies: {} }) }
        : null,
    ),
};

export class ExtensionFilesError extends Error {}

/**
 * The .ts files of every code-host extension the project depends on (directly or through another
 * extension), dependencies first, as compiler file names `pxt_modules/<id>/<file>` with the
 * path to show. Nothing is fetched when the project has no such dependency.
 */
export async function extensionFiles(
  projectFiles: Record<string, string>,
  options: { http?: HttpClient; server?: string } = {},
): Promise<{ files: Record<string, string>; shownAs: Record<string, string> }> {
  const empty = { files: {}, shownAs: {} };
  let dependencies: Record<string, unknown>;
  try {
    const config = JSON.parse(projectFiles['pxt.json'] ?? '{}') as { dependencies?: Record<string, unknown> };
    dependencies = config.dependencies && typeof config.dependencies === 'object' ? config.dependencies : {};
  } catch {
    return empty;
  }
  const fromRepository = Object.entries(dependencies).some(([id, spec]) => {
    if (typeof spec !== 'string') return false;
    const parsed = parsePackageSource(id, spec);
    return 'source' in parsed ? parsed.source.kind === 'repository' : spec.includes('/');
  });
  if (!fromRepository) return empty;

  const fetcher = new CloudPackageFetcher(
    options.http ?? fetchClient,
    `${serverOf(options.server)}/api`,
    builtinStandIn,
  );
  const graph = await resolvePackageGraph(projectFiles, {
    fetcher,
    policy: TARGET_CONFIG.packages,
    runningTargetVersion: TARGET_VERSION,
  });
  for (const node of graph.packages.values()) {
    if (node.state === 'invalid' && node.id !== ROOT_ID && node.problem) {
      const reason = node.problem.detail && node.problem.code === 'cannot-load' ? ` (${node.problem.detail})` : '';
      throw new ExtensionFilesError(`${node.problem.message}${reason}`);
    }
  }
  const files: Record<string, string> = {};
  const shownAs: Record<string, string> = {};
  for (const id of graph.order) {
    const node = graph.packages.get(id)!;
    if (node.source?.kind !== 'repository' || !node.config || !node.files) continue;
    for (const name of node.config.files) {
      const text = node.files[name];
      if (!name.endsWith('.ts') || text === undefined) continue;
      files[`pxt_modules/${id}/${name}`] = text;
      shownAs[`pxt_modules/${id}/${name}`] = `${id}/${name} (extension)`;
    }
  }
  return { files, shownAs };
}
