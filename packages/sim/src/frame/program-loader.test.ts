import { describe, expect, it } from 'vitest';
import { type ModuleHost, ModuleProgramLoader, programModuleText } from './program-loader.ts';

// Node imports data: URLs, which stand in for the browser's blob: URLs here.
function dataUrlHost(): ModuleHost & { revoked: string[] } {
  const revoked: string[] = [];
  return {
    revoked,
    createUrl: (text) => `data:text/javascript;charset=utf-8,${encodeURIComponent(text)}`,
    revokeUrl: (url) => revoked.push(url),
    importModule: (url) => import(url),
  };
}

describe('ModuleProgramLoader', () => {
  it('loads the program as a module whose default export is the factory', async () => {
    const host = dataUrlHost();
    const loader = new ModuleProgramLoader(host);
    const js = 'return $api.answer + 1;';
    await loader.preload(js);
    expect(loader.evaluate(js)({}, {}, { answer: 41 })).toBe(42);
    expect(host.revoked).toHaveLength(1);
  });

  it('puts the body on line 3, like new Function, so error positions agree', async () => {
    const loader = new ModuleProgramLoader(dataUrlHost());
    const js = "throw new Error('x');";
    await loader.preload(js);
    expect(programModuleText(js).split('\n')[loader.headerLines]).toBe(js);
    let stack = '';
    try {
      loader.evaluate(js)({}, {}, {});
    } catch (error) {
      stack = String((error as Error).stack);
    }
    expect(stack).toMatch(/blockyard-program\.js:3:/);
  });

  it('refuses to start a program it has not loaded', () => {
    const loader = new ModuleProgramLoader(dataUrlHost());
    expect(() => loader.evaluate('return 1;')).toThrow('not loaded');
  });

  it('rejects a program with a syntax error and frees its address', async () => {
    const host = dataUrlHost();
    const loader = new ModuleProgramLoader(host);
    await expect(loader.preload('return (;')).rejects.toThrow(SyntaxError);
    expect(host.revoked).toHaveLength(1);
  });

  it('keeps only the last few programs', async () => {
    const loader = new ModuleProgramLoader(dataUrlHost());
    for (let i = 0; i < 6; i++) await loader.preload(`return ${i};`);
    expect(() => loader.evaluate('return 0;')).toThrow();
    expect(loader.evaluate('return 5;')({}, {}, {})).toBe(5);
  });
});
