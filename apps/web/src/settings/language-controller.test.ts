import { MemoryKeyValueStore } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { createI18n, translatedLanguages } from '../i18n/i18n.ts';
import { LanguageController, languageFromCookie } from './language-controller.ts';

const available = translatedLanguages();

describe('LanguageController', () => {
  it('prefers the saved language, then the cookie, then the browser languages, among translated ones', () => {
    const store = new MemoryKeyValueStore();
    expect(LanguageController.initialLanguage(store, [], available)).toBe('en');
    expect(LanguageController.initialLanguage(store, ['de-AT', 'fr'], available)).toBe('de');
    // A language we do not translate is never chosen (spec 000 §5): the next wish or English.
    expect(LanguageController.initialLanguage(store, ['sw', 'fr'], available)).toBe('fr');
    expect(LanguageController.initialLanguage(store, ['es-MX'], available)).toBe('es-ES');
    expect(LanguageController.initialLanguage(store, ['de'], available, 'a=1; PXT_LANG=pt-br')).toBe('pt-BR');
    store.set('language', 'fr');
    expect(LanguageController.initialLanguage(store, ['de'], available, 'PXT_LANG=de')).toBe('fr');
  });

  it('reads the language cookie with the code rules of spec 000 §5', () => {
    expect(languageFromCookie('PXT_LANG=zh-cn')).toBe('zh-CN');
    expect(languageFromCookie('x=y')).toBeNull();
  });

  it('offers only translated languages', () => {
    expect(available[0]).toBe('en');
    expect(available).toEqual(expect.arrayContaining(['ar', 'de', 'es-ES', 'fr', 'pt-BR', 'zh-CN']));
    expect(available).not.toContain('sw');
  });

  it('saves the choice, sets the 30-day cookie, and lays Arabic out right to left', async () => {
    const store = new MemoryKeyValueStore();
    const i18n = await createI18n('en');
    const controller = new LanguageController(store, i18n, document, available, () => Date.now());

    await controller.set('ar');

    expect(store.get('language')).toBe('ar');
    expect(document.cookie).toContain('PXT_LANG=ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.t('home.newProject')).toBe('مشروع جديد');
    await controller.set('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('home.newProject')).toBe('Nouveau projet');
  });
});
