import { CloudHttpError, CloudOfflineError } from '@blockyard/cloud';
import type { TFunction } from 'i18next';

/**
 * A failed server call in plain words for the learner. The error itself keeps the spec's
 * technical text ('Bad HTTP status code: {0} at {1}; message: {2}', spec 000 §8) for the log.
 */
export function cloudErrorText(error: unknown, t: TFunction): string {
  if (error instanceof CloudOfflineError || error instanceof TypeError) return t('cloud.errors.offline');
  if (!(error instanceof CloudHttpError)) return t('cloud.errors.other');
  const { status } = error;
  if (status === 0) return t('cloud.errors.offline');
  if (status === 401 || status === 403) return t('cloud.errors.notAllowed');
  if (status === 404 || status === 410) return t('cloud.errors.notFound');
  if (status === 413) return t('cloud.errors.tooBig');
  if (status === 429) return t('cloud.errors.tooMany');
  if (status >= 500) return t('cloud.errors.server');
  return t('cloud.errors.other');
}
