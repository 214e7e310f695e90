/**
 * The one error every project-format reader and config validator throws. `message` is the exact
 * user-facing text (the spec's wording where the spec has one), so the UI and the CLI can show it
 * as is; `detail` says what exactly was wrong, for logs, tests and curious users.
 */
export const FORMAT_MESSAGES = {
  // spec 000 §5
  'hex-no-source': "This .hex file doesn't contain source.",
  'hex-invalid': 'This .hex file is not valid.',
  'compression-unsupported': 'Compression type {type} not supported.',
  'png-invalid-format': 'Invalid encoded PNG format',
  'png-invalid-magic': 'Invalid magic in encoded PNG',
  // the same two situations for the other containers (our wording, same shape)
  'uf2-no-source': "This .uf2 file doesn't contain source.",
  'uf2-invalid': 'This .uf2 file is not valid.',
  'project-file-invalid': 'This project file is not valid.',
  'unsupported-file': "Blockyard can't open {name}: choose a .hex, .uf2, .png, .mkcd or .json project file.",
  'file-too-large': 'This file is too large to be a project.',
  'png-too-large': 'This project is too big to save inside a PNG image.',
  // spec 001 §5 and §8: project config (pxt.json)
  'config-syntax': 'Syntax error in pxt.json',
  'config-missing-dependencies': 'Missing dependencies in config of: {id}',
  'config-missing-files': 'Missing files in config of: {id}',
  'config-field-type': 'In pxt.json of {id}, "{field}" must be {expected}.',
  'config-missing': 'extension {id} is missing the config',
  'target-version-too-high': '{name} requires target version {required} (you are running {running})',
  'not-semver': "doesn't look like a semantic version number",
  'publish-not-public': 'Only packages with "public":true can be published',
  'publish-file-missing': 'referenced file missing: {file}',
  'file-missing': 'unable to find {file}',
  'invalid-file-name': 'The file name "{file}" is not allowed in a project: {reason}.',
  'file-names-clash': 'The files "{first}" and "{second}" cannot be in one project: {reason}.',
  'project-file-too-big': 'The file "{file}" in this project is too big to open (over {limit}).',
  'project-too-big': 'This project is too big to open: it unpacks to more than {limit}.',
  'too-many-files': 'This project has too many files to open (more than {limit}).',
  'project-without-config': 'This project has no pxt.json, so it cannot be saved.',
} as const;

export type FormatErrorCode = keyof typeof FORMAT_MESSAGES;

export function formatMessage(code: FormatErrorCode, params: Readonly<Record<string, string>> = {}): string {
  return FORMAT_MESSAGES[code].replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

export class FormatError extends Error {
  override readonly name = 'FormatError';
  readonly code: FormatErrorCode;
  readonly params: Readonly<Record<string, string>>;
  /** What exactly was wrong (for logs and tests); never needed to understand `message`. */
  readonly detail: string | undefined;

  constructor(code: FormatErrorCode, params: Readonly<Record<string, string>> = {}, detail?: string) {
    super(formatMessage(code, params));
    this.code = code;
    this.params = params;
    this.detail = detail;
  }
}

export function isFormatError(error: unknown): error is FormatError {
  return error instanceof FormatError;
}

/**
 * Runs a reader and turns anything unexpected (a RangeError from a hostile length, a bug) into
 * the reader's documented "not valid" error, so no other exception ever reaches the caller.
 */
export function guardReader<T>(invalid: FormatErrorCode, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(invalid, {}, error instanceof Error ? error.message : String(error));
  }
}
