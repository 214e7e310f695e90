// Expressions with GNU as's operators and precedence (which differs from C: `1 << 2 + 1` is 5):
//   highest  * / % << >>
//            | & ^ ! (binary ! is "or not")
//            + - == != <> < > <= >=
//   lowest   && ||
// Unary - ~ ! +, parentheses, numbers (0x, 0b, leading-0 octal), character constants ('a or 'a'),
// symbols, `.` and numeric local labels (1b, 1f).
import type { Cursor } from './cursor.ts';
import { ParseError, isIdentPart } from './cursor.ts';
import type { BinaryOp, Expr } from './types.ts';

const MAX_DEPTH = 100;
/** Operators in a row at one precedence level (the tree they make is that deep). */
const MAX_CHAIN = 256;

const LEVELS: readonly (readonly BinaryOp[])[] = [
  ['&&', '||'],
  ['+', '-', '==', '!=', '<', '>', '<=', '>='],
  ['|', '&', '^', '!'],
  ['*', '/', '%', '<<', '>>'],
];

export function parseExpression(cur: Cursor, depth = 0): Expr {
  return parseLevel(cur, 0, depth);
}

function parseLevel(cur: Cursor, level: number, depth: number): Expr {
  if (level === LEVELS.length) return parseUnary(cur, depth);
  let left = parseLevel(cur, level + 1, depth);
  for (let chain = 0; ; chain++) {
    const at = cur.column;
    const op = peekOperator(cur, LEVELS[level]!);
    if (op === undefined) return left;
    if (chain >= MAX_CHAIN) throw new ParseError('the expression is too long: split it with .equ', at);
    cur.pos += op.length;
    const right = parseLevel(cur, level + 1, depth);
    left = { kind: 'binary', op: op === '<>' ? '!=' : op, left, right, at };
  }
}

/** The operator of `ops` at the cursor (longest match), or undefined. */
function peekOperator(cur: Cursor, ops: readonly BinaryOp[]): BinaryOp | '<>' | undefined {
  const c0 = cur.peek();
  if (c0 === '') return undefined;
  const c1 = cur.charAt(1);
  const two = c0 + c1;
  switch (two) {
    case '<<':
    case '>>':
    case '==':
    case '!=':
    case '<=':
    case '>=':
    case '&&':
    case '||':
      return ops.includes(two) ? two : undefined;
    case '<>':
      return ops.includes('!=') ? '<>' : undefined;
  }
  if ((c0 === '=' && c1 !== '=') || c0 === ',') return undefined;
  return ops.includes(c0 as BinaryOp) ? (c0 as BinaryOp) : undefined;
}

function parseUnary(cur: Cursor, depth: number): Expr {
  if (depth > MAX_DEPTH) throw new ParseError('expression is nested too deeply', cur.column);
  const at = cur.column;
  const ch = cur.peek();
  if (ch === '-' || ch === '~' || ch === '!' || ch === '+') {
    cur.pos++;
    const arg = parseUnary(cur, depth + 1);
    return { kind: 'unary', op: ch, arg, at };
  }
  return parsePrimary(cur, depth);
}

function parsePrimary(cur: Cursor, depth: number): Expr {
  const at = cur.column;
  const ch = cur.peek();
  if (ch === '(') {
    cur.pos++;
    const inner = parseExpression(cur, depth + 1);
    cur.expect(')', "')'");
    return inner;
  }
  if (ch >= '0' && ch <= '9') return parseNumber(cur, at);
  if (ch === "'") return parseChar(cur, at);
  if (ch === '.' && !isIdentPart(cur.charAt(1))) {
    cur.pos++;
    return { kind: 'dot', at };
  }
  const name = cur.identifier();
  if (name !== undefined) return { kind: 'sym', name, at };
  if (ch === '') throw new ParseError('expected a number or a label but the line ended', at);
  throw new ParseError(`expected a number or a label but found '${ch}'`, at);
}

const DIGITS: Readonly<Record<number, RegExp>> = { 2: /[01]/, 8: /[0-7]/, 10: /[0-9]/, 16: /[0-9a-fA-F]/ };

function parseNumber(cur: Cursor, at: number): Expr {
  const text = cur.text;
  let i = cur.pos;
  // A numeric local label reference: digits then b or f, not followed by more of a name.
  let j = i;
  while (j < cur.end && text[j]! >= '0' && text[j]! <= '9') j++;
  const after = j < cur.end ? text[j]! : '';
  if ((after === 'b' || after === 'f') && !isIdentPart(j + 1 < cur.end ? text[j + 1]! : '')) {
    const isBinaryPrefix = after === 'b' && j === i + 1 && text[i] === '0' && /[01]/.test(text[j + 1] ?? '');
    if (!isBinaryPrefix) {
      cur.pos = j + 1;
      return { kind: 'local', label: Number(text.slice(i, j)), dir: after, at };
    }
  }
  let radix = 10;
  if (text[i] === '0' && i + 1 < cur.end) {
    const p = text[i + 1]!.toLowerCase();
    if (p === 'x') {
      radix = 16;
      i += 2;
    } else if (p === 'b') {
      radix = 2;
      i += 2;
    } else if (p >= '0' && p <= '9') {
      radix = 8;
      i += 1;
    }
  }
  const start = i;
  const digit = DIGITS[radix]!;
  while (i < cur.end && digit.test(text[i]!)) i++;
  if (i === start && radix !== 10) {
    throw new ParseError(`'${text.slice(cur.pos, i)}' is not a complete number`, at);
  }
  if (i < cur.end && isIdentPart(text[i]!)) {
    let k = i;
    while (k < cur.end && isIdentPart(text[k]!)) k++;
    throw new ParseError(`'${text.slice(cur.pos, k)}' is not a number`, at);
  }
  const digits = text.slice(start, i);
  cur.pos = i;
  const value =
    radix === 10
      ? BigInt(digits)
      : BigInt((radix === 16 ? '0x' : radix === 2 ? '0b' : '0o') + (digits === '' ? '0' : digits));
  return { kind: 'num', value, at };
}

function parseChar(cur: Cursor, at: number): Expr {
  cur.pos++; // the quote
  if (cur.pos >= cur.end) throw new ParseError('a character constant needs a character after the quote', at);
  const { code, next } = readEscaped(cur.text, cur.pos, cur.end, at);
  cur.pos = next;
  if (cur.pos < cur.end && cur.text[cur.pos] === "'") cur.pos++;
  return { kind: 'num', value: BigInt(code), at };
}

/** Reads one possibly escaped character of a string or character constant. */
export function readEscaped(text: string, pos: number, end: number, at: number): { code: number; next: number } {
  const ch = text.charCodeAt(pos);
  if (ch !== 92 /* \ */) return { code: ch, next: pos + 1 };
  if (pos + 1 >= end) throw new ParseError('a backslash must be followed by a character', at);
  const e = text[pos + 1]!;
  switch (e) {
    case 'n':
      return { code: 10, next: pos + 2 };
    case 't':
      return { code: 9, next: pos + 2 };
    case 'r':
      return { code: 13, next: pos + 2 };
    case 'b':
      return { code: 8, next: pos + 2 };
    case 'f':
      return { code: 12, next: pos + 2 };
    case 'v':
      return { code: 11, next: pos + 2 };
    case 'a':
      return { code: 7, next: pos + 2 };
    case 'x':
    case 'X': {
      let i = pos + 2;
      let value = 0;
      while (i < end && /[0-9a-fA-F]/.test(text[i]!)) value = ((value << 4) | parseInt(text[i++]!, 16)) & 0xff;
      if (i === pos + 2) throw new ParseError('\\x must be followed by hex digits', at);
      return { code: value, next: i };
    }
    default:
      if (e >= '0' && e <= '7') {
        let i = pos + 1;
        let value = 0;
        while (i < end && i < pos + 4 && text[i]! >= '0' && text[i]! <= '7') value = value * 8 + Number(text[i++]);
        return { code: value & 0xff, next: i };
      }
      return { code: text.charCodeAt(pos + 1), next: pos + 2 };
  }
}
