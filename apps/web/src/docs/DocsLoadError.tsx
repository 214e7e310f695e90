import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * What a help page shows when its code or content could not be loaded (the docs chunk is loaded
 * on first use, so offline it may be missing): plain words, offline or not, and a way to try again.
 * Before the offline copy (a service worker) has kept the app, this is what a tab sees
 * (docs/ARCHITECTURE.md, "Help pages offline").
 */
export function DocsLoadError({ reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div className="page">
      <article className="card" role="alert">
        <h1>{t(offline ? 'docs.offlineTitle' : 'docs.loadFailedTitle')}</h1>
        <p>{t(offline ? 'docs.offline' : 'docs.loadFailed')}</p>
        <p>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('docs.tryAgain')}
          </button>{' '}
          <Link to="/" className="button button-secondary" onClick={reset}>
            {t('notFound.home')}
          </Link>
        </p>
      </article>
    </div>
  );
}
