// Every piece of help the Python editor shows speaks Python: over the whole API (each namespace's,
// enum's and class's members, hovered and explained in the completion panel), the members of
// text, lists, sprites and pictures, and random half-typed learners' programs, no signature
// carries TypeScript-only words (`number`, `void`, `boolean`, `string`, `=>`) nor camelCase
// parameter names (in the signature or the docs' `@param`). PYTHON_PROPERTY_RUNS=500 searches longer.
import ts from 'typescript';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import type { Compiler } from '@blockyard/language';
import { createEditorServices } from './editor-services.ts';
import { halfTypedPython } from './testing/half-typed-python.ts';

const runs = Number(process.env['PYTHON_PROPERTY_RUNS'] ?? 25);
let compiler: Compiler | undefined;
const services = createEditorServices(ts, () => (compiler ??= createMicrobitCompiler(ts)));
const py = (text: string) => ({ 'main.ts': '', 'main.py': text });

const TYPESCRIPT_WORDS = ['number', 'void', 'boolean', 'string'];
/** A parameter named in camelCase: `(frameOffset:`, `, searchValue?:`. */
const CAMEL_PARAMETER = /[(,]\s*\*?[a-z]+[A-Z]\w*\??:/;

/** What in `signature` is TypeScript's, not Python's (the learner's own names in `own` aside). */
function typeScriptWords(signature: string, own = ''): string[] {
  const found = TYPESCRIPT_WORDS.filter(
    (word) => new RegExp(`\\b${word}\\b`).test(signature) && !new RegExp(`\\b${word}\\b`).test(own),
  );
  if (signature.includes('=>')) found.push('=>');
  return found;
}

function complete(text: string) {
  return services.answer({ op: 'completions', files: py(text), file: 'main.py', offset: text.length });
}

function details(text: string, name: string) {
  return services.answer({ op: 'completionDetails', files: py(text), file: 'main.py', offset: text.length, name });
}

describe('Python words in every piece of help', () => {
  it('explains and hovers every API entry without TypeScript’s words', () => {
    const owners = complete('')
      .options.filter((o) => ['namespace', 'enum', 'class'].includes(o.kind))
      .map((o) => o.label);
    expect(owners).toEqual(expect.arrayContaining(['basic', 'input', 'IconNames', 'game']));
    const checked: string[] = [];
    for (const owner of owners) {
      const top = details('', owner);
      if (top) checked.push(top.signature);
      for (const member of complete(`${owner}.`).options) {
        const text = `${owner}.${member.label}`;
        const explained = details(`${owner}.`, member.label);
        const hovered = services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset: text.length - 1 });
        for (const docs of [explained?.documentation, hovered?.documentation]) {
          expect(docs ?? '', text).not.toMatch(/@param [a-z]+[A-Z]/);
        }
        for (const signature of [explained?.signature, hovered?.signature]) {
          if (signature === undefined) continue;
          checked.push(signature);
          expect(typeScriptWords(signature), signature).toEqual([]);
          expect(signature, signature).not.toMatch(CAMEL_PARAMETER);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(300);
  }, 120_000);

  it('explains every member of text, lists, sprites and pictures without TypeScript’s words', () => {
    const values = [
      'w = "abc"\nw.',
      'a = [1, 2]\na.',
      'b = [True]\nb.',
      'game.create_sprite(1, 1).',
      'images.create_image("""\n# . . . #\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n""").',
    ];
    for (const text of values) {
      const options = complete(text).options;
      expect(options.length, text).toBeGreaterThan(3);
      for (const option of options) {
        const signature = details(text, option.label)?.signature;
        if (signature === undefined) continue;
        expect(typeScriptWords(signature), signature).toEqual([]);
        expect(signature, signature).not.toMatch(CAMEL_PARAMETER);
      }
    }
  }, 120_000);
});

const TAILS = ['', '.', '(', ', ', '.upper().find(', '[0].', '\nq = ["a"]\nq.'];

describe('Python words on half-typed programs', () => {
  it('hovers, explains and helps anywhere without TypeScript’s words (property)', () => {
    fc.assert(
      fc.property(halfTypedPython(TAILS), ({ text, offsets }) => {
        const files = py(text);
        const signatures: string[] = [];
        for (const offset of offsets) {
          const info = services.answer({ op: 'quickInfo', files, file: 'main.py', offset });
          if (info) signatures.push(info.signature);
          const help = services.answer({ op: 'signatureHelp', files, file: 'main.py', offset });
          for (const s of help?.signatures ?? []) {
            signatures.push(`${s.prefix}${s.parameters.map((p) => p.label).join(s.separator)}${s.suffix}`);
          }
        }
        const found = complete(text);
        for (const option of found.options.slice(0, 5)) {
          const explained = details(text, option.label);
          if (explained) signatures.push(explained.signature);
        }
        // The learner's own names may be any word.
        for (const signature of signatures) expect(typeScriptWords(signature, text), signature).toEqual([]);
      }),
      { numRuns: runs },
    );
  }, 120_000);
});
