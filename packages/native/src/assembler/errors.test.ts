// The assembler's errors as spec 001 names them (§5, §8, §9): each with its line and column, a
// message that starts with the spec's name, and the stop after 10 errors.
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.ts';
import type { AsmError, AssembleOptions } from './types.ts';

function errorsOf(text: string, options: AssembleOptions = {}): AsmError[] {
  const result = assemble(text, options);
  expect(result.ok).toBe(false);
  expect(result.bytes.length).toBe(0);
  return [...result.errors];
}

function only(text: string, options: AssembleOptions = {}): AsmError {
  const errors = errorsOf(text, options);
  expect(errors, JSON.stringify(errors)).toHaveLength(1);
  return errors[0]!;
}

describe('stack errors in inline assembly', () => {
  it('reports "stack underflow" when more is popped than pushed', () => {
    const error = only('push {r4}\npop {r4, r5}\n', { inline: true });
    expect(error).toMatchObject({ code: 'stack-underflow', line: 2, column: 1 });
    expect(error.message).toMatch(/^stack underflow: this takes 2 words off the stack but only 1 was pushed/);
  });

  it('follows add sp and sub sp', () => {
    expect(assemble('sub sp, #8\npush {r0}\npop {r0}\nadd sp, sp, #8', { inline: true }).ok).toBe(true);
    expect(only('sub sp, #8\nadd sp, #12', { inline: true }).code).toBe('stack-underflow');
  });

  it('reports "stack misaligned" when the stack is not back at the end', () => {
    const error = only('  push {r4, lr}\n  movs r0, #1\n', { inline: true });
    expect(error).toMatchObject({ code: 'stack-misaligned', line: 2 });
    expect(error.message).toMatch(/^stack misaligned: 2 words are still on the stack at the end/);
  });

  it('reports "stack misaligned" for sp moved by part of a word', () => {
    const error = only('sub sp, #6', { inline: true, cpu: 'v7m' });
    expect(error).toMatchObject({ code: 'stack-misaligned', line: 1, column: 9 });
  });

  it('checks only when asked: back-end code with several returns is not linear', () => {
    expect(assemble('push {lr}\ncmp r0, #0\nbeq 1f\npop {pc}\n1: pop {pc}').ok).toBe(true);
    expect(assemble('pop {pc}', { checkStack: true }).errors[0]?.code).toBe('stack-underflow');
  });
});

describe('labels', () => {
  it('reports "label redefinition" at the second definition', () => {
    const error = only('start: nop\nloop:\n  nop\n  loop: b start\n');
    expect(error).toMatchObject({ code: 'label-redefinition', line: 4, column: 3 });
    expect(error.message).toMatch(/^label redefinition: 'loop' is already defined on line 2/);
  });

  it('does not let a label reuse an equate name', () => {
    expect(only('.equ size, 4\nsize: nop').code).toBe('label-redefinition');
  });

  it('reports "unknown label" where the name is used', () => {
    const error = only('  nop\n  b nowhere\n');
    expect(error).toMatchObject({ code: 'unknown-label', line: 2, column: 5 });
    expect(error.message).toMatch(/^unknown label: 'nowhere' is not defined/);
    expect(only('.word 1f').code).toBe('unknown-label');
    expect(only('b 2b').code).toBe('unknown-label');
  });

  it('reserves labels starting with _ in inline mode only', () => {
    const error = only('_helper: bx lr', { inline: true });
    expect(error).toMatchObject({ code: 'reserved-label', line: 1, column: 1 });
    expect(error.message).toMatch(/labels starting with '_' are reserved/);
    expect(assemble('_helper: bx lr').ok).toBe(true);
    expect(only('.equ _k, 1', { inline: true }).code).toBe('reserved-label');
  });
});

describe('operands', () => {
  it('reports "expecting register name" at the operand', () => {
    const error = only('muls r0, r1, #2\n');
    expect(error).toMatchObject({ code: 'expecting-register', line: 1, column: 14 });
    expect(error.message).toMatch(/^expecting register name/);
    expect(only('push {r0, x}').code).toBe('expecting-register');
    expect(only('ldr r0, [q1]').code).toBe('expecting-register');
    expect(only('push {}').code).toBe('expecting-register');
  });

  it('reports "argument out of range" for each field that is too big', () => {
    const cases: [string, AssembleOptions, number][] = [
      ['movs r0, #256', {}, 10],
      ['movs r0, #-1', {}, 10],
      ['adds r0, r1, #8', {}, 14],
      ['lsls r0, r1, #32', {}, 14],
      ['ldr r0, [r1, #128]', {}, 15],
      ['ldr r0, [r1, #2]', {}, 15],
      ['add sp, #512', {}, 9],
      ['bkpt #256', {}, 6],
      ['svc #300', {}, 5],
      ['ubfx r0, r1, #30, #4', { cpu: 'v7m' }, 19],
      ['add r0, r1, #0x12345', { cpu: 'v7m' }, 13],
      ['movw r0, #65536', { cpu: 'v7m' }, 10],
      ['ldrd r0, r1, [r2, #2]', { cpu: 'v7m' }, 20],
    ];
    for (const [text, options, column] of cases) {
      const error = only(text, options);
      expect(error, text).toMatchObject({ code: 'out-of-range', line: 1, column });
      expect(error.message, text).toMatch(/^argument out of range: /);
    }
  });

  it('reports branches that cannot reach their target', () => {
    const error = only('beq far\n.space 300\nfar: nop');
    expect(error).toMatchObject({ code: 'out-of-range', line: 1, column: 5 });
    expect(error.message).toMatch(/reaches -256 to 254/);
    expect(only('cbz r0, back\nback: nop\n.space 200\ncbz r0, back', { cpu: 'v7m' }).line).toBe(4);
  });

  it('reports a literal pool too far away on the Cortex-M0', () => {
    const error = only('ldr r0, =0x12345678\n.space 1100\n');
    expect(error).toMatchObject({ code: 'out-of-range', line: 1 });
    expect(error.message).toMatch(/\.ltorg/);
  });
});

describe('cores', () => {
  it('rejects Thumb-2 instructions on the Cortex-M0 and accepts them on the M4', () => {
    for (const text of [
      'cbz r0, 1f\n1:',
      'sdiv r0, r1, r2',
      'movw r0, #1',
      'it eq\naddeq r0, r1',
      'adds.w r0, r1, r2',
    ]) {
      expect(errorsOf(text)[0]!.code, text).toBe('unsupported-on-cpu');
      expect(assemble(text, { cpu: 'v7m' }).ok, text).toBe(true);
    }
    expect(only('add r0, r1, r2').message).toMatch(/Cortex-M0 \(v6m, micro:bit V1\)/);
  });

  it('switches core with .cpu and .arch', () => {
    expect(only('.cpu cortex-m4\nsdiv r0, r1\n.cpu cortex-m0\nsdiv r0, r1').line).toBe(4);
    expect(assemble('.arch armv7e-m\nmovw r0, #1', { cpu: 'v6m' }).ok).toBe(true);
    expect(only('.cpu pentium').code).toBe('bad-operands');
  });

  it('needs an IT block for conditional instructions other than branches', () => {
    expect(only('addeq r0, r1', { cpu: 'v7m' }).code).toBe('it-block');
    expect(only('it eq\naddne r0, r1', { cpu: 'v7m' }).message).toMatch(/runs on 'eq', not 'ne'/);
    expect(only('itt eq\nbeq 1f\nnop\n1:', { cpu: 'v7m' }).message).toMatch(/last instruction of an IT block/);
  });
});

describe('the error limit', () => {
  it('stops after 10 errors', () => {
    const text = Array.from({ length: 25 }, (_, i) => `movs r0, #${300 + i}`).join('\n');
    const result = assemble(text);
    expect(result.errors).toHaveLength(10);
    expect(result.stoppedEarly).toBe(true);
    expect(result.errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('reports fewer than 10 without stopping early', () => {
    const result = assemble('movs r0, #300\nmovs r1, #1\nfoo r2\n');
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [1, 'out-of-range'],
      [3, 'unknown-instruction'],
    ]);
    expect(result.stoppedEarly).toBe(false);
  });

  it('takes another limit as an option', () => {
    expect(assemble('foo\nbar\nbaz', { maxErrors: 2 }).errors).toHaveLength(2);
  });
});

describe('syntax errors', () => {
  it('say where the line went wrong', () => {
    expect(only('adds r0, , r1')).toMatchObject({ code: 'syntax', column: 10 });
    expect(only('movs r0, #(1 + 2')).toMatchObject({ code: 'syntax' });
    expect(only('.word 1 2')).toMatchObject({ code: 'syntax', column: 9 });
    expect(only('frobnicate r0')).toMatchObject({ code: 'unknown-instruction', column: 1 });
    expect(only('.frob 1')).toMatchObject({ code: 'unknown-directive', column: 1 });
    expect(only('.ascii "abc')).toMatchObject({ code: 'syntax', column: 8 });
    expect(only('.syntax divided').code).toBe('bad-operands');
    expect(only('.arm').code).toBe('unsupported-on-cpu');
  });

  it('carries the source reference of structured lines', () => {
    const source = { file: 'main.ts', line: 12, column: 5 };
    const result = assemble([{ text: 'movs r0, #1000', source }]);
    expect(result.errors[0]).toMatchObject({ line: 1, column: 10, source });
  });
});
