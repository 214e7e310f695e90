import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createCompiler } from './create-compiler.ts';
import type { LibraryFile } from './library.ts';
import { fakeBoard } from './test-harness.ts';

const bufferLibrary: LibraryFile = {
  name: 'fake/buffer.d.ts',
  provides: 'host',
  text: `
declare interface Buffer { readonly length: number; setUint8(offset: number, value: number): void; }
declare function hex(literal: TemplateStringsArray, ...substitutions: unknown[]): Buffer;
`,
};

const compiler = createCompiler({ ts, library: [fakeBoard, bufferLibrary] });

function errors(source: string) {
  return compiler
    .compile({ 'main.ts': source })
    .diagnostics.filter((d) => d.category === 'error')
    .map((d) => ({ line: d.line, column: d.column, length: d.length, message: d.message, code: d.code }));
}

describe('hex literals', () => {
  it('compile to a read-only buffer helper with the digits, whitespace between pairs allowed', () => {
    const result = compiler.compile({ 'main.ts': 'let b = hex`0A 0b\n  ff`;\nboard.log(b.length);' });
    expect(result.diagnostics).toEqual([]);
    expect(result.program!.js).toContain('$h.hexLiteral("0a0bff")');
    expect(result.program!.js).not.toMatch(/\bhex`/);
  });

  it('accept an empty literal', () => {
    const result = compiler.compile({ 'main.ts': 'const empty = hex``;' });
    expect(result.program!.js).toContain('$h.hexLiteral("")');
  });

  it('report a digit without a partner at its position', () => {
    expect(errors('let b = hex`0a0`;')).toEqual([
      {
        line: 1,
        column: 15,
        length: 1,
        message: 'A hex literal needs two hexadecimal digits per byte: this digit has no partner.',
        code: 9005,
      },
    ]);
    // Whitespace may separate bytes, not the two digits of one byte.
    expect(errors('let b = hex`0 a`;')).toMatchObject([{ line: 1, column: 13, code: 9005 }]);
  });

  it('report a character that is not a hex digit at its position, on later lines too', () => {
    expect(errors('let a = 1;\nlet b = hex`00\n  0g`;')).toEqual([
      {
        line: 3,
        column: 4,
        length: 1,
        message: 'A hex literal holds only hexadecimal digits (0-9, a-f) and spaces, but it has "g" here.',
        code: 9005,
      },
    ]);
    expect(errors('let b = hex`00\\n`;')[0]).toMatchObject({ column: 15, code: 9005 });
  });

  it('refuse ${} substitutions, pointing at them', () => {
    const found = errors('let x = 1;\nlet b = hex`00${x}11`;');
    expect(found).toEqual([
      {
        line: 2,
        column: 15,
        length: 4,
        message: 'A hex literal holds only hexadecimal digits: ${…} cannot be used inside it.',
        code: 9005,
      },
    ]);
  });

  it("leave a learner's own hex function alone", () => {
    const result = compiler.compile({
      'main.ts': 'function hex(parts: TemplateStringsArray) { return parts[0]; }\nboard.log(hex`zz`);',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.program!.js).not.toContain('hexLiteral');
  });
});
