/**
 * Allow-lists for the names a request may put into a git ref or an object lookup on the local
 * code host. isomorphic-git turns ref names and object ids into file paths inside `.git`, so
 * anything outside these lists is refused before it reaches git (or a RegExp, or a path).
 */

/** A branch or tag name: git's rules (check-ref-format) narrowed to plain characters. */
export function isRefName(name: string): boolean {
  if (name.length < 1 || name.length > 200 || !/^[A-Za-z0-9._/-]+$/.test(name)) return false;
  if (name.includes('..') || name.endsWith('/') || name.endsWith('.')) return false;
  // Every part between slashes is a real name: not empty, not hidden, not a git lock file.
  return name.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));
}

/** A full commit, tree or blob id. */
export function isObjectId(sha: string): boolean {
  return /^[0-9a-f]{40}$/.test(sha);
}
