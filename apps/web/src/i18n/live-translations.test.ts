import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { LiveTranslations, type TranslationSource } from './live-translations.ts';

function source(files: Record<string, Record<string, unknown> | Error>): TranslationSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    translations(lang, filename) {
      asked.push(`${lang}/${filename}`);
      const file = files[lang];
      if (!file) return Promise.reject(new Error('Bad HTTP status code: 404 at /api/translations; message: none'));
      return file instanceof Error ? Promise.reject(file) : Promise.resolve(structuredClone(file));
    },
  };
}

describe('LiveTranslations', () => {
  it('lays the live strings over the bundled ones; English fills what neither has', async () => {
    const i18n = await createI18n('de');
    const bundledTitle = i18n.t('home.title');
    expect(bundledTitle).not.toBe('What will you make today?'); // the bundled German
    const live = source({
      de: { home: { intro: 'Live-Einleitung', title: 42, nested: { deep: 'tief' } }, app: { name: 'Blockhof' } },
    });
    await new LiveTranslations(i18n, live).start();
    expect(live.asked).toEqual(['de/translation.json']);
    expect(i18n.t('home.intro')).toBe('Live-Einleitung');
    expect(i18n.t('app.name')).toBe('Blockhof');
    expect(i18n.t('home.title')).toBe(bundledTitle); // not a string live: the bundled one stays
    expect(i18n.t('home.nested.deep')).toBe('tief');
    // A key German has nowhere falls back to English, never the key.
    i18n.addResource('en', 'translation', 'onlyEnglish', 'Only in English');
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
  });

  it('follows a change of language, and keeps the bundled strings when the server fails', async () => {
    const i18n = await createI18n('en');
    const log: string[] = [];
    const live = source({ en: { home: { intro: 'Live intro' } }, fr: new TypeError('Failed to fetch') });
    await new LiveTranslations(i18n, live, (message) => log.push(message)).start();
    expect(i18n.t('home.intro')).toBe('Live intro');
    await i18n.changeLanguage('fr');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(live.asked).toEqual(['en/translation.json', 'fr/translation.json']);
    expect(log).toEqual(['The fr translations could not be updated: Failed to fetch']);
    expect(i18n.t('home.newProject')).not.toBe('home.newProject'); // bundled French (or English)
  });

  it('adds nothing, so nothing on screen re-renders, when the live strings are the bundled ones', async () => {
    const i18n = await createI18n('en');
    const bundled = structuredClone(i18n.getResourceBundle('en', 'translation') as Record<string, unknown>);
    let added = 0;
    i18n.store.on('added', () => added++);
    await new LiveTranslations(i18n, source({ en: bundled })).start();
    expect(added).toBe(0);
    const home = { ...(bundled['home'] as Record<string, unknown>), intro: 'A corrected intro' };
    await new LiveTranslations(i18n, source({ en: { ...bundled, home } })).start();
    expect(added).toBe(1);
    expect(i18n.t('home.intro')).toBe('A corrected intro');
    expect(i18n.t('home.title')).toBe((bundled['home'] as Record<string, unknown>)['title']);
  });
});
