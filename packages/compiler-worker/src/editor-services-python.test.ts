// One Python edit costs one conversion and one compile in the worker: `fromPython` converts and
// compiles once, and the live run's compile of the same files that follows gets that result.
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import type { CompileOptions, Compiler, pythonToTypeScript } from '@blockyard/language';
import { createEditorServices } from './editor-services.ts';

// Every conversion, wherever in the language package it is asked for, goes through this spy
// (the module by its path: compilePython imports it from inside the package).
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../language/src/python/py-to-ts.ts', async (importOriginal) => {
  const original = await importOriginal<{ pythonToTypeScript: typeof pythonToTypeScript }>();
  return {
    ...original,
    pythonToTypeScript: (...args: Parameters<typeof original.pythonToTypeScript>) => {
      conversions.count++;
      return original.pythonToTypeScript(...args);
    },
  };
});

function countingServices() {
  const counts = { compiles: 0 };
  let inner: Compiler | undefined;
  const compiler = (): Compiler => {
    inner ??= createMicrobitCompiler(ts);
    const base = inner;
    return {
      ...base,
      program: base.program.bind(base),
      compile: (files: Readonly<Record<string, string>>, options?: CompileOptions) => {
        counts.compiles++;
        return base.compile(files, options);
      },
    };
  };
  return { services: createEditorServices(ts, compiler), counts };
}

describe('a Python edit in the compiler worker', () => {
  const others = { 'custom.ts': 'let extra = 1\n' };

  it('is converted once and compiled once, the run taking the compile made for the conversion', () => {
    const { services, counts } = countingServices();
    conversions.count = 0;
    const request = {
      op: 'fromPython' as const,
      python: 'basic.show_number(4)\n',
      files: { ...others, 'main.ts': '' },
    };
    const answer = services.answer(request);
    expect(answer.code).toBe('basic.showNumber(4)\n');
    expect(conversions.count).toBe(1);
    expect(counts.compiles).toBe(1);
    // The session then runs exactly these files: no second compile, no second conversion.
    const result = services.compile({ ...others, 'main.ts': answer.code! });
    expect(result.program?.js).toContain('showNumber');
    expect(result.diagnostics).toEqual([]);
    expect(counts.compiles).toBe(1);
    expect(conversions.count).toBe(1);
    // The result ahead is for those files only, and only once.
    services.compile({ ...others, 'main.ts': answer.code! });
    expect(counts.compiles).toBe(2);
  });

  it('hands over no result for other files, and keeps the run located in main.ts', () => {
    const { services, counts } = countingServices();
    const python = 'x = 1\nbasic.show_number(x)\n';
    const answer = services.answer({ op: 'fromPython', python, files: {} });
    expect(counts.compiles).toBe(1);
    const edited = services.compile({ 'main.ts': `${answer.code!}basic.pause(1)\n` });
    expect(counts.compiles).toBe(2);
    expect(edited.program?.positions.files).toEqual(['main.ts']);
    // The result ahead is the TypeScript's (the session maps runtime lines with the line map).
    services.answer({ op: 'fromPython', python, files: {} });
    const ran = services.compile({ 'main.ts': answer.code! });
    expect(counts.compiles).toBe(3);
    expect(ran.program?.positions.files).toEqual(['main.ts']);
  });

  it('compiles nothing when the Python cannot be converted', () => {
    const { services, counts } = countingServices();
    conversions.count = 0;
    const answer = services.answer({ op: 'fromPython', python: 'import os\n', files: {} });
    expect(answer.code).toBeNull();
    expect(answer.diagnostics[0]).toMatchObject({ line: 1, severity: 'error' });
    expect(conversions.count).toBe(1);
    expect(counts.compiles).toBe(0);
  });
});

describe('warming Python in the compiler worker', () => {
  it('converts a small program each way and compiles nothing', () => {
    const { services, counts } = countingServices();
    conversions.count = 0;
    expect(services.answer({ op: 'warmPython' })).toBeNull();
    expect(conversions.count).toBe(1);
    expect(counts.compiles).toBe(0);
  });
});

describe('signature help while typing a call’s arguments in a long Python program', () => {
  // 1,000 lines: a picture, then defs; the call being typed is in the middle.
  const defs = Array.from(
    { length: 200 },
    (_, i) => `def step_${i}(n: int):\n    x = n + ${i}\n    basic.show_number(x)\n    return x\n\n`,
  );
  const head = `img = images.create_image("""\n# . . . #\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n""")\n`;
  const before = head + defs.slice(0, 100).join('');
  const after = `\n${defs.slice(100).join('')}`;

  it('converts the program once for all the keystrokes in the arguments, closed or not', () => {
    const { services } = countingServices();
    expect((before + after).split('\n').length).toBeGreaterThan(1000);
    conversions.count = 0;
    // With the closing bracket typed by the editor or not: the same twin, converted once.
    for (const closing of ['', ')']) {
      for (const typed of [
        'img.scroll_image(',
        'img.scroll_image(1',
        'img.scroll_image(1, ',
        'img.scroll_image(1, 20',
      ]) {
        const text = `${before}${typed}${closing}${after}`;
        const offset = before.length + typed.length;
        const help = services.answer({ op: 'signatureHelp', files: { 'main.py': text }, file: 'main.py', offset });
        expect(help?.signatures[0]?.prefix).toBe('scroll_image(');
        expect(help?.activeParameter).toBe(typed.includes(',') ? 1 : 0);
      }
    }
    expect(conversions.count).toBe(1);
  });
});
