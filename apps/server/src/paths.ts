import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this module (src/ when run from source,
 * dist/ when bundled) whose package.json declares workspaces; undefined outside the repository.
 */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from; ;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && hasWorkspaces(manifest)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function hasWorkspaces(manifest: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed;
  } catch {
    return false;
  }
}
