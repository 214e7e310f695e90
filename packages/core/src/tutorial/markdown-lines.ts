// Line-level reading of markdown for the tutorial parser: fenced code blocks (CommonMark's rules
// for opening and closing fences) and ATX headings outside them. Working line by line keeps the
// parser linear in the input, whatever a stranger's file holds (no backtracking expressions).

export interface Fence {
  /** Index of the opening line. */
  readonly start: number;
  /** Index of the closing line, or the last line when the fence never closes. */
  readonly end: number;
  /** The info string's first word in lower case (`blocks`, `blockconfig.global`), or ''. */
  readonly lang: string;
  /** The lines between the fences, joined with `\n`. */
  readonly body: string;
  readonly closed: boolean;
}

export interface Heading {
  readonly line: number;
  readonly level: number;
  /** The heading text with its closing #s removed. */
  readonly text: string;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)?.*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;

/** Splits text into lines (any line ending). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Every fenced code block, in order. */
export function findFences(lines: readonly string[]): Fence[] {
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open) continue;
    const marker = open[1]!;
    // A backtick fence's info string may not contain backticks (then it is inline code).
    if (marker[0] === '`' && lines[i]!.slice(lines[i]!.indexOf(marker) + marker.length).includes('`')) continue;
    let end = i + 1;
    let closed = false;
    for (; end < lines.length; end++) {
      const line = lines[end]!.trim();
      if (
        line.length >= marker.length &&
        line[0] === marker[0] &&
        /^(`+|~+)$/.test(line) &&
        !lines[end]!.startsWith('    ')
      ) {
        closed = true;
        break;
      }
    }
    const last = closed ? end : lines.length - 1;
    fences.push({
      start: i,
      end: last,
      lang: (open[2] ?? '').toLowerCase(),
      body: lines.slice(i + 1, closed ? end : lines.length).join('\n'),
      closed,
    });
    i = last;
  }
  return fences;
}

/** A set of the line indexes inside fences (the fence lines included). */
export function fencedLines(fences: readonly Fence[]): Set<number> {
  const inside = new Set<number>();
  for (const fence of fences) for (let i = fence.start; i <= fence.end; i++) inside.add(i);
  return inside;
}

/** Heading text without an optional closing sequence of #s (`## Title ##`). */
function headingText(raw: string): string {
  const text = raw.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) return '';
  if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) return text.slice(0, end).trim();
  return text;
}

/** ATX headings outside fences. */
export function findHeadings(lines: readonly string[], fenced: ReadonlySet<number>): Heading[] {
  const headings: Heading[] = [];
  lines.forEach((line, index) => {
    if (fenced.has(index)) return;
    const match = HEADING.exec(line);
    if (!match) return;
    headings.push({ line: index, level: match[1]!.length, text: headingText(match[2] ?? '') });
  });
  return headings;
}
