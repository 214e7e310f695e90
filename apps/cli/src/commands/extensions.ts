// `blockyard add <repo-id> [--project <dir>]` and `blockyard search-extensions <query>`: extensions
// from a code host, through a Blockyard server's code-host proxy (spec 000 §7 gh/..., ghsearch).
import { join } from 'node:path';
import {
  CloudPackageFetcher,
  formatRepoId,
  GhProxyError,
  newestTag,
  parseRepoId,
  resolvePackageGraph,
  repoStatus,
  TARGET_CONFIG,
  TARGET_VERSION,
  type RepoId,
} from '@blockyard/core';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { builtinStandIn, DEFAULT_SERVER, fetchClient, serverOf } from './extension-files.ts';
import { CliError, existing, reportError, writeFileSafely } from './project-dir.ts';

export { newestTag };

async function addExtension(idText: string, options: { project?: string; server?: string }, io: CliIo) {
  const repo = parseRepoId(idText);
  if (!repo) {
    throw new CliError(
      `"${idText}" is not a repository id.`,
      'use owner/project, github:owner/project#v1.0.0 or the address of the repository',
    );
  }
  if (repoStatus(repo, TARGET_CONFIG.packages) === 'Banned') {
    throw new CliError(`The extension ${repo.slug} is blocked and cannot be added.`);
  }
  const projectDir = join(io.cwd, options.project ?? '.');
  const configPath = join(projectDir, 'pxt.json');
  const configBytes = await existing(configPath, projectDir);
  if (!configBytes) throw new CliError(`${options.project ?? '.'} is not a project folder: it has no pxt.json.`);
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(configBytes.toString('utf8')) as Record<string, unknown>;
    if (typeof config !== 'object' || config === null || Array.isArray(config)) throw new Error('not an object');
  } catch {
    throw new CliError('Syntax error in pxt.json', "fix the project's pxt.json first");
  }

  const fetcher = new CloudPackageFetcher(io.http ?? fetchClient, `${serverOf(options.server)}/api`, builtinStandIn);
  let tagged: RepoId = repo;
  if (!repo.tag) {
    const refs = await fetcher.refs(repo.owner, repo.project);
    if (!refs) throw new CliError(`There is no repository ${repo.slug}.`);
    const tag = newestTag(refs);
    if (!tag) {
      throw new CliError(`${repo.slug} has no releases yet.`, 'ask its author to tag a version like v1.0.0');
    }
    tagged = { ...repo, tag };
  }
  const ref = formatRepoId(tagged);
  const files = await fetcher.fetch({ kind: 'repository', repo: tagged });
  if (!files) throw new CliError(`Cannot load extension ${repo.fullName} from ${ref}`);

  // The extension on its own first: its config, files and target version (spec 001 §5).
  const graph = await resolvePackageGraph(
    { 'pxt.json': JSON.stringify({ name: 'check', files: [], dependencies: { extension: ref } }) },
    { fetcher, policy: TARGET_CONFIG.packages, runningTargetVersion: TARGET_VERSION },
  );
  const node = graph.packages.get('extension');
  if (node?.state !== 'loaded' || !node.config) {
    throw new CliError(`Cannot load extension ${repo.fullName} from ${ref}`, node?.problem?.message);
  }
  const name = node.config.name;
  const dependencies = { ...(config.dependencies as Record<string, unknown> | undefined) };
  const before = dependencies[name];
  if (before === ref) {
    io.stdout(`${name} ${tagged.tag} is already in ${options.project ?? 'this project'}.\n`);
    return;
  }
  dependencies[name] = ref;
  config.dependencies = dependencies;
  await writeFileSafely(configPath, new TextEncoder().encode(`${JSON.stringify(config, null, 4)}\n`), projectDir);
  io.stdout(
    typeof before === 'string'
      ? `Updated ${name} from ${before} to ${ref}.\n`
      : `Added ${name} ${tagged.tag} (${ref}).\n`,
  );
}

async function searchExtensions(query: string, options: { server?: string }, io: CliIo) {
  const fetcher = new CloudPackageFetcher(io.http ?? fetchClient, `${serverOf(options.server)}/api`);
  const items = await fetcher.search(query);
  if (items.length === 0) {
    io.stdout(`No extensions found for "${query}".\n`);
    return;
  }
  for (const item of items) {
    const mark = item.status === 'Approved' ? ' (approved)' : '';
    io.stdout(`${item.slug}${mark}${item.description ? ` - ${item.description}` : ''}\n`);
  }
}

export const addCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('add')
      .description('Add an extension from a code host to a project (writes its dependency into pxt.json).')
      .argument('<repo-id>', 'owner/project[#tag], github:owner/project#tag, or the repository address')
      .option('--project <dir>', 'the project folder (default: the current folder)')
      .option('--server <url>', `the Blockyard server to ask (default: $BLOCKYARD_SERVER or ${DEFAULT_SERVER})`)
      .action(async (idText: string, options: { project?: string; server?: string }) => {
        try {
          await addExtension(idText, options, io);
        } catch (error) {
          if (error instanceof GhProxyError) io.stderr(`error: ${error.message}\n`);
          else reportError(error, io.stderr);
          setExitCode(1);
        }
      });
  },
};

export const searchExtensionsCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('search-extensions')
      .description('Search the code host for extensions; approved ones are marked.')
      .argument('<query>', 'words to look for')
      .option('--server <url>', `the Blockyard server to ask (default: $BLOCKYARD_SERVER or ${DEFAULT_SERVER})`)
      .action(async (query: string, options: { server?: string }) => {
        try {
          await searchExtensions(query, options, io);
        } catch (error) {
          if (error instanceof GhProxyError) io.stderr(`error: ${error.message}\n`);
          else reportError(error, io.stderr);
          setExitCode(1);
        }
      });
  },
};
