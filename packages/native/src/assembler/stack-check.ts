// The stack check of inline assembly (spec 001 §8: "stack underflow", "stack misaligned"), as
// MakeCode's assembler does it: follow the stack depth in words through push, pop and sp
// adjustments in source order; popping more than was pushed is an underflow, and a depth other
// than zero at the end (or sp moved by a non-multiple of 4) is a misaligned stack. The check is
// linear: it does not follow branches, so code with several exits should leave it off.
import { EncodeError } from './errors.ts';
import { SP } from './names.ts';
import type { Operand } from './types.ts';

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

export class StackTracker {
  /** Words on the stack pushed by the code so far. */
  depth = 0;
  private lastLine = 0;
  private lastColumn = 1;

  /**
   * Follows one instruction. `constant(i)` is operand i's value when it is a constant.
   * Throws the spec's errors.
   */
  step(
    name: string,
    ops: readonly Operand[],
    constant: (i: number) => number | undefined,
    line: number,
    column: number,
  ): void {
    this.lastLine = line;
    this.lastColumn = column;
    let change: number;
    if (name === 'push' || name === 'pop') {
      const list = ops[0];
      if (list?.kind !== 'regs') return;
      change = name === 'push' ? popcount(list.mask) : -popcount(list.mask);
    } else if (
      (name === 'stmdb' || name === 'ldmia') &&
      ops[0]?.kind === 'reg' &&
      ops[0].reg === SP &&
      ops[0].writeback === true
    ) {
      const list = ops[1];
      if (list?.kind !== 'regs') return;
      change = name === 'stmdb' ? popcount(list.mask) : -popcount(list.mask);
    } else if ((name === 'add' || name === 'sub') && ops[0]?.kind === 'reg' && ops[0].reg === SP) {
      const sourceIsSp = ops.length === 2 || (ops[1]?.kind === 'reg' && ops[1].reg === SP);
      const last = ops.length - 1;
      if (!sourceIsSp || ops[last]?.kind !== 'imm') return;
      const bytes = constant(last);
      if (bytes === undefined) return;
      if (bytes % 4 !== 0) {
        throw new EncodeError(
          'stack-misaligned',
          `sp must move by a multiple of 4 bytes (whole words), not ${bytes}`,
          ops[last]?.at ?? column,
        );
      }
      change = ((name === 'add' ? -1 : 1) * bytes) / 4;
    } else return;
    this.depth += change;
    if (this.depth < 0) {
      const popped = -change;
      const had = this.depth + popped;
      this.depth = 0;
      throw new EncodeError(
        'stack-underflow',
        `this takes ${popped} word${popped === 1 ? '' : 's'} off the stack but only ${had} ${had === 1 ? 'was' : 'were'} pushed`,
        column,
      );
    }
  }

  /** At the end of the code: the stack must be back where it started. */
  finish(): { line: number; column: number; detail: string } | undefined {
    if (this.depth === 0) return undefined;
    return {
      line: this.lastLine,
      column: this.lastColumn,
      detail: `${this.depth} word${this.depth === 1 ? ' is' : 's are'} still on the stack at the end; pop ${this.depth === 1 ? 'it' : 'them'} (or add sp) before returning`,
    };
  }
}
