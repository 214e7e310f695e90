import type { DamagedRecord, RecoveryBundle, StorageHealthState } from '@blockyard/projects';
import { AlertTriangle, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface StorageBannerProps {
  health: StorageHealthState;
  damaged: readonly DamagedRecord[];
  onDownloadAll: () => void;
  onDownloadRecovery: (bundle: RecoveryBundle) => void;
  onDismissRecovery: () => void;
}

/** Storage warnings, most urgent first; each says what it means and what to do. */
export function StorageBanner({
  health,
  damaged,
  onDownloadAll,
  onDownloadRecovery,
  onDismissRecovery,
}: StorageBannerProps) {
  const { t } = useTranslation();
  const messages: { key: string; text: string; action?: ReactNode }[] = [];
  const download = (
    <button type="button" className="button button-secondary" onClick={onDownloadAll}>
      <Download aria-hidden="true" size={18} />
      {t('storage.downloadAll')}
    </button>
  );
  if (health.database === 'unavailable')
    messages.push({ key: 'unavailable', text: t('storage.unavailable'), action: download });
  if (health.database === 'page-only')
    messages.push({ key: 'page-only', text: t('storage.pageOnly'), action: download });
  if (health.database === 'blocked') messages.push({ key: 'blocked', text: t('storage.blocked') });
  if (health.database === 'replaced')
    messages.push({
      key: 'replaced',
      text: t('storage.replaced'),
      action: (
        <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
          {t('storage.reload')}
        </button>
      ),
    });
  const recovery = health.recovery;
  if (recovery && (recovery.projects.length > 0 || recovery.damaged.length > 0))
    messages.push({
      key: 'recovery',
      text: t('storage.recovery'),
      action: (
        <>
          <button type="button" className="button button-secondary" onClick={() => onDownloadRecovery(recovery)}>
            <Download aria-hidden="true" size={18} />
            {t('storage.downloadRecovery')}
          </button>
          <button type="button" className="button button-secondary" onClick={onDismissRecovery}>
            {t('common.dismiss')}
          </button>
        </>
      ),
    });
  if (damaged.length > 0)
    messages.push({
      key: 'damaged',
      text: t('storage.damaged', {
        count: damaged.length,
        names: damaged.map((d) => `“${d.name ?? t('storage.unnamed')}”`).join(', '),
      }),
      action: (
        <button type="button" className="button button-secondary" onClick={onDownloadAll}>
          <Download aria-hidden="true" size={18} />
          {t('storage.downloadRecovery')}
        </button>
      ),
    });
  if (health.pressure === 'full') messages.push({ key: 'full', text: t('storage.pressureFull'), action: download });
  else if (health.pressure === 'high')
    messages.push({ key: 'high', text: t('storage.pressureHigh'), action: download });
  if (messages.length === 0) return null;
  return (
    <section className="storage-banner" role="alert" aria-label={t('storage.bannerLabel')}>
      {messages.map((message) => (
        <div key={message.key} className="storage-banner-item">
          <AlertTriangle aria-hidden="true" size={24} className="storage-banner-icon" />
          <p>{message.text}</p>
          {message.action ? <div className="storage-banner-actions">{message.action}</div> : null}
        </div>
      ))}
    </section>
  );
}
