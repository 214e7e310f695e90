// The home page as the browser first draws it (the library still loading), rendered at build time
// by React's server renderer (build/first-paint-plugin.ts, in a DOM stand-in), so index.html can
// show it before the scripts have run (first-paint.ts) and the app can hydrate it (main.tsx). So
// the two match, this is the tree main.tsx renders, with the state every store gives hydration as
// its server snapshot (useObservable's `drawnFirst`).
import { ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import {
  MemoryBroadcastHub,
  MemoryStorageQuota,
  type ProjectsTabMessage,
  type ProjectStore,
} from '@blockyard/projects';
import type { CompilerClient } from '@blockyard/compiler-worker/client';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { AccountServices } from '../../account/account-services.ts';
import type { EditorEnvironment } from '../../editor/editor-environment.ts';
import type { ExtensionHost } from '../../extensions/project-extensions.ts';
import { Downloader } from '../../downloads/downloader.ts';
import { recordingDownloadEnvironment } from '../../downloads/recording-download-environment.ts';
import { createI18n, translatedLanguages } from '../../i18n/i18n.ts';
import { AppUpdate } from '../../offline/app-update.ts';
import { createProjectServices } from '../../projects/project-services.ts';
import { LanguageController } from '../../settings/language-controller.ts';
import { ThemeController } from '../../settings/theme-controller.ts';
import { parsePageFlags } from '../page-flags.ts';
import { createAppRouter } from '../router.tsx';
import { ServicesProvider } from '../services-context.tsx';
import type { Services } from '../services.ts';

/** The markup of `#root` for `/` in English, default theme, no account, projects not yet read. */
export async function renderHomeMarkup(): Promise<string> {
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
  const settingsStore = new MemoryKeyValueStore();
  const i18n = await createI18n('en');
  const flags = parsePageFlags('', { inFrame: false });
  const services: Services = {
    flags,
    clock,
    settingsStore,
    platform: { userAgent: 'build', languages: ['en'], online: true },
    i18n,
    theme: new ThemeController(settingsStore, document.createElement('div')),
    language: new LanguageController(settingsStore, i18n, document, translatedLanguages()),
    projects: createProjectServices({
      clock,
      // Never opens: the first frame of a real page shows the list loading too.
      open: () => new Promise<ProjectStore>(() => undefined),
      port: new MemoryBroadcastHub<ProjectsTabMessage>().connect(),
      tabId: 'build',
      quota: new MemoryStorageQuota(),
      recoveredName: (name) => name,
    }),
    downloads: new Downloader(flags, recordingDownloadEnvironment()),
    // Neither is used while drawing (a server render runs no effects).
    compiler: {} as CompilerClient,
    editor: {} as EditorEnvironment,
    // The shipped page has a server behind it: its "Open from a repository" button shows.
    extensions: {} as ExtensionHost,
    // As the page has them at start: no account shown until the server answers, no update ready.
    account: { getState: () => ({ status: 'unavailable' }), subscribe: () => () => undefined } as Pick<
      AccountServices,
      'getState' | 'subscribe'
    > as AccountServices,
    appUpdate: new AppUpdate(() => undefined),
  };
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  const markup = renderToString(
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </ServicesProvider>,
  );
  if (!markup.includes('home-new')) throw new Error('The home page did not render for the first paint');
  return markup;
}
