import git from 'isomorphic-git';
import * as fs from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isRefName } from './ref-names.ts';

/** Owner and repository names the store accepts: GitHub's characters, never a path trick. */
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** Inside a fork's `.git`: "owner/repo" (lower case) of the repository it was copied from. */
export const FORK_OF_FILE = 'blockyard-fork-of';

export function isRepoName(name: string): boolean {
  return NAME.test(name) && name !== '.' && name !== '..';
}

export interface StoredRepo {
  owner: string;
  name: string;
  description: string;
  topics: string[];
  defaultBranch: string;
  /** The newest commit's time on the default branch (ISO). */
  updatedAt: string;
  /** "owner/repo" this repository was forked from, if it is a fork. */
  forkOf?: string;
}

export type TreeItem = { type: 'file' | 'dir'; path: string; name: string; sha: string; size: number };

/**
 * Read access to the git repositories under `reposDir/<owner>/<repo>` (isomorphic-git over the
 * files on disk). Every method answers null for a missing repository, ref or path.
 */
export class GitStore {
  constructor(readonly reposDir: string) {}

  private dir(owner: string, repo: string): string | null {
    if (!isRepoName(owner) || !isRepoName(repo)) return null;
    return join(this.reposDir, owner, repo);
  }

  /** The directory of an existing repository, found case-insensitively as GitHub does. */
  private async findDir(owner: string, repo: string): Promise<{ dir: string; owner: string; name: string } | null> {
    if (!this.dir(owner, repo)) return null;
    const realOwner = await findName(this.reposDir, owner);
    if (!realOwner) return null;
    const realRepo = await findName(join(this.reposDir, realOwner), repo);
    if (!realRepo) return null;
    const dir = join(this.reposDir, realOwner, realRepo);
    try {
      await stat(join(dir, '.git'));
    } catch {
      return null;
    }
    return { dir, owner: realOwner, name: realRepo };
  }

  async list(): Promise<StoredRepo[]> {
    const out: StoredRepo[] = [];
    for (const owner of await safeReaddir(this.reposDir)) {
      for (const name of await safeReaddir(join(this.reposDir, owner))) {
        const repo = await this.repo(owner, name);
        if (repo) out.push(repo);
      }
    }
    return out;
  }

  async repo(owner: string, repo: string): Promise<StoredRepo | null> {
    const found = await this.findDir(owner, repo);
    if (!found) return null;
    const { dir } = found;
    const branch = (await git.currentBranch({ fs, dir })) ?? 'main';
    const description = (await readFile(join(dir, '.git', 'description'), 'utf8').catch(() => '')).trim();
    const topics = (await readFile(join(dir, '.git', 'blockyard-topics'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean);
    let updatedAt = new Date(0).toISOString();
    try {
      const [head] = await git.log({ fs, dir, ref: branch, depth: 1 });
      if (head) updatedAt = new Date(head.commit.committer.timestamp * 1000).toISOString();
    } catch {
      // an empty repository has no commits yet
    }
    const forkOf = (await readFile(join(dir, '.git', FORK_OF_FILE), 'utf8').catch(() => '')).trim();
    return {
      owner: found.owner,
      name: found.name,
      description,
      topics,
      defaultBranch: branch,
      updatedAt,
      ...(forkOf ? { forkOf } : {}),
    };
  }

  /** Tag or branch names with the commit each points to. */
  async refs(owner: string, repo: string, kind: 'tags' | 'heads'): Promise<{ name: string; sha: string }[] | null> {
    const found = await this.findDir(owner, repo);
    if (!found) return null;
    const names =
      kind === 'tags' ? await git.listTags({ fs, dir: found.dir }) : await git.listBranches({ fs, dir: found.dir });
    const out: { name: string; sha: string }[] = [];
    for (const name of names) {
      const sha = await this.commitOf(found.dir, `refs/${kind}/${name}`);
      if (sha) out.push({ name, sha });
    }
    return out;
  }

  /** The commit a tag, branch or (abbreviated) commit id names. */
  async resolve(owner: string, repo: string, ref: string): Promise<string | null> {
    const found = await this.findDir(owner, repo);
    if (!found) return null;
    // isomorphic-git reads `.git/refs/tags/<ref>` from disk: only plain ref names get there.
    for (const candidate of isRefName(ref) ? [`refs/tags/${ref}`, `refs/heads/${ref}`] : []) {
      const sha = await this.commitOf(found.dir, candidate);
      if (sha) return sha;
    }
    if (/^[0-9a-f]{4,40}$/.test(ref)) {
      try {
        const sha = await git.expandOid({ fs, dir: found.dir, oid: ref });
        await git.readCommit({ fs, dir: found.dir, oid: sha });
        return sha;
      } catch {
        return null;
      }
    }
    return null;
  }

  async commit(owner: string, repo: string, sha: string) {
    const found = await this.findDir(owner, repo);
    if (!found || !/^[0-9a-f]{40}$/.test(sha)) return null;
    try {
      return await git.readCommit({ fs, dir: found.dir, oid: sha });
    } catch {
      return null;
    }
  }

  async history(owner: string, repo: string, ref: string, depth: number) {
    const found = await this.findDir(owner, repo);
    const sha = found ? await this.resolve(owner, repo, ref) : null;
    if (!found || !sha) return null;
    return git.log({ fs, dir: found.dir, ref: sha, depth });
  }

  /** A file's bytes, or a folder's entries, at a commit. */
  async contents(
    owner: string,
    repo: string,
    sha: string,
    path: string,
  ): Promise<{ type: 'file'; sha: string; bytes: Uint8Array } | { type: 'dir'; items: TreeItem[] } | null> {
    const found = await this.findDir(owner, repo);
    if (!found) return null;
    const clean = path.split('/').filter(Boolean);
    if (clean.some((segment) => segment === '.' || segment === '..')) return null;
    const filepath = clean.join('/');
    try {
      if (filepath === '') return { type: 'dir', items: await this.tree(found.dir, sha, '') };
      const { tree } = await git.readTree({ fs, dir: found.dir, oid: sha, filepath: parentOf(filepath) || undefined });
      const entry = tree.find((item) => item.path === clean[clean.length - 1]);
      if (!entry) return null;
      if (entry.type === 'tree') return { type: 'dir', items: await this.tree(found.dir, sha, filepath) };
      if (entry.type !== 'blob') return null;
      const { blob } = await git.readBlob({ fs, dir: found.dir, oid: entry.oid });
      return { type: 'file', sha: entry.oid, bytes: blob };
    } catch {
      return null;
    }
  }

  private async tree(dir: string, sha: string, filepath: string): Promise<TreeItem[]> {
    const { tree } = await git.readTree({ fs, dir, oid: sha, ...(filepath ? { filepath } : {}) });
    const items: TreeItem[] = [];
    for (const entry of tree) {
      if (entry.type !== 'blob' && entry.type !== 'tree') continue;
      const path = filepath ? `${filepath}/${entry.path}` : entry.path;
      let size = 0;
      if (entry.type === 'blob') size = (await git.readBlob({ fs, dir, oid: entry.oid })).blob.length;
      items.push({ type: entry.type === 'blob' ? 'file' : 'dir', path, name: entry.path, sha: entry.oid, size });
    }
    return items;
  }

  private async commitOf(dir: string, ref: string): Promise<string | null> {
    try {
      const oid = await git.resolveRef({ fs, dir, ref });
      // Annotated tags point at a tag object: peel it to the commit.
      const { type, object } = await git.readObject({ fs, dir, oid });
      if (type === 'tag') return (object as { object: string }).object;
      return oid;
    } catch {
      return null;
    }
  }
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

async function safeReaddir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

async function findName(dir: string, wanted: string): Promise<string | null> {
  const lower = wanted.toLowerCase();
  return (await safeReaddir(dir)).find((name) => name.toLowerCase() === lower) ?? null;
}
