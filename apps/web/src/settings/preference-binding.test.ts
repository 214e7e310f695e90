import { PreferenceSync, protocol } from '@blockyard/cloud';
import { ManualClock, MemoryKeyValueStore } from '@blockyard/core';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, translatedLanguages } from '../i18n/i18n.ts';
import { LanguageController } from './language-controller.ts';
import { bindPreferences } from './preference-binding.ts';
import { ThemeController } from './theme-controller.ts';

async function setup(saved: Record<string, string> = {}) {
  const store = new MemoryKeyValueStore();
  for (const [key, value] of Object.entries(saved)) store.set(key, value);
  const i18n = await createI18n(LanguageController.initialLanguage(store, [], translatedLanguages()));
  const theme = new ThemeController(store, document.createElement('html'));
  const language = new LanguageController(store, i18n, document, translatedLanguages());
  const sent: protocol.PatchOperation[][] = [];
  const preferences = new PreferenceSync({
    clock: new ManualClock(),
    store,
    language: language.current,
    send: (operations) => {
      sent.push(operations);
      return Promise.resolve();
    },
    onError: () => undefined,
  });
  const unbind = bindPreferences(preferences, theme, language);
  return { store, theme, language, preferences, sent, unbind };
}

describe('bindPreferences', () => {
  it('puts the settings on screen into the preferences at start', async () => {
    const { preferences } = await setup({ theme: 'high-contrast', language: 'fr' });
    expect(preferences.preferences).toMatchObject({ highContrast: true, language: 'fr' });
  });

  it('records a change of high contrast or language as a preference change', async () => {
    const { preferences, theme, language } = await setup();
    theme.set('high-contrast');
    await language.set('de');
    expect(preferences.preferences).toMatchObject({ highContrast: true, language: 'de' });
  });

  it("applies the account's preferences when they arrive, and sends nothing back", async () => {
    const { preferences, theme, language, sent } = await setup();
    preferences.startSync({ ...protocol.defaultPreferences(), highContrast: true, language: 'es-ES' });
    expect(theme.current).toBe('high-contrast');
    // The translation loads first.
    await vi.waitFor(() => expect(language.current).toBe('es-ES'));
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('es-ES'));
    expect(preferences.pending).toBe(0);
    expect(sent).toEqual([]);
  });

  it('keeps a preferred language without a translation while its best match is shown', async () => {
    const { preferences, language } = await setup();
    preferences.startSync({ ...protocol.defaultPreferences(), language: 'de-AT' });
    await vi.waitFor(() => expect(language.current).toBe('de'));
    expect(preferences.preferences.language).toBe('de-AT');
    expect(preferences.pending).toBe(0);
  });

  it('keeps the settings on screen when the learner signs out', async () => {
    const { preferences, theme } = await setup();
    preferences.startSync({ ...protocol.defaultPreferences(), highContrast: true, reader: 'x' });
    preferences.stopSync();
    expect(theme.current).toBe('high-contrast');
    expect(preferences.preferences.highContrast).toBe(true);
  });

  it('stops following after unbinding', async () => {
    const { preferences, theme, unbind } = await setup();
    unbind();
    theme.set('high-contrast');
    expect(preferences.preferences.highContrast).toBe(false);
  });
});
