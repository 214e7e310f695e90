import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import english from './locales/en/translation.json';

// English is the source language and the fallback, so it ships in the main bundle; every other
// language is a separate chunk loaded only when picked.
const lazyBundles = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/*.json', '!./locales/en/*']);

/**
 * The languages we ship a translation of the interface for (a `translation.json` under
 * `locales/<code>/`), English first: the only ones the language menu offers. A language with
 * only some strings translated shows English for the rest (i18next's fallback), never a key.
 */
export function translatedLanguages(): string[] {
  const codes = Object.keys(lazyBundles)
    .filter((path) => path.endsWith('/translation.json'))
    .map((path) => path.split('/')[2] ?? '');
  return ['en', ...[...new Set(codes.filter(Boolean))].sort()];
}

export async function createI18n(language: string): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const load = lazyBundles[`./locales/${lng}/${ns}.json`];
        // No translation yet: an empty bundle makes i18next fall back to English.
        return load ? (await load()).default : {};
      }),
    )
    .init({
      lng: language,
      fallbackLng: 'en',
      // `blocks`: the block texts of the API and built-in blocks (block-texts.ts); English comes
      // from the API's own annotations, so only other languages have the file.
      ns: ['translation', 'blocks'],
      defaultNS: 'translation',
      // A copy: live translations (live-translations.ts) are merged into the store's objects,
      // which must not change the imported module every instance starts from.
      resources: { en: { translation: structuredClone(english) } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      // Live translations arrive after the first paint: what is on screen must show them, so
      // components re-render when strings are added, not only when the language changes.
      react: { bindI18nStore: 'added' },
    });
  return instance;
}
