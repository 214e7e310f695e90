// Every failure a learner can see is said in plain words: what happened and what to do. The exact
// technical text (FormatError's message is the spec's wording, e.g. "Invalid encoded PNG
// format"; a storage error's message) stays available as the detail, for a teacher or a bug
// report, but is never the sentence itself.

import { FORMAT_MESSAGES, isFormatError, type FormatErrorCode } from '@blockyard/core';
import { isProjectStoreError, type ProjectStoreErrorCode } from '@blockyard/projects';
import type { TFunction } from 'i18next';

export interface LearnerError {
  /** The plain sentence to show. */
  readonly words: string;
  /** The exact technical text (the spec's error text for file formats), or undefined. */
  readonly detail: string | undefined;
}

/** Format errors that share one plain sentence. */
const FORMAT_WORDS: Readonly<Record<FormatErrorCode, string>> = {
  'hex-no-source': 'noSource',
  'uf2-no-source': 'noSource',
  'hex-invalid': 'damagedBoardFile',
  'uf2-invalid': 'damagedBoardFile',
  'compression-unsupported': 'unknownCompression',
  'png-invalid-format': 'pictureWithoutProject',
  'png-invalid-magic': 'pictureWithoutProject',
  'project-file-invalid': 'damagedProjectFile',
  'unsupported-file': 'notAProjectFile',
  'file-too-large': 'tooLarge',
  'png-too-large': 'tooBigForPicture',
  'config-syntax': 'damagedSettings',
  'config-missing-dependencies': 'damagedSettings',
  'config-missing-files': 'damagedSettings',
  'config-field-type': 'damagedSettings',
  'config-missing': 'damagedSettings',
  'file-missing': 'damagedSettings',
  'publish-file-missing': 'damagedSettings',
  'target-version-too-high': 'newerEditor',
  'not-semver': 'damagedSettings',
  'publish-not-public': 'damagedSettings',
  'invalid-file-name': 'badFileName',
  'file-names-clash': 'fileNamesClash',
  'project-file-too-big': 'projectFileTooBig',
  'project-too-big': 'projectTooBig',
  'too-many-files': 'tooManyFiles',
  'project-without-config': 'damagedSettings',
};

const STORE_WORDS: Readonly<Record<ProjectStoreErrorCode, string>> = {
  'not-found': 'notFound',
  damaged: 'damaged',
  'invalid-name': 'invalidName',
  'invalid-files': 'invalidFiles',
  'not-trashed': 'notTrashed',
  'quota-exceeded': 'full',
  unavailable: 'unavailable',
  failed: 'failed',
};

/** The plain words for a FormatError code (e.g. from an import result), with the spec's text as detail. */
export function formatErrorWords(
  code: FormatErrorCode,
  params: Readonly<Record<string, string>>,
  t: TFunction,
  detail?: string,
): LearnerError {
  return {
    words: t(`errors.format.${FORMAT_WORDS[code]}`, { ...params }),
    detail: detail ?? FORMAT_MESSAGES[code],
  };
}

/** The plain words for anything thrown at a learner-facing action. */
export function learnerError(error: unknown, t: TFunction): LearnerError {
  if (isFormatError(error)) return formatErrorWords(error.code, error.params, t, error.message);
  if (isProjectStoreError(error)) return { words: t(`errors.store.${STORE_WORDS[error.code]}`), detail: error.message };
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return { words: t('errors.unexpected'), detail: detail || undefined };
}
