// The assembler's behaviour beyond single encodings: input forms, listing, symbols, origin,
// relaxation, literal pools and expressions. Encodings are checked against GNU as in
// test/gnu-as-*.test.ts; the expected bytes here were produced by arm-none-eabi-as and ld.
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.ts';
import { at, directive, imm, ins, label, literal, mem, r, regs, target } from './build.ts';
import { formatListing } from './print.ts';
import type { AssembleOptions, Statement } from './types.ts';

function hex(text: string, options: AssembleOptions = {}): string {
  const result = assemble(text, options);
  expect(result.errors, JSON.stringify(result.errors)).toEqual([]);
  return Buffer.from(result.bytes).toString('hex');
}

describe('assemble', () => {
  it('reads a line again the same way, inside or outside a block comment (the parse cache)', () => {
    const line = 'ldr r1, =0x12345678';
    const once = hex(`${line}\nbx lr\n`);
    // The same text again (parsed lines are kept by text) gives the same bytes both times.
    expect(hex(`${line}\nbx lr\n`)).toBe(once);
    // Inside an open block comment the same text is no instruction at all.
    expect(hex(`/* start\n${line}\n*/ bx lr\n`)).toBe('7047');
    // A line whose parse failed fails again, with the same error, when read a second time.
    const bad = () => assemble('ldr r0, [r1, #4\n').errors.map((e) => [e.code, e.column]);
    expect(bad()).toEqual(bad());
    expect(bad().length).toBe(1);
  });

  it('reads an instruction it has read before as a first read does, in any context (templates)', () => {
    // Each case: the result of a first read, then the same line read and laid out elsewhere
    // (which keeps its decoding and bits by its parsed text), then the first text again.
    const result = (text: string, options: AssembleOptions = {}) => {
      const r = assemble(text, options);
      return { hex: Buffer.from(r.bytes).toString('hex'), errors: r.errors.map((e) => [e.code, e.line]) };
    };
    const cases: [first: string, firstOptions: AssembleOptions, elsewhere: string, options: AssembleOptions][] = [
      // The inline stack check still sees a kept line.
      ['pop {r4, r6}\nbx lr\n', { inline: true }, 'pop {r4, r6}\nbx lr\n', {}],
      // A line kept for the Cortex-M4 is still refused on the Cortex-M0.
      ['add r2, r3, #301\nbx lr\n', { cpu: 'v6m' }, 'add r2, r3, #301\nbx lr\n', { cpu: 'v7m' }],
      // Still no instruction in a data section.
      ['.data\nmovs r5, #133\n', {}, 'movs r5, #133\n', {}],
      // Inside an IT block the same text is checked against the block.
      ['.syntax unified\nit eq\nadds r1, r1, #77\n', { cpu: 'v7m' }, 'adds r1, r1, #77\n', { cpu: 'v7m' }],
      // An equate's value is looked up again at every read.
      ['.equ K17, 9\nmovs r0, #K17\n', {}, '.equ K17, 5\nmovs r0, #K17\n', {}],
    ];
    for (const [first, firstOptions, elsewhere, options] of cases) {
      const before = result(first, firstOptions);
      const other = result(elsewhere, options);
      expect(other.errors, elsewhere).toEqual([]);
      // Twice: the second read of `elsewhere` starts from the kept bits.
      expect(result(elsewhere, options), elsewhere).toEqual(other);
      expect(result(first, firstOptions), first).toEqual(before);
    }
    // The contexts do differ: each first text reads differently from its `elsewhere`.
    expect(result('pop {r4, r6}\nbx lr\n', { inline: true }).errors.length).toBe(1);
    expect(result('add r2, r3, #301\nbx lr\n', { cpu: 'v6m' }).errors.length).toBe(1);
    expect(result('.data\nmovs r5, #133\n').errors.length).toBe(1);
    expect(result('.syntax unified\nit eq\nadds r1, r1, #77\n', { cpu: 'v7m' }).hex).not.toBe(
      result('adds r1, r1, #77\n', { cpu: 'v7m' }).hex,
    );
    expect(result('.equ K17, 9\nmovs r0, #K17\n').hex).toBe('0920');
  });

  it('encodes a small function for the Cortex-M0', () => {
    const text = `
      .syntax unified
      .thumb
      .thumb_func
      add3:
        push {r4, lr}
        adds r0, r0, r1
        adds r0, #3
        ldr r1, =0x12345678
        str r0, [r1, #4]
        pop {r4, pc}
    `;
    expect(hex(text)).toBe('10b5401803300149486010bd78563412');
  });

  it('uses 32-bit encodings only where the M4 needs them', () => {
    expect(hex('add r0, r1, r2\nadds r0, r1, r2\nmov r0, #0x1234\nldr r0, =0xffffffff', { cpu: 'v7m' })).toBe(
      '01eb0200881841f234204ff0ff30',
    );
  });

  it('lays the same code out from a second origin as a separate assembly there would', () => {
    const text = [
      'start: ldr r0, =data',
      'bl far',
      '.word start + 1',
      '.balign 4',
      'data: .word 7, far',
      ...Array.from({ length: 300 }, () => 'nop'),
      'far: b start',
      '.ltorg',
    ].join('\n');
    const once = assemble(text, { origin: 0, secondOrigin: 0x100000, listing: false });
    expect(once.errors).toEqual([]);
    expect(Buffer.from(once.bytes)).toEqual(Buffer.from(assemble(text, { origin: 0 }).bytes));
    expect(Buffer.from(once.secondImage!)).toEqual(Buffer.from(assemble(text, { origin: 0x100000 }).bytes));
    // Symbols are the first origin's.
    expect(once.symbols.get('data')!.value).toBe(assemble(text, { origin: 0 }).symbols.get('data')!.value);
    expect(() => assemble(text, { secondOrigin: 2 })).toThrow(/secondOrigin must be a multiple of 4/);
  });

  it('binds the same data line anew in each assembly (its parse is kept, not its names)', () => {
    const word = (text: string) => Buffer.from(assemble(text).bytes).toString('hex');
    expect(word('.word b\nb: .word 3')).toBe('0400000003000000');
    expect(word('.equ b, 7\n.word b')).toBe('07000000');
    expect(word('.word b\n.word 0\nb: .word 3')).toBe('080000000000000003000000');
  });

  it('lays code out again from a second origin that moves an alignment', () => {
    // From 0x100004 the `.balign 8` pads differently: every item is placed again, not only
    // those that read an address.
    const text = ['start: adr r1, data', 'movs r0, #1', '.balign 8', 'data: .word data, 3', 'b start'].join('\n');
    for (const second of [0x100000, 0x100004]) {
      const once = assemble(text, { origin: 0, secondOrigin: second, listing: false });
      expect(once.errors).toEqual([]);
      expect(Buffer.from(once.secondImage!), `${second}`).toEqual(
        Buffer.from(assemble(text, { origin: second }).bytes),
      );
    }
  });

  it('accepts statements built by a back end, with the same bytes as text', () => {
    const statements: Statement[] = [
      { kind: 'label', name: 'loop' },
      {
        kind: 'instruction',
        mnemonic: 'subs',
        operands: [
          { kind: 'reg', reg: 0 },
          { kind: 'imm', expr: { kind: 'num', value: 1n } },
        ],
      },
      { kind: 'instruction', mnemonic: 'bne', operands: [{ kind: 'imm', expr: { kind: 'sym', name: 'loop' } }] },
      { kind: 'instruction', mnemonic: 'bx', operands: [{ kind: 'reg', reg: 14 }] },
    ];
    const built = assemble(statements);
    expect(built.ok).toBe(true);
    expect(Buffer.from(built.bytes).toString('hex')).toBe(hex('loop: subs r0, #1\nbne loop\nbx lr'));
    expect(built.listing.map((e) => e.text)).toEqual(['loop:', 'subs r0, #1', 'bne loop', 'bx lr']);
  });

  it('builds statements with the constructors a back end uses', () => {
    const source = { file: 'main.ts', line: 7 };
    const built = assemble(
      [
        label('f'),
        ins('push', regs(4, 14)),
        ins('ldr', r(4), literal(0x12345678)),
        ins('ldr', r(0), mem(4, 8)),
        ins('str', r(0), mem(1, { index: 2, lsl: 2 })),
        at(ins('adds', r(0), r(0), imm(1)), source),
        ins('bl', target('f')),
        ins('pop', regs(4, 15)),
        directive('.ltorg'),
      ],
      { cpu: 'v7m' },
    );
    const text = assemble(
      'f: push {r4, lr}\nldr r4, =0x12345678\nldr r0, [r4, #8]\nstr r0, [r1, r2, lsl #2]\nadds r0, r0, #1\nbl f\npop {r4, pc}\n.ltorg',
      { cpu: 'v7m' },
    );
    expect(built.errors).toEqual([]);
    expect(built.bytes).toEqual(text.bytes);
    expect(built.listing.find((e) => e.text === 'adds r0, r0, #1')?.source).toEqual(source);
  });

  it('accepts lines with source references and keeps them in the listing', () => {
    const source = { file: 'main.ts', line: 3 };
    const result = assemble(['movs r0, #1', { text: 'bx lr', source }]);
    expect(result.listing[1]).toMatchObject({ line: 2, address: 2, text: 'bx lr', source });
  });

  it('lists every statement with its address and bytes', () => {
    const result = assemble('start: movs r0, #1\n.word 0x11223344, start\n');
    expect(formatListing(result)).toBe(
      [
        '    1 00000000                  start:',
        '    1 00000000 0120             movs r0, #1',
        '    2 00000002 4433221100000000 .word 0x11223344, start',
        '',
      ].join('\n'),
    );
  });

  it('places the image at an origin and reports symbols with their addresses', () => {
    const result = assemble('.global main\n.thumb_func\nmain: bl helper\nhelper: bx lr\nlit: .word main', {
      origin: 0x35400,
    });
    expect(result.ok).toBe(true);
    expect(result.symbols.get('main')).toMatchObject({ value: 0x35400, thumbFunction: true, global: true });
    expect(result.symbols.get('helper')).toMatchObject({ value: 0x35404, thumbFunction: false, global: false });
    // A Thumb function's address in data has bit 0 set, as the linker writes it.
    expect(Buffer.from(result.bytes.subarray(6, 10)).readUInt32LE()).toBe(0x35401);
  });

  it('resolves symbols given from outside', () => {
    const result = assemble('bl uBit_show\nldr r0, =uBit_show', { symbols: { uBit_show: 0x1000 }, origin: 0 });
    expect(result.ok).toBe(true);
    expect(result.symbols.get('uBit_show')).toMatchObject({ kind: 'external', value: 0x1000 });
    expect(Buffer.from(result.bytes).toString('hex')).toBe('00f0feff0048000000100000');
  });

  it('relaxes a branch to the wide form only when it cannot reach (v7m)', () => {
    expect(hex('b 1f\n.space 2000\n1:', { cpu: 'v7m' }).slice(0, 4)).toBe('e7e3');
    expect(hex('b 1f\n.space 3000\n1:', { cpu: 'v7m' }).slice(0, 8)).toBe('00f0dcbd');
  });

  it('fills and reuses literal pools', () => {
    // Two loads of one value share an entry; .ltorg places the pool, aligned, after the code.
    expect(hex('ldr r0, =0xdeadbeef\nldr r1, =0xdeadbeef\nnop\n.ltorg')).toBe('01480149c0460000efbeadde');
  });

  it('evaluates expressions with GNU as precedence', () => {
    expect(hex('.word 1 << 2 + 1, 7 & 3 | 8, -5 / 2, 1 == 1, . , K\n.equ K, (3 + 4) * 2')).toBe(
      '050000000b000000feffffffffffffff100000000e000000',
    );
  });

  it('understands comments, separators and local labels', () => {
    const text = '1: nop @ one\nnop // two\n/* three */ nop ; b 1b\n# a comment line\nb 1f\n1: bx lr';
    expect(hex(text)).toBe('c046c046c046fbe7ffe77047');
  });

  it('rejects bad options as a programming error', () => {
    expect(() => assemble('nop', { origin: 2 })).toThrow(TypeError);
    expect(() => assemble('nop', { cpu: 'x86' as never })).toThrow(TypeError);
  });
});
