import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin } from './compile-hints-plugin.ts';

describe('compileHintsPlugin', () => {
  it('puts the compile hint first in the named chunks only, once', () => {
    const chunk = (name: string) => ({ type: 'chunk', name, code: 'import"./x.js";export const a=1;' });
    const bundle = {
      'assets/blocks-setup-1.js': chunk('blocks-setup'),
      'assets/main-2.js': chunk('main'),
      'assets/style.css': { type: 'asset', name: 'style.css', source: 'a{}' },
    } as unknown as Rollup.OutputBundle;
    const plugin = compileHintsPlugin(['blocks-setup']);
    const generate = (plugin.generateBundle as { handler: (options: unknown, bundle: Rollup.OutputBundle) => void })
      .handler;
    generate({}, bundle);
    generate({}, bundle);
    const code = (path: string) => (bundle[path] as { code: string }).code;
    expect(code('assets/blocks-setup-1.js')).toBe(`${COMPILE_HINT}import"./x.js";export const a=1;`);
    expect(code('assets/main-2.js')).toBe('import"./x.js";export const a=1;');
  });
});
