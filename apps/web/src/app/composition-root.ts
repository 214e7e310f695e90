import { parsePageFlags } from '@blockyard/core';
import { SystemClock, LocalStorageStore, WallClock } from '@blockyard/platform';
import { createBoardServices } from '../device/create-board-services.ts';
import { createBrowserProjectServices } from '../projects/project-services.ts';
import { createI18n, translatedLanguages } from '../i18n/i18n.ts';
import { LanguageController } from '../settings/language-controller.ts';
import { ThemeController } from '../settings/theme-controller.ts';
import type { Services } from './services.ts';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage can be refused outright (e.g. by policy); LocalStorageStore copes.
  }
}

/** The one place that picks real implementations for the browser. Tests build their own. */
export async function createBrowserServices(): Promise<Services> {
  const settingsStore = new LocalStorageStore(browserStorage());
  const platform = { userAgent: navigator.userAgent, languages: navigator.languages, online: navigator.onLine };
  const available = translatedLanguages();
  const i18n = await createI18n(
    LanguageController.initialLanguage(settingsStore, platform.languages, available, document.cookie),
  );
  const clock = new SystemClock();
  const flags = parsePageFlags(window.location.search, { inFrame: window.self !== window.top });
  return {
    clock,
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
    ),
    // A real board over WebUSB, or the emulated one with the page flag device=emulated.
    board: await createBoardServices(flags.device, clock),
  };
}
