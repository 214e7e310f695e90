// Program text with its position table, written line by line: a statement starts a line and
// records where in the learner's source it came from (the runtime's PositionTable format).

/** Whole lines of program text and the position segments of each (see `JsWriter.table`). */
export interface JsPiece {
  readonly lines: readonly string[];
  readonly table: readonly (readonly number[])[];
}

export class JsWriter {
  readonly lines: string[] = [];
  readonly table: number[][] = [];
  private current = '';
  private segments: number[] = [];
  private started = false;
  private depth = 0;

  constructor(private readonly locations: readonly (readonly [number, number, number])[]) {}

  /** Starts a new line at the current indentation, tagged with source statement `loc` (if any). */
  line(loc?: number): this {
    this.flush();
    this.started = true;
    this.current = '    '.repeat(this.depth);
    if (loc !== undefined && loc >= 0) this.mark(loc);
    return this;
  }

  /** Tags the current column with statement `loc`. */
  mark(loc: number): void {
    const location = this.locations[loc];
    if (location) this.markAt(location);
  }

  /** Tags the current column with a source position. */
  markAt(location: readonly [number, number, number]): this {
    if (location[0] >= 0) this.segments.push(this.current.length, location[0], location[1], location[2]);
    return this;
  }

  write(text: string): this {
    this.current += text;
    return this;
  }

  indent(): void {
    this.depth++;
  }

  dedent(): void {
    this.depth--;
  }

  /** Ends the current line; the number of lines written so far (where a piece starts or ends). */
  checkpoint(): number {
    this.flush();
    return this.lines.length;
  }

  /** The lines written since `from` (a checkpoint), with their segments. */
  piece(from: number): JsPiece {
    const end = this.checkpoint();
    return { lines: this.lines.slice(from, end), table: this.table.slice(from, end) };
  }

  /** Appends lines written before (indentation and segments as they are). */
  insert(piece: JsPiece): void {
    this.flush();
    for (let i = 0; i < piece.lines.length; i++) {
      this.lines.push(piece.lines[i]!);
      this.table.push([...piece.table[i]!]);
    }
  }

  /** Ends the text: every line and its segments. */
  finish(): { lines: string[]; table: number[][] } {
    this.flush();
    return { lines: this.lines, table: this.table };
  }

  private flush(): void {
    if (!this.started) return;
    this.lines.push(this.current);
    this.table.push(this.segments);
    this.current = '';
    this.segments = [];
    this.started = false;
  }
}
