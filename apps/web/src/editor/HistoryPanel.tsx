import type { AutosaveController, ProjectVersionSummary } from '@blockyard/projects';
import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectServices } from '../projects/project-hooks.ts';
import { formatDateTime, formatRelativeTime } from '../ui/relative-time.ts';
import { useNow } from '../ui/use-now.ts';

type Versions = { status: 'loading' } | { status: 'ready'; versions: ProjectVersionSummary[] } | { status: 'error' };

interface HistoryPanelProps {
  autosave: AutosaveController;
  /** The stored revision: the list is read again whenever it moves. */
  revision: number;
  onRestored: (version: ProjectVersionSummary) => void;
  /** Restoring failed: `error` is what was thrown, or undefined when the edits could not be saved first. */
  onFailed: (error: unknown) => void;
}

/** Saved versions, newest first, each restorable (restoring saves a new version). */
export function HistoryPanel({ autosave, revision, onRestored, onFailed }: HistoryPanelProps) {
  const { t, i18n } = useTranslation();
  // Ages count in ten-second steps within the first minute, so they move while the panel is open.
  const now = useNow(5_000);
  const { store } = useProjectServices();
  const [loaded, setLoaded] = useState<{ revision: number; versions: Versions } | null>(null);
  const [busy, setBusy] = useState(false);

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
        <ol className="history-list">
          {versions.versions.map((version) => {
            const time = formatDateTime(version.savedAt, i18n.language);
            const current = version.revision === latest;
            return (
              <li key={version.revision} className="history-item">
                <div className="history-item-text">
                  <span className="history-item-time" title={time}>
                    {formatRelativeTime(version.savedAt, now, i18n.language, 'second')}
                  </span>
                  <span className="history-item-reason">
                    {t(`editor.reason.${version.reason}`)} · {time}
                  </span>
                </div>
                {current ? (
                  <span className="history-current">{t('editor.current')}</span>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('editor.restoreVersion', { time })}
                    disabled={busy}
                    onClick={() => {
                      setBusy(true);
                      autosave
                        .restoreVersion(version.revision)
                        .then(
                          (restored) => (restored ? onRestored(version) : onFailed(undefined)),
                          (error: unknown) => onFailed(error),
                        )
                        .finally(() => setBusy(false));
                    }}
                  >
                    <RotateCcw aria-hidden="true" size={16} />
                    {t('editor.restoreShort')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </aside>
  );
}
