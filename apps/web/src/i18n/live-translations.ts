import type { i18n } from 'i18next';

/** Where live translation files come from (the ContentClient, with its cache and ETags). */
export interface TranslationSource {
  translations(lang: string, filename: string): Promise<Record<string, unknown>>;
}

/** The namespace asked for live: the interface's strings (block texts are read once, at start). */
const NAMESPACE = 'translation';
const MAX_DEPTH = 8;
const MAX_STRING = 10_000;

/**
 * Live translations (spec 000 §7): once a server is behind the page, the current language's
 * strings are asked for through the content client (kept with their ETag, asked again after
 * 300 s) and laid over the bundled ones, so a corrected string reaches pages already built.
 * Only strings are taken; anything missing stays the bundled string, and i18next falls back
 * to English for what neither has. A failure keeps the bundled strings and is only logged.
 */
export class LiveTranslations {
  private started = false;

  constructor(
    private readonly i18n: i18n,
    private readonly source: TranslationSource,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** Loads the current language now and every language picked later. */
  start(): Promise<void> {
    if (!this.started) {
      this.started = true;
      this.i18n.on('languageChanged', (lang: string) => void this.load(lang));
    }
    return this.load(this.i18n.language);
  }

  async load(lang: string): Promise<void> {
    try {
      const live = await this.source.translations(lang, `${NAMESPACE}.json`);
      // The bundled strings first, so the live ones are laid over them rather than replacing them.
      await this.i18n.loadLanguages(lang);
      // Only what differs: adding strings re-renders every component on screen (the store is bound
      // to 'added'), which cost the home page 100-200 ms of main thread right after it drew, for a
      // file that is usually the bundled one (bench first-minute).
      const changed = changedStrings(onlyStrings(live, 0), this.i18n.getResourceBundle(lang, NAMESPACE));
      if (changed) this.i18n.addResourceBundle(lang, NAMESPACE, changed, true, true);
    } catch (error) {
      this.log(
        `The ${lang} translations could not be updated: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** The strings of `live` that `current` does not already have as they are; undefined if none. */
function changedStrings(live: Record<string, unknown>, current: unknown): Record<string, unknown> | undefined {
  const here = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  let changed: Record<string, unknown> | undefined;
  for (const [key, entry] of Object.entries(live)) {
    const now = Object.hasOwn(here, key) ? here[key] : undefined;
    const differs = typeof entry === 'string' ? entry !== now : changedStrings(entry as Record<string, unknown>, now);
    if (differs) (changed ??= {})[key] = typeof entry === 'string' ? entry : differs;
  }
  return changed;
}

/** The nested objects and strings of a translation file; anything else is dropped. */
function onlyStrings(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === '__proto__') continue;
    if (typeof entry === 'string') {
      if (entry.length <= MAX_STRING) kept[key] = entry;
    } else if (entry && typeof entry === 'object' && !Array.isArray(entry) && depth < MAX_DEPTH) {
      kept[key] = onlyStrings(entry as Record<string, unknown>, depth + 1);
    }
  }
  return kept;
}
