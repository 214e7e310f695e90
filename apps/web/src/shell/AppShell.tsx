import { Outlet, useMatchRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { DownloadReadyDialog } from '../downloads/DownloadReadyDialog.tsx';
import { UpdateNotice } from '../offline/UpdateNotice.tsx';
import { AppHeader } from './AppHeader.tsx';
import { showsAppChrome } from './app-chrome.ts';
import './app-shell.css';

export function AppShell() {
  const { t } = useTranslation();
  const { flags, appUpdate } = useServices();
  // The editor brings its own header and main (project name, Blocks | JavaScript, bottom bar).
  const inEditor = Boolean(useMatchRoute()({ to: '/projects/$id' }));
  if (inEditor) {
    return (
      <>
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <Outlet />
        <DownloadReadyDialog />
        {appUpdate ? <UpdateNotice update={appUpdate} /> : null}
      </>
    );
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {showsAppChrome(flags) ? <AppHeader /> : null}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <DownloadReadyDialog />
      {appUpdate ? <UpdateNotice update={appUpdate} /> : null}
    </>
  );
}
