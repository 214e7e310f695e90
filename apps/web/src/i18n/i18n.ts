import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import english from './locales/en/translation.json';

// English is the source language and the fallback, so it ships in the main bundle; every other
// language is a separate chunk loaded only when picked.
const lazyBundles = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/*.json', '!./locales/en/*']);

/** Languages that have at least one translated file. */
export function translatedLanguages(): string[] {
  const codes = Object.keys(lazyBundles).map((path) => path.split('/')[2] ?? '');
  return ['en', ...new Set(codes.filter(Boolean))];
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
      ns: ['translation'],
      defaultNS: 'translation',
      resources: { en: { translation: english } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
  return instance;
}
