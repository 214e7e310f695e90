import type { PreferenceSync } from '@blockyard/cloud';
import type { LanguageController } from './language-controller.ts';
import type { ThemeController } from './theme-controller.ts';

/**
 * Ties the settings the learner sees (high contrast, language) to the synced preferences
 * (spec 000 §3, §9): a change made here goes into the preferences (and, signed in, to the
 * account); preferences that arrive from the account are applied here. The controllers keep
 * their own storage, so signing out changes nothing on screen. Returns the unbinding.
 */
export function bindPreferences(
  preferences: PreferenceSync,
  theme: ThemeController,
  language: LanguageController,
): () => void {
  // Each setting updates only its own preference: a language still loading must not be read
  // back as a choice while the theme is applied.
  const fromTheme = () => {
    const highContrast = theme.current === 'high-contrast';
    if (preferences.preferences.highContrast !== highContrast) preferences.update((p) => ({ ...p, highContrast }));
  };
  const fromLanguage = () => {
    // A preferred language we have no translation for (say, from another device) is kept as
    // long as what is shown is its best match: only a real choice here replaces it.
    if (language.pick(preferences.preferences.language) === language.current) return;
    preferences.update((p) => ({ ...p, language: language.current }));
  };
  const fromPreferences = () => {
    const { highContrast, language: wanted } = preferences.preferences;
    theme.set(highContrast ? 'high-contrast' : 'default');
    if (language.pick(wanted) !== language.current) void language.set(wanted);
  };
  // At start the settings on screen are the truth (they were saved here last).
  fromTheme();
  fromLanguage();
  const stops = [theme.subscribe(fromTheme), language.subscribe(fromLanguage), preferences.subscribe(fromPreferences)];
  return () => {
    for (const stop of stops) stop();
  };
}
