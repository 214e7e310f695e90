import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppHeader } from './AppHeader.tsx';
import './app-shell.css';

export function AppShell() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
