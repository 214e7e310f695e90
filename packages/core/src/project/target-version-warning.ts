import { FormatError } from '../formats/format-error.ts';
import { checkTargetVersion } from './config-validation.ts';
import type { ProjectConfig } from './project-config.ts';
import { majorVersion, TARGET_VERSION } from './versions.ts';

/**
 * Extensions that come with the micro:bit target itself: a newer file that uses only these risks
 * only new blocks, not a missing extension.
 */
const BUILT_IN = new Set([
  'core',
  'radio',
  'microphone',
  'bluetooth',
  'devices',
  'servo',
  'radio-broadcast',
  'datalogger',
  'flashlog',
]);

/** A project file that opens, but was made for a newer MakeCode than the one Blockyard follows. */
export interface TargetVersionWarning {
  code: 'target-version-newer';
  /** The file's targetVersions.target and the version we follow. */
  required: string;
  running: string;
  /** What may not work, for the message: always the newer blocks, then its other extensions. */
  mayNotWork: string[];
  /** The whole plain-language sentence (the CLI prints it; the web app shows it in a notice). */
  message: string;
}

/**
 * Spec 001 §5 refuses a target major above ours. A project file is the learner's own work, so
 * instead of refusing it we open it and say what may not work (issue 12): blocks added after our
 * major version, and the extensions it uses that are not built in. Extensions still follow the
 * spec rule (package-graph.ts). Throws only for a target version that is not a version at all.
 */
export function targetVersionWarning(
  config: ProjectConfig,
  running: string = TARGET_VERSION,
): TargetVersionWarning | null {
  try {
    checkTargetVersion(config, running);
    return null;
  } catch (error) {
    if (!(error instanceof FormatError) || error.code !== 'target-version-too-high') throw error;
    const required = error.params.required ?? '';
    const runningMajor = majorVersion(running) ?? 0;
    const extensions = Object.keys(config.dependencies)
      .filter((name) => !BUILT_IN.has(name))
      .sort();
    const mayNotWork = [`blocks added after MakeCode ${runningMajor}`, ...extensions.map((e) => `the ${e} extension`)];
    const message =
      `"${config.name}" was made with MakeCode ${required}; Blockyard follows MakeCode ${running}. ` +
      `It opened, but these may not work: ${mayNotWork.join(', ')}.`;
    return { code: 'target-version-newer', required, running, mayNotWork, message };
  }
}
