// Instruction operands: registers (with `!` and shifts), register lists, memory operands,
// immediates (`#` optional, as in unified syntax), `=literal` and `:lower16:`/`:upper16:`.
import type { Cursor } from './cursor.ts';
import { ParseError } from './cursor.ts';
import { registerNumber } from './names.ts';
import { parseExpression } from './parse-expression.ts';
import type { Expr, Operand, Shift, ShiftKind } from './types.ts';

const SHIFTS: ReadonlySet<string> = new Set(['lsl', 'lsr', 'asr', 'ror', 'rrx']);

/** Parses the comma-separated operands up to the end of the statement. */
export function parseOperands(cur: Cursor): Operand[] {
  const operands: Operand[] = [];
  if (cur.atEnd()) return operands;
  for (;;) {
    const at = cur.column;
    const shiftName = cur.peekIdentifier()?.toLowerCase();
    const previous = operands[operands.length - 1];
    if (shiftName !== undefined && SHIFTS.has(shiftName) && previous !== undefined && isShiftable(previous)) {
      const shift = parseShift(cur);
      operands[operands.length - 1] = attachShift(previous, shift, at);
    } else if (previous?.kind === 'mem' && isPlainMem(previous)) {
      operands[operands.length - 1] = parsePostIndex(cur, previous, at);
    } else {
      operands.push(parseOperand(cur));
    }
    if (cur.atEnd()) return operands;
    cur.expect(',', "',' between operands");
    if (cur.atEnd()) throw new ParseError('expected another operand after the comma', cur.column);
  }
}

function isShiftable(op: Operand): boolean {
  return op.kind === 'reg' && op.shift === undefined && op.writeback !== true;
}

function isPlainMem(op: Operand & { kind: 'mem' }): boolean {
  return (
    op.offset === undefined &&
    op.index === undefined &&
    op.writeback !== true &&
    op.postIndex !== true &&
    op.negativeZero !== true
  );
}

function attachShift(op: Operand, shift: Shift, at: number): Operand {
  if (op.kind !== 'reg') throw new ParseError('a shift must follow a register', at);
  return { ...op, shift };
}

function parseOperand(cur: Cursor): Operand {
  const at = cur.column;
  const ch = cur.peek();
  if (ch === '{') return parseRegisterList(cur);
  if (ch === '[') return parseMemory(cur);
  if (ch === '=') {
    cur.pos++;
    return { kind: 'literal', expr: parseExpression(cur), at };
  }
  if (ch === '#' || ch === '$') {
    cur.pos++;
    return parseImmediate(cur, at, true);
  }
  if (ch === ':') return parseImmediate(cur, at, false);
  const reg = tryRegister(cur);
  if (reg !== undefined) {
    const writeback = cur.eat('!');
    return writeback ? { kind: 'reg', reg, writeback, at } : { kind: 'reg', reg, at };
  }
  return parseImmediate(cur, at, false);
}

function parseImmediate(cur: Cursor, at: number, hash: boolean): Operand {
  if (cur.peek() === ':') {
    cur.pos++;
    const name = cur.identifier()?.toLowerCase();
    if (name !== 'lower16' && name !== 'upper16') throw new ParseError("expected ':lower16:' or ':upper16:'", at);
    cur.expect(':', `':' after ${name}`);
    return { kind: 'imm', expr: parseExpression(cur), hash, part: name, at };
  }
  return { kind: 'imm', expr: parseExpression(cur), hash, at };
}

/** A register name at the cursor (consumed), or undefined (cursor unchanged). */
function tryRegister(cur: Cursor): number | undefined {
  const save = cur.pos;
  const name = cur.identifier();
  if (name === undefined) return undefined;
  const reg = registerNumber(name);
  if (reg === undefined) {
    cur.pos = save;
    return undefined;
  }
  return reg;
}

function expectRegister(cur: Cursor, what: string): number {
  const at = cur.column;
  const reg = tryRegister(cur);
  if (reg === undefined) {
    const found = cur.peekIdentifier() ?? cur.peek();
    throw new ParseError(
      found === '' ? `${what} is missing` : `'${found}' is not a register (${what})`,
      at,
      'expecting-register',
    );
  }
  return reg;
}

function parseRegisterList(cur: Cursor): Operand {
  const at = cur.column;
  cur.expect('{', "'{'");
  let mask = 0;
  if (cur.peek() === '}') throw new ParseError('the register list is empty', cur.column, 'expecting-register');
  for (;;) {
    const first = expectRegister(cur, 'in the register list');
    let last = first;
    if (cur.eat('-')) {
      const rangeAt = cur.column;
      last = expectRegister(cur, 'at the end of the range');
      if (last < first) throw new ParseError(`the range r${first}-r${last} goes backwards`, rangeAt);
    }
    for (let r = first; r <= last; r++) mask |= 1 << r;
    if (cur.eat('}')) break;
    cur.expect(',', "',' or '}' in the register list");
  }
  if (cur.peek() === '^') throw new ParseError("'^' after a register list is not supported in Thumb", cur.column);
  return { kind: 'regs', mask, at };
}

function parseShift(cur: Cursor): Shift {
  const at = cur.column;
  const kind = cur.identifier()!.toLowerCase() as ShiftKind;
  if (kind === 'rrx') return { kind, at };
  if (cur.peek() === '#' || cur.peek() === '$') {
    cur.pos++;
    return { kind, amount: parseExpression(cur), at };
  }
  const reg = tryRegister(cur);
  if (reg !== undefined) return { kind, reg, at };
  return { kind, amount: parseExpression(cur), at };
}

function parseMemory(cur: Cursor): Operand {
  const at = cur.column;
  cur.expect('[', "'['");
  const base = expectRegister(cur, 'as the base of the address');
  let offset: Expr | undefined;
  let negativeZero = false;
  let index: number | undefined;
  let indexShift: Shift | undefined;
  let subtractIndex = false;
  if (cur.eat(',')) {
    if (cur.peek() === '#' || cur.peek() === '$') cur.pos++;
    let negative = false;
    if (cur.peek() === '-') {
      const save = cur.pos;
      cur.pos++;
      if (registerNumberAt(cur) !== undefined) negative = true;
      else cur.pos = save;
    } else if (cur.peek() === '+' && registerNumberAt(cur, 1) !== undefined) {
      cur.pos++;
    }
    const reg = tryRegister(cur);
    if (reg !== undefined) {
      index = reg;
      subtractIndex = negative;
      if (cur.eat(',')) {
        const shiftAt = cur.column;
        const name = cur.peekIdentifier()?.toLowerCase();
        if (name === undefined || !SHIFTS.has(name)) throw new ParseError('expected a shift such as lsl #2', shiftAt);
        indexShift = parseShift(cur);
      }
    } else {
      negativeZero = startsWithMinus(cur);
      offset = parseExpression(cur);
    }
  }
  cur.expect(']', "']' to close the address");
  const writeback = cur.eat('!');
  const mem: {
    -readonly [K in keyof (Operand & { kind: 'mem' })]: (Operand & { kind: 'mem' })[K];
  } = { kind: 'mem', base, at };
  if (offset !== undefined) mem.offset = offset;
  if (negativeZero) mem.negativeZero = true;
  if (index !== undefined) mem.index = index;
  if (indexShift !== undefined) mem.indexShift = indexShift;
  if (subtractIndex) mem.subtractIndex = true;
  if (writeback) mem.writeback = true;
  return mem;
}

function startsWithMinus(cur: Cursor): boolean {
  return cur.peek() === '-';
}

function registerNumberAt(cur: Cursor, skip = 0): number | undefined {
  const save = cur.pos;
  cur.pos += skip;
  const reg = tryRegister(cur);
  cur.pos = save;
  return reg;
}

/** `[rn], #imm` or `[rn], rm`: the operand after a plain memory operand is its post-index. */
function parsePostIndex(cur: Cursor, mem: Operand & { kind: 'mem' }, at: number): Operand {
  if (cur.peek() === '#' || cur.peek() === '$') cur.pos++;
  let negative = false;
  if (cur.peek() === '-' && registerNumberAt(cur, 1) !== undefined) {
    cur.pos++;
    negative = true;
  }
  const reg = tryRegister(cur);
  if (reg !== undefined) {
    const result: Operand = { ...mem, index: reg, postIndex: true, writeback: true, at: mem.at ?? at };
    return negative ? { ...result, subtractIndex: true } : result;
  }
  const negativeZero = startsWithMinus(cur);
  const offset = parseExpression(cur);
  const result: Operand = { ...mem, offset, postIndex: true, writeback: true };
  return negativeZero ? { ...result, negativeZero: true } : result;
}
