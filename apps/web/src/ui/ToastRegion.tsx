import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useObservable } from '../projects/observable-hooks.ts';
import type { ToastQueue } from './toasts.ts';

/** Where toasts appear; a polite live region, so screen readers read each one once. */
export function ToastRegion({ queue }: { queue: ToastQueue }) {
  const { t } = useTranslation();
  const toasts = useObservable(queue);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`}>
          <span className="toast-text">
            <span className="toast-message">{toast.message}</span>
            {toast.links ? (
              <span className="toast-links">
                {toast.links.map((link, i) => (
                  <button key={i} type="button" className="toast-link" onClick={link.run}>
                    {link.label}
                  </button>
                ))}
              </span>
            ) : null}
            {toast.detail ? (
              <details className="toast-detail">
                <summary>{t('common.details')}</summary>
                <span lang="en" dir="ltr">
                  {toast.detail}
                </span>
              </details>
            ) : null}
          </span>
          {toast.action ? (
            <button
              type="button"
              className="button button-secondary toast-action"
              onClick={() => {
                toast.action?.run();
                queue.dismiss(toast.id);
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="icon-button toast-close"
            aria-label={t('common.dismiss')}
            onClick={() => queue.dismiss(toast.id)}
          >
            <X aria-hidden="true" size={20} />
          </button>
        </div>
      ))}
    </div>
  );
}
