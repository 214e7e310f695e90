// Small constructors for statements, for a back end that builds its output instead of printing
// text: `ins('adds', r(0), r(1), imm(3))`, `label('loop')`, `ins('bne', sym('loop'))`.
import type { Expr, Operand, Shift, SourceRef, Statement } from './types.ts';

/** A register by number (13 sp, 14 lr, 15 pc). */
export function r(reg: number, options: { writeback?: boolean; shift?: Shift } = {}): Operand {
  return { kind: 'reg', reg, ...options };
}

/** A number as an expression. */
export function num(value: number | bigint): Expr {
  return { kind: 'num', value: BigInt(value) };
}

/** A symbol (label, equate or external) as an expression. */
export function sym(name: string): Expr {
  return { kind: 'sym', name };
}

/** `#value`: an immediate operand. */
export function imm(value: number | bigint | Expr): Operand {
  return { kind: 'imm', expr: typeof value === 'object' ? value : num(value), hash: true };
}

/** A label operand, as branches, `adr` and `bl` take. */
export function target(name: string): Operand {
  return { kind: 'imm', expr: sym(name), hash: false };
}

/** `=value`: a literal pool load (`ldr rX, =value`). */
export function literal(value: number | bigint | Expr): Operand {
  return { kind: 'literal', expr: typeof value === 'object' ? value : num(value) };
}

/** `{r4, r5, lr}`: a register list. */
export function regs(...list: readonly number[]): Operand {
  return { kind: 'regs', mask: list.reduce((mask, reg) => mask | (1 << reg), 0) };
}

/** `[base]`, `[base, #offset]` or `[base, index]`. */
export function mem(base: number, offset?: number | { index: number; lsl?: number }): Operand {
  if (offset === undefined) return { kind: 'mem', base };
  if (typeof offset === 'number') return { kind: 'mem', base, offset: num(offset) };
  const shift: Shift | undefined = offset.lsl === undefined ? undefined : { kind: 'lsl', amount: num(offset.lsl) };
  return shift === undefined
    ? { kind: 'mem', base, index: offset.index }
    : { kind: 'mem', base, index: offset.index, indexShift: shift };
}

/** An instruction: the mnemonic as written (`adds`, `beq`, `ldr.w`) and its operands. */
export function ins(mnemonic: string, ...operands: Operand[]): Statement {
  return { kind: 'instruction', mnemonic, operands };
}

export function label(name: string): Statement {
  return { kind: 'label', name };
}

/** A directive with its arguments as text: `directive('.word', 'table + 4')`. */
export function directive(name: string, args = ''): Statement {
  return { kind: 'directive', name, args };
}

/** The same statement, carrying the back end's source position into errors and the listing. */
export function at(statement: Statement, source: SourceRef): Statement {
  return { ...statement, source };
}
