import {
  DEFAULT_LANGUAGE,
  findLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  languages,
  pickLocale,
  type KeyValueStore,
} from '@blockyard/core';
import type { i18n } from 'i18next';

const storageKey = 'language';
const allCodes = languages.map((language) => language.code);

/** The UI language: stored locally and in the language cookie (spec 000 §9), applied to i18next and <html>. */
export class LanguageController {
  constructor(
    private readonly store: KeyValueStore,
    private readonly i18n: i18n,
    private readonly documentRef: Document,
  ) {
    this.applyToDocument(i18n.language);
  }

  /** The saved choice, else the best match for the browser's languages, else English. */
  static initialLanguage(store: KeyValueStore, browserLanguages: readonly string[]): string {
    const saved = store.get(storageKey);
    if (saved && findLanguage(saved)) return saved;
    return browserLanguages.length ? pickLocale(browserLanguages, allCodes) : DEFAULT_LANGUAGE;
  }

  get current(): string {
    return this.i18n.language;
  }

  async set(code: string): Promise<void> {
    this.store.set(storageKey, code);
    const expires = new Date(Date.now() + LANGUAGE_COOKIE_DAYS * 86_400_000).toUTCString();
    this.documentRef.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; expires=${expires}; path=/; SameSite=Lax`;
    await this.i18n.changeLanguage(code);
    this.applyToDocument(code);
  }

  private applyToDocument(code: string): void {
    const root = this.documentRef.documentElement;
    root.lang = code;
    root.dir = findLanguage(code)?.rtl ? 'rtl' : 'ltr';
  }
}
