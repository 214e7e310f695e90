import { compareVersions } from '../project/versions.ts';

/** An extension's newest release: the highest semantic-version tag among its refs, if any. */
export function newestTag(refs: Readonly<Record<string, string>>): string | undefined {
  const tags = Object.keys(refs)
    .filter((ref) => ref.startsWith('refs/tags/'))
    .map((ref) => ref.slice('refs/tags/'.length))
    .filter((tag) => compareVersions(tag, tag) !== null);
  return tags.sort((a, b) => compareVersions(b, a) ?? 0)[0];
}
