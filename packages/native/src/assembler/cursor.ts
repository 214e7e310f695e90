// A character scanner over one statement of a line, tracking 1-based columns for errors.
import type { AsmErrorCode } from './types.ts';

/** A problem in the text of a statement, at a column. */
export class ParseError extends Error {
  constructor(
    readonly detail: string,
    readonly at: number,
    readonly code: AsmErrorCode = 'syntax',
  ) {
    super(detail);
  }
}

function startCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 46 || c === 36;
}

function partCode(c: number): boolean {
  return startCode(c) || (c >= 48 && c <= 57);
}

/** A letter, digit, `_`, `.` or `$`. */
export function isIdentPart(ch: string): boolean {
  return ch.length > 0 && partCode(ch.charCodeAt(0));
}

export class Cursor {
  pos: number;

  /** `text` is the whole line, so that `pos + 1` is the column; the statement is [start, end). */
  constructor(
    readonly text: string,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  get column(): number {
    return this.pos + 1;
  }

  skipSpace(): void {
    while (this.pos < this.end) {
      const ch = this.text.charCodeAt(this.pos);
      if (ch !== 32 && ch !== 9 && ch !== 13 && ch !== 12 && ch !== 11) break;
      this.pos++;
    }
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.end;
  }

  /** The next character (after spaces), or '' at the end. */
  peek(): string {
    this.skipSpace();
    return this.pos < this.end ? this.text[this.pos]! : '';
  }

  /** The character `offset` places after the current one, without skipping spaces. */
  charAt(offset: number): string {
    const i = this.pos + offset;
    return i < this.end ? this.text[i]! : '';
  }

  eat(ch: string): boolean {
    if (this.peek() === ch) {
      this.pos++;
      return true;
    }
    return false;
  }

  expect(ch: string, what: string): void {
    if (!this.eat(ch)) {
      const got = this.peek();
      throw new ParseError(
        got === '' ? `expected ${what} but the line ended` : `expected ${what} but found '${got}'`,
        this.column,
      );
    }
  }

  /** An identifier at the cursor (after spaces), or undefined. */
  identifier(): string | undefined {
    this.skipSpace();
    if (this.pos >= this.end || !startCode(this.text.charCodeAt(this.pos))) return undefined;
    const start = this.pos;
    this.pos++;
    while (this.pos < this.end && partCode(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** The identifier at the cursor without consuming it. */
  peekIdentifier(): string | undefined {
    const save = this.pos;
    const id = this.identifier();
    this.pos = save;
    return id;
  }

  rest(): string {
    return this.text.slice(this.pos, this.end).trim();
  }
}
