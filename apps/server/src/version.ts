import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from './paths.ts';

// Replaced by build.mjs with the root package.json version; undeclared when run from source.
declare const __BLOCKYARD_VERSION__: string | undefined;

/** The product version: injected into the bundle at build time, else read from the root package.json. */
export function readVersion(): string {
  if (typeof __BLOCKYARD_VERSION__ === 'string') return __BLOCKYARD_VERSION__;
  const root = findRepoRoot();
  if (root === undefined) return '0.0.0-dev';
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0-dev';
  } catch {
    return '0.0.0-dev';
  }
}
