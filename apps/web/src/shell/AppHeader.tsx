import { Link } from '@tanstack/react-router';
import { BookOpen, Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../account/AccountMenu.tsx';
import { BlockyardLogo } from './BlockyardLogo.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';

export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className="app-header">
      <Link to="/" className="app-header-brand" aria-label={t('app.name')}>
        <BlockyardLogo />
        <span aria-hidden="true">{t('app.name')}</span>
      </Link>
      <nav aria-label={t('nav.label')} className="app-header-nav">
        <Link to="/" className="app-header-link" activeOptions={{ exact: true, includeSearch: false }}>
          <Home aria-hidden="true" size={20} />
          {t('nav.home')}
        </Link>
        <Link to="/docs/$" params={{ _splat: '' }} className="app-header-link">
          <BookOpen aria-hidden="true" size={20} />
          {t('nav.docs')}
        </Link>
      </nav>
      <div className="app-header-end">
        <SettingsMenu />
        <AccountMenu />
      </div>
    </header>
  );
}
