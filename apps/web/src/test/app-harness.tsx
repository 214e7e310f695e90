// Renders the real app (router, services, translations) over in-memory project storage, for
// component tests of the project screens.
import { ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import { parsePageFlags, type PageFlags } from '../app/page-flags.ts';
import {
  MemoryBroadcastHub,
  MemoryProjectStore,
  MemoryStorageQuota,
  sequentialIds,
  type ProjectsTabMessage,
  type ProjectStore,
} from '@blockyard/projects';
import { RouterProvider } from '@tanstack/react-router';
import { act, render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ShareClient } from '@blockyard/cloud';
import type { AccountServices } from '../account/account-services.ts';
import { createAppRouter } from '../app/router.tsx';
import type { EditorEnvironment } from '../editor/editor-environment.ts';
import { createCompiler } from '../sim-host/compiler-worker.ts';
import type { ExtensionHost } from '../extensions/project-extensions.ts';
import { ServicesProvider } from '../app/services-context.tsx';
import type { Services } from '../app/services.ts';
import { Downloader } from '../downloads/downloader.ts';
import { recordingDownloadEnvironment } from '../downloads/recording-download-environment.ts';
import { createI18n, translatedLanguages } from '../i18n/i18n.ts';
import { createProjectServices, type ProjectServices } from '../projects/project-services.ts';
import { LanguageController } from '../settings/language-controller.ts';
import { ThemeController } from '../settings/theme-controller.ts';

/** 5 January 2026, 09:00 UTC. */
export const START = Date.UTC(2026, 0, 5, 9, 0, 0);

export interface AppHarness {
  view: RenderResult;
  clock: ManualClock;
  store: MemoryProjectStore;
  projects: ProjectServices;
  services: Services;
  router: ReturnType<typeof createAppRouter>;
  /** Moves the project clock on and lets promises settle. */
  advance(ms: number): Promise<void>;
  path(): string;
}

export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export async function renderApp(
  path: string,
  options: {
    store?: MemoryProjectStore;
    clock?: ManualClock;
    hub?: MemoryBroadcastHub<ProjectsTabMessage>;
    /** The editor's compiler and simulators (in-process ones for editor tests). */
    editor?: EditorEnvironment;
    /** The page address's flags; a plain top-level page when omitted. */
    flags?: PageFlags;
    /** What downloads do (the harness records them by default). */
    downloads?: Downloader;
    /** Sign-in and the account (none by default, as with no server behind the page). */
    account?: AccountServices;
    /** Share links (none by default: no Share button, and share pages cannot load). */
    shares?: ShareClient;
    /** The code host behind /api/gh (none by default: only built-in extensions load). */
    extensions?: ExtensionHost;
  } = {},
): Promise<AppHarness> {
  const clock = options.clock ?? new ManualClock(START);
  const store = options.store ?? new MemoryProjectStore({ clock, newId: sequentialIds('project-') });
  const settingsStore = new MemoryKeyValueStore();
  const i18n = await createI18n('en');
  const hub = options.hub ?? new MemoryBroadcastHub<ProjectsTabMessage>();
  const projects = createProjectServices({
    clock,
    open: () => Promise.resolve<ProjectStore>(store),
    port: hub.connect(),
    tabId: `tab-${Math.random()}`,
    quota: new MemoryStorageQuota(),
    recoveredName: (name) => `${name} (recovered)`,
  });
  const flags = options.flags ?? parsePageFlags('', { inFrame: false });
  const downloads = options.downloads ?? new Downloader(flags, recordingDownloadEnvironment());
  const services: Services = {
    flags,
    downloads,
    clock,
    settingsStore,
    platform: { userAgent: 'test', languages: ['en'], online: true },
    i18n,
    theme: new ThemeController(settingsStore, document.documentElement),
    language: new LanguageController(settingsStore, i18n, document, translatedLanguages()),
    projects,
    // The browser's client: its worker starts only if a test without `editor` compiles.
    compiler: options.editor?.compiler() ?? createCompiler(),
    ...(options.editor ? { editor: options.editor } : {}),
    ...(options.account ? { account: options.account } : {}),
    ...(options.shares ? { shares: options.shares } : {}),
    ...(options.extensions ? { extensions: options.extensions } : {}),
  };
  window.history.replaceState(null, '', path);
  const router = createAppRouter();
  const view = render(
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </ServicesProvider>,
  );
  await projects.ready;
  await settle();
  return {
    view,
    clock,
    store,
    projects,
    services,
    router,
    async advance(ms: number) {
      for (let t = 0; t < ms; t += 100) {
        act(() => clock.advance(Math.min(100, ms - t)));
        await settle();
      }
    },
    path: () => router.state.location.pathname,
  };
}
