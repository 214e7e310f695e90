import type { AutosaveController } from '@blockyard/projects';
import { useTranslation } from 'react-i18next';
import { learnerError } from '../ui/learner-errors.ts';
import type { ToastQueue } from '../ui/toasts.ts';

/** What History's restore tells the learner: a failure, and Undo of a restore. */
export function useVersionRestore(autosave: AutosaveController, toasts: ToastQueue) {
  const { t } = useTranslation();
  const restoreFailed = (error: unknown) => {
    if (error === undefined) {
      toasts.show(t('editor.restoreNotSaved'), { tone: 'error' });
      return;
    }
    const { words, detail } = learnerError(error, t);
    toasts.show(t('editor.restoreFailed', { reason: words }), { tone: 'error', detail });
  };
  // Undo after a restore brings back the version it replaced: one more new version, nothing lost.
  const undoRestore = (replaced: number) => {
    autosave
      .restoreVersion(replaced)
      .then((done) => (done ? toasts.show(t('editor.restoreUndone')) : restoreFailed(undefined)), restoreFailed);
  };
  return { restoreFailed, undoRestore };
}
