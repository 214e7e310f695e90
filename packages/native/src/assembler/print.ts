// Text forms of statements (for listings of structured input) and the listing itself.
import { registerName } from './names.ts';
import type { AssembleResult, Expr, Operand, Shift, Statement } from './types.ts';

const PRECEDENCE: Readonly<Record<string, number>> = {
  '&&': 1,
  '||': 1,
  '+': 2,
  '-': 2,
  '==': 2,
  '!=': 2,
  '<': 2,
  '>': 2,
  '<=': 2,
  '>=': 2,
  '|': 3,
  '&': 3,
  '^': 3,
  '!': 3,
  '*': 4,
  '/': 4,
  '%': 4,
  '<<': 4,
  '>>': 4,
};

function formatExpr(expr: Expr, outer = 0): string {
  switch (expr.kind) {
    case 'num':
      return expr.value < 0n
        ? `-${-expr.value}`
        : expr.value > 0xffffn
          ? `0x${expr.value.toString(16)}`
          : String(expr.value);
    case 'sym':
      return expr.name;
    case 'local':
      return `${expr.label}${expr.dir}`;
    case 'dot':
      return '.';
    case 'unary':
      return `${expr.op}${formatExpr(expr.arg, 5)}`;
    case 'binary': {
      const p = PRECEDENCE[expr.op] ?? 0;
      const text = `${formatExpr(expr.left, p)} ${expr.op} ${formatExpr(expr.right, p + 1)}`;
      return p < outer ? `(${text})` : text;
    }
  }
}

function formatShift(shift: Shift): string {
  if (shift.kind === 'rrx') return 'rrx';
  if (shift.reg !== undefined) return `${shift.kind} ${registerName(shift.reg)}`;
  return `${shift.kind} #${shift.amount === undefined ? '0' : formatExpr(shift.amount)}`;
}

function formatList(mask: number): string {
  const names: string[] = [];
  for (let r = 0; r < 16; r++) if ((mask & (1 << r)) !== 0) names.push(registerName(r));
  return `{${names.join(', ')}}`;
}

function formatOperand(op: Operand): string {
  switch (op.kind) {
    case 'reg':
      return `${registerName(op.reg)}${op.writeback === true ? '!' : ''}${op.shift === undefined ? '' : `, ${formatShift(op.shift)}`}`;
    case 'imm': {
      const part = op.part === undefined ? '' : `:${op.part}:`;
      // Built operands need not say: labels print bare, numbers with '#'.
      const hash = op.hash ?? !(op.expr.kind === 'sym' || op.expr.kind === 'local');
      return `${hash ? '#' : ''}${part}${formatExpr(op.expr)}`;
    }
    case 'regs':
      return formatList(op.mask);
    case 'literal':
      return `=${formatExpr(op.expr)}`;
    case 'mem': {
      const inner: string[] = [registerName(op.base)];
      const post: string[] = [];
      const target = op.postIndex === true ? post : inner;
      if (op.index !== undefined) {
        target.push(`${op.subtractIndex === true ? '-' : ''}${registerName(op.index)}`);
        if (op.indexShift !== undefined) target.push(formatShift(op.indexShift));
      } else if (op.offset !== undefined) target.push(`#${formatExpr(op.offset)}`);
      const writeback = op.writeback === true && op.postIndex !== true ? '!' : '';
      return `[${inner.join(', ')}]${writeback}${post.length > 0 ? `, ${post.join(', ')}` : ''}`;
    }
  }
}

export function formatStatement(statement: Statement): string {
  switch (statement.kind) {
    case 'label':
      return `${statement.name}:`;
    case 'instruction':
      return statement.operands.length === 0
        ? statement.mnemonic
        : `${statement.mnemonic} ${statement.operands.map(formatOperand).join(', ')}`;
    case 'directive':
      return statement.args === '' ? statement.name : `${statement.name} ${statement.args}`;
    case 'assignment':
      return `${statement.name} = ${formatExpr(statement.expr)}`;
  }
}

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}

/**
 * The listing as text: line number, address, bytes (halfwords for code, as objdump shows them)
 * and the statement, one row per statement; long data continues on following rows.
 */
export function formatListing(result: AssembleResult): string {
  const rows: string[] = [];
  for (const entry of result.listing) {
    const chunks: string[] = [];
    const bytes = entry.bytes;
    for (let i = 0; i < bytes.length; i += 8) {
      chunks.push(Array.from(bytes.subarray(i, i + 8), (b) => hex(b, 2)).join(''));
    }
    const first = chunks.shift() ?? '';
    rows.push(`${String(entry.line).padStart(5)} ${hex(entry.address, 8)} ${first.padEnd(16)} ${entry.text}`);
    let address = entry.address + 8;
    for (const chunk of chunks) {
      rows.push(`${''.padStart(5)} ${hex(address, 8)} ${chunk}`);
      address += 8;
    }
  }
  return rows.join('\n') + (rows.length > 0 ? '\n' : '');
}
