import { MemoryKeyValueStore } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { LanguageController } from './language-controller.ts';

describe('LanguageController', () => {
  it('prefers the saved language, then the browser languages, then English', () => {
    const store = new MemoryKeyValueStore();
    expect(LanguageController.initialLanguage(store, [])).toBe('en');
    expect(LanguageController.initialLanguage(store, ['de-AT', 'fr'])).toBe('de');
    store.set('language', 'fr');
    expect(LanguageController.initialLanguage(store, ['de'])).toBe('fr');
  });

  it('saves the choice, sets the cookie, and marks right-to-left languages on <html>', async () => {
    const store = new MemoryKeyValueStore();
    const i18n = await createI18n('en');
    const controller = new LanguageController(store, i18n, document);

    await controller.set('ar');

    expect(store.get('language')).toBe('ar');
    expect(document.cookie).toContain('PXT_LANG=ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    // No Arabic strings exist yet: English is the fallback, never a raw key.
    expect(i18n.t('home.newProject')).toBe('New project');
  });
});
