import type { AutosaveController, ProjectFiles, ProjectVersionSummary } from '@blockyard/projects';
import { Eye, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectServices } from '../projects/project-hooks.ts';
import { formatDateTime, formatRelativeTime } from '../ui/relative-time.ts';
import { useNow } from '../ui/use-now.ts';
import type { EditorMode } from './session/project-files.ts';
import { VersionPreview } from './VersionPreview.tsx';

type Versions = { status: 'loading' } | { status: 'ready'; versions: ProjectVersionSummary[] } | { status: 'error' };

interface HistoryPanelProps {
  autosave: AutosaveController;
  /** The stored revision: the list is read again whenever it moves. */
  revision: number;
  /** The editor in use: a preview shows the old version in the same one when it can. */
  mode: EditorMode;
  highContrast: boolean;
  /** `replaced` is the revision the project was at before: restoring it undoes the restore. */
  onRestored: (version: ProjectVersionSummary, replaced: number) => void;
  /** Restoring failed: `error` is what was thrown, or undefined when the edits could not be saved first. */
  onFailed: (error: unknown) => void;
}

/** Saved versions, newest first, each one to look at (read-only) and to restore (a new version). */
export function HistoryPanel({ autosave, revision, mode, highContrast, onRestored, onFailed }: HistoryPanelProps) {
  const { t, i18n } = useTranslation();
  // Ages count in ten-second steps within the first minute, so they move while the panel is open.
  const now = useNow(5_000);
  const { store } = useProjectServices();
  const [loaded, setLoaded] = useState<{ revision: number; versions: Versions } | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ version: ProjectVersionSummary; files: ProjectFiles | null | 'error' }>();

  useEffect(() => {
    let cancelled = false;
    store.listVersions(autosave.projectId).then(
      (versions) => !cancelled && setLoaded({ revision, versions: { status: 'ready', versions } }),
      () => !cancelled && setLoaded({ revision, versions: { status: 'error' } }),
    );
    return () => {
      cancelled = true;
    };
  }, [store, autosave, revision]);

  const versions: Versions =
    loaded?.revision === revision ? loaded.versions : (loaded?.versions ?? { status: 'loading' });
  const latest = versions.status === 'ready' ? versions.versions[0]?.revision : undefined;
  const when = (version: ProjectVersionSummary) => formatRelativeTime(version.savedAt, now, i18n.language, 'second');

  const restore = (version: ProjectVersionSummary) => {
    setBusy(true);
    const run = async () => {
      // Saved edits first, so the revision noted for Undo is the one the learner sees now.
      await autosave.flush();
      const replaced = autosave.getState().revision;
      if (!(await autosave.restoreVersion(version.revision))) return onFailed(undefined);
      setPreview(undefined);
      onRestored(version, replaced);
    };
    run()
      .catch((error: unknown) => onFailed(error))
      .finally(() => setBusy(false));
  };

  const look = (version: ProjectVersionSummary) => {
    setPreview({ version, files: null });
    store.getVersion(autosave.projectId, version.revision).then(
      ({ files }) => setPreview((open) => (open?.version === version ? { version, files } : open)),
      () => setPreview((open) => (open?.version === version ? { version, files: 'error' } : open)),
    );
  };

  return (
    <aside className="history-panel" aria-labelledby="history-title">
      <h2 id="history-title">{t('editor.historyTitle')}</h2>
      <p className="history-intro">{t('editor.historyIntro')}</p>
      {versions.status === 'loading' ? (
        <p role="status">{t('editor.historyLoading')}</p>
      ) : versions.status === 'error' ? (
        <p role="alert">{t('editor.historyFailed')}</p>
      ) : versions.versions.length === 0 ? (
        <p>{t('editor.historyEmpty')}</p>
      ) : (
        <ol className="history-list" aria-label={t('editor.historyList')}>
          {versions.versions.map((version) => {
            const time = formatDateTime(version.savedAt, i18n.language);
            const current = version.revision === latest;
            return (
              <li key={version.revision} className="history-item">
                <div className="history-item-text">
                  <span className="history-item-time" title={time}>
                    {when(version)}
                  </span>
                  <span className="history-item-reason">
                    {t(`editor.reason.${version.reason}`)} · {time}
                  </span>
                  {current ? <span className="history-current">{t('editor.current')}</span> : null}
                </div>
                <div className="history-item-actions">
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('editor.lookAtVersion', { time })}
                    onClick={() => look(version)}
                  >
                    <Eye aria-hidden="true" size={16} />
                    {t('editor.lookShort')}
                  </button>
                  {current ? null : (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={t('editor.restoreVersion', { time })}
                      disabled={busy}
                      onClick={() => restore(version)}
                    >
                      <RotateCcw aria-hidden="true" size={16} />
                      {t('editor.restoreShort')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {preview ? (
        <VersionPreview
          when={when(preview.version)}
          time={formatDateTime(preview.version.savedAt, i18n.language)}
          files={preview.files}
          mode={mode}
          highContrast={highContrast}
          restorable={preview.version.revision !== latest}
          busy={busy}
          onRestore={() => restore(preview.version)}
          onClose={() => setPreview(undefined)}
        />
      ) : null}
    </aside>
  );
}
