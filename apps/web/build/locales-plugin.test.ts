import { describe, expect, it } from 'vitest';
import { LOCALES_FOLDER, localesPlugin } from './locales-plugin.ts';

describe('localesPlugin', () => {
  it('emits every translation file under locales/<lang>/, English included', () => {
    const emitted = new Map<string, string>();
    const context = {
      emitFile: (file: { fileName: string; source: string }) => emitted.set(file.fileName, file.source),
    };
    (localesPlugin().generateBundle as (this: unknown) => void).call(context);
    const english = JSON.parse(emitted.get(`${LOCALES_FOLDER}/en/translation.json`) ?? '{}') as {
      app?: { name?: string };
    };
    expect(english.app?.name).toBe('Blockyard');
    expect(emitted.has(`${LOCALES_FOLDER}/de/translation.json`)).toBe(true);
    expect(emitted.has(`${LOCALES_FOLDER}/de/blocks.json`)).toBe(true);
    expect([...emitted.keys()].every((name) => /^locales\/[A-Za-z-]+\/[a-z0-9-]+\.json$/.test(name))).toBe(true);
  });
});
