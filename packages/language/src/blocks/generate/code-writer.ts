// Builds program text with 4-space indentation and records where each block's code lands, as
// offsets that become 1-based line/column ranges (the editor shows compile and runtime errors on
// the block that caused them).

export interface BlockSourceRange {
  readonly id: string;
  /** 1-based line and column of the first character. */
  readonly startLine: number;
  readonly startColumn: number;
  /** 1-based line and column just after the last character. */
  readonly endLine: number;
  readonly endColumn: number;
}

const INDENT = '    ';

export class CodeWriter {
  private readonly chunks: string[] = [];
  private length = 0;
  private level = 0;
  private atLineStart = true;
  private readonly spans: { id: string; start: number; end: number }[] = [];

  get offset(): number {
    return this.length;
  }

  /** True right after a line break. */
  get lineStart(): boolean {
    return this.atLineStart;
  }

  /** The indentation of the current line. */
  get indentation(): string {
    return INDENT.repeat(this.level);
  }

  write(text: string): void {
    if (!text) return;
    if (this.atLineStart) {
      this.push(this.indentation);
      this.atLineStart = false;
    }
    this.push(text);
  }

  /** Writes text without indenting it, even at the start of a line (grey code keeps its layout). */
  writeUnindented(text: string): void {
    if (!text) return;
    this.atLineStart = false;
    this.push(text);
  }

  newline(): void {
    this.push('\n');
    this.atLineStart = true;
  }

  /** A whole line at the current indentation. */
  line(text: string): void {
    this.write(text);
    this.newline();
  }

  /** An empty line (no indentation). */
  blankLine(): void {
    this.push('\n');
    this.atLineStart = true;
  }

  indent(): void {
    this.level++;
  }

  dedent(): void {
    this.level = Math.max(0, this.level - 1);
  }

  /** Records that the text from `start` to here is the code of block `id`. */
  span(id: string | undefined, start: number): void {
    if (id !== undefined && this.length > start) this.spans.push({ id, start, end: this.length });
  }

  /** Where the next character will go once indentation is written. */
  nextOffset(): number {
    return this.atLineStart ? this.length + this.indentation.length : this.length;
  }

  text(): string {
    return this.chunks.join('');
  }

  ranges(): BlockSourceRange[] {
    const text = this.text();
    const lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
    const position = (offset: number): [number, number] => {
      let low = 0;
      let high = lineStarts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (lineStarts[mid]! <= offset) low = mid;
        else high = mid - 1;
      }
      return [low + 1, offset - lineStarts[low]! + 1];
    };
    return this.spans.map(({ id, start, end }) => {
      const [startLine, startColumn] = position(start);
      const [endLine, endColumn] = position(end);
      return { id, startLine, startColumn, endLine, endColumn };
    });
  }

  private push(text: string): void {
    this.chunks.push(text);
    this.length += text.length;
  }
}
