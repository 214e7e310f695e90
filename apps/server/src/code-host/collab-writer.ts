import git, { Errors } from 'isomorphic-git';
import * as fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FORK_OF_FILE, isRepoName } from './git-store.ts';
import { existingRepoDir, GitWriteError } from './git-writer.ts';
import { isObjectId, isRefName } from './ref-names.ts';

/** A pull request or a release as the local code host keeps it: a JSON list inside `.git`. */
interface PullRecord {
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  state: 'open' | 'closed';
}
interface ReleaseRecord {
  id: number;
  tag_name: string;
  target_commitish: string;
  name: string;
  draft: boolean;
  prerelease: boolean;
}

const AUTHOR = { name: 'Blockyard', email: 'blockyard@localhost', timezoneOffset: 0 };

/**
 * The collaboration calls of spec 000 §7 on the local code host: merges (201 merged, 204 nothing
 * to merge, 409 conflict), forks (a copy under the caller's account), pull requests and releases.
 * Pull requests and releases are not git objects, so they live in small JSON files in `.git`.
 * Writes to one repository run one after another (a promise chain per repository folder), so two
 * requests at once never read the same list and lose each other's entry.
 */
export class CollabWriter {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    readonly reposDir: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Runs `task` after every earlier task queued under `key` has settled. */
  private serial<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.queues.get(key) ?? Promise.resolve()).then(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return result;
  }

  private dir(owner: string, repo: string): Promise<string> {
    return existingRepoDir(this.reposDir, owner, repo);
  }

  private async branchHead(dir: string, name: string): Promise<string | undefined> {
    if (!isRefName(name)) return undefined;
    return git.resolveRef({ fs, dir, ref: `refs/heads/${name}` }).catch(() => undefined);
  }

  /** POST merges: merges `head` (a branch or commit) into branch `base` with a merge commit. */
  async merge(owner: string, repo: string, base: string, head: string, message: string) {
    const dir = await this.dir(owner, repo);
    return this.serial(dir, () => this.mergeIn(dir, base, head, message));
  }

  private async mergeIn(dir: string, base: string, head: string, message: string) {
    const ours = await this.branchHead(dir, base);
    const theirs =
      (await this.branchHead(dir, head)) ??
      (isObjectId(head)
        ? await git
            .readCommit({ fs, dir, oid: head })
            .then(() => head)
            .catch(() => undefined)
        : undefined);
    if (!ours || !theirs) throw new GitWriteError(404, 'Base or head does not exist');
    const person = { ...AUTHOR, timestamp: Math.floor(this.now() / 1000) };
    try {
      const result = await git.merge({
        fs,
        dir,
        ours: `refs/heads/${base}`,
        theirs,
        fastForward: false,
        abortOnConflict: true,
        message,
        author: person,
        committer: person,
      });
      return result.alreadyMerged ? undefined : (result.oid ?? undefined);
    } catch (error) {
      if (error instanceof Errors.MergeConflictError || error instanceof Errors.MergeNotSupportedError) {
        throw new GitWriteError(409, 'Merge conflict');
      }
      throw error;
    }
  }

  /**
   * POST forks: a copy of the repository under `to`, marked with where it came from. Asking again
   * answers the same fork; any other repository of that name on `to` is refused. The copy is made
   * in a hidden folder (a name no URL can reach) and renamed into place, so a failed copy leaves
   * nothing behind.
   */
  async fork(owner: string, repo: string, to: string): Promise<void> {
    const from = await this.dir(owner, repo);
    if (!isRepoName(to)) throw new GitWriteError(422, 'Account name is not valid');
    const source = `${owner}/${repo}`.toLowerCase();
    const account = join(this.reposDir, to);
    return this.serial(join(account, repo.toLowerCase()), async () => {
      const existing = await findName(account, repo);
      if (existing) {
        const forkOf = await readFile(join(account, existing, '.git', FORK_OF_FILE), 'utf8').catch(() => '');
        if (forkOf.trim().toLowerCase() === source) return;
        throw new GitWriteError(422, 'name already exists on this account');
      }
      await mkdir(account, { recursive: true });
      const temp = join(account, `~fork-${randomUUID()}`);
      try {
        await cp(from, temp, { recursive: true, errorOnExist: true, force: false });
        await writeFile(join(temp, '.git', FORK_OF_FILE), `${source}\n`);
        await rename(temp, join(account, repo));
      } catch (error) {
        await rm(temp, { recursive: true, force: true });
        // Our fault, not the request's: a plain error, answered 500 (the cause goes to the log).
        throw new Error('The copy of the repository failed', { cause: error });
      }
    });
  }

  async createPull(owner: string, repo: string, fields: Omit<PullRecord, 'number' | 'state'>): Promise<PullRecord> {
    const dir = await this.dir(owner, repo);
    return this.serial(dir, () => this.addPull(dir, fields));
  }

  private async addPull(dir: string, fields: Omit<PullRecord, 'number' | 'state'>): Promise<PullRecord> {
    if (!(await this.branchHead(dir, fields.base)) || !(await this.branchHead(dir, fields.head))) {
      throw new GitWriteError(422, 'Base or head branch does not exist');
    }
    const pulls = await this.list<PullRecord>(dir, 'pulls');
    if (pulls.some((p) => p.state === 'open' && p.head === fields.head && p.base === fields.base)) {
      throw new GitWriteError(422, 'A pull request already exists for this head');
    }
    const pull: PullRecord = { ...fields, number: nextNumber(pulls.map((p) => p.number)), state: 'open' };
    await this.save(dir, 'pulls', [...pulls, pull]);
    return pull;
  }

  async pulls(owner: string, repo: string): Promise<PullRecord[]> {
    return this.list<PullRecord>(await this.dir(owner, repo), 'pulls');
  }

  /** POST releases: tags `target_commitish` (a branch or commit) unless the tag exists already. */
  async createRelease(owner: string, repo: string, fields: Omit<ReleaseRecord, 'id'>): Promise<ReleaseRecord> {
    const dir = await this.dir(owner, repo);
    if (!isRefName(fields.tag_name)) throw new GitWriteError(422, 'Tag name is not valid');
    return this.serial(dir, () => this.addRelease(dir, fields));
  }

  private async addRelease(dir: string, fields: Omit<ReleaseRecord, 'id'>): Promise<ReleaseRecord> {
    const releases = await this.list<ReleaseRecord>(dir, 'releases');
    if (releases.some((r) => r.tag_name === fields.tag_name)) throw new GitWriteError(422, 'Release already exists');
    const tagged = await git.resolveRef({ fs, dir, ref: `refs/tags/${fields.tag_name}` }).catch(() => undefined);
    if (!tagged) {
      const target =
        (await this.branchHead(dir, fields.target_commitish)) ??
        (isObjectId(fields.target_commitish)
          ? await git
              .readCommit({ fs, dir, oid: fields.target_commitish })
              .then(() => fields.target_commitish)
              .catch(() => undefined)
          : undefined);
      if (!target) throw new GitWriteError(422, 'Target commit does not exist');
      await git.writeRef({ fs, dir, ref: `refs/tags/${fields.tag_name}`, value: target });
    }
    const release: ReleaseRecord = { ...fields, id: nextNumber(releases.map((r) => r.id)) };
    await this.save(dir, 'releases', [...releases, release]);
    return release;
  }

  async releases(owner: string, repo: string): Promise<ReleaseRecord[]> {
    return this.list<ReleaseRecord>(await this.dir(owner, repo), 'releases');
  }

  private async list<T>(dir: string, kind: 'pulls' | 'releases'): Promise<T[]> {
    try {
      const parsed: unknown = JSON.parse(await readFile(join(dir, '.git', `blockyard-${kind}.json`), 'utf8'));
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  }

  /** Writes a whole list to a temporary file and renames it over the old one: never half written. */
  private async save(dir: string, kind: 'pulls' | 'releases', items: readonly unknown[]): Promise<void> {
    const file = join(dir, '.git', `blockyard-${kind}.json`);
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, JSON.stringify(items, null, 1));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

/** One more than the largest number used so far (a list edited by hand may have gaps). */
function nextNumber(used: readonly unknown[]): number {
  return used.reduce<number>((max, n) => (typeof n === 'number' && Number.isInteger(n) && n > max ? n : max), 0) + 1;
}

/** The name of an entry of `dir` that matches `wanted` case-insensitively, as GitHub matches names. */
async function findName(dir: string, wanted: string): Promise<string | undefined> {
  const lower = wanted.toLowerCase();
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.find((name) => name.toLowerCase() === lower);
}
