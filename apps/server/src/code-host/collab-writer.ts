import git, { Errors } from 'isomorphic-git';
import * as fs from 'node:fs';
import { cp, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRepoName } from './git-store.ts';
import { existingRepoDir, GitWriteError } from './git-writer.ts';

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
 */
export class CollabWriter {
  constructor(
    readonly reposDir: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private dir(owner: string, repo: string): Promise<string> {
    return existingRepoDir(this.reposDir, owner, repo);
  }

  private async branchHead(dir: string, name: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9._/-]{1,200}$/.test(name) || name.includes('..')) return undefined;
    return git.resolveRef({ fs, dir, ref: `refs/heads/${name}` }).catch(() => undefined);
  }

  /** POST merges: merges `head` (a branch or commit) into branch `base` with a merge commit. */
  async merge(owner: string, repo: string, base: string, head: string, message: string) {
    const dir = await this.dir(owner, repo);
    const ours = await this.branchHead(dir, base);
    const theirs =
      (await this.branchHead(dir, head)) ??
      (/^[0-9a-f]{40}$/.test(head)
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

  /** POST forks: a copy of the repository under `to`; an existing fork is answered again. */
  async fork(owner: string, repo: string, to: string): Promise<void> {
    const from = await this.dir(owner, repo);
    if (!isRepoName(to)) throw new GitWriteError(422, 'Account name is not valid');
    const target = join(this.reposDir, to, repo);
    if (await exists(target)) return;
    await cp(from, target, { recursive: true });
  }

  async createPull(owner: string, repo: string, fields: Omit<PullRecord, 'number' | 'state'>): Promise<PullRecord> {
    const dir = await this.dir(owner, repo);
    if (!(await this.branchHead(dir, fields.base)) || !(await this.branchHead(dir, fields.head))) {
      throw new GitWriteError(422, 'Base or head branch does not exist');
    }
    const pulls = await this.list<PullRecord>(dir, 'pulls');
    if (pulls.some((p) => p.state === 'open' && p.head === fields.head && p.base === fields.base)) {
      throw new GitWriteError(422, 'A pull request already exists for this head');
    }
    const pull: PullRecord = { ...fields, number: pulls.length + 1, state: 'open' };
    await this.save(dir, 'pulls', [...pulls, pull]);
    return pull;
  }

  async pulls(owner: string, repo: string): Promise<PullRecord[]> {
    return this.list<PullRecord>(await this.dir(owner, repo), 'pulls');
  }

  /** POST releases: tags `target_commitish` (a branch or commit) unless the tag exists already. */
  async createRelease(owner: string, repo: string, fields: Omit<ReleaseRecord, 'id'>): Promise<ReleaseRecord> {
    const dir = await this.dir(owner, repo);
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(fields.tag_name) || fields.tag_name.includes('..')) {
      throw new GitWriteError(422, 'Tag name is not valid');
    }
    const releases = await this.list<ReleaseRecord>(dir, 'releases');
    if (releases.some((r) => r.tag_name === fields.tag_name)) throw new GitWriteError(422, 'Release already exists');
    const tagged = await git.resolveRef({ fs, dir, ref: `refs/tags/${fields.tag_name}` }).catch(() => undefined);
    if (!tagged) {
      const target =
        (await this.branchHead(dir, fields.target_commitish)) ??
        (await git
          .readCommit({ fs, dir, oid: fields.target_commitish })
          .then(() => fields.target_commitish)
          .catch(() => undefined));
      if (!target) throw new GitWriteError(422, 'Target commit does not exist');
      await git.writeRef({ fs, dir, ref: `refs/tags/${fields.tag_name}`, value: target });
    }
    const release: ReleaseRecord = { ...fields, id: releases.length + 1 };
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

  private save(dir: string, kind: 'pulls' | 'releases', items: readonly unknown[]): Promise<void> {
    return writeFile(join(dir, '.git', `blockyard-${kind}.json`), JSON.stringify(items, null, 1));
  }
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
