// LED pictures (`basic.showLeds`, `images.createImage`): the LED matrix field stores the picture
// as text with `#` (on) and `.` (off), MakeCode style; code writes it as a template literal with one
// row per line. Both accept any spacing, and `*`/`1` for on and `0` for off.

export interface LedPicture {
  readonly rows: number;
  readonly columns: number;
  /** Row-major: `true` = lit. */
  readonly cells: readonly boolean[];
}

/** Reads a picture; undefined when the text does not hold exactly rows x columns cells. */
export function parseLedPicture(text: string, rows: number, columns: number): LedPicture | undefined {
  const cells: boolean[] = [];
  for (const c of text) {
    if (c === '#' || c === '*' || c === '1') cells.push(true);
    else if (c === '.' || c === '0') cells.push(false);
    else if (!/[\s`]/.test(c)) return undefined;
  }
  return cells.length === rows * columns ? { rows, columns, cells } : undefined;
}

export function emptyLedPicture(rows: number, columns: number): LedPicture {
  return { rows, columns, cells: new Array<boolean>(rows * columns).fill(false) };
}

function rowTexts(picture: LedPicture): string[] {
  const result: string[] = [];
  for (let r = 0; r < picture.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < picture.columns; c++) row.push(picture.cells[r * picture.columns + c] ? '#' : '.');
    result.push(row.join(' '));
  }
  return result;
}

/** The field's text: a template literal with one row per line (what the decompiler stores). */
export function ledFieldValue(picture: LedPicture): string {
  return '`\n' + rowTexts(picture).join('\n') + '\n`';
}

/** The code for a picture: rows on their own lines, indented one level deeper than `indent`. */
export function ledCodeLiteral(picture: LedPicture, indent: string): string {
  const inner = indent + '    ';
  return (
    '`\n' +
    rowTexts(picture)
      .map((row) => inner + row)
      .join('\n') +
    '\n' +
    inner +
    '`'
  );
}
