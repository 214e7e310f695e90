// Signature help in the Python editor: which API call the cursor is in, and at which of its
// arguments. A forward scan of the text that knows Python's strings (quotes, triple quotes,
// escapes) and comments, keeping the open brackets with the commas counted in each; the innermost
// open `(` at the cursor is the call, the dotted name just before it the function. The same scan
// tells where a call's bracket closes and where the statement around the cursor ends, so the
// editor can leave out the arguments being typed when it converts the program. Pure.
import type { PythonNames } from './python-names.ts';

export interface PythonCallAt {
  /** Where the call's arguments start (just after its `(`). */
  readonly from: number;
  /** The function's name as written (`basic.show_string`) and its TypeScript name. */
  readonly python: string;
  readonly typeScript: string;
  /** The argument the cursor is in, counted from 0. */
  readonly argument: number;
}

interface OpenBracket {
  readonly char: string;
  readonly at: number;
  commas: number;
}

const CLOSING: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/**
 * Moves through `text` from `start` to `end` the way Python reads it, keeping `stack` the brackets
 * open there. Gives where it stopped: `end`, or where `stop` (asked at each line end and after each
 * closing bracket outside strings and comments) said so: at that line end, or just after that
 * bracket. Undefined when `end` falls in a string or comment.
 */
function scan(
  text: string,
  start: number,
  end: number,
  stack: OpenBracket[],
  stop?: (stack: readonly OpenBracket[], char: string) => boolean,
): number | undefined {
  let i = start;
  while (i < end) {
    const c = text[i]!;
    if (c === '#') {
      const lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0 || lineEnd >= end) return undefined;
      i = lineEnd;
      continue;
    }
    if (c === '"' || c === "'") {
      const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      let j = i + quote.length;
      for (;;) {
        if (j >= end) return undefined;
        const d = text[j]!;
        if (d === '\\') j += 2;
        else if (text.startsWith(quote, j)) break;
        // An unclosed one-line string ends at its line (Python reports it; help goes on).
        else if (d === '\n' && quote.length === 1) break;
        else j++;
      }
      i = j + (text[j] === '\n' ? 0 : quote.length);
      continue;
    }
    if (c === '\n' && stop?.(stack, c)) return i;
    if (c === '(' || c === '[' || c === '{') stack.push({ char: c, at: i, commas: 0 });
    else if (CLOSING[c]) {
      // A stray closing bracket closes the innermost of its kind, if any is open.
      const index = stack.map((b) => b.char).lastIndexOf(CLOSING[c]);
      if (index >= 0) stack.length = index;
      if (stop?.(stack, c)) return i + 1;
    } else if (c === ',' && stack.length > 0) stack[stack.length - 1]!.commas++;
    i++;
  }
  return end;
}

/**
 * The innermost bracket open at `offset` (the outermost with `outermost`), or undefined when
 * `offset` is in a string or comment.
 */
function openAt(text: string, offset: number, outermost = false): OpenBracket | null | undefined {
  const stack: OpenBracket[] = [];
  if (scan(text, 0, offset, stack) === undefined) return undefined;
  return (outermost ? stack[0] : stack.at(-1)) ?? null;
}

const CLOSER: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * The statement `offset` is in, as far as half-typed text tells: the brackets that close those
 * open at `offset` (innermost first), and where the statement ends: at the first line end after
 * `offset` with every bracket closed, undefined when the text ends first (an unclosed call still
 * being typed). Undefined in a string or comment.
 */
export function pythonStatementAt(
  text: string,
  offset: number,
): { readonly closing: string; readonly end: number | undefined } | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  const stack: OpenBracket[] = [];
  if (scan(text, 0, offset, stack) === undefined) return undefined;
  const closing = stack
    .map((b) => CLOSER[b.char]!)
    .reverse()
    .join('');
  const stopped = scan(text, offset, text.length, stack, (open, char) => char === '\n' && open.length === 0);
  const end = stopped === undefined || (stopped === text.length && stack.length > 0) ? undefined : stopped;
  return { closing, end };
}

/** Just after the bracket that closes the one at `open` (a call's `(`), if the text closes it. */
export function pythonBracketEnd(text: string, open: number): number | undefined {
  if (!'([{'.includes(text[open] ?? ' ')) return undefined;
  const stack: OpenBracket[] = [];
  const stopped = scan(text, open, text.length, stack, (left, char) => char !== '\n' && left.length === 0);
  return stopped !== undefined && stack.length === 0 && stopped > open ? stopped : undefined;
}

/** Where the first bracket still open at the end of `text` is, if one is (Python: "never closed"). */
export function neverClosedBracket(text: string): number | undefined {
  return openAt(text, text.length, true)?.at;
}

/**
 * The call whose arguments `offset` is in, by the dotted name written before its `(`: where its
 * arguments start, the name, and the argument the cursor is in. Any call, the program's own too;
 * a method of a value that is not a name starts with its dot (`.move` in `f(1).move(`).
 */
export function pythonCallNameAt(
  text: string,
  offset: number,
): { readonly from: number; readonly python: string; readonly argument: number } | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  const open = openAt(text, offset);
  if (!open || open.char !== '(') return undefined;
  let end = open.at;
  while (end > 0 && /[ \t]/.test(text[end - 1]!)) end--;
  let start = end;
  while (start > 0 && /[\w.]/.test(text[start - 1]!)) start--;
  const python = text.slice(start, end);
  if (!/^(?!\d)[\w.]*\w$/.test(python)) return undefined;
  return { from: open.at + 1, python, argument: open.commas };
}

/** The API call whose arguments `offset` is in (`basic.show_string("Hi", |` -> argument 1). */
export function pythonCallAt(names: PythonNames, text: string, offset: number): PythonCallAt | undefined {
  const call = pythonCallNameAt(text, offset);
  const typeScript = call && names.qualifiedToTypeScript(call.python);
  return call && typeScript ? { ...call, typeScript } : undefined;
}
