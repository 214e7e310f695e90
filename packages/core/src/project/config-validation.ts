import { FormatError } from '../formats/format-error.ts';
import type { ProjectConfig } from './project-config.ts';
import type { ProjectFiles } from './project-files.ts';
import { isSemver, isWildcardVersion, majorVersion, TARGET_VERSION } from './versions.ts';

/**
 * Spec 001 §5: a project (or extension) whose targetVersions.target has a higher major version than
 * the running editor is refused. "*", "0.0.0" and a missing target mean any version.
 */
export function checkTargetVersion(config: ProjectConfig, runningVersion: string = TARGET_VERSION): void {
  const required = config.targetVersions?.target;
  if (required === undefined || isWildcardVersion(required)) return;
  const requiredMajor = majorVersion(required);
  if (requiredMajor === null) throw new FormatError('not-semver', {}, `targetVersions.target is "${required}"`);
  const runningMajor = majorVersion(runningVersion);
  if (runningMajor !== null && requiredMajor > runningMajor) {
    throw new FormatError('target-version-too-high', { name: config.name, required, running: runningVersion });
  }
}

/** Every file a config lists (files, then testFiles), without duplicates. */
export function listedFiles(config: ProjectConfig): string[] {
  return [...new Set([...config.files, ...(config.testFiles ?? [])])];
}

/**
 * Publishing rules (spec 001 §5): the config says "public": true, its version is a semantic
 * version, and every file it lists is present.
 */
export function validateForPublish(config: ProjectConfig, files: ProjectFiles): void {
  if (config.public !== true) throw new FormatError('publish-not-public');
  if (config.version !== undefined && !isSemver(config.version)) {
    throw new FormatError('not-semver', {}, `version is "${config.version}"`);
  }
  for (const file of listedFiles(config)) {
    if (!Object.hasOwn(files, file)) throw new FormatError('publish-file-missing', { file });
  }
}
