// TypeScript's words for a parameter, a type or a whole signature, as a Python learner reads them
// in every piece of the Python editor's help (signature help, hover, completion details) and in
// its diagnostics: parameter names in snake_case and the types Python calls them
// (`searchValue?: number` -> `search_value?: int`, `string[]` -> `List[str]`,
// `(n: number) => void` -> `Callable[[int], None]`). One rule for numbers: TypeScript's `number`
// is `int`, as MakeCode's Python writes it in its signatures. Names of the API's own types
// (`Image`, `Direction`) stay as written. Pure text work on what TypeScript's language service prints.
import { snakeCase } from './snake-case.ts';

const WORDS: Readonly<Record<string, string>> = {
  number: 'int',
  string: 'str',
  boolean: 'bool',
  void: 'None',
  undefined: 'None',
  null: 'None',
  any: 'Any',
  unknown: 'Any',
};

/** TypeScript's basic type words wherever they stand in a type this file does not take apart. */
const LEFT_OVER = /\b(number|string|boolean|void|undefined|null|any|unknown)\b/g;

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
  const list = /^List\[(.+)\]$/.exec(trimmed);
  if (list) return `List[${pythonTypeWords(list[1]!)}]`;
  if (Object.hasOwn(WORDS, trimmed)) return WORDS[trimmed]!;
  // An object's shape (`{ x: number }`) and the like: at least its words are Python's.
  return /^[\w.]+$/.test(trimmed) ? trimmed : trimmed.replace(LEFT_OVER, (word) => WORDS[word]!);
}

/** A parameter's label (`searchValue?: number`, `...values: number[]`) in Python's words. */
export function pythonParameterWords(label: string, ownNames = false): string {
  const colon = label.indexOf(':');
  const name = colon < 0 ? label : label.slice(0, colon);
  const parts = /^(\.\.\.)?(\w+)(\??)$/.exec(name.trim());
  // The learner's own parameters keep the names they wrote.
  const pyName = parts ? `${parts[1] ? '*' : ''}${ownNames ? parts[2]! : snakeCase(parts[2]!)}${parts[3]}` : name;
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

/** Where the bracket opened at `open` closes (any of `([{<`, `=>` not closing), or -1. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if ('([{<'.includes(c)) depth++;
    else if (')]}'.includes(c) || (c === '>' && text[i - 1] !== '=')) {
      if (--depth === 0) return i;
    }
  }
  return -1;
}

/** What TypeScript's hover puts before a name, which Python does not say. */
const KIND_WORDS =
  /^(?:\((?:method|property|enum member|function|local function|parameter|local var|var|let|const|getter|setter|alias)\)\s+|function\s+|let\s+|var\s+|const\s+(?!enum\b))/;

/** A qualified name's owner in Python's words (`Array<number>.` -> `List[int].`, `String.` -> `str.`). */
function ownerWords(head: string): string {
  const array = /^(?:Array|ReadonlyArray)</.exec(head);
  if (array) {
    const close = closingBracket(head, array[0].length - 1);
    if (close > 0) return `List[${pythonTypeWords(head.slice(array[0].length, close))}]${head.slice(close + 1)}`;
  }
  if (head.startsWith('List[')) {
    const close = closingBracket(head, 4);
    if (close > 0) return `List[${pythonTypeWords(head.slice(5, close))}]${head.slice(close + 1)}`;
  }
  return head.replace(/^String\./, 'str.');
}

/**
 * A whole signature as TypeScript's hover and completion details print it, in Python's words:
 * `function basic.showNumber(value: number, interval?: number): void` ->
 * `basic.showNumber(value: int, interval?: int) -> None` (the caller has already put the
 * function's Python name in), `(method) Array<number>.removeAt(index: number): number` ->
 * `List[int].removeAt(index: int) -> int`, `let score: number` -> `score: int`,
 * `const enum IconNames` -> `enum IconNames`, `interface Foo` -> `class Foo`, `(enum member) IconNames.HEART = 0` ->
 * `IconNames.HEART = 0`. A leading `def ` (the learner's own def) stays; `ownNames` keeps the
 * parameters' names as written (the learner's own).
 */
export function pythonSignatureWords(signature: string, ownNames = false): string {
  const overloads = / \(\+\d+ overloads?\)$/.exec(signature)?.[0] ?? '';
  let text = signature.slice(0, signature.length - overloads.length).trim();
  const def = text.startsWith('def ') ? 'def ' : '';
  text = text.slice(def.length).replace(KIND_WORDS, '');
  const enumeration = /^(?:const\s+|declare\s+)*enum\s+/.exec(text);
  if (enumeration) return `enum ${text.slice(enumeration[0].length)}${overloads}`;
  // A type alias is a name given a type, as in Python (`Handler = Callable[[int], None]`).
  const alias = /^type\s+([\w.]+)\s*=\s*([\s\S]+)$/.exec(text);
  if (alias) return `${alias[1]} = ${pythonTypeWords(alias[2]!)}${overloads}`;
  // An interface is a class to Python (`interface Foo` -> `class Foo`).
  if (/^(?:namespace|module|class|interface|type)\s/.test(text))
    return text.replace(/^interface\s/, 'class ').replace(LEFT_OVER, (w) => WORDS[w]!) + overloads;
  // The name, with its owner: up to the parameters, a type or a value, outside brackets.
  let end = 0;
  while (end < text.length) {
    const c = text[end]!;
    if (c === '<' || c === '[') {
      const close = closingBracket(text, end);
      // `map<U>(`: type parameters, which Python does not write.
      if (close < 0) break;
      if (c === '<' && /^[(]/.test(text.slice(close + 1)) && !/(?:Array|ReadonlyArray)$/.test(text.slice(0, end))) {
        text = text.slice(0, end) + text.slice(close + 1);
        break;
      }
      end = close + 1;
      continue;
    }
    if (c === '(' || c === ':' || c === ' ' || c === '?') break;
    end++;
  }
  const head = def + ownerWords(text.slice(0, end));
  const rest = text.slice(end);
  if (rest.startsWith('(')) {
    const close = closingParen(rest, 0);
    if (close < 0) return head + rest + overloads;
    const inside = rest.slice(1, close).trim();
    const params = inside ? splitTopLevel(inside, ', ').map((p) => pythonParameterWords(p, ownNames)) : [];
    return `${head}(${params.join(', ')}${pythonReturnWords(rest.slice(close))}${overloads}`;
  }
  const typed = /^(\??):\s*([\s\S]+)$/.exec(rest);
  if (typed) return `${head}${typed[1]}: ${pythonTypeWords(typed[2]!)}${overloads}`;
  return head + rest + overloads;
}

/**
 * An API function's JSDoc in the same words as its signature: `@param frameOffset` and a
 * backticked `` `frameOffset` `` in snake_case, API names (`eg: IconNames.Heart`) in their Python
 * spelling when `toPython` knows them.
 */
export function pythonDocWords(documentation: string, toPython: (name: string) => string | undefined): string {
  return documentation
    .replace(/@param (\w+)/g, (_, name: string) => `@param ${snakeCase(name)}`)
    .replace(/`([a-z]\w*)`/g, (_, name: string) => `\`${snakeCase(name)}\``)
    .replace(/\b[A-Za-z_]\w*\.\w+\b/g, (name) => toPython(name) ?? name);
}
