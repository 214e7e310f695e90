import { type KeyValueStore } from '@blockyard/core';
import {
  DEFAULT_LANGUAGE,
  findLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  normalizeLanguageCode,
  pickLocale,
} from '../i18n/languages.ts';
import type { i18n } from 'i18next';

const storageKey = 'language';

/** The language cookie's value in a `document.cookie` string, normalized (spec 000 §5), or null. */
export function languageFromCookie(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LANGUAGE_COOKIE) continue;
    try {
      const value = normalizeLanguageCode(decodeURIComponent(rest.join('=')));
      return value || null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The UI language: stored locally and in the language cookie (PXT_LANG, 30 days: spec 000 §9),
 * applied to i18next and to <html lang dir>. Only languages we ship translations for are offered
 * or chosen (`available`); a saved or requested code outside them falls to the best available one.
 */
export class LanguageController {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly i18n: i18n,
    private readonly documentRef: Document,
    /** The languages with a translation, English first. */
    readonly available: readonly string[] = [DEFAULT_LANGUAGE],
    private readonly now: () => number = () => Date.now(),
  ) {
    this.applyToDocument(i18n.language);
  }

  /**
   * The saved choice, else the language cookie, else the best match for the browser's languages
   * among `available`, else English (spec 000 §5: a locale is used only if it is available).
   */
  static initialLanguage(
    store: KeyValueStore,
    browserLanguages: readonly string[],
    available: readonly string[] = [DEFAULT_LANGUAGE],
    cookie = '',
  ): string {
    for (const chosen of [store.get(storageKey), languageFromCookie(cookie)]) {
      if (chosen) return pickLocale([chosen], available);
    }
    return browserLanguages.length ? pickLocale(browserLanguages, available) : DEFAULT_LANGUAGE;
  }

  get current(): string {
    return this.i18n.language;
  }

  /** The code `requested` would be shown in: itself or the best available language. */
  pick(requested: string): string {
    return pickLocale([requested], this.available);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async set(requested: string): Promise<void> {
    const code = this.pick(requested);
    this.store.set(storageKey, code);
    const expires = new Date(this.now() + LANGUAGE_COOKIE_DAYS * 86_400_000).toUTCString();
    this.documentRef.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; expires=${expires}; path=/; SameSite=Lax`;
    await this.i18n.changeLanguage(code);
    this.applyToDocument(code);
    for (const listener of this.listeners) listener();
  }

  private applyToDocument(code: string): void {
    const root = this.documentRef.documentElement;
    root.lang = code;
    root.dir = findLanguage(code)?.rtl ? 'rtl' : 'ltr';
  }
}
