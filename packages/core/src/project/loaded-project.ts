import { FormatError, type FormatErrorCode } from '../formats/format-error.ts';
import { parseProjectConfig, type ProjectConfig } from './project-config.ts';
import { editorFor, PROJECT_FILE, type EditorKind, type ProjectFiles } from './project-files.ts';
import { targetVersionWarning, type TargetVersionWarning } from './target-version-warning.ts';

export type ProjectFormat = 'hex' | 'uf2' | 'png' | 'mkcd' | 'json';

/** A project read from a file, with its pxt.json already parsed and validated. */
export interface LoadedProject {
  format: ProjectFormat;
  files: ProjectFiles;
  config: ProjectConfig;
  name: string;
  editor: EditorKind;
  /** The target the file says it was made for ("microbit", "arcade", …), when it says. */
  target: string | null;
  /** .hex and .uf2 only: "empty" when the file holds our empty-program marker instead of a program. */
  program?: 'empty' | 'present';
  /** Set when the file was made for a newer MakeCode than ours: it opens, but says what may not work. */
  warning?: TargetVersionWarning;
}

export interface ReadOptions {
  /** The editor's target version for the target-version rule (spec 001 §5); TARGET_VERSION by default. */
  runningTargetVersion?: string;
  /** Told how far unpacking has got (0 to 1), for a progress bar; not called for plain JSON. */
  onProgress?: (fraction: number) => void;
}

export interface ReadExtras {
  header?: Readonly<Record<string, unknown>> | null;
  meta?: Readonly<Record<string, unknown>> | null;
  program?: 'empty' | 'present';
}

function stringField(record: Readonly<Record<string, unknown>> | null | undefined, key: string): string | null {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The common last step of every reader: the files must include a valid pxt.json (its own messages,
 * such as 'Syntax error in pxt.json', pass through). A project made for a newer target opens with
 * a warning rather than being refused (target-version-warning.ts).
 */
export function finishRead(
  format: ProjectFormat,
  files: ProjectFiles,
  invalid: FormatErrorCode,
  extras: ReadExtras,
  options: ReadOptions,
): LoadedProject {
  const configText = files[PROJECT_FILE.config];
  if (configText === undefined) throw new FormatError(invalid, {}, 'the project has no pxt.json');
  const config = parseProjectConfig(configText);
  const warning = targetVersionWarning(config, options.runningTargetVersion);
  const target =
    stringField(extras.meta, 'pxtTarget') ??
    stringField(config.targetVersions, 'targetId') ??
    (stringField(extras.header, 'cloudId')?.replace(/^pxt\//, '') || null);
  const headerEditor = stringField(extras.header, 'editor') ?? undefined;
  const result: LoadedProject = {
    format,
    files,
    config,
    name: config.name,
    editor: editorFor(files, config.preferredEditor ?? headerEditor),
    target,
  };
  if (extras.program) result.program = extras.program;
  if (warning) result.warning = warning;
  return result;
}
