import { FormatError } from '../formats/format-error.ts';

/** Nested yotta settings of a C++ extension, e.g. `{ "config": { "microbit-dal": { "bluetooth": { "enabled": 1 } } } }`. */
type YottaSettings = Readonly<Record<string, unknown>>;

/**
 * pxt.json, the project config (spec 000 §3, spec 001 §3). Known fields are typed; `raw` keeps the
 * whole object as read, in file order and with fields this model does not know, so writing it back
 * loses nothing.
 */
export interface ProjectConfig {
  readonly name: string;
  readonly version?: string;
  readonly description?: string;
  readonly license?: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly files: readonly string[];
  readonly testFiles?: readonly string[];
  readonly testDependencies?: Readonly<Record<string, string>>;
  readonly fileDependencies?: Readonly<Record<string, string>>;
  readonly public?: boolean;
  readonly targetVersions?: Readonly<Record<string, string>>;
  readonly supportedTargets?: readonly string[];
  readonly preferredEditor?: string;
  readonly languageRestriction?: string;
  readonly assetPack?: boolean;
  readonly palette?: readonly string[];
  readonly screenSize?: { readonly width: number; readonly height: number };
  /** A core extension (the board's main library); a project may depend on only one. */
  readonly core?: boolean;
  readonly yotta?: { readonly config?: YottaSettings } & YottaSettings;
  readonly raw: Readonly<Record<string, unknown>>;
}

export const UNTITLED = 'Untitled';

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isBoolean: Check = (v) => typeof v === 'boolean';
const isStringArray: Check = (v) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isStringMap: Check = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScreenSize: Check = (v) =>
  isObject(v) &&
  typeof (v as { width?: unknown }).width === 'number' &&
  typeof (v as { height?: unknown }).height === 'number';

const OPTIONAL_FIELDS: readonly [string, Check, string][] = [
  ['version', isString, 'a string'],
  ['description', isString, 'a string'],
  ['license', isString, 'a string'],
  ['testFiles', isStringArray, 'a list of file names'],
  ['testDependencies', isStringMap, 'a map of extension names to versions'],
  ['fileDependencies', isStringMap, 'a map of file names to conditions'],
  ['public', isBoolean, 'true or false'],
  ['targetVersions', isStringMap, 'a map of names to versions'],
  ['supportedTargets', isStringArray, 'a list of target names'],
  ['preferredEditor', isString, 'a string'],
  ['languageRestriction', isString, 'a string'],
  ['assetPack', isBoolean, 'true or false'],
  ['palette', isStringArray, 'a list of colours'],
  ['screenSize', isScreenSize, 'an object with a width and a height'],
  ['core', isBoolean, 'true or false'],
  ['yotta', isObject, 'an object'],
];

/**
 * Parses and validates pxt.json text (spec 001 §5): the text must be a JSON object, with
 * `dependencies` a map of strings and `files` a list of strings; an empty or missing name becomes
 * "Untitled". `id` names the package in messages ("this" for the project itself).
 */
export function parseProjectConfig(text: string, id = 'this'): ProjectConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FormatError('config-syntax', {}, error instanceof Error ? error.message : undefined);
  }
  if (!isObject(value)) throw new FormatError('config-syntax', {}, 'pxt.json must hold a JSON object');
  return configFromObject(value as Record<string, unknown>, id);
}

/** Validates an already-parsed pxt.json object (see parseProjectConfig). */
function configFromObject(raw: Readonly<Record<string, unknown>>, id = 'this'): ProjectConfig {
  const typeError = (field: string, expected: string) => new FormatError('config-field-type', { id, field, expected });
  if (!isObject(raw.dependencies)) throw new FormatError('config-missing-dependencies', { id });
  for (const [key, value] of Object.entries(raw.dependencies as object)) {
    if (typeof value !== 'string') throw typeError(`dependencies.${key}`, 'a string');
  }
  if (!Array.isArray(raw.files)) throw new FormatError('config-missing-files', { id });
  if (!isStringArray(raw.files)) throw typeError('files', 'a list of file names');
  if (raw.name !== undefined && typeof raw.name !== 'string') throw typeError('name', 'a string');
  for (const [field, check, expected] of OPTIONAL_FIELDS) {
    if (raw[field] !== undefined && !check(raw[field])) throw typeError(field, expected);
  }
  const name = typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name : UNTITLED;
  // The cast is safe: every field was checked against its declared type just above.
  return { ...(raw as Partial<ProjectConfig>), name, raw } as ProjectConfig;
}

/** Fields of ProjectConfig that updateProjectConfig may change. */
export type ProjectConfigChanges = Partial<Omit<ProjectConfig, 'raw'>>;

/** A new config with `changes` applied; fields keep their place in the file, new ones go last. */
export function updateProjectConfig(config: ProjectConfig, changes: ProjectConfigChanges): ProjectConfig {
  const raw: Record<string, unknown> = { ...config.raw };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete raw[key];
    else raw[key] = value;
  }
  return configFromObject(raw);
}

/** pxt.json text as MakeCode writes it: 4-space indentation and a final newline. */
export function serializeProjectConfig(config: ProjectConfig): string {
  const raw: Record<string, unknown> = { ...config.raw };
  if (raw.name !== config.name) raw.name = config.name;
  return JSON.stringify(raw, null, 4) + '\n';
}

/** A fresh config for a new project. */
export function newProjectConfig(name: string, files: readonly string[]): ProjectConfig {
  return configFromObject({ name, description: '', dependencies: { core: '*', radio: '*' }, files: [...files] });
}
