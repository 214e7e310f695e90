// What the Python editor offers while the learner types, from the same name table the converters
// use: after `basic.` the namespace's members in Python spelling (`show_number`), after an enum
// its members in capitals (`IconNames.HEART`), otherwise the API's namespaces, enums and
// classes, the built-ins the converter knows, Python's keywords and the program's own names in
// scope (from the converter's own scope analysis, py-scopes.ts).
// Each API option carries its TypeScript name, so the editor can fetch its signature and JSDoc
// from TypeScript's language service and show them in Python names. Pure: text in, data out.
import { parser } from '@lezer/python';
import type { PythonClass } from './py-classes.ts';
import { analyzeScopes, type Scope, type ScopeAnalysis } from './py-scopes.ts';
import type { PythonNameKind, PythonNames } from './python-names.ts';

export type PythonCompletionKind = PythonNameKind | 'keyword' | 'builtin' | 'program';

export interface PythonCompletion {
  readonly label: string;
  readonly kind: PythonCompletionKind;
  /** The qualified TypeScript name of an API option (`basic.showNumber`), for its docs. */
  readonly typeScript?: string;
}

export interface PythonCompletions {
  /** Where the word being completed starts. */
  readonly from: number;
  /** After a dot: members of an API namespace, enum or class only. */
  readonly member: boolean;
  readonly options: readonly PythonCompletion[];
}

/** The built-in functions the converter turns into the library's (see py-calls.ts). */
const BUILTINS = [
  'abs',
  'bool',
  'chr',
  'float',
  'int',
  'len',
  'max',
  'min',
  'ord',
  'print',
  'randint',
  'range',
  'round',
  'str',
];

const KEYWORDS = [
  'and',
  'break',
  'continue',
  'def',
  'elif',
  'else',
  'False',
  'for',
  'global',
  'if',
  'in',
  'None',
  'not',
  'or',
  'pass',
  'return',
  'True',
  'while',
];

/** Members of containers the editor should not offer: the engine's own, not the board's. */
const HIDDEN_CONTAINERS = new Set(['Array', 'String', 'Number', 'Boolean', 'Object', 'Function', 'RegExp']);

/**
 * The program's own names in scope at `offset` (defs, variables, loop variables, parameters), as
 * the converter sees them: the module's, and those of each `def` the offset is inside.
 */
function programNames(names: PythonNames, text: string, offset: number): Set<string> {
  return scopeAt(
    analyzeScopes(parser.parse(text).topNode, (n) => text.slice(n.from, n.to), names),
    offset,
  ).visibleNames();
}

/** The innermost def's scope around `offset` (the module's outside every def). */
function scopeAt(analysis: ScopeAnalysis, offset: number): Scope {
  let scope: Scope = analysis.module;
  for (const inner of analysis.functions.values()) {
    const span = inner.span;
    // The innermost def around the offset (a nested def starts after its parent's start).
    if (span && span.from < offset && offset <= span.to && (!scope.span || span.from > scope.span.from)) scope = inner;
  }
  return scope;
}

/** The type the converter gives `name` where `scope` sees it (a `global` reads the module's). */
function typeOf(analysis: ScopeAnalysis, scope: Scope, name: string): string | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    if (s.globals.has(name)) return analysis.module.types.get(name);
    if (s.types.has(name)) return s.types.get(name);
    if (s.names.has(name) || s.params.has(name) || s.loopVariables.has(name)) return undefined;
  }
  return undefined;
}

/**
 * After `self.` in a method, `obj.` where `obj` holds one of the program's classes, or the class's
 * own name: its fields, methods and class-level values, and its parents' (the names as written).
 */
function classMembers(names: PythonNames, text: string, offset: number, container: string): PythonCompletion[] {
  if (!/^[A-Za-z_]\w*$/.test(container)) return [];
  const analysis = analyzeScopes(parser.parse(text).topNode, (n) => text.slice(n.from, n.to), names);
  const scope = scopeAt(analysis, offset);
  const type = typeOf(analysis, scope, container);
  const instanceOf = scope.selfClass(container) ?? (type ? scope.classNamed(type) : undefined);
  const owner = instanceOf ?? scope.classNamed(container);
  const options: PythonCompletion[] = [];
  const seen = new Set<string>();
  const add = (label: string, kind: PythonCompletionKind): void => {
    if (seen.has(label) || label.startsWith('__')) return;
    seen.add(label);
    options.push({ label, kind });
  };
  // Nearest class first: a child's method hides its parent's of the same name.
  for (let c: PythonClass | undefined = owner; c; c = c.base) {
    if (instanceOf) {
      for (const field of c.fields) add(field.name, 'property');
      for (const field of c.declared) add(field.name, 'property');
    }
    for (const name of c.methods.keys()) add(name, 'method');
    for (const name of c.statics.keys()) add(name, 'property');
  }
  return options;
}

/** Is `offset` inside a comment or a string on its line (a rough scan: quotes and `#`)? */
function inCommentOrString(line: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return true;
  }
  return quote !== undefined;
}

/** The dotted name ending at `offset` (`basic.show_nu`): [start of the whole name, its text]. */
function dottedBefore(text: string, offset: number): [number, string] {
  let start = offset;
  while (start > 0 && /[\w.]/.test(text[start - 1]!)) start--;
  return [start, text.slice(start, offset)];
}

export function pythonCompletions(
  names: PythonNames,
  text: string,
  offset: number,
  explicit = false,
): PythonCompletions | null {
  if (offset < 0 || offset > text.length) return null;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (inCommentOrString(text.slice(lineStart, offset))) return null;
  const [start, dotted] = dottedBefore(text, offset);
  const dot = dotted.lastIndexOf('.');
  if (dot >= 0) {
    const container = dotted.slice(0, dot);
    const from = start + dot + 1;
    if (!names.isContainer(container.split('.')[0]!) || HIDDEN_CONTAINERS.has(container)) {
      return { from, member: true, options: classMembers(names, text, offset, container) };
    }
    const prefix = `${container}.`;
    const options: PythonCompletion[] = [];
    for (const entry of names.entries) {
      if (!entry.py.startsWith(prefix)) continue;
      const rest = entry.py.slice(prefix.length);
      if (rest.includes('.') || rest.startsWith('_')) continue;
      options.push({ label: rest, kind: entry.kind, typeScript: entry.ts });
    }
    return { from, member: true, options };
  }
  if (!explicit && dotted === '') return null;
  if (/^\d/.test(dotted)) return null;
  const options: PythonCompletion[] = [];
  const seen = new Set<string>();
  const add = (option: PythonCompletion): void => {
    if (seen.has(option.label)) return;
    seen.add(option.label);
    options.push(option);
  };
  for (const name of programNames(names, text, offset)) if (name !== dotted) add({ label: name, kind: 'program' });
  for (const entry of names.entries) {
    if (entry.py.includes('.') || HIDDEN_CONTAINERS.has(entry.py)) continue;
    if (entry.kind === 'namespace' || entry.kind === 'enum' || entry.kind === 'class') {
      add({ label: entry.py, kind: entry.kind, typeScript: entry.ts });
    }
  }
  for (const name of BUILTINS) add({ label: name, kind: 'builtin' });
  for (const name of KEYWORDS) add({ label: name, kind: 'keyword' });
  return { from: start, member: false, options };
}

/** The API name under `offset` in Python (`basic.show_number`), for hover docs. */
export function pythonApiNameAt(
  names: PythonNames,
  text: string,
  offset: number,
): { from: number; to: number; python: string; typeScript: string } | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  let from = offset;
  while (from > 0 && /[\w.]/.test(text[from - 1]!)) from--;
  let to = offset;
  while (to < text.length && /\w/.test(text[to]!)) to++;
  const python = text.slice(from, to).replace(/^\.+/, '');
  from = to - python.length;
  if (!python || /^\d/.test(python)) return undefined;
  const lineStart = text.lastIndexOf('\n', from - 1) + 1;
  if (inCommentOrString(text.slice(lineStart, from))) return undefined;
  const typeScript = names.qualifiedToTypeScript(python);
  return typeScript ? { from, to, python, typeScript } : undefined;
}

/** TypeScript's signature text in Python names (`basic.showNumber` -> `basic.show_number`). */
export function pythonSignature(signature: string, typeScript: string, python: string): string {
  return signature.split(typeScript).join(python);
}
