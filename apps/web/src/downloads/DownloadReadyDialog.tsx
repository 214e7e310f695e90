// With `downloadUserContext=1` a file the app made waits here behind a real link, so the
// learner's own press starts the download (some browsers refuse any other).

import { Download } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { Dialog } from '../ui/Dialog.tsx';

export function DownloadReadyDialog() {
  const { t } = useTranslation();
  const { downloads } = useServices();
  const ready = useSyncExternalStore(downloads.subscribe, () => downloads.pending);
  return (
    <Dialog open={ready !== null} title={t('downloads.readyTitle')} onClose={() => downloads.discard()}>
      <p>{t('downloads.readyText', { file: ready?.fileName ?? '' })}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => downloads.discard()}>
          {t('common.cancel')}
        </button>
        {ready ? (
          <a
            className="button button-primary"
            href={ready.url}
            download={ready.fileName}
            autoFocus
            // The browser starts the download from this press; then the dialog can go.
            onClick={() => setTimeout(() => downloads.saved(), 0)}
          >
            <Download aria-hidden="true" size={18} />
            {t('downloads.save', { file: ready.fileName })}
          </a>
        ) : null}
      </div>
    </Dialog>
  );
}
