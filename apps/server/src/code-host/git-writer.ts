import git from 'isomorphic-git';
import * as fs from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isRepoName } from './git-store.ts';
import { isObjectId, isRefName } from './ref-names.ts';

/** A tree entry as the git data API takes it: a blob id, or null to delete the path. */
export interface TreeChange {
  path: string;
  sha: string | null;
}

/** Where an existing repository lives under `reposDir`; 404 for a bad name or no repository. */
export async function existingRepoDir(reposDir: string, owner: string, repo: string): Promise<string> {
  if (!isRepoName(owner) || !isRepoName(repo)) throw new GitWriteError(404, 'Not Found');
  const dir = join(reposDir, owner, repo);
  try {
    await stat(join(dir, '.git'));
  } catch {
    throw new GitWriteError(404, 'Not Found');
  }
  return dir;
}

export class GitWriteError extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

const AUTHOR = { name: 'Blockyard', email: 'blockyard@localhost', timestamp: 0, timezoneOffset: 0 };

/**
 * The write side of the local code host (spec 000 §7): new repositories, blobs, trees, commits,
 * and refs, straight into the git repositories under `reposDir/<owner>/<repo>`.
 */
export class GitWriter {
  constructor(
    readonly reposDir: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private dir(owner: string, repo: string): Promise<string> {
    return existingRepoDir(this.reposDir, owner, repo);
  }

  /** POST user/repos: a new repository on `main`, with a first commit holding a README. */
  async createRepository(owner: string, name: string, description: string): Promise<void> {
    if (!isRepoName(owner) || !isRepoName(name)) throw new GitWriteError(422, 'Repository name is not valid');
    const dir = join(this.reposDir, owner, name);
    const exists = await stat(dir).then(
      () => true,
      () => false,
    );
    if (exists) throw new GitWriteError(422, 'name already exists on this account');
    await mkdir(dir, { recursive: true });
    await git.init({ fs, dir, defaultBranch: 'main' });
    fs.writeFileSync(join(dir, '.git', 'description'), `${description}\n`);
    const blob = await git.writeBlob({ fs, dir, blob: new TextEncoder().encode(`# ${name}\n\n${description}\n`) });
    const tree = await git.writeTree({
      fs,
      dir,
      tree: [{ mode: '100644', path: 'README.md', oid: blob, type: 'blob' }],
    });
    const commit = await this.writeCommit(dir, 'Initial commit', tree, []);
    await git.writeRef({ fs, dir, ref: 'refs/heads/main', value: commit, force: true });
  }

  async writeBlob(owner: string, repo: string, bytes: Uint8Array): Promise<string> {
    return git.writeBlob({ fs, dir: await this.dir(owner, repo), blob: bytes });
  }

  /** A tree: `base` (a tree id) with `changes` laid over it; paths may name folders. */
  async writeTree(
    owner: string,
    repo: string,
    base: string | undefined,
    changes: readonly TreeChange[],
  ): Promise<string> {
    const dir = await this.dir(owner, repo);
    const files = new Map<string, string>();
    if (base) {
      if (!isObjectId(base)) throw new GitWriteError(422, 'base_tree is not a valid tree');
      try {
        for (const entry of await this.flatTree(dir, base, '')) files.set(entry.path, entry.sha);
      } catch {
        throw new GitWriteError(422, 'base_tree is not a valid tree');
      }
    }
    for (const change of changes) {
      const parts = change.path.split('/');
      if (parts.some((part) => part === '' || part === '.' || part === '..' || part === '.git')) {
        throw new GitWriteError(422, `tree.path "${change.path}" is not valid`);
      }
      if (change.sha === null) files.delete(change.path);
      else {
        // Only blobs that exist here: a tree naming anything else would make the repository
        // unreadable once a commit and a branch point at it.
        if (!isObjectId(change.sha)) throw new GitWriteError(422, `tree.sha "${change.sha}" is not valid`);
        try {
          await git.readBlob({ fs, dir, oid: change.sha });
        } catch {
          throw new GitWriteError(422, `tree.sha ${change.sha} is not a blob of this repository`);
        }
        files.set(change.path, change.sha);
      }
    }
    // A path cannot be a file and a folder at once (`a` and `a/b`).
    for (const path of files.keys()) {
      for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
        if (files.has(path.slice(0, slash))) {
          throw new GitWriteError(422, `tree.path "${path.slice(0, slash)}" is both a file and a folder`);
        }
      }
    }
    return this.buildTree(
      dir,
      [...files].map(([path, sha]) => ({ path, sha })),
    );
  }

  private async buildTree(dir: string, files: readonly { path: string; sha: string }[]): Promise<string> {
    const here: { mode: string; path: string; oid: string; type: 'blob' | 'tree' }[] = [];
    const folders = new Map<string, { path: string; sha: string }[]>();
    for (const file of files) {
      const slash = file.path.indexOf('/');
      if (slash < 0) here.push({ mode: '100644', path: file.path, oid: file.sha, type: 'blob' });
      else {
        const name = file.path.slice(0, slash);
        const list = folders.get(name) ?? [];
        list.push({ path: file.path.slice(slash + 1), sha: file.sha });
        folders.set(name, list);
      }
    }
    for (const [name, list] of folders) {
      here.push({ mode: '040000', path: name, oid: await this.buildTree(dir, list), type: 'tree' });
    }
    return git.writeTree({ fs, dir, tree: here });
  }

  /** Every file of a tree (folders walked), with its blob id and size. */
  async listTree(owner: string, repo: string, sha: string): Promise<{ path: string; sha: string; size: number }[]> {
    const dir = await this.dir(owner, repo);
    // isomorphic-git finds an object by a path made from its id: only real ids get that far.
    if (!isObjectId(sha)) throw new GitWriteError(404, 'Not Found');
    try {
      const oid = await this.treeOf(dir, sha);
      const out: { path: string; sha: string; size: number }[] = [];
      for (const entry of await this.flatTree(dir, oid, '')) {
        const { blob } = await git.readBlob({ fs, dir, oid: entry.sha });
        out.push({ ...entry, size: blob.length });
      }
      return out;
    } catch {
      throw new GitWriteError(404, 'Not Found');
    }
  }

  /** A tree id from a tree or commit id. */
  private async treeOf(dir: string, sha: string): Promise<string> {
    const { type, object } = await git.readObject({ fs, dir, oid: sha });
    return type === 'commit' ? (object as { tree: string }).tree : sha;
  }

  private async flatTree(dir: string, oid: string, prefix: string): Promise<{ path: string; sha: string }[]> {
    const { tree } = await git.readTree({ fs, dir, oid });
    const out: { path: string; sha: string }[] = [];
    for (const entry of tree) {
      const path = prefix + entry.path;
      if (entry.type === 'blob') out.push({ path, sha: entry.oid });
      else if (entry.type === 'tree') out.push(...(await this.flatTree(dir, entry.oid, `${path}/`)));
    }
    return out;
  }

  async createCommit(owner: string, repo: string, message: string, tree: string, parents: readonly string[]) {
    const dir = await this.dir(owner, repo);
    if (!isObjectId(tree) || !parents.every(isObjectId))
      throw new GitWriteError(422, 'tree or parent commit not found');
    try {
      await git.readTree({ fs, dir, oid: tree });
      for (const parent of parents) await git.readCommit({ fs, dir, oid: parent });
    } catch {
      throw new GitWriteError(422, 'tree or parent commit not found');
    }
    return this.writeCommit(dir, message, tree, parents);
  }

  private writeCommit(dir: string, message: string, tree: string, parent: readonly string[]): Promise<string> {
    const person = { ...AUTHOR, timestamp: Math.floor(this.now() / 1000) };
    return git.writeCommit({
      fs,
      dir,
      commit: { message, tree, parent: [...parent], author: person, committer: person },
    });
  }

  /** POST git/refs: a new branch or tag; 422 when it exists. */
  async createRef(owner: string, repo: string, ref: string, sha: string): Promise<void> {
    const dir = await this.dir(owner, repo);
    if (!/^refs\/(heads|tags)\//.test(ref) || !isRefName(ref.replace(/^refs\/(heads|tags)\//, ''))) {
      throw new GitWriteError(422, 'Reference name is not valid');
    }
    await this.mustBeCommit(dir, sha);
    try {
      await git.writeRef({ fs, dir, ref, value: sha, force: false });
    } catch {
      throw new GitWriteError(422, 'Reference already exists');
    }
  }

  /** PATCH git/refs/heads/{branch}: moves a branch, only forward unless `force`. */
  async updateBranch(owner: string, repo: string, branch: string, sha: string, force: boolean): Promise<void> {
    const dir = await this.dir(owner, repo);
    if (!isRefName(branch)) throw new GitWriteError(422, 'Reference name is not valid');
    const ref = `refs/heads/${branch}`;
    let current: string;
    try {
      current = await git.resolveRef({ fs, dir, ref });
    } catch {
      throw new GitWriteError(422, 'Reference does not exist');
    }
    await this.mustBeCommit(dir, sha);
    if (!force && current !== sha && !(await git.isDescendent({ fs, dir, oid: sha, ancestor: current, depth: -1 }))) {
      throw new GitWriteError(422, 'Update is not a fast forward');
    }
    await git.writeRef({ fs, dir, ref, value: sha, force: true });
  }

  private async mustBeCommit(dir: string, sha: string): Promise<void> {
    if (!isObjectId(sha)) throw new GitWriteError(422, 'Object does not exist');
    try {
      await git.readCommit({ fs, dir, oid: sha });
    } catch {
      throw new GitWriteError(422, 'Object does not exist');
    }
  }
}
