import type { ConflictChoice, ProjectSync } from '@blockyard/cloud';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';

interface CloudConflictDialogProps {
  readonly sync: ProjectSync;
  readonly projectId: string;
  readonly onClose: () => void;
}

/**
 * The choice after a project changed on two devices. Nothing was overwritten before it, and
 * every choice keeps the other version (a new project, or the history), so none loses work.
 */
export function CloudConflictDialog({ sync, projectId, onClose }: CloudConflictDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = async (choice: ConflictChoice) => {
    setBusy(true);
    setFailed(false);
    try {
      await sync.resolve(projectId, choice);
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open title={t('cloud.conflict.title')} onClose={onClose} className="cloud-conflict-dialog">
      <p>{t('cloud.conflict.intro')}</p>
      {failed ? (
        <p role="alert" className="cloud-conflict-problem">
          {t('cloud.conflict.failed')}
        </p>
      ) : null}
      <div className="cloud-conflict-choices">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void choose('both')}>
          {t('cloud.conflict.both')}
        </button>
        <p className="cloud-conflict-hint">{t('cloud.conflict.bothHint')}</p>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void choose('mine')}>
          {t('cloud.conflict.mine')}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void choose('theirs')}>
          {t('cloud.conflict.theirs')}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onClose}>
          {t('cloud.conflict.later')}
        </button>
      </div>
    </Dialog>
  );
}
