/** Why a package is invalid or why packages conflict (spec 001 §5, §8; spec 000 §8). */
const PACKAGE_MESSAGES = {
  'invalid-package': 'invalid package',
  'version-mismatch': 'version mismatch',
  'file-missing': 'unable to find {file}',
  'version-not-specified': 'version not specified for {id}',
  'core-conflict': 'conflict between core extensions',
  'yotta-conflict': 'conflict on yotta setting',
  'extension-version-mismatch': 'version mismatch for extension',
  'config-missing': 'extension {id} is missing the config',
  'cannot-load': 'Cannot load extension {name} from {ref}',
} as const;

export type PackageProblemCode = keyof typeof PACKAGE_MESSAGES;

export interface PackageProblem {
  /** A PACKAGE_MESSAGES code, or a FormatError code when the package's pxt.json was the trouble. */
  code: string;
  /** The text to show. */
  message: string;
  /** The packages involved (ids). */
  packages: readonly string[];
  /** Specifics: the setting, the versions, the reason. */
  detail?: string;
}

export function packageProblem(
  code: PackageProblemCode,
  packages: readonly string[],
  params: Readonly<Record<string, string>> = {},
  detail?: string,
): PackageProblem {
  const message = PACKAGE_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
  const problem: PackageProblem = { code, message, packages };
  if (detail !== undefined) problem.detail = detail;
  return problem;
}
