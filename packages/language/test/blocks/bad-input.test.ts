// Bad input: syntax errors, unknown APIs and code blocks cannot show must decompile to grey code
// blocks, lose nothing, and never throw.
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { BlockNode } from '../../src/blocks/model/blocks-model.ts';
import { decompile, generate } from './harness.ts';

/** Identifiers and literal values of a program, as a multiset (comments and layout aside). */
function tokens(text: string): Map<string, number> {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
  const counts = new Map<string, number>();
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (
      kind === ts.SyntaxKind.Identifier ||
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NumericLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      kind === ts.SyntaxKind.TemplateHead
    ) {
      const key = `${ts.SyntaxKind[kind]}:${scanner.getTokenValue()}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

function missingTokens(before: string, after: string): string[] {
  const had = tokens(before);
  const has = tokens(after);
  return [...had].filter(([key, count]) => (has.get(key) ?? 0) < count).map(([key]) => key);
}

function greyTexts(block: BlockNode | undefined, into: string[] = []): string[] {
  for (let b = block; b; b = b.next) {
    if (b.type === 'typescript_statement') {
      const lines: string[] = [];
      for (let i = 0; i < Number(b.mutation?.attributes['numlines'] ?? 0); i++)
        lines.push(b.mutation?.attributes[`line${i}`] ?? '');
      into.push(lines.join('\n'));
    }
    for (const input of b.inputs) greyTexts(input.block, into);
  }
  return into;
}

/** Decompiles and regenerates; checks grey code comes back verbatim and no token is lost. */
function roundTrip(source: string) {
  const blocks = decompile(source);
  const code = generate(blocks.workspace).code;
  for (const text of blocks.workspace.blocks.flatMap((b) => greyTexts(b))) expect(code).toContain(text);
  expect(missingTokens(source, code), code).toEqual([]);
  return { blocks, code };
}

describe('bad input', () => {
  it('keeps statements with syntax errors as grey code, exactly', () => {
    const source = [
      'basic.showNumber(1)',
      'basic.showString("no end"',
      'let x = = 3',
      'if (x > {',
      '    basic.showIcon(IconNames.Heart)',
      '}',
      'basic.showNumber(2)',
      '',
    ].join('\n');
    const { blocks, code } = roundTrip(source);
    expect(blocks.greyBlocks).toBeGreaterThan(0);
    expect(code).toContain('basic.showString("no end"');
    expect(code).toContain('let x = = 3');
    expect(code.startsWith('basic.showNumber(1)\n')).toBe(true);
  });

  it('keeps stray braces and an unterminated string', () => {
    for (const source of [
      '}\nbasic.showNumber(1)\n',
      'basic.showNumber(1)\n)))\n',
      'basic.showString("open\n',
      'let s = `never closed\n',
    ]) {
      const { code } = roundTrip(source);
      expect(code.replace(/\s+/g, ''), source).toBe(source.replace(/\s+/g, ''));
    }
  });

  it('keeps calls of unknown APIs and names as grey code', () => {
    const source = 'robot.dance(3)\nfoo()\nbasic.showNumber(undefinedThing)\n';
    const { blocks, code } = roundTrip(source);
    expect(blocks.greyBlocks).toBe(3);
    expect(code).toBe(source);
  });

  it('keeps classes, lambdas in odd places and other constructs blocks cannot show', () => {
    const source = [
      'class Point {',
      '    constructor(public x: number, public y: number) {',
      '    }',
      '}',
      'let p = new Point(1, 2)',
      'let squares = [1, 2, 3].map((n) => n * n)',
      'basic.forever(() => [1, 2].forEach((n) => basic.showNumber(n)))',
      'input.onButtonPressed(Button.A, function () {',
      '    let f = function (a: number) {',
      '        return a + 1',
      '    }',
      '    basic.showNumber(f(2))',
      '})',
      '',
    ].join('\n');
    const { blocks, code } = roundTrip(source);
    expect(blocks.greyBlocks).toBeGreaterThanOrEqual(4);
    expect(code).toContain('    let f = function (a: number) {\n        return a + 1\n    }');
    expect(code).toContain('class Point {\n    constructor(public x: number, public y: number) {\n    }\n}');
  });

  it('says why each grey block is grey, with its line', () => {
    const notes = decompile('basic.showNumber(1)\nlet o = { a: 1 }\n').greyNotes;
    expect(notes).toEqual([{ line: 2, reason: 'ObjectLiteralExpression has no block' }]);
  });

  it('never throws on damaged programs and keeps every name and value they hold', () => {
    const base = [
      'let count = 0',
      'input.onButtonPressed(Button.A, function () {',
      '    count += 1',
      '    if (count > 3) {',
      '        basic.showString("big " + count)',
      '    } else {',
      '        basic.showIcon(IconNames.Heart)',
      '    }',
      '})',
      'function twice(n: number) {',
      '    return n * 2',
      '}',
      'basic.forever(function () {',
      '    for (let index = 0; index <= 4; index++) {',
      '        led.plot(index, twice(1))',
      '    }',
      '})',
      '',
    ].join('\n');
    const pieces = ['(', ')', '{', '}', ';', '"', '`', '/*', '//', '=', '=>', 'class ', 'x', '\n', ','];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: base.length }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(...pieces),
        (at, cut, piece) => {
          // Files end with a line break (an unterminated literal would otherwise gain one).
          const damaged = (base.slice(0, at) + piece + base.slice(at + cut)).replace(/\n?$/, '\n');
          const first = generate(decompile(damaged).workspace).code;
          expect(missingTokens(damaged, first), `${damaged}\n---\n${first}`).toEqual([]);
          // Stray text may settle on a line of its own, but a second trip keeps everything too.
          const second = generate(decompile(first).workspace).code;
          expect(missingTokens(first, second), `${first}\n---\n${second}`).toEqual([]);
        },
      ),
      { numRuns: 150, seed: -40844503, path: "2", endOnFailure: true },
    );
  }, 120_000);
});
