// IT blocks (Thumb-2 conditional execution) as GNU as checks them in unified syntax: every
// instruction in the block carries the block's condition (or its inverse for an `e` slot), a
// branch may only be the last one, and conditional instructions need a block (except B<cond>).
import { EncodeError } from './errors.ts';
import { COND_ALWAYS, CONDITIONS, PC } from './names.ts';
import type { DecodedMnemonic } from './thumb/instructions.ts';
import type { Operand } from './types.ts';

const CONDITION_NAMES = Object.entries(CONDITIONS)
  .filter(([name]) => name !== 'hs' && name !== 'lo')
  .reduce<string[]>((names, [name, code]) => {
    names[code] = name;
    return names;
  }, []);

function conditionName(code: number): string {
  return CONDITION_NAMES[code] ?? String(code);
}

const BRANCHES: ReadonlySet<string> = new Set(['b', 'bl', 'bx', 'blx', 'tbb', 'tbh']);

/** Does this instruction write pc (then it must end its IT block)? */
function writesPc(name: string, ops: readonly Operand[]): boolean {
  if (BRANCHES.has(name)) return true;
  const first = ops[0];
  if (
    (name === 'pop' || name === 'ldmia' || name === 'ldmdb') &&
    ops.some((op) => op.kind === 'regs' && (op.mask & (1 << PC)) !== 0)
  ) {
    return true;
  }
  return (name === 'ldr' || name === 'mov' || name === 'add') && first?.kind === 'reg' && first.reg === PC;
}

export class ItTracker {
  private expected: number[] = [];

  get active(): boolean {
    return this.expected.length > 0;
  }

  /** Starts a block for `it<pattern> <cond>`; returns the IT instruction's halfword. */
  open(pattern: string, cond: number, column: number): void {
    if (this.active) throw new EncodeError('it-block', 'an IT block cannot contain another IT instruction', column);
    const first = cond;
    const conditions = [first];
    for (const ch of pattern) conditions.push(ch === 't' ? first : first ^ 1);
    if (cond === COND_ALWAYS) {
      throw new EncodeError('it-block', "an IT block on 'al' (always) does nothing: leave the IT out", column);
    }
    this.expected = conditions;
  }

  /**
   * Checks an instruction against the block; returns whether it is inside one.
   * Throws for a wrong or missing condition.
   */
  check(decoded: DecodedMnemonic, ops: readonly Operand[], column: number): boolean {
    const spec = decoded.spec!;
    const name = spec.name;
    if (!this.active) {
      if (decoded.cond !== COND_ALWAYS && name !== 'b') {
        throw new EncodeError(
          'it-block',
          `a conditional ${name} needs an IT block before it (it ${conditionName(decoded.cond)}), or use a conditional branch around it`,
          column,
        );
      }
      return false;
    }
    const expected = this.expected.shift()!;
    if (spec.outsideIt) {
      this.expected = [];
      throw new EncodeError('it-block', `${name} cannot be inside an IT block`, column);
    }
    if (decoded.cond === COND_ALWAYS) {
      if (!spec.neutral && expected !== COND_ALWAYS) {
        throw new EncodeError(
          'it-block',
          `inside an IT block each instruction needs the block's condition: write ${name}${decoded.s ? 's' : ''}${conditionName(expected)}`,
          column,
        );
      }
    } else if (decoded.cond !== expected) {
      throw new EncodeError(
        'it-block',
        `this slot of the IT block runs on '${conditionName(expected)}', not '${conditionName(decoded.cond)}'`,
        column,
      );
    }
    if (this.active && writesPc(name, ops)) {
      this.expected = [];
      throw new EncodeError(
        'it-block',
        'a branch (or a write to pc) must be the last instruction of an IT block',
        column,
      );
    }
    return true;
  }
}
