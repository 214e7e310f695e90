import { trashExpiresAt, type ProjectSummary } from '@blockyard/projects';
import { RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { formatRelativeTime } from '../ui/relative-time.ts';

interface TrashListProps {
  projects: readonly ProjectSummary[];
  now: number;
  onRestore: (project: ProjectSummary) => void;
  onPurge: (project: ProjectSummary) => Promise<void>;
}

/** Projects in the trash: restorable for 30 days; "delete forever" asks first. */
export function TrashList({ projects, now, onRestore, onPurge }: TrashListProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState<ProjectSummary | null>(null);
  return (
    <div className="trash">
      <p className="trash-intro">{t('trash.intro')}</p>
      {projects.length === 0 ? (
        <p>{t('trash.empty')}</p>
      ) : (
        <ul className="trash-list">
          {projects.map((project) => (
            <li key={project.id} className="trash-item">
              <div className="trash-item-text">
                <span className="trash-item-name">{project.name}</span>
                <span className="trash-item-time">
                  {t('trash.deletedWhen', { when: formatRelativeTime(project.trashedAt ?? now, now, i18n.language) })}
                  {' · '}
                  {t('trash.expires', {
                    when: formatRelativeTime(trashExpiresAt(project) ?? now, now, i18n.language, 'day'),
                  })}
                </span>
              </div>
              <div className="trash-item-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('trash.restore', { name: project.name })}
                  onClick={() => onRestore(project)}
                >
                  <RotateCcw aria-hidden="true" size={18} />
                  {t('trash.restoreShort')}
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  aria-label={t('trash.deleteForever', { name: project.name })}
                  onClick={() => setConfirming(project)}
                >
                  <Trash2 aria-hidden="true" size={18} />
                  {t('trash.deleteForeverShort')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirming !== null}
        title={t('trash.confirmTitle', { name: confirming?.name ?? '' })}
        onClose={() => setConfirming(null)}
      >
        <p>{t('trash.confirmText')}</p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" autoFocus onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              const project = confirming;
              setConfirming(null);
              if (project) void onPurge(project);
            }}
          >
            {t('trash.deleteForeverShort')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
