import git from 'isomorphic-git';
import * as fs from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { compareVersions } from '@blockyard/core';

/**
 * Turns the fixture folders into real git repositories for the local code host.
 *
 * Layout: `<fixtures>/<owner>/<repo>/` holds one folder per tag (`v1.0.0/`, `v1.1.0/`, ...) with the
 * repository's files at that tag, and an optional `repo.json` ({ description, topics }). Each tag
 * becomes a commit on the default branch (in semantic-version order, so history reads like a real
 * extension's) and a tag pointing at it. Timestamps are fixed, so commit ids are the same on every
 * machine and every run.
 */
interface FixtureRepoMeta {
  description?: string;
  topics?: string[];
  defaultBranch?: string;
  /**
   * Files written into every tag at build time, name -> size in bytes (a comment line repeated),
   * so a repository over the code-host proxy's size caps needs no big file in our own repository.
   */
  filler?: Record<string, number>;
}

const FIXTURE_AUTHOR = { name: 'Blockyard fixtures', email: 'fixtures@blockyard.invalid' };
const FIRST_COMMIT_SECONDS = Date.UTC(2026, 0, 1) / 1000;

export async function buildFixtureRepos(fixturesDir: string, reposDir: string): Promise<string[]> {
  const built: string[] = [];
  for (const owner of await subfolders(fixturesDir)) {
    for (const repo of await subfolders(join(fixturesDir, owner))) {
      await buildRepo(join(fixturesDir, owner, repo), join(reposDir, owner, repo));
      built.push(`${owner}/${repo}`);
    }
  }
  return built;
}

async function buildRepo(source: string, dir: string): Promise<void> {
  const meta = await readMeta(source);
  const tags = (await subfolders(source)).sort(compareTags);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await git.init({ fs, dir, defaultBranch: meta.defaultBranch ?? 'main' });
  await fs.promises.writeFile(join(dir, '.git', 'description'), meta.description ?? '');
  if (meta.topics) await fs.promises.writeFile(join(dir, '.git', 'blockyard-topics'), meta.topics.join('\n'));
  let step = 0;
  for (const tag of tags) {
    for (const file of await git.listFiles({ fs, dir })) {
      await git.remove({ fs, dir, filepath: file });
      await rm(join(dir, file), { force: true });
    }
    await cp(join(source, tag), dir, { recursive: true });
    for (const [name, bytes] of Object.entries(meta.filler ?? {})) {
      await fs.promises.writeFile(join(dir, name), fillerText(bytes));
    }
    await git.add({ fs, dir, filepath: '.' });
    const timestamp = FIRST_COMMIT_SECONDS + step * 86_400;
    step += 1;
    const author = { ...FIXTURE_AUTHOR, timestamp, timezoneOffset: 0 };
    const oid = await git.commit({ fs, dir, message: `Release ${tag}`, author, committer: author });
    await git.tag({ fs, dir, ref: tag, object: oid });
  }
}

/** Semantic-version tags in version order, anything else by name after them. */
function compareTags(a: string, b: string): number {
  const byVersion = compareVersions(a, b);
  if (byVersion !== null) return byVersion;
  const aIsVersion = compareVersions(a, a) !== null;
  const bIsVersion = compareVersions(b, b) !== null;
  if (aIsVersion !== bIsVersion) return aIsVersion ? -1 : 1;
  return a.localeCompare(b);
}

async function readMeta(source: string): Promise<FixtureRepoMeta> {
  try {
    return JSON.parse(await readFile(join(source, 'repo.json'), 'utf8')) as FixtureRepoMeta;
  } catch {
    return {};
  }
}

async function subfolders(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  const out: string[] = [];
  for (const name of names) {
    if ((await stat(join(dir, name))).isDirectory()) out.push(name);
  }
  return out.sort();
}

/** `bytes` bytes of valid TypeScript: a comment line, repeated. */
function fillerText(bytes: number): string {
  const line = '// filler: this file only makes the repository big.\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
}
