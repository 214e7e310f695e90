import { ShareClient } from '@blockyard/cloud';
import { CloudPackageFetcher, type PageFlags } from '@blockyard/core';
import { FetchHttpClient, SystemClock, LocalStorageStore, WallClock } from '@blockyard/platform';
import { AccountServices } from '../account/account-services.ts';
import { createBoardServices } from '../device/create-board-services.ts';
import { browserDownloadEnvironment, Downloader } from '../downloads/downloader.ts';
import { createBrowserProjectServices } from '../projects/project-services.ts';
import { createI18n, translatedLanguages } from '../i18n/i18n.ts';
import { LanguageController } from '../settings/language-controller.ts';
import { ThemeController } from '../settings/theme-controller.ts';
import type { Services } from './services.ts';

/**
 * Where settings live: the browser's local storage, or with `nosharedlocalstorage` this tab's
 * own session storage (kept across reloads, shared with no other page).
 */
function settingsStorage(flags: Pick<PageFlags, 'noSharedLocalStorage'>): Storage | null {
  try {
    return flags.noSharedLocalStorage ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // Storage can be refused outright (e.g. by policy); LocalStorageStore copes.
  }
}

/**
 * The one place that picks real implementations for the browser, following the page flags
 * (main.tsx reads them). Tests build their own.
 */
export async function createBrowserServices(flags: PageFlags): Promise<Services> {
  const settingsStore = new LocalStorageStore(settingsStorage(flags));
  const platform = { userAgent: navigator.userAgent, languages: navigator.languages, online: navigator.onLine };
  const available = translatedLanguages();
  const i18n = await createI18n(
    LanguageController.initialLanguage(settingsStore, platform.languages, available, document.cookie),
  );
  const clock = new SystemClock();
  const account = new AccountServices({
    http: new FetchHttpClient(),
    // The token and the sign-in state are kept like the settings (the same storage flags apply).
    store: settingsStore,
    clock: new WallClock(),
    page: {
      href: () => window.location.href,
      assign: (url) => window.location.assign(url),
      replace: (url) => window.history.replaceState(window.history.state, '', url),
    },
    newStateKey: () => crypto.randomUUID(),
    log: (message) => console.warn(message),
  });
  return {
    clock,
    flags,
    settingsStore,
    platform,
    i18n,
    theme: new ThemeController(settingsStore, document.documentElement),
    language: new LanguageController(settingsStore, i18n, document, available),
    // Projects store and show dates, so they run on the wall clock.
    projects: createBrowserProjectServices(
      new WallClock(),
      (name) => i18n.t('projects.recoveredName', { name }),
      settingsStore,
      flags.noSharedLocalStorage,
    ),
    // A real board over WebUSB, or the emulated one with the page flag device=emulated.
    board: await createBoardServices(flags.device, clock),
    downloads: new Downloader(flags, browserDownloadEnvironment()),
    account,
    // Shares go through the account's API: a signed-in publisher owns the share.
    shares: new ShareClient({ api: account.api, store: settingsStore, now: () => Date.now() }),
    extensions: new CloudPackageFetcher(new FetchHttpClient(), '/api'),
  };
}
