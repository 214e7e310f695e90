import { CloudApi, ContentClient, SharedStorage, SharedStoreClient, ShareClient } from '@blockyard/cloud';
import { CloudPackageFetcher } from '@blockyard/core';
import { type PageFlags } from './page-flags.ts';
import {
  FetchHttpClient,
  SystemClock,
  LocalStorageStore,
  WallClock,
  removeLegacyContentCache,
  type StorageEstimator,
} from '@blockyard/platform';
import { GitHubStorage } from '../github/github-storage.ts';
import { GitHubWorkflow } from '../github/github-workflow.ts';
import { AccountServices, TARGET } from '../account/account-services.ts';
import { createCloudProjects } from '../cloud/cloud-projects.ts';
import { createContentCache } from '../cloud/content-cache.ts';
import { ServerContent } from '../cloud/server-content.ts';
import { createBoardServices } from '../device/create-board-services.ts';
import { createCompiler } from '../sim-host/compiler-worker.ts';
import { browserDownloadEnvironment, Downloader } from '../downloads/downloader.ts';
import { createBrowserProjectServices } from '../projects/project-services.ts';
import { createI18n, translatedLanguages } from '../i18n/i18n.ts';
import { LiveTranslations } from '../i18n/live-translations.ts';
import { LanguageController } from '../settings/language-controller.ts';
import { bindPreferences } from '../settings/preference-binding.ts';
import { ThemeController } from '../settings/theme-controller.ts';
import type { Services } from './services.ts';
import { AppUpdate } from '../offline/app-update.ts';

/**
 * Where settings live: the browser's local storage, or with `nosharedlocalstorage` this tab's
 * own session storage (kept across reloads, shared with no other page).
 */
/** This tab's storage (a GitHub token not remembered), or none when the browser refuses it. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function settingsStorage(flags: Pick<PageFlags, 'noSharedLocalStorage'>): Storage | null {
  try {
    return flags.noSharedLocalStorage ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // Storage can be refused outright (e.g. by policy); LocalStorageStore copes.
  }
}

/** The browser's IndexedDB, or null where it is missing or refused (then nothing is cached). */
function indexedDbFactory(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null;
  }
}

/** `navigator.storage` where the browser has it (secure pages), for the content cache's cleanup. */
function storageEstimator(): StorageEstimator | null {
  try {
    return typeof navigator === 'undefined' ? null : (navigator.storage ?? null);
  } catch {
    return null;
  }
}

/**
 * The one place that picks real implementations for the browser, following the page flags
 * (main.tsx reads them). Tests build their own.
 */
export async function createBrowserServices(flags: PageFlags): Promise<Services> {
  // Hears other tabs' writes too: a closing tab's last draft can land after this page started.
  const settingsStore = new LocalStorageStore(settingsStorage(flags), undefined, window);
  const platform = { userAgent: navigator.userAgent, languages: navigator.languages, online: navigator.onLine };
  const available = translatedLanguages();
  const i18n = await createI18n(
    LanguageController.initialLanguage(settingsStore, platform.languages, available, document.cookie),
  );
  const clock = new SystemClock();
  const language = new LanguageController(settingsStore, i18n, document, available);
  const theme = new ThemeController(settingsStore, document.documentElement);
  const http = new FetchHttpClient();
  const log = (message: string) => console.warn(message);
  // The content calls start once the account's start-up has read the server's client config.
  // eslint-disable-next-line prefer-const
  let content: ServerContent | undefined;
  const account = new AccountServices({
    http,
    // The token and the sign-in state are kept like the settings (the same storage flags apply).
    store: settingsStore,
    clock: new WallClock(),
    page: {
      href: () => window.location.href,
      assign: (url) => window.location.assign(url),
      replace: (url) => window.history.replaceState(window.history.state, '', url),
    },
    newStateKey: () => crypto.randomUUID(),
    log,
    preferences: { clock, language: language.current },
    onClientConfig: (config) => content?.connect(config),
  });
  // Translations and docs pages through the content client (cached with their ETags in
  // IndexedDB, capped, on the wall clock since the cache outlives the page; never in
  // localStorage, which the closing page's drafts need); the shared storage's dev server, or memory.
  removeLegacyContentCache(settingsStorage(flags));
  const contentClient = new ContentClient({
    api: account.api,
    cache: createContentCache(flags, indexedDbFactory(), log, storageEstimator()),
    clock: new WallClock(),
    target: TARGET,
  });
  content = new ServerContent({
    content: contentClient,
    translations: new LiveTranslations(i18n, contentClient, log),
    sharedStorage: new SharedStorage(
      (url) =>
        new SharedStoreClient(
          new CloudApi({ http, baseUrl: url, target: TARGET, token: () => null, onUnauthorized: () => undefined }),
        ),
      { log, clock },
    ),
    online: () => navigator.onLine,
  });
  // High contrast and language follow the account while signed in (spec 000 §9).
  if (account.preferences) bindPreferences(account.preferences, theme, language);
  // Projects store and show dates, so they run on the wall clock.
  const projects = createBrowserProjectServices(
    new WallClock(),
    (name) => i18n.t('projects.recoveredName', { name }),
    settingsStore,
    flags.noSharedLocalStorage,
  );
  // Every project follows the signed-in account (statuses in the list and the editor).
  const cloudProjects = createCloudProjects({
    api: account.api,
    store: projects.store,
    settings: settingsStore,
    // The wall clock: the trash's expiry is compared with the server's dates.
    clock: new WallClock(),
    copyName: (name) => i18n.t('cloud.conflict.copyName', { name }),
    untitledName: i18n.t('home.defaultName'),
    account,
    log,
  });
  // Coming back to the page looks at the account at once (another device may have changed it).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') cloudProjects.refresh();
  });
  return {
    clock,
    flags,
    settingsStore,
    platform,
    i18n,
    theme,
    language,
    projects,
    // A real board over WebUSB, or the emulated one with the page flag device=emulated.
    board: await createBoardServices(flags.device, clock),
    downloads: new Downloader(flags, browserDownloadEnvironment()),
    // The page's one compiler worker client: the worker starts on first use (or early, from home).
    compiler: createCompiler(),
    account,
    // Shares go through the account's API: a signed-in publisher owns the share.
    shares: new ShareClient({ api: account.api, store: settingsStore, now: () => Date.now() }),
    cloudProjects,
    content,

    extensions: new CloudPackageFetcher(new FetchHttpClient(), '/api'),
    github: new GitHubWorkflow(
      new FetchHttpClient(),
      new GitHubStorage(settingsStore, new LocalStorageStore(tabStorage())),
    ),
    appUpdate: new AppUpdate(() => window.location.reload()),
  };
}
