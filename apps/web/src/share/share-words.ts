import { CloudHttpError } from '@blockyard/cloud';
import type { TFunction } from 'i18next';

/**
 * Why a share call failed, in plain words: the server's own sentence when it refused (too big,
 * too many shares, nothing to share), otherwise that the server could not be reached.
 */
export function shareProblem(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof CloudHttpError) {
    if (error.status === 429) return t('share.tooMany');
    if (error.status >= 400 && error.status < 500 && typeof error.body?.message === 'string') return error.body.message;
    return t(fallbackKey);
  }
  return t('share.unreachable');
}
