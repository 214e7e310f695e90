import { compare, major, valid } from 'semver';

/**
 * The MakeCode micro:bit target version whose API and formats Blockyard follows: MakeCode 9's
 * (pxt-microbit 9.1.1, the version packages/native builds against; a test keeps them equal).
 * Extensions whose pxt.json requires a higher major version are refused (spec 001 §5); project
 * files that do open with a warning (project/target-version-warning.ts). Files we write say this
 * version when the project names none.
 */
export const TARGET_VERSION = '9.1.1';
export const TARGET_ID = 'microbit';

const SEMVER = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/**
 * Whether `text` is major.minor.patch with optional pre-release and build parts (spec 001 §5). A
 * leading "v" is accepted, as in release tags.
 */
export function isSemver(text: string): boolean {
  return SEMVER.test(text) && valid(text) !== null;
}

/** Compares two semantic versions (-1, 0, 1); null when either is not one. */
export function compareVersions(a: string, b: string): number | null {
  if (!isSemver(a) || !isSemver(b)) return null;
  return compare(a, b);
}

export function majorVersion(text: string): number | null {
  return isSemver(text) ? major(text) : null;
}

/** Target versions that mean "any" in pxt.json. */
export function isWildcardVersion(text: string): boolean {
  return text === '*' || text === '0.0.0' || text === '';
}
