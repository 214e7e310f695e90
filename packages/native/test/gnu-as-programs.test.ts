// Whole programs against GNU as and ld: random instruction sequences with labels, branches and
// literal pools (fast-check), programs at the micro:bit's program address, external symbols,
// several sections, and core switches inside the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cpu } from '../src/index.ts';
import { GNU_AS, gnuProgram, haveGnuAs, ourProgram } from './gnu-as.ts';
import { generateProgram } from './program-generator.ts';
import { HEADER, randomProgram } from './random-programs.ts';

const available = haveGnuAs();
if (!available) console.warn(`\n!!! ${GNU_AS} is missing: whole-program comparisons with GNU as are SKIPPED.\n`);

function same(
  text: string,
  cpu: Cpu,
  gnu: Parameters<typeof gnuProgram>[2] = {},
  ours: Parameters<typeof ourProgram>[2] = {},
): void {
  const expected = gnuProgram(text, cpu, gnu);
  const actual = ourProgram(text, cpu, ours);
  if (expected.ok) {
    expect(actual, `GNU as accepted:\n${text}`).toEqual(expected);
  } else {
    expect(actual.ok, `GNU as rejected (${expected.message.trim()}) but we accepted:\n${text}`).toBe(false);
  }
}

describe.skipIf(!available)('whole programs match GNU as and ld', () => {
  for (const cpu of ['v6m', 'v7m'] as const) {
    it(`random programs for ${cpu}`, { timeout: 120_000 }, () => {
      fc.assert(
        fc.property(randomProgram(cpu), (text) => same(text, cpu)),
        { numRuns: 40 },
      );
    });

    it(`a generated back-end program of 2,000 instructions for ${cpu}`, { timeout: 60_000 }, () => {
      same(generateProgram(2000, cpu, 3).text, cpu);
    });

    it(`places a program at the micro:bit V1 program address for ${cpu}`, { timeout: 60_000 }, () => {
      const text = generateProgram(300, cpu, 5).text;
      same(text, cpu, { origin: 0x35400 }, { origin: 0x35400 });
    });
  }

  it('resolves external symbols as the linker does', { timeout: 60_000 }, () => {
    const symbols = { runtime_alloc: 0x1234, runtime_panic: 0x2000 + 1, table: 0x20000000 };
    const text = `${HEADER}bl runtime_alloc\nbl runtime_panic\nldr r0, =table\nldr r1, =runtime_panic\n.word table + 8\n.ltorg\n`;
    same(text, 'v6m', { defsym: symbols }, { symbols });
    same(`${text}movw r2, #:lower16:table\nmovt r2, #:upper16:table\n`, 'v7m', { defsym: symbols }, { symbols });
  });

  it('lays out several sections in order', { timeout: 60_000 }, () => {
    const text = `${HEADER}movs r0, #1\nldr r1, =message\nbx lr\n.data\n.balign 8\nmessage: .asciz "hello"\n.section .rodata\n.byte 1, 2, 3\n.text\nnop\n.ltorg\n`;
    same(text, 'v6m', { sections: ['.text', '.data', '.rodata'] });
    same(text, 'v7m', { sections: ['.text', '.data', '.rodata'] });
  });

  it('switches cores inside the text', { timeout: 60_000 }, () => {
    same(`${HEADER}.cpu cortex-m4\nsdiv r0, r1, r2\nmovs r0, #1\n.cpu cortex-m0\nnop\n.balign 8\n`, 'v6m');
    same(`${HEADER}.cpu cortex-m0\nnop\nsdiv r0, r1, r2\n`, 'v7m');
  });
});
