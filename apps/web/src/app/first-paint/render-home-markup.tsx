// The home page as the browser first draws it (the library still loading), rendered at build time
// by build/first-paint-plugin.ts in a DOM stand-in, so index.html can show it before the scripts
// have run (first-paint.ts). The real page's first render replaces it: this is only its picture.
import { ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import {
  MemoryBroadcastHub,
  MemoryStorageQuota,
  type ProjectsTabMessage,
  type ProjectStore,
} from '@blockyard/projects';
import type { CompilerClient } from '@blockyard/compiler-worker/client';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { EditorEnvironment } from '../../editor/editor-environment.ts';
import type { ExtensionHost } from '../../extensions/project-extensions.ts';
import { NewProjectDialog } from '../../home/NewProjectDialog.tsx';
import { Downloader } from '../../downloads/downloader.ts';
import { recordingDownloadEnvironment } from '../../downloads/recording-download-environment.ts';
import { createI18n, translatedLanguages } from '../../i18n/i18n.ts';
import { createProjectServices } from '../../projects/project-services.ts';
import { LanguageController } from '../../settings/language-controller.ts';
import { ThemeController } from '../../settings/theme-controller.ts';
import { parsePageFlags } from '../page-flags.ts';
import { createAppRouter } from '../router.tsx';
import { ServicesProvider } from '../services-context.tsx';
import type { Services } from '../services.ts';

export interface FirstPaintMarkup {
  /** `#root` for `/` in English, default theme, signed out, projects not yet read. */
  home: string;
  /** The New project dialog, open, as the picture shows it on a press (early-new-project.ts). */
  newProjectDialog: string;
}

export async function renderHomeMarkup(): Promise<FirstPaintMarkup> {
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
    // Neither is used while drawing; given, the page's effects leave the editor's code alone.
    compiler: {} as CompilerClient,
    editor: {} as EditorEnvironment,
    // The shipped page has a server behind it: its "Open from a repository" button shows.
    extensions: {} as ExtensionHost,
  };
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
  // In Node the router takes its server path (its `isServer` export), where the component that
  // starts this list never renders; the matches' layout effect reads it all the same.
  (router as unknown as { _rendered?: unknown[] })._rendered ??= [];
  await router.load();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </ServicesProvider>,
  );
  for (let i = 0; i < 200 && !container.querySelector('.home-new'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const markup = container.innerHTML;
  root.unmount();
  container.remove();
  if (!markup.includes('home-new')) throw new Error('The home page did not render for the first paint');
  return { home: markup, newProjectDialog: renderNewProjectDialog(i18n) };
}

/** The open dialog with the default name; no names are known yet, so the plain one. */
function renderNewProjectDialog(i18n: I18n): string {
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <NewProjectDialog open takenNames={[]} onCreate={() => Promise.resolve()} onClose={() => undefined} />
    </I18nextProvider>,
  );
  if (!markup.includes('new-project-dialog') || !markup.includes('<input')) {
    throw new Error('The New project dialog did not render for the first paint');
  }
  return markup;
}
