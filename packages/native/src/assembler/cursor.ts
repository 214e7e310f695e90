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

const IDENT_START = /[A-Za-z_.$]/;
const IDENT_PART = /[A-Za-z0-9_.$]/;

export function isIdentStart(ch: string): boolean {
  return ch !== '' && IDENT_START.test(ch);
}

export function isIdentPart(ch: string): boolean {
  return ch !== '' && IDENT_PART.test(ch);
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
    if (this.pos >= this.end || !isIdentStart(this.text[this.pos]!)) return undefined;
    const start = this.pos;
    this.pos++;
    while (this.pos < this.end && isIdentPart(this.text[this.pos]!)) this.pos++;
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
