import { describe, expect, it } from 'vitest';
import { translatedLanguages } from '../../i18n/i18n.ts';
import { hasBlocklyMessages, loadBlocklyMessages, readyBlocklyMessages } from './blockly-messages.ts';

describe("Blockly's own words", () => {
  it.each(translatedLanguages())('ship for %s, a language the menu offers', (code) => {
    expect(hasBlocklyMessages(code)).toBe(true);
  });

  it('load the learner’s language: Japanese menus say ブロックを削除', async () => {
    const japanese = await loadBlocklyMessages('ja');
    expect(japanese['DELETE_BLOCK']).toBe('ブロックを削除');
    expect((await loadBlocklyMessages('zh-CN'))['DELETE_BLOCK']).toMatch(/删除/);
    expect((await loadBlocklyMessages('es-ES'))['DELETE_BLOCK']).toMatch(/Eliminar/i);
    expect((await loadBlocklyMessages('en'))['DELETE_BLOCK']).toBe('Delete Block');
  });

  it('fall back to English for a language Blockly does not ship here', async () => {
    expect((await loadBlocklyMessages('xx'))['DELETE_BLOCK']).toBe('Delete Block');
  });

  it('are at hand without waiting once loaded (English always), so the editor need not suspend', async () => {
    expect(readyBlocklyMessages('en')?.['DELETE_BLOCK']).toBe('Delete Block');
    expect(readyBlocklyMessages('fr')).toBeUndefined();
    await loadBlocklyMessages('fr');
    expect(readyBlocklyMessages('fr')?.['DELETE_BLOCK']).toMatch(/Supprimer/);
  });
});
