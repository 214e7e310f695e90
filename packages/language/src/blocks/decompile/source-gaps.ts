// What lies between the statements of a statement list: comments (which become block comments or
// workspace comments) and, in code with syntax errors, stray text the parser skipped (which must
// not be lost: it becomes grey code).

export interface SourceComment {
  readonly start: number;
  readonly end: number;
  /** The comment's text without `//`, `/*`, `*\/` and leading `*` on each line. */
  readonly text: string;
  readonly multiLine: boolean;
}

export interface Gap {
  readonly comments: SourceComment[];
  /** Text that is neither space nor comment, with its start offset. */
  readonly stray: { readonly start: number; readonly text: string }[];
}

/** Scans text[start, end) that should hold only whitespace and comments. */
export function scanGap(text: string, start: number, end: number): Gap {
  const comments: SourceComment[] = [];
  const stray: { start: number; text: string }[] = [];
  let i = start;
  let strayStart = -1;
  const flushStray = (at: number) => {
    if (strayStart >= 0) {
      const piece = text.slice(strayStart, at);
      if (piece.trim()) stray.push({ start: strayStart, text: piece.trim() });
      strayStart = -1;
    }
  };
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      flushStray(i);
      let j = i + 2;
      while (j < end && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
      comments.push({ start: i, end: j, text: singleLineText(text.slice(i + 2, j)), multiLine: false });
      i = j;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      flushStray(i);
      const close = text.indexOf('*/', i + 2);
      const j = close < 0 || close + 2 > end ? end : close + 2;
      comments.push({
        start: i,
        end: j,
        text: multiLineText(text.slice(i + 2, close < 0 ? end : close)),
        multiLine: true,
      });
      i = j;
    } else if (c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12 || c === 0xfeff || c === 0xa0) {
      flushStray(i);
      i++;
    } else {
      if (strayStart < 0) strayStart = i;
      i++;
    }
  }
  flushStray(end);
  return { comments, stray };
}

function singleLineText(body: string): string {
  return body.startsWith(' ') ? body.slice(1).trimEnd() : body.trimEnd();
}

function multiLineText(body: string): string {
  const lines = body.replace(/^\*/, '').split(/\r?\n/);
  return lines
    .map((line) => line.replace(/^\s*\*? ?/, '').trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** True when the text between two offsets holds an empty line. */
export function hasBlankLine(text: string, from: number, to: number): boolean {
  return /\n[ \t]*\r?\n/.test(text.slice(from, to));
}

/** True when no line break lies between the two offsets. */
export function sameLine(text: string, from: number, to: number): boolean {
  return !/[\n\r]/.test(text.slice(from, to));
}

/** Groups comments that follow each other with no blank line (and no code) between them. */
export function groupComments(text: string, comments: readonly SourceComment[]): SourceComment[][] {
  const groups: SourceComment[][] = [];
  for (const comment of comments) {
    const last = groups[groups.length - 1];
    const previous = last?.[last.length - 1];
    if (last && previous && !hasBlankLine(text, previous.end, comment.start)) last.push(comment);
    else groups.push([comment]);
  }
  return groups;
}

export function commentText(group: readonly SourceComment[]): string {
  return group.map((c) => c.text).join('\n');
}
