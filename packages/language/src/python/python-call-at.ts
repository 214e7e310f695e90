// Signature help in the Python editor: which API call the cursor is in, and at which of its
// arguments. A forward scan of the text that knows Python's strings (quotes, triple quotes,
// escapes) and comments, keeping the open brackets with the commas counted in each; the innermost
// open `(` at the cursor is the call, the dotted name just before it the function. Pure.
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
 * The innermost bracket open at `offset` (the outermost with `outermost`), or undefined when
 * `offset` is in a string or comment.
 */
function openAt(text: string, offset: number, outermost = false): OpenBracket | null | undefined {
  const stack: OpenBracket[] = [];
  let i = 0;
  while (i < offset) {
    const c = text[i]!;
    if (c === '#') {
      const end = text.indexOf('\n', i);
      if (end < 0 || end >= offset) return undefined;
      i = end;
      continue;
    }
    if (c === '"' || c === "'") {
      const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      let j = i + quote.length;
      for (;;) {
        if (j >= offset) return undefined;
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
    if (c === '(' || c === '[' || c === '{') stack.push({ char: c, at: i, commas: 0 });
    else if (CLOSING[c]) {
      // A stray closing bracket closes the innermost of its kind, if any is open.
      const index = stack.map((b) => b.char).lastIndexOf(CLOSING[c]);
      if (index >= 0) stack.length = index;
    } else if (c === ',' && stack.length > 0) stack[stack.length - 1]!.commas++;
    i++;
  }
  return (outermost ? stack[0] : stack.at(-1)) ?? null;
}

/** Where the first bracket still open at the end of `text` is, if one is (Python: "never closed"). */
export function neverClosedBracket(text: string): number | undefined {
  return openAt(text, text.length, true)?.at;
}

/**
 * The call whose arguments `offset` is in, by the dotted name written before its `(`: where its
 * arguments start, the name, and the argument the cursor is in. Any call, the program's own too.
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
  if (!python || /^[\d.]/.test(python)) return undefined;
  return { from: open.at + 1, python, argument: open.commas };
}

/** The API call whose arguments `offset` is in (`basic.show_string("Hi", |` -> argument 1). */
export function pythonCallAt(names: PythonNames, text: string, offset: number): PythonCallAt | undefined {
  const call = pythonCallNameAt(text, offset);
  const typeScript = call && names.qualifiedToTypeScript(call.python);
  return call && typeScript ? { ...call, typeScript } : undefined;
}
