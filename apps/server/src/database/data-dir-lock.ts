import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseOpenError, errorMessage } from '../startup-error.ts';

// PGlite does not stop two processes from opening the same data folder, and two Postgres
// instances writing one folder corrupt it. This lock file (holding the owner's pid) does.

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Lock files this process holds, so a stale file that happens to carry our own pid is recognised. */
const heldByThisProcess = new Set<string>();

/**
 * Creates `lockPath` exclusively. A lock left by a process that no longer runs is taken over; a
 * lock held by a live process throws a DatabaseOpenError naming the pid and the folder.
 */
export function acquireDataDirLock(lockPath: string, folderForMessages: string): DataDirLock {
  const path = resolve(lockPath);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`, {
        flag: 'wx',
      });
      heldByThisProcess.add(path);
      return { path, release: () => release(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DatabaseOpenError(`Cannot create the lock file ${path}: ${errorMessage(error)}`);
      }
    }
    const owner = readOwnerPid(path);
    const ownerIsUs = owner === process.pid && heldByThisProcess.has(path);
    if (owner !== undefined && (ownerIsUs || (owner !== process.pid && isRunning(owner)))) {
      throw new DatabaseOpenError(
        `Another Blockyard server (process ${owner}${ownerIsUs ? ', this one' : ''}) is already using the data ` +
          `folder ${folderForMessages}. Stop it first, or set DATA_DIR to a different folder. ` +
          `(If no other server is running, delete ${path}.)`,
      );
    }
    // Stale: its process is gone (or the file is unreadable). Take it over.
    rmSync(path, { force: true });
  }
  throw new DatabaseOpenError(`Could not lock the data folder ${folderForMessages}: ${path} keeps reappearing.`);
}

function release(path: string): void {
  if (!heldByThisProcess.delete(path)) return;
  // Only remove the file if it is still ours.
  if (readOwnerPid(path) === process.pid) rmSync(path, { force: true });
}

function readOwnerPid(path: string): number | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown };
    return typeof parsed.pid === 'number' && Number.isInteger(parsed.pid) && parsed.pid > 0 ? parsed.pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
