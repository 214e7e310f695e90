import type { BrowserSupport } from '../app/browser-support.ts';
import { useTranslation } from 'react-i18next';
import { BlockyardLogo } from '../shell/BlockyardLogo.tsx';
import './unsupported-browser-page.css';

/** Shown instead of the app when the browser check fails; `anybrowser=true` lets people through. */
export function UnsupportedBrowserPage({ support, href }: { support: BrowserSupport; href: string }) {
  const { t } = useTranslation();
  const url = new URL(href);
  url.searchParams.set('anybrowser', 'true');
  return (
    <main id="main" className="unsupported-page">
      <div className="card unsupported-card">
        <div className="unsupported-logo">
          <BlockyardLogo size={56} />
        </div>
        <h1>{t('unsupported.title')}</h1>
        <p>{t('unsupported.text')}</p>
        {support.reason && (
          <p className="unsupported-reason">
            {/* English comes from the core check; translations may add a key per browser. */}
            {t(`unsupported.reasonFor.${support.browser}`, { defaultValue: support.reason })}
          </p>
        )}
        <p>{t('unsupported.suggestion')}</p>
        <a className="button button-secondary" href={url.toString()}>
          {t('unsupported.continue')}
        </a>
        <p className="unsupported-hint">{t('unsupported.continueHint')}</p>
      </div>
    </main>
  );
}
