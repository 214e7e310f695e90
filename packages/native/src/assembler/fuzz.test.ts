// Hostile input: random text and random near-assembly never makes the assembler throw or hang;
// it answers with errors of known kinds, each with a line and column inside the input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.ts';
import { SPEC_ERROR_NAMES } from './errors.ts';
import type { AsmErrorCode, Cpu } from './types.ts';

const CODES: ReadonlySet<AsmErrorCode> = new Set<AsmErrorCode>([
  ...(Object.keys(SPEC_ERROR_NAMES) as AsmErrorCode[]),
  'reserved-label',
  'syntax',
  'unknown-instruction',
  'unknown-directive',
  'unsupported-on-cpu',
  'bad-operands',
  'it-block',
  'too-large',
]);

function checkAnswer(text: string, cpu: Cpu, inline: boolean): void {
  const result = assemble(text, { cpu, inline, maxErrors: 50 });
  const lines = text.split('\n').length;
  // Plain checks, one expect per input: expect() is slow enough to matter over thousands of runs.
  const problems = result.errors.filter(
    (e) => !CODES.has(e.code) || e.line < 1 || e.line > lines || e.column < 1 || e.message.length === 0,
  );
  expect(problems).toEqual([]);
  expect(result.ok).toBe(result.errors.length === 0);
  if (!result.ok) expect(result.bytes.length).toBe(0);
}

const TOKENS = [
  'adds',
  'add',
  'movs',
  'mov',
  'ldr',
  'str',
  'ldrb',
  'push',
  'pop',
  'b',
  'beq',
  'bl',
  'bx',
  'cbz',
  'it',
  'ite',
  'cmp',
  'lsls',
  'mul',
  'sdiv',
  'movw',
  'movt',
  'adr',
  'ldm',
  'stmdb',
  'nop',
  'svc',
  'msr',
  'mrs',
  'dmb',
  'tbb',
  'udf',
  'r0',
  'r1',
  'r7',
  'r8',
  'sp',
  'lr',
  'pc',
  'eq',
  'primask',
  'lsl',
  'ror',
  'rrx',
  '#',
  '#0',
  '#1',
  '#255',
  '#-1',
  '#0x100',
  '#4095',
  '#:lower16:',
  ':upper16:',
  '=',
  '=0x12345678',
  '=lab',
  ',',
  ',',
  ', ',
  '[',
  ']',
  '!',
  '{',
  '}',
  '-',
  '+',
  '*',
  '<<',
  '>>',
  '(',
  ')',
  "'a",
  '"s"',
  '.',
  '1b',
  '1f',
  'lab',
  'lab:',
  '1:',
  '_x:',
  '.word',
  '.byte',
  '.ascii',
  '.balign',
  '.ltorg',
  '.equ',
  '.set',
  '.thumb_func',
  '.space',
  '.cpu',
  'cortex-m4',
  '.section',
  '.data',
  '.inst.w',
  '.p2align',
  '.fill',
  '@',
  '//',
  '/*',
  '*/',
  ';',
  ' ',
  ' ',
  ' ',
  '\t',
  '\n',
  '\n',
  '\n',
  '0x',
  '99999999999999999999',
  '-0',
  '.w',
  '.n',
  's',
];

// Unicode text and control characters ('binary' units are very slow to generate under vitest).
const randomText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary-ascii', maxLength: 200 }),
);

const nearAssembly = fc.array(fc.constantFrom(...TOKENS), { maxLength: 80 }).map((tokens) => tokens.join(''));

describe('the assembler on hostile input', () => {
  it('answers random text with errors, never an exception', () => {
    fc.assert(
      fc.property(randomText, fc.constantFrom<Cpu>('v6m', 'v7m'), fc.boolean(), (text, cpu, inline) => {
        checkAnswer(text, cpu, inline);
      }),
      { numRuns: 400 },
    );
  });

  it('answers random near-assembly with errors or bytes, never an exception', () => {
    fc.assert(
      fc.property(nearAssembly, fc.constantFrom<Cpu>('v6m', 'v7m'), fc.boolean(), (text, cpu, inline) => {
        checkAnswer(text, cpu, inline);
      }),
      { numRuns: 1500 },
    );
  });

  it('survives pathological sizes and nesting', () => {
    checkAnswer(`.word ${'('.repeat(5000)}1${')'.repeat(5000)}`, 'v6m', false);
    checkAnswer(`.word ${'1+'.repeat(30000)}1`, 'v6m', false);
    checkAnswer(`movs r0, #${'-'.repeat(30000)}1`, 'v6m', false);
    checkAnswer(`.word ${Array.from({ length: 200 }, () => '1*2+3|4').join('-')}`, 'v6m', false);
    checkAnswer('.space 0x7fffffff', 'v6m', false);
    checkAnswer('.fill 100000000, 8, 1', 'v6m', false);
    checkAnswer('.balign 0x10000000', 'v6m', false);
    checkAnswer('.equ a, b\n.equ b, a\n.word a', 'v7m', false);
    checkAnswer(`${'x'.repeat(100_000)}`, 'v7m', false);
    // Equates built on each other: evaluation must not blow up exponentially.
    const long = Array.from({ length: 20000 }, (_, i) => `.equ q${i + 1}, q${i} + 1`).join('\n');
    checkAnswer(`.equ q0, lab\n${long}\n.word q20000\nlab: nop`, 'v7m', false);
    const chain = Array.from({ length: 60 }, (_, i) => `.equ e${i + 1}, e${i} + e${i}`).join('\n');
    checkAnswer(`.word e60\n.equ e0, lab\n${chain}\nlab: nop`, 'v7m', false);
    expect(assemble('.space 0x7fffffff').errors[0]?.code).toBe('too-large');
  });

  it('settles relaxation on a long chain of branches that push each other out of reach', () => {
    const lines: string[] = [];
    for (let i = 0; i < 400; i++) lines.push(`b t${i}`, '.space 2040', `t${i}:`);
    const result = assemble(lines.join('\n'), { cpu: 'v7m' });
    expect(result.ok).toBe(true);
  });
});
