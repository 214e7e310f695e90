import { FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ImportController } from '../projects/import/import-controller.ts';
import { useObservable } from '../projects/observable-hooks.ts';
import { Dialog } from '../ui/Dialog.tsx';
import './import-dialog.css';

/**
 * What an import is doing: a file that takes a while shows its progress with Cancel (it is read
 * in a worker, so the page stays usable and Cancel works at once); a file that cannot be
 * imported says why until the learner closes it.
 */
export function ImportDialog({ importer }: { importer: ImportController }) {
  const { t } = useTranslation();
  const state = useObservable(importer);
  if (state.status === 'failed') {
    return (
      <Dialog open title={t('import.failedTitle', { name: state.fileName })} onClose={() => importer.dismiss()}>
        <div className="import-failed">
          <FileWarning aria-hidden="true" size={36} className="import-failed-icon" />
          <div>
            <p role="alert">{state.message}</p>
            {state.detail ? (
              <details className="import-detail">
                <summary>{t('common.details')}</summary>
                <span lang="en" dir="ltr">
                  {state.detail}
                </span>
              </details>
            ) : null}
          </div>
        </div>
        <p className="import-hint">{t('import.nothingChanged')}</p>
        <div className="dialog-actions">
          <button type="button" className="button button-primary" autoFocus onClick={() => importer.dismiss()}>
            {t('import.ok')}
          </button>
        </div>
      </Dialog>
    );
  }
  const open = state.status === 'reading' && state.shown;
  const percent = state.status === 'reading' && state.fraction !== null ? Math.round(state.fraction * 100) : null;
  return (
    <Dialog
      open={open}
      title={state.status === 'reading' ? t('import.readingTitle', { name: state.fileName }) : ''}
      onClose={() => importer.cancel()}
    >
      <div
        className="import-progress"
        role="progressbar"
        aria-label={t('import.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { 'aria-valuenow': percent })}
      >
        <div
          className={`import-progress-bar${percent === null ? ' import-progress-waiting' : ''}`}
          style={percent === null ? undefined : { width: `${Math.max(4, percent)}%` }}
        />
      </div>
      <p className="import-status" aria-live="polite">
        {percent === null ? t('import.reading') : t('import.unpacking', { percent })}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => importer.cancel()}>
          {t('import.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
