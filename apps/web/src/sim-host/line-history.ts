// The lines a learner sent from the serial box, for Up and Down as in a terminal: Up goes to older
// lines, Down back to newer ones and finally to what was being typed (the draft is kept). A line
// equal to the newest is not stored twice; at most `limit` lines are kept.

export class LineHistory {
  private readonly lines: string[] = [];
  /** Where Up/Down stand: lines.length means "the draft". */
  private position = 0;
  private draft = '';

  constructor(private readonly limit = 50) {}

  /** A line was sent: remember it and go back to an empty draft. */
  add(line: string): void {
    if (line !== '' && this.lines.at(-1) !== line) {
      this.lines.push(line);
      if (this.lines.length > this.limit) this.lines.shift();
    }
    this.position = this.lines.length;
    this.draft = '';
  }

  /** Up: the line before; `current` is what the box holds now (kept as the draft). */
  older(current: string): string {
    if (this.position === this.lines.length) this.draft = current;
    if (this.position > 0) this.position--;
    return this.lines[this.position] ?? current;
  }

  /** Down: the line after, or the draft after the newest line. */
  newer(current: string): string {
    if (this.position >= this.lines.length) return current;
    this.position++;
    return this.position === this.lines.length ? this.draft : this.lines[this.position]!;
  }
}
