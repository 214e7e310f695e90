import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  findLanguage,
  languages,
  normalizeLanguageCode,
  pickLocale,
} from './languages.ts';

describe('languages', () => {
  it('lists about 90 languages', () => {
    expect(languages.length).toBeGreaterThanOrEqual(85);
    expect(languages.length).toBeLessThanOrEqual(110);
  });

  it('has unique codes, each already normalized', () => {
    const codes = languages.map((language) => language.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(normalizeLanguageCode(code)).toBe(code);
  });

  it('is sorted by code', () => {
    const codes = languages.map((language) => language.code);
    expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has an English and a local name for every entry', () => {
    for (const language of languages) {
      expect(language.englishName.trim(), language.code).not.toBe('');
      expect(language.localName.trim(), language.code).not.toBe('');
    }
  });

  it.each([
    'en',
    'de',
    'pt-BR',
    'zh-CN',
    'zh-TW',
    'es-ES',
    'es-MX',
    'sv-SE',
    'ga-IE',
    'ar',
    'he',
    'fa',
    'ur',
    'hi',
    'ta',
    'te',
    'cy',
    'gd',
    'mi',
    'haw',
  ])('includes %s', (code) => {
    expect(findLanguage(code)?.code).toBe(code);
  });

  it('writes local names in their own script', () => {
    expect(findLanguage('de')?.localName).toBe('Deutsch');
    expect(findLanguage('ja')?.localName).toBe('日本語');
    expect(findLanguage('es-ES')?.localName).toBe('Español (España)');
    expect(findLanguage('ru')?.localName).toBe('Русский');
    expect(findLanguage('ar')?.localName).toBe('العربية');
  });

  it('marks exactly the right-to-left scripts', () => {
    const rtl = languages.filter((language) => language.rtl).map((language) => language.code);
    expect(rtl).toEqual(['ar', 'ckb', 'fa', 'he', 'ps', 'ur']);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(languages)).toBe(true);
    expect(languages.every((language) => Object.isFrozen(language))).toBe(true);
  });
});

describe('findLanguage', () => {
  it('finds a language in any casing', () => {
    expect(findLanguage('PT-br')?.englishName).toBe('Portuguese (Brazil)');
    expect(findLanguage(' DE ')?.code).toBe('de');
  });

  it('returns undefined for a code we do not list', () => {
    expect(findLanguage('xx')).toBeUndefined();
    expect(findLanguage('de-AT')).toBeUndefined();
  });
});

describe('the language cookie (spec 000 §9)', () => {
  it('is PXT_LANG for 30 days', () => {
    expect(LANGUAGE_COOKIE).toBe('PXT_LANG');
    expect(LANGUAGE_COOKIE_DAYS).toBe(30);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });
});

describe('normalizeLanguageCode', () => {
  it.each([
    // Language, dash, 2-letter region: region upper-cased.
    ['pt-br', 'pt-BR'],
    ['PT-BR', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['zh-cn', 'zh-CN'],
    ['haw-us', 'haw-US'],
    // Language, dash, 4-letter script: title-cased.
    ['zh-hant', 'zh-Hant'],
    ['ZH-HANT', 'zh-Hant'],
    ['sr-latn', 'sr-Latn'],
    // Language, dash, 3-letter subtag: lower-cased.
    ['zh-YUE', 'zh-yue'],
    // Anything else: lower-cased.
    ['EN', 'en'],
    ['De', 'de'],
    ['FIL', 'fil'],
    ['pt_BR', 'pt_br'],
    ['es-419', 'es-419'],
    ['en-US-POSIX', 'en-us-posix'],
    ['abcd-EF', 'abcd-ef'],
    ['e-US', 'e-us'],
    ['en-A', 'en-a'],
    ['en-ABCDE', 'en-abcde'],
    ['EN-', 'en-'],
    ['', ''],
    // Surrounding white space is dropped.
    ['  pt-br\n', 'pt-BR'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeLanguageCode(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const input of ['pt-br', 'ZH-HANT', 'EN', 'pt_BR', 'zh-YUE', 'x-Klingon']) {
      const once = normalizeLanguageCode(input);
      expect(normalizeLanguageCode(once)).toBe(once);
    }
  });
});

describe('pickLocale', () => {
  const available = ['en', 'de', 'fr', 'pt-BR', 'es-ES', 'es-MX', 'zh-CN', 'zh-TW', 'nb', 'nn-NO', 'he', 'id', 'fil'];

  it.each<[string[], string]>([
    // Exact matches, after normalizing both sides.
    [['de'], 'de'],
    [['pt-BR'], 'pt-BR'],
    [['pt-br'], 'pt-BR'],
    [['ES-mx'], 'es-MX'],
    // Language-only fallback.
    [['de-AT'], 'de'],
    [['fr-CA'], 'fr'],
    [['en-US'], 'en'],
    // First available variant of the language.
    [['pt'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['es'], 'es-ES'],
    [['es-AR'], 'es-ES'],
    [['nn'], 'nn-NO'],
    // Chinese by script.
    [['zh'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans'], 'zh-CN'],
    [['zh-HK'], 'zh-TW'],
    [['zh-hant'], 'zh-TW'],
    [['zh-MO'], 'zh-TW'],
    // Old and macro codes.
    [['no'], 'nb'],
    [['nb-NO'], 'nb'],
    [['iw'], 'he'],
    [['in'], 'id'],
    [['tl'], 'fil'],
    // Order of preference: each request is tried fully before the next.
    [['de-AT', 'fr'], 'de'],
    [['ja', 'fr'], 'fr'],
    [['ja', 'pt-PT', 'de'], 'pt-BR'],
    [['', '  ', 'de'], 'de'],
    // A code with an underscore still finds its language.
    [['pt_PT'], 'pt-BR'],
    // Nothing fits.
    [['ja', 'ko'], 'en'],
    [[], 'en'],
  ])('%j -> %s', (requested, expected) => {
    expect(pickLocale(requested, available)).toBe(expected);
  });

  it('answers with the spelling of the available list', () => {
    expect(pickLocale(['pt-BR'], ['PT-br'])).toBe('PT-br');
    expect(pickLocale(['pt'], ['pt-br'])).toBe('pt-br');
  });

  it('answers en even when en is not available', () => {
    expect(pickLocale(['ja'], ['de', 'fr'])).toBe('en');
    expect(pickLocale(['ja'], [])).toBe('en');
  });

  it('uses a forced locale even when it is not available', () => {
    expect(pickLocale(['de'], available, { force: 'ja' })).toBe('ja');
    expect(pickLocale(['de'], available, { force: 'pt-pt' })).toBe('pt-PT');
    expect(pickLocale([], [], { force: 'xx' })).toBe('xx');
  });

  it('spells a forced locale as the available list does when it is there', () => {
    expect(pickLocale(['de'], available, { force: 'ZH-tw' })).toBe('zh-TW');
  });

  it('ignores a blank forced locale', () => {
    expect(pickLocale(['de'], available, { force: '' })).toBe('de');
    expect(pickLocale(['de'], available, { force: '  ' })).toBe('de');
    expect(pickLocale(['de'], available, {})).toBe('de');
  });

  it('works with the full language list', () => {
    const codes = languages.map((language) => language.code);
    expect(pickLocale(['sv'], codes)).toBe('sv-SE');
    expect(pickLocale(['ga'], codes)).toBe('ga-IE');
    expect(pickLocale(['en-GB'], codes)).toBe('en-GB');
    expect(pickLocale(['en-AU'], codes)).toBe('en');
    for (const code of codes) expect(pickLocale([code], codes)).toBe(code);
  });
});
