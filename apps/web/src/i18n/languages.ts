// The interface languages (spec 000 §1), the language-code rule (spec 000 §5) and the language
// cookie (spec 000 §9).

/** One interface language. */
export interface LanguageInfo {
  /** The language code in canonical casing; normalizeLanguageCode(code) === code. */
  readonly code: string;
  /** The language's name in English. */
  readonly englishName: string;
  /** The language's name in itself, in its own script. */
  readonly localName: string;
  /** Written right to left. */
  readonly rtl: boolean;
}

/** The cookie that remembers the chosen language (spec 000 §9). */
export const LANGUAGE_COOKIE = 'PXT_LANG';
/** How long the language cookie lives, in days (spec 000 §9). */
export const LANGUAGE_COOKIE_DAYS = 30;
/** The language used when nothing else fits. */
export const DEFAULT_LANGUAGE = 'en';

const ltr = (code: string, englishName: string, localName: string): LanguageInfo =>
  Object.freeze({ code, englishName, localName, rtl: false });
const rtl = (code: string, englishName: string, localName: string): LanguageInfo =>
  Object.freeze({ code, englishName, localName, rtl: true });

/** Every interface language, sorted by code. */
export const languages: readonly LanguageInfo[] = Object.freeze([
  ltr('af', 'Afrikaans', 'Afrikaans'),
  ltr('am', 'Amharic', 'አማርኛ'),
  rtl('ar', 'Arabic', 'العربية'),
  ltr('az', 'Azerbaijani', 'Azərbaycan dili'),
  ltr('be', 'Belarusian', 'Беларуская'),
  ltr('bg', 'Bulgarian', 'Български'),
  ltr('bn', 'Bengali', 'বাংলা'),
  ltr('bs', 'Bosnian', 'Bosanski'),
  ltr('ca', 'Catalan', 'Català'),
  rtl('ckb', 'Central Kurdish', 'کوردیی ناوەندی'),
  ltr('cs', 'Czech', 'Čeština'),
  ltr('cy', 'Welsh', 'Cymraeg'),
  ltr('da', 'Danish', 'Dansk'),
  ltr('de', 'German', 'Deutsch'),
  ltr('el', 'Greek', 'Ελληνικά'),
  ltr('en', 'English', 'English'),
  ltr('en-GB', 'English (United Kingdom)', 'English (United Kingdom)'),
  ltr('eo', 'Esperanto', 'Esperanto'),
  ltr('es-ES', 'Spanish (Spain)', 'Español (España)'),
  ltr('es-MX', 'Spanish (Mexico)', 'Español (México)'),
  ltr('et', 'Estonian', 'Eesti'),
  ltr('eu', 'Basque', 'Euskara'),
  rtl('fa', 'Persian', 'فارسی'),
  ltr('fi', 'Finnish', 'Suomi'),
  ltr('fil', 'Filipino', 'Filipino'),
  ltr('fr', 'French', 'Français'),
  ltr('fr-CA', 'French (Canada)', 'Français (Canada)'),
  ltr('ga-IE', 'Irish', 'Gaeilge'),
  ltr('gd', 'Scottish Gaelic', 'Gàidhlig'),
  ltr('gl', 'Galician', 'Galego'),
  ltr('gu', 'Gujarati', 'ગુજરાતી'),
  ltr('haw', 'Hawaiian', 'ʻŌlelo Hawaiʻi'),
  rtl('he', 'Hebrew', 'עברית'),
  ltr('hi', 'Hindi', 'हिन्दी'),
  ltr('hr', 'Croatian', 'Hrvatski'),
  ltr('ht', 'Haitian Creole', 'Kreyòl ayisyen'),
  ltr('hu', 'Hungarian', 'Magyar'),
  ltr('hy-AM', 'Armenian', 'Հայերեն'),
  ltr('id', 'Indonesian', 'Bahasa Indonesia'),
  ltr('ig', 'Igbo', 'Asụsụ Igbo'),
  ltr('is', 'Icelandic', 'Íslenska'),
  ltr('it', 'Italian', 'Italiano'),
  ltr('ja', 'Japanese', '日本語'),
  ltr('ka', 'Georgian', 'ქართული'),
  ltr('kk', 'Kazakh', 'Қазақ тілі'),
  ltr('km', 'Khmer', 'ភាសាខ្មែរ'),
  ltr('kn', 'Kannada', 'ಕನ್ನಡ'),
  ltr('ko', 'Korean', '한국어'),
  ltr('lb', 'Luxembourgish', 'Lëtzebuergesch'),
  ltr('lt', 'Lithuanian', 'Lietuvių'),
  ltr('lv', 'Latvian', 'Latviešu'),
  ltr('mi', 'Māori', 'Te Reo Māori'),
  ltr('mk', 'Macedonian', 'Македонски'),
  ltr('ml', 'Malayalam', 'മലയാളം'),
  ltr('mn', 'Mongolian', 'Монгол'),
  ltr('mr', 'Marathi', 'मराठी'),
  ltr('ms', 'Malay', 'Bahasa Melayu'),
  ltr('mt', 'Maltese', 'Malti'),
  ltr('my', 'Burmese', 'မြန်မာဘာသာ'),
  ltr('nb', 'Norwegian Bokmål', 'Norsk bokmål'),
  ltr('ne-NP', 'Nepali', 'नेपाली'),
  ltr('nl', 'Dutch', 'Nederlands'),
  ltr('nn-NO', 'Norwegian Nynorsk', 'Norsk nynorsk'),
  ltr('or', 'Odia', 'ଓଡ଼ିଆ'),
  ltr('pa-IN', 'Punjabi', 'ਪੰਜਾਬੀ'),
  ltr('pl', 'Polish', 'Polski'),
  rtl('ps', 'Pashto', 'پښتو'),
  ltr('pt-BR', 'Portuguese (Brazil)', 'Português (Brasil)'),
  ltr('pt-PT', 'Portuguese (Portugal)', 'Português (Portugal)'),
  ltr('ro', 'Romanian', 'Română'),
  ltr('ru', 'Russian', 'Русский'),
  ltr('si-LK', 'Sinhala', 'සිංහල'),
  ltr('sk', 'Slovak', 'Slovenčina'),
  ltr('sl', 'Slovenian', 'Slovenščina'),
  ltr('sq', 'Albanian', 'Shqip'),
  ltr('sr', 'Serbian (Cyrillic)', 'Српски'),
  ltr('sr-Latn', 'Serbian (Latin)', 'Srpski (latinica)'),
  ltr('sv-SE', 'Swedish', 'Svenska'),
  ltr('sw', 'Swahili', 'Kiswahili'),
  ltr('ta', 'Tamil', 'தமிழ்'),
  ltr('te', 'Telugu', 'తెలుగు'),
  ltr('th', 'Thai', 'ไทย'),
  ltr('tr', 'Turkish', 'Türkçe'),
  ltr('uk', 'Ukrainian', 'Українська'),
  rtl('ur', 'Urdu', 'اردو'),
  ltr('uz', 'Uzbek', 'Oʻzbekcha'),
  ltr('vi', 'Vietnamese', 'Tiếng Việt'),
  ltr('xh', 'Xhosa', 'isiXhosa'),
  ltr('yo', 'Yoruba', 'Yorùbá'),
  ltr('zh-CN', 'Chinese (Simplified)', '简体中文'),
  ltr('zh-TW', 'Chinese (Traditional)', '繁體中文'),
  ltr('zu', 'Zulu', 'isiZulu'),
]);

const tagged = /^([a-z]{2,3})-([a-z]{2,4})$/i;

/**
 * The canonical spelling of a language code (spec 000 §5). A code of two or three letters, a
 * dash and two to four letters keeps its shape with canonical casing: the language lower-case,
 * a 2-letter region upper-case (`pt-br` -> `pt-BR`), a 4-letter script title-case (`zh-hant` ->
 * `zh-Hant`), and a 3-letter subtag lower-case, as BCP 47 writes extended language subtags.
 * Any other code is only lower-cased (`EN` -> `en`, `pt_BR` -> `pt_br`). Surrounding white space
 * is dropped first.
 */
export function normalizeLanguageCode(code: string): string {
  const trimmed = code.trim();
  const match = tagged.exec(trimmed);
  if (!match?.[1] || !match[2]) return trimmed.toLowerCase();
  const language = match[1].toLowerCase();
  const subtag = match[2];
  if (subtag.length === 2) return `${language}-${subtag.toUpperCase()}`;
  if (subtag.length === 4) return `${language}-${subtag.charAt(0).toUpperCase()}${subtag.slice(1).toLowerCase()}`;
  return `${language}-${subtag.toLowerCase()}`;
}

const byCode = new Map(languages.map((language) => [language.code, language]));

/** The interface language with this code (any casing), or undefined. */
export function findLanguage(code: string): LanguageInfo | undefined {
  return byCode.get(normalizeLanguageCode(code));
}

/** The language part of a code: `pt-BR` -> `pt`, `zh_hant` -> `zh`. */
function primaryLanguage(normalized: string): string {
  return normalized.split(/[-_]/)[0] ?? normalized;
}

/**
 * Codes to try, in order, when a requested language has no exact match: the language alone,
 * then, for an old or macro code, the code we list. Chinese goes by
 * script (Hong Kong, Macau and Hant read Traditional; Singapore and Hans read Simplified); old
 * and macro codes map to the code we list (no -> nb, iw -> he, in -> id, tl -> fil).
 */
function fallbacks(normalized: string): string[] {
  const language = primaryLanguage(normalized);
  const tail = normalized.slice(language.length + 1).toLowerCase();
  const aliases: Record<string, string> = { no: 'nb', iw: 'he', in: 'id', tl: 'fil' };
  // Plain `zh` says nothing about the script, so for Chinese the script's variant comes first.
  if (language === 'zh') return [['tw', 'hk', 'mo', 'hant'].includes(tail) ? 'zh-TW' : 'zh-CN', language];
  const alias = aliases[language];
  return alias ? [language, alias] : [language];
}

/**
 * Chooses the interface locale (spec 000 §5: a locale is used only if available, unless forced).
 *
 * - A forced locale (`options.force`, non-blank) wins even if it is not available; it comes back
 *   spelled as in `available` when listed there, else normalized.
 * - Otherwise the requested locales are tried in order, and each one in turn: first an exact
 *   match (after normalizing both sides), then its language alone (`de-AT` -> `de`), then the
 *   first available variant of that language (`pt` -> `pt-BR`), with the few special cases of
 *   fallbacks() above. A less preferred request never beats a more preferred one, so
 *   `['de-AT', 'fr']` picks `de` when both `de` and `fr` exist.
 * - When nothing fits the answer is `en`.
 *
 * The answer is spelled as the matching entry of `available`.
 */
export function pickLocale(
  requested: readonly string[],
  available: readonly string[],
  options?: { force?: string },
): string {
  const normalized = new Map<string, string>();
  for (const code of available) {
    const key = normalizeLanguageCode(code);
    if (key && !normalized.has(key)) normalized.set(key, code);
  }

  const forced = options?.force === undefined ? '' : normalizeLanguageCode(options.force);
  if (forced) return normalized.get(forced) ?? forced;

  const firstVariant = (language: string): string | undefined => {
    for (const [key, code] of normalized) if (primaryLanguage(key) === language) return code;
    return undefined;
  };

  for (const request of requested) {
    const wanted = normalizeLanguageCode(request);
    if (!wanted) continue;
    const exact = normalized.get(wanted);
    if (exact !== undefined) return exact;
    const candidates = fallbacks(wanted);
    for (const candidate of candidates) {
      const match = normalized.get(candidate);
      if (match !== undefined) return match;
    }
    for (const candidate of candidates) {
      const match = firstVariant(primaryLanguage(candidate));
      if (match !== undefined) return match;
    }
  }
  return DEFAULT_LANGUAGE;
}
