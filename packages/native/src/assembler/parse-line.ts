// Splits a line into statements (`;` separates them; `@`, `//` and a leading `#` start comments;
// `/* */` may span lines) and parses each into labels, a directive, an assignment or an instruction.
import { Cursor, ParseError } from './cursor.ts';
import { parseExpression } from './parse-expression.ts';
import { parseOperands } from './parse-operands.ts';
import type { Statement } from './types.ts';

interface LineStatement {
  readonly statement: Statement;
  /** The statement's text, for the listing. */
  readonly text: string;
}

export interface LineParseResult {
  readonly statements: readonly LineStatement[];
  readonly errors: readonly ParseError[];
}

/** Carries an open `/* … *\/` comment from one line to the next. */
export interface LineState {
  inBlockComment: boolean;
}

/**
 * The line with block comments blanked (so columns stay right) and the [start, end) ranges of
 * its statements outside comments.
 */
function splitStatements(line: string, state: LineState): { text: string; ranges: [number, number][] } {
  let text = line;
  const blank = (from: number, to: number) => {
    text = text.slice(0, from) + ' '.repeat(to - from) + text.slice(to);
  };
  let i = 0;
  const n = line.length;
  if (state.inBlockComment) {
    const close = line.indexOf('*/');
    if (close < 0) return { text, ranges: [] };
    blank(0, close + 2);
    i = close + 2;
    state.inBlockComment = false;
  }
  // A line whose first character is '#' is a comment (GNU as's line comment character).
  if (text.trimStart().startsWith('#')) return { text, ranges: [] };
  const ranges: [number, number][] = [];
  let start = i;
  let end = n;
  while (i < n) {
    const ch = text[i]!;
    if (ch === '"') {
      i++;
      while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (ch === "'") {
      i += text[i + 1] === '\\' ? 3 : 2;
      continue;
    }
    if (ch === '@' || (ch === '/' && text[i + 1] === '/')) {
      end = i;
      break;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) {
        state.inBlockComment = true;
        end = i;
        break;
      }
      blank(i, close + 2);
      i = close + 2;
      continue;
    }
    if (ch === ';') {
      ranges.push([start, i]);
      start = i + 1;
    }
    i++;
  }
  ranges.push([start, Math.min(end, n)]);
  return { text, ranges: ranges.filter(([a, b]) => !blankBetween(text, a, b)) };
}

/**
 * Parsed lines by text, for lines read outside a block comment that leave none open: a back end
 * assembles nearly the same text again on every build (and repeats lines within one), and a
 * parse depends only on the text then. Results are shared, so nobody may change them (the
 * reader binds expressions into new objects). Cleared when full, to bound memory.
 */
const parsedLines = new Map<string, LineParseResult>();
const MAX_PARSED_LINES = 50_000;

export function parseLine(line: string, state: LineState): LineParseResult {
  if (state.inBlockComment) return parseLineUncached(line, state);
  const known = parsedLines.get(line);
  if (known !== undefined) return known;
  const parsed = parseLineUncached(line, state);
  if (!state.inBlockComment) {
    if (parsedLines.size >= MAX_PARSED_LINES) parsedLines.clear();
    parsedLines.set(line, parsed);
  }
  return parsed;
}

function parseLineUncached(line: string, state: LineState): LineParseResult {
  const { text, ranges } = splitStatements(line, state);
  const statements: LineStatement[] = [];
  const errors: ParseError[] = [];
  for (const [start, end] of ranges) {
    try {
      parseStatement(new Cursor(text, start, end), statements);
    } catch (error) {
      if (error instanceof ParseError) errors.push(error);
      else throw error;
    }
  }
  return { statements, errors };
}

function parseStatement(cur: Cursor, out: LineStatement[]): void {
  // Labels: `name:` or `1:`, possibly several, possibly followed by a statement.
  for (;;) {
    cur.skipSpace();
    const at = cur.column;
    const save = cur.pos;
    let name = cur.identifier();
    if (name === undefined) {
      let j = cur.pos;
      while (j < cur.end && cur.text[j]! >= '0' && cur.text[j]! <= '9') j++;
      if (j > cur.pos && cur.text[j] === ':') {
        name = cur.text.slice(cur.pos, j);
        cur.pos = j;
      }
    }
    if (name !== undefined && cur.text[cur.pos] === ':' && cur.pos < cur.end) {
      cur.pos++;
      out.push({ statement: { kind: 'label', name, at }, text: `${name}:` });
      continue;
    }
    cur.pos = save;
    break;
  }
  if (cur.atEnd()) return;
  const at = cur.column;
  const textStart = cur.pos;
  const name = cur.identifier();
  if (name === undefined) {
    throw new ParseError(`expected an instruction, a directive or a label but found '${cur.peek()}'`, at);
  }
  const text = cur.text.slice(textStart, cur.end).trim();
  if (cur.peek() === '=' && cur.charAt(1) !== '=') {
    cur.pos++;
    const expr = parseExpression(cur);
    if (!cur.atEnd()) throw new ParseError(`unexpected '${cur.peek()}' after the value`, cur.column);
    out.push({ statement: { kind: 'assignment', name, expr, at }, text });
    return;
  }
  if (name.startsWith('.')) {
    cur.skipSpace();
    const argsAt = cur.column;
    out.push({ statement: { kind: 'directive', name, args: cur.rest(), at, argsAt }, text });
    return;
  }
  const operands = parseOperands(cur);
  out.push({ statement: { kind: 'instruction', mnemonic: name, operands, at }, text });
}

function blankBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 12 && c !== 11) return false;
  }
  return true;
}
