// TypeScript's words for a parameter or a type, as a Python learner reads them in signature help:
// parameter names in snake_case and the types Python calls them (`searchValue?: number` ->
// `search_value?: int`, `string[]` -> `List[str]`, `(n: number) => void` ->
// `Callable[[int], None]`). Names of the API's own types (`Image`, `Direction`) stay as written.
// Pure text work on what TypeScript's language service prints.
import { snakeCase } from './snake-case.ts';

const WORDS: Readonly<Record<string, string>> = {
  number: 'int',
  string: 'str',
  boolean: 'bool',
  void: 'None',
  undefined: 'None',
  null: 'None',
};

/** Splits `text` at top-level occurrences of `separator` (not inside brackets). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{<'.includes(c)) depth++;
    // `=>` is an arrow, not a closing angle bracket.
    else if (')]}'.includes(c) || (c === '>' && text[i - 1] !== '=')) depth = Math.max(0, depth - 1);
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Where the `(` at `open` closes, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** A TypeScript type in Python's words (`number[]` -> `List[int]`). */
export function pythonTypeWords(type: string): string {
  const trimmed = type.trim();
  const union = splitTopLevel(trimmed, ' | ');
  if (union.length > 1) return union.map(pythonTypeWords).join(' | ');
  if (trimmed.startsWith('(')) {
    const close = closingParen(trimmed, 0);
    const arrow = /^\s*=>\s*/.exec(trimmed.slice(close + 1));
    if (close > 0 && arrow) {
      const inside = trimmed.slice(1, close).trim();
      const params = inside ? splitTopLevel(inside, ', ').map((p) => pythonTypeWords(p.replace(/^[^:]*:\s*/, ''))) : [];
      return `Callable[[${params.join(', ')}], ${pythonTypeWords(trimmed.slice(close + 1 + arrow[0].length))}]`;
    }
    if (close === trimmed.length - 1) return pythonTypeWords(trimmed.slice(1, -1));
  }
  if (trimmed.endsWith('[]')) return `List[${pythonTypeWords(trimmed.slice(0, -2))}]`;
  const generic = /^(?:Array|ReadonlyArray)<(.+)>$/.exec(trimmed);
  if (generic) return `List[${pythonTypeWords(generic[1]!)}]`;
  return WORDS[trimmed] ?? trimmed;
}

/** A parameter's label (`searchValue?: number`, `...values: number[]`) in Python's words. */
export function pythonParameterWords(label: string): string {
  const colon = label.indexOf(':');
  const name = colon < 0 ? label : label.slice(0, colon);
  const parts = /^(\.\.\.)?(\w+)(\??)$/.exec(name.trim());
  const pyName = parts ? `${parts[1] ? '*' : ''}${snakeCase(parts[2]!)}${parts[3]}` : name;
  if (colon < 0) return pyName;
  const type = label.slice(colon + 1);
  // A rest parameter is typed by its elements in Python (`*values: int`).
  const element = parts?.[1] ? /^\s*(.+)\[\]\s*$/.exec(type)?.[1] : undefined;
  return `${pyName}: ${pythonTypeWords(element ?? type)}`;
}

/** What follows a signature's parameters (`): number`) as Python writes it (`) -> int`). */
export function pythonReturnWords(suffix: string): string {
  const typed = /^\)\s*:\s*([\s\S]+)$/.exec(suffix);
  return typed ? `) -> ${pythonTypeWords(typed[1]!)}` : suffix;
}
