import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useObservable } from '../projects/observable-hooks.ts';
import type { AppUpdate } from './app-update.ts';
import './update-notice.css';

/** "A new version is ready": calm, never in the way, and only acted on when the learner says so. */
export function UpdateNotice({ update }: { update: AppUpdate }) {
  const { t } = useTranslation();
  const ready = useObservable(update);
  return (
    <div className="update-notice-region" role="status" aria-live="polite">
      {ready ? (
        <div className="toast toast-info">
          <span className="toast-text">
            <span className="toast-message">{t('appUpdate.ready')}</span>
          </span>
          <button type="button" className="button button-secondary toast-action" onClick={() => update.apply()}>
            {t('appUpdate.reload')}
          </button>
          <button
            type="button"
            className="icon-button toast-close"
            aria-label={t('appUpdate.later')}
            onClick={() => update.dismiss()}
          >
            <X aria-hidden="true" size={20} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
