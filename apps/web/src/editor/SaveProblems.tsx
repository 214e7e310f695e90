import type { AutosaveController, AutosaveState } from '@blockyard/projects';
import { AlertTriangle, Download, GitCompare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { projectCopyFile } from '../projects/download.ts';

interface SaveProblemsProps {
  autosave: AutosaveController;
  state: AutosaveState;
  onKeepMine: () => void;
  onRestoreFromTrash: () => void;
}

/**
 * What the editor says when saving is not simply working: a conflict with another tab (with
 * the two choices), a failed save (the edit is kept here; a copy can be downloaded), the trash.
 */
export function SaveProblems({ autosave, state, onKeepMine, onRestoreFromTrash }: SaveProblemsProps) {
  const { t } = useTranslation();
  const { clock, downloads } = useServices();
  const downloadCopy = (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => {
        const { name, files } = autosave.getContent();
        void projectCopyFile(name, files, clock).then((file) => downloads.save(file));
      }}
    >
      <Download aria-hidden="true" size={18} />
      {t('editor.downloadCopy')}
    </button>
  );
  return (
    <>
      {state.conflict ? (
        <section className="editor-alert editor-alert-conflict" role="alert" aria-labelledby="conflict-title">
          <GitCompare aria-hidden="true" size={24} />
          <div>
            <h2 id="conflict-title">{t('editor.conflictTitle')}</h2>
            <p>
              {t('editor.conflictText', {
                what: state.conflict.conflicts.map((c) => (c === 'name' ? t('editor.conflictName') : c)).join(', '),
              })}
            </p>
            <div className="editor-alert-actions">
              <button type="button" className="button button-primary" onClick={onKeepMine}>
                {t('editor.keepMine')}
              </button>
              <button type="button" className="button button-secondary" onClick={() => autosave.loadTheirs()}>
                {t('editor.loadTheirs')}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {state.status === 'error' && state.error ? (
        <section className="editor-alert" role="alert">
          <AlertTriangle aria-hidden="true" size={24} />
          <div>
            <p>
              {state.error.code === 'quota-exceeded' || state.error.code === 'not-found'
                ? t(`editor.saveError.${state.error.code}`)
                : state.error.code === 'unavailable'
                  ? t('editor.saveError.unavailable')
                  : t('editor.saveError.other')}
            </p>
            <div className="editor-alert-actions">
              {state.error.code === 'not-found' ? (
                <button type="button" className="button button-primary" onClick={onKeepMine}>
                  {t('editor.keepMine')}
                </button>
              ) : null}
              {downloadCopy}
            </div>
          </div>
        </section>
      ) : null}
      {state.trashed ? (
        <section className="editor-alert" role="status">
          <AlertTriangle aria-hidden="true" size={24} />
          <div>
            <p>{t('editor.trashed')}</p>
            <div className="editor-alert-actions">
              <button type="button" className="button button-secondary" onClick={onRestoreFromTrash}>
                {t('editor.restore')}
              </button>
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
