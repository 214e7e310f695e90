// Every language we ship is really translated and safe to show: every interface key resolves to
// a sentence (translated, or English when missing, never the key), placeholders match English,
// and block texts keep their %/$ parameters (so a translated block has the same inputs).
import { findLanguage } from './languages.ts';
import { BlockRegistry } from '@blockyard/language';
import { apiMetadata } from 'virtual:blockyard/api-metadata';
import { describe, expect, it } from 'vitest';
import { placeholders } from '@blockyard/blocks';
import { sameParameters, type BlockTranslation } from './block-texts.ts';
import { createI18n, translatedLanguages } from './i18n.ts';
import english from './locales/en/translation.json';

const interfaceFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/translation.json', {
  eager: true,
});
const blockFiles = import.meta.glob<{ default: BlockTranslation }>('./locales/*/blocks.json', { eager: true });

/** The issue asks for at least these (Spanish ships as es-ES, Chinese as zh-CN). */
const REQUIRED = ['ar', 'de', 'es-ES', 'fr', 'ja', 'pt-BR', 'zh-CN'];
/** A language offered in the menu must translate at least this share of the interface. */
const MIN_COVERAGE = 0.95;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'string') out.set(prefix + key, child);
    else if (child && typeof child === 'object') {
      for (const [k, v] of flatten(child as Record<string, unknown>, `${prefix}${key}.`)) out.set(k, v);
    }
  }
  return out;
}

const englishKeys = flatten(english);
const baseKeys = new Set([...englishKeys.keys()].map((key) => key.replace(PLURAL, '')));
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const shipped = translatedLanguages().filter((code) => code !== 'en');
const interfaceOf = (code: string) => flatten(interfaceFiles[`./locales/${code}/translation.json`]?.default ?? {});

describe('the languages we ship', () => {
  it('are the ones the issue asks for, each a known language code (spec 000 §5)', () => {
    expect(shipped).toEqual(expect.arrayContaining(REQUIRED));
    for (const code of shipped) expect(findLanguage(code)?.code, code).toBe(code);
    expect(findLanguage('ar')?.rtl).toBe(true);
  });

  it.each(shipped)('%s has no key English lacks, and keeps every {{placeholder}}', (code) => {
    for (const [key, text] of interfaceOf(code)) {
      const base = key.replace(PLURAL, '');
      expect(baseKeys.has(base), `${code}: ${key} is not an English key`).toBe(true);
      const source = englishKeys.get(key) ?? englishKeys.get(`${base}_other`) ?? englishKeys.get(base) ?? '';
      const allowed = new Set([...variables(source), 'count']);
      for (const name of variables(text)) expect(allowed.has(name), `${code}: ${key} uses {{${name}}}`).toBe(true);
      for (const name of variables(source)) {
        if (name === 'count' && PLURAL.test(key)) continue; // "one project" may spell the number out
        expect(variables(text), `${code}: ${key} lost {{${name}}}`).toContain(name);
      }
    }
  });

  it.each(shipped)('%s translates at least 95 percent of the interface', (code) => {
    const translated = new Set([...interfaceOf(code).keys()].map((key) => key.replace(PLURAL, '')));
    const missing = [...baseKeys].filter((key) => !translated.has(key));
    expect(1 - missing.length / baseKeys.size, `${code} misses: ${missing.join(', ')}`).toBeGreaterThanOrEqual(
      MIN_COVERAGE,
    );
  });

  it.each(shipped)(
    '%s shows a sentence for every key, English where a string is missing, never a key',
    async (code) => {
      const i18n = await createI18n(code);
      const values: Record<string, string | number> = { count: 3 };
      for (const source of englishKeys.values()) for (const name of variables(source)) values[name!] ??= 'x';
      for (const key of baseKeys) {
        const text = i18n.t(key, values);
        expect(typeof text, key).toBe('string');
        expect(text, `${code}: ${key}`).not.toBe(key);
        expect(text, `${code}: ${key}`).not.toContain('{{');
      }
    },
  );

  it('falls back to English for a string a language lacks', async () => {
    const i18n = await createI18n('fr');
    i18n.addResource('en', 'translation', 'test.onlyEnglish', 'Only in English');
    expect(i18n.t('test.onlyEnglish')).toBe('Only in English');
  });

  it('writes Arabic with Arabic punctuation', () => {
    const arabic = [...interfaceOf('ar').values()].join('\n');
    expect(arabic).not.toMatch(/[\u0600-\u06ff][,;?]/); // never a Latin comma or question mark after Arabic
    expect(arabic).toMatch(/،/);
    expect(arabic).toMatch(/؟/);
  });

  it('writes Japanese with Japanese punctuation and its one plural form', () => {
    const japanese = interfaceOf('ja');
    const text = [...japanese.values()].join('\n');
    // Kana or kanji followed by a Latin full stop, comma, question or exclamation mark is a slip.
    expect(text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff][.,?!]/);
    expect(text).toMatch(/。/);
    expect(text).toMatch(/？/);
    // Japanese has no singular: i18next asks only for `_other`.
    expect([...japanese.keys()].filter((key) => PLURAL.test(key)).every((key) => key.endsWith('_other'))).toBe(true);
  });
});

describe('block texts', () => {
  const registry = new BlockRegistry({ metadata: apiMetadata });
  const categoryIds = new Set(registry.toolbox.categories.map((c) => c.id));
  const buttons = new Set(
    registry.toolbox.categories.flatMap((c) => c.contents.flatMap((e) => (e.kind === 'button' ? [e.text] : []))),
  );
  const builtinLines = new Map(
    registry.definitions.filter((d) => !registry.apiBlock(d.type)).map((d) => [d.type, d.lines.map((l) => l.message)]),
  );
  const blockLanguages = shipped.filter((code) => blockFiles[`./locales/${code}/blocks.json`]);

  it('exist for every required language', () => {
    expect(blockLanguages).toEqual(expect.arrayContaining(REQUIRED));
  });

  it.each(blockLanguages)('%s keeps every block’s %/$ parameters and names only real blocks', (code) => {
    const texts = blockFiles[`./locales/${code}/blocks.json`]!.default;
    for (const [qName, text] of Object.entries(texts.api ?? {})) {
      const english = apiMetadata.functions[qName]?.block?.text;
      expect(english, `${code}: ${qName} has no block`).toBeDefined();
      expect(sameParameters(english!, text), `${code}: ${qName} "${text}" vs "${english}"`).toBe(true);
    }
    for (const [type, lines] of Object.entries(texts.builtin ?? {})) {
      const english = builtinLines.get(type);
      expect(english, `${code}: ${type} is not a built-in block`).toBeDefined();
      expect(lines.length, `${code}: ${type}`).toBe(english!.length);
      lines.forEach((line, i) =>
        expect(placeholders(line), `${code}: ${type} line ${i}`).toEqual(placeholders(english![i]!)),
      );
    }
    for (const id of Object.keys(texts.categories ?? {})) expect(categoryIds.has(id), `${code}: ${id}`).toBe(true);
    for (const text of Object.keys(texts.buttons ?? {}))
      expect(buttons.has(text), `${code}: button ${text}`).toBe(true);
  });

  it.each(blockLanguages)('%s covers the most used drawers', (code) => {
    const texts = blockFiles[`./locales/${code}/blocks.json`]!.default;
    const mostUsed = [
      'basic.showLeds',
      'basic.showString',
      'input.onButtonPressed',
      'basic.forever',
      'basic.showNumber',
      'basic.pause',
      'basic.showIcon',
      'input.acceleration',
      'music.beat',
      'input.onGesture',
      'led.plot',
      'basic.clearScreen',
      'input.onPinPressed',
      'radio.setGroup',
      'radio.sendNumber',
      'radio.onReceivedNumber',
    ];
    for (const qName of mostUsed) expect(texts.api?.[qName], `${code}: ${qName}`).toBeDefined();
    for (const id of ['basic', 'input', 'music', 'led', 'radio', 'loops', 'logic', 'variables', 'math']) {
      expect(texts.categories?.[id], `${code}: category ${id}`).toBeDefined();
    }
    for (const type of ['controls_repeat_ext', 'controls_if', 'variables_set', 'pxt-on-start']) {
      expect(texts.builtin?.[type], `${code}: ${type}`).toBeDefined();
    }
    for (const text of buttons) expect(texts.buttons?.[text], `${code}: button ${text}`).toBeDefined();
  });
});
