import '@fontsource-variable/nunito';
import './theme/global.css';
import { checkBrowserSupport } from './app/browser-support.ts';
import { parsePageFlags } from './app/page-flags.ts';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserServices } from './app/composition-root.ts';
import { createAppRouter } from './app/router.tsx';
import { ServicesProvider } from './app/services-context.tsx';
import type { AppUpdate } from './offline/app-update.ts';
import { startOfflineCopyAfterLoad } from './offline/start-offline-copy.ts';
import { UnsupportedBrowserPage } from './routes/UnsupportedBrowserPage.tsx';

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // Read once, before anything else: storage, downloads and layout follow them.
  const flags = parsePageFlags(window.location.search, {
    inFrame: window.self !== window.top,
    hash: window.location.hash,
  });
  const services = await createBrowserServices(flags);
  const { account } = services;
  if (account?.isCallback()) {
    // Back from the identity provider: finish the sign-in and restore the address the learner
    // left from before the router reads it.
    await account.completeSignIn();
  }
  startOfflineCopy(services.appUpdate, flags.noSharedLocalStorage);
  // Sign-in is offered once the server answers; the first page does not wait for it.
  void account?.start();
  const support = checkBrowserSupport(navigator.userAgent, { anyBrowser: flags.anyBrowser });
  const router = createAppRouter();
  // With the home page's first paint on screen (app/first-paint/first-paint.ts), the route is
  // resolved before React's first commit: that commit replaces the picture, and an empty one (the
  // router still matching) would blank the page for a frame.
  if (container.firstChild) await router.load();
  const root = createRoot(container);
  // Time-sliced: the learner's press, typing and Enter on the picture (and its New project
  // dialog) are answered between the slices of this first render instead of after all of it.
  startTransition(() =>
    root.render(
      <StrictMode>
        <ServicesProvider services={services}>
          <I18nextProvider i18n={services.i18n}>
            {support.supported ? (
              <RouterProvider router={router} />
            ) : (
              <UnsupportedBrowserPage support={support} href={window.location.href} />
            )}
          </I18nextProvider>
        </ServicesProvider>
      </StrictMode>,
    ),
  );
}

/**
 * The offline copy (src/offline/service-worker.ts): built apps only, and not for a page that must
 * share no storage with others. A first install starts a while after the page has loaded, off a
 * new learner's first minute (offline/start-offline-copy.ts).
 */
function startOfflineCopy(update: AppUpdate | undefined, sharesNothing: boolean): void {
  if (!import.meta.env.PROD || sharesNothing || !update || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  startOfflineCopyAfterLoad(() => void update.start(container), container.controller !== null);
}

void boot();
