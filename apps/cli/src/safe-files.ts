// Files the CLI writes (and the project files it reads) never go through a link. A project or
// folder from a stranger can hold a symbolic link where a file is expected (main.ts ->
// ~/.ssh/id_rsa, or ./out/main.ts -> ~/.bashrc): following it would leak a private file into a
// .hex someone shares, or overwrite a file outside the folder. So every folder below the one the
// learner named, and the file itself, is checked with lstat; files are written to a new
// temporary file (O_CREAT | O_EXCL | O_NOFOLLOW) and renamed over the name, which replaces a
// link rather than following it even if one appears in between.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';

/** A path the CLI refuses to write to or read from; the message says what to do. */
export class UnsafePathError extends Error {
  override readonly name = 'UnsafePathError';
}

type Kind = 'missing' | 'file' | 'folder' | 'link' | 'other';

async function kindOf(path: string): Promise<Kind> {
  try {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return 'link';
    if (stats.isFile()) return 'file';
    if (stats.isDirectory()) return 'folder';
    return 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

function linkRefused(path: string): UnsafePathError {
  return new UnsafePathError(
    `${path} is a link (a shortcut to somewhere else). Blockyard never writes or reads through links, ` +
      'so nothing was written. Remove the link or choose another folder.',
  );
}

/** The folders between `root` (excluded: the learner chose it) and `path` (excluded). */
function foldersBetween(root: string, path: string): string[] {
  const parts = relative(root, dirname(path))
    .split(sep)
    .filter((part) => part !== '');
  return parts.map((_, i) => join(root, ...parts.slice(0, i + 1)));
}

/**
 * Checks that writing `path` would go through no link below `root`, creating missing folders
 * when `create` is set. Throws UnsafePathError for a link, a file where a folder should be, or a
 * folder (or device) where the file should be.
 */
export async function checkWritablePath(root: string, path: string, create = false): Promise<void> {
  for (const folder of foldersBetween(root, path)) {
    const kind = await kindOf(folder);
    if (kind === 'link') throw linkRefused(folder);
    if (kind === 'missing') {
      if (!create) continue;
      await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      if ((await kindOf(folder)) !== 'folder') throw linkRefused(folder);
    } else if (kind !== 'folder') {
      throw new UnsafePathError(`${folder} is not a folder, so nothing can be written inside it.`);
    }
  }
  const kind = await kindOf(path);
  if (kind === 'link') throw linkRefused(path);
  if (kind === 'folder' || kind === 'other') {
    throw new UnsafePathError(
      `${path} is ${kind === 'folder' ? 'a folder' : 'not a plain file'}, so it was not replaced.`,
    );
  }
}

/**
 * Writes `bytes` to `path` without following links (see above), through a temporary file and a
 * rename, so an interrupted write never leaves half a file where a good one was. `root` is the
 * folder the learner named (it may itself be a link: that was their choice).
 */
export async function writeFileNoFollow(path: string, bytes: Uint8Array, root = dirname(path)): Promise<void> {
  await checkWritablePath(root, path, true);
  const temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`);
  let written = false;
  try {
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    // Once more just before: a link that appeared meanwhile is refused (rename would only
    // replace it, but the learner should hear about it).
    await checkWritablePath(root, path);
    await rename(temporary, path);
    written = true;
  } finally {
    if (!written) await rm(temporary, { force: true });
  }
}

/** The bytes of a plain file at `path`, null when there is none; a link is refused. */
export async function readFileNoFollow(path: string): Promise<Buffer | null> {
  const kind = await kindOf(path);
  if (kind === 'missing') return null;
  if (kind === 'link') throw linkRefused(path);
  if (kind !== 'file') throw new UnsafePathError(`${path} is not a plain file.`);
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
