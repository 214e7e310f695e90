// The Python editor's help (signature help, hover, completions) is asked at every keystroke, so
// it sees every half-typed program: random prefixes of real learners' programs, some with a
// member call being started, must never make it throw, hang or point outside the text.
// PYTHON_PROPERTY_RUNS=500 searches longer.
import ts from 'typescript';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import type { Compiler } from '@blockyard/language';
import { createEditorServices } from './editor-services.ts';
import { halfTypedPython, PYTHON_PROGRAMS } from './testing/half-typed-python.ts';

const runs = Number(process.env['PYTHON_PROPERTY_RUNS'] ?? 25);
/** What a learner may be typing where the prefix stops. */
const TAILS = ['', '.', '(', ', ', '.move(', '.upper().find(', '[0].', ')', '"', '"""', '(1, ', '.x(', ' # (', '\n'];

let compiler: Compiler | undefined;
const services = createEditorServices(ts, () => (compiler ??= createMicrobitCompiler(ts)));

describe('Python editor help on half-typed programs', () => {
  it('has real programs to cut', () => {
    expect(PYTHON_PROGRAMS.length).toBeGreaterThan(20);
  });

  it('never throws and answers inside the text (property)', () => {
    fc.assert(
      fc.property(halfTypedPython(TAILS), ({ text, offsets }) => {
        const files = { 'main.ts': '', 'main.py': text };
        for (const offset of offsets) {
          const help = services.answer({ op: 'signatureHelp', files, file: 'main.py', offset });
          if (help) {
            expect(help.from).toBeLessThanOrEqual(offset);
            expect(help.signatures.length).toBeGreaterThan(0);
          }
          const info = services.answer({ op: 'quickInfo', files, file: 'main.py', offset });
          if (info) {
            expect(info.from).toBeGreaterThanOrEqual(0);
            expect(info.to).toBeLessThanOrEqual(text.length);
          }
        }
        const found = services.answer({ op: 'completions', files, file: 'main.py', offset: text.length });
        expect(found.from).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: runs },
    );
  }, 120_000);
});
