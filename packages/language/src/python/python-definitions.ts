// The learner's own names in the Python editor, for hover docs and signature help: which of the
// program's functions, variables or parameters a name under the pointer is (Python's scoping, from
// py-scopes.ts), the `def` behind a call being typed, and what the Python says about each: the
// parameters with their annotated or inferred types, and the docstring or the comment just above.
// The editor asks TypeScript about the converted program for the full types; what is here is
// enough on its own when that is not possible (a handler the converter inlined). Pure.
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/python';
import { analyzeScopes, type Scope, type ScopeAnalysis } from './py-scopes.ts';
import { TYPE_NAMES } from './py-syntax.ts';
import { pythonCallNameAt } from './python-call-at.ts';
import type { PythonNames } from './python-names.ts';
import { pythonSignatureWords } from './python-type-words.ts';

export interface PythonParameter {
  readonly name: string;
  /** Its TypeScript type: from the annotation, else from the values calls pass, if known. */
  readonly type?: string;
}

export interface PythonDefinition {
  readonly name: string;
  /** Where the `def` starts. */
  readonly from: number;
  readonly params: readonly PythonParameter[];
  /** The annotated return type (`-> int`), in TypeScript. */
  readonly returnType?: string;
  /** The docstring, or else the comment lines just above the `def` (without quotes and `#`). */
  readonly docs: string;
  /** Defined at the top level of the program (not inside another def). */
  readonly topLevel: boolean;
}

export interface PythonProgramName {
  readonly from: number;
  readonly to: number;
  readonly name: string;
  readonly kind: 'function' | 'variable' | 'parameter';
  /** The name's line (1-based) and which of the name's appearances on that line it is (0 first). */
  readonly line: number;
  readonly occurrence: number;
  /** A variable's or parameter's type as the converter infers it, if it can. */
  readonly type?: string;
  /** A variable's comment lines just above where it is first set; a function's docs. */
  readonly docs: string;
  /** For a function: its `def`. */
  readonly definition?: PythonDefinition;
}

export interface PythonProgramCall {
  /** Where the call's arguments start (just after its `(`). */
  readonly from: number;
  /** The argument the cursor is in, counted from 0. */
  readonly argument: number;
  readonly definition: PythonDefinition;
}

/** The signature a definition shows when TypeScript cannot be asked, in Python's words: `def f(a: int, b)`. */
export function definitionSignature(definition: PythonDefinition): string {
  const params = definition.params.map((p) => (p.type ? `${p.name}: ${p.type}` : p.name)).join(', ');
  const returns = definition.returnType ? `: ${definition.returnType}` : '';
  return pythonSignatureWords(`def ${definition.name}(${params})${returns}`, true);
}

interface Analysis {
  readonly text: string;
  readonly top: SyntaxNode;
  readonly scopes: ScopeAnalysis;
  /** The functions each scope defines directly, by name (the first `def` of a name). */
  readonly defs: Map<Scope, Map<string, SyntaxNode>>;
}

function analyze(names: PythonNames, text: string): Analysis {
  const top = parser.parse(text).topNode;
  const scopes = analyzeScopes(top, (n) => text.slice(n.from, n.to), names);
  const defs = new Map<Scope, Map<string, SyntaxNode>>();
  const walk = (node: SyntaxNode, scope: Scope): void => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.name === 'FunctionDefinition') {
        const nameNode = c.getChild('VariableName');
        const own = defs.get(scope) ?? new Map<string, SyntaxNode>();
        defs.set(scope, own);
        if (nameNode && !own.has(text.slice(nameNode.from, nameNode.to))) {
          own.set(text.slice(nameNode.from, nameNode.to), c);
        }
        walk(c, scopes.functions.get(c.from) ?? scope);
      } else walk(c, scope);
    }
  };
  walk(top, scopes.module);
  return { text, top, scopes, defs };
}

/** The innermost function scope around `offset` (the module's when none). */
function scopeAt(analysis: Analysis, offset: number): Scope {
  let scope = analysis.scopes.module;
  for (const inner of analysis.scopes.functions.values()) {
    const span = inner.span;
    if (span && span.from < offset && offset <= span.to && (!scope.span || span.from > scope.span.from)) scope = inner;
  }
  return scope;
}

type Resolved =
  | { readonly kind: 'function'; readonly def: SyntaxNode; readonly scope: Scope }
  | { readonly kind: 'variable' | 'parameter'; readonly scope: Scope; readonly type: string | undefined };

/** What `name` means in `scope`, as Python looks it up: the scope, then those around it. */
function resolve(analysis: Analysis, scope: Scope, name: string): Resolved | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    if (s.globals.has(name) && s !== analysis.scopes.module) s = analysis.scopes.module;
    if (s.params.has(name)) {
      // Parameters are added to the set in the order the def lists them.
      const index = [...s.params].indexOf(name);
      return { kind: 'parameter', scope: s, type: s.types.get(name) ?? s.inferredParams[index] };
    }
    const def = analysis.defs.get(s)?.get(name);
    if (def) return { kind: 'function', def, scope: s };
    if (s.names.has(name) || s.loopVariables.has(name)) return { kind: 'variable', scope: s, type: s.types.get(name) };
  }
  return undefined;
}

/** A type annotation in TypeScript words (`int` -> number, `List[str]` -> string[]). */
function annotationType(text: string, typeDef: SyntaxNode | null | undefined): string | undefined {
  const type = typeDef?.lastChild;
  if (!type || type.name === ':' || type.name === '->') return undefined;
  const written = text.slice(type.from, type.to).replace(/\s+/g, '');
  const list = /^List\[(.+)\]$/.exec(written);
  if (list) return `${TYPE_NAMES[list[1]!] ?? list[1]}[]`;
  return TYPE_NAMES[written] ?? written;
}

/** The `def`'s docstring, or else the comment lines just above it. */
function definitionDocs(text: string, def: SyntaxNode): string {
  // Only a string that is the body's first statement is a docstring.
  let first = def.getChild('Body')?.firstChild;
  while (first && (first.name === ':' || first.name === 'Comment')) first = first.nextSibling;
  const string = first?.name === 'ExpressionStatement' ? first.firstChild : null;
  if (string?.name === 'String' && string.to === first!.to) {
    const quoted = /^[rRuU]?("""|'''|"|')([\s\S]*)\1$/.exec(text.slice(string.from, string.to));
    if (quoted) return cleanDocstring(quoted[2]!);
  }
  return commentsAbove(text, def.from);
}

/** A docstring as Python's `inspect.cleandoc` shows it: the common indentation taken off. */
function cleanDocstring(raw: string): string {
  const lines = raw.split(/\r?\n/);
  const rest = lines.slice(1).filter((l) => l.trim() !== '');
  const indent = Math.min(...rest.map((l) => /^[ \t]*/.exec(l)![0].length));
  const cleaned = [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(Number.isFinite(indent) ? indent : 0))];
  return cleaned
    .map((l) => l.trimEnd())
    .join('\n')
    .trim();
}

/** The `#` comment lines right above the line `from` is on, without their `#`. */
function commentsAbove(text: string, from: number): string {
  const lines: string[] = [];
  let end = text.lastIndexOf('\n', from - 1);
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).trim();
    if (!line.startsWith('#')) break;
    lines.unshift(line.replace(/^#+ ?/, ''));
    end = start - 1;
  }
  return lines.join('\n').trim();
}

function definitionOf(analysis: Analysis, def: SyntaxNode, scope: Scope): PythonDefinition {
  const { text } = analysis;
  const inner = analysis.scopes.functions.get(def.from);
  const params: PythonParameter[] = [];
  for (let p = def.getChild('ParamList')?.firstChild; p; p = p.nextSibling) {
    if (p.name !== 'VariableName') continue;
    const typeDef = p.nextSibling?.name === 'TypeDef' ? p.nextSibling : null;
    const type = annotationType(text, typeDef) ?? inner?.inferredParams[params.length];
    params.push({ name: text.slice(p.from, p.to), ...(type ? { type } : {}) });
  }
  const paramsEnd = def.getChild('ParamList')?.to ?? def.from;
  const returnType =
    annotationType(
      text,
      def.getChildren('TypeDef').find((t) => t.from >= paramsEnd),
    ) ?? analysis.scopes.returnTypeOf(def);
  const nameNode = def.getChild('VariableName')!;
  return {
    name: text.slice(nameNode.from, nameNode.to),
    from: def.from,
    params,
    ...(returnType ? { returnType } : {}),
    docs: definitionDocs(text, def),
    topLevel: scope === analysis.scopes.module,
  };
}

/** The name (a `VariableName`) at `offset`, touching it from either side. */
function variableNameAt(top: SyntaxNode, offset: number): SyntaxNode | undefined {
  for (const side of [1, -1] as const) {
    const node = top.resolveInner(offset, side);
    if (node.name === 'VariableName' && node.parent?.name !== 'TypeDef') return node;
  }
  return undefined;
}

/** The program's own name under `offset` (a def, variable or parameter), or undefined. */
export function pythonProgramNameAt(names: PythonNames, text: string, offset: number): PythonProgramName | undefined {
  if (offset < 0 || offset > text.length) return undefined;
  const analysis = analyze(names, text);
  const node = variableNameAt(analysis.top, offset);
  if (!node) return undefined;
  const name = text.slice(node.from, node.to);
  // A def's own name is defined where the def is, not inside it.
  const own = node.parent?.name === 'FunctionDefinition' ? node.parent : undefined;
  const scope = scopeAt(analysis, own ? own.from : node.from);
  const found = resolve(analysis, scope, name);
  if (!found) return undefined;
  const lineStart = text.lastIndexOf('\n', node.from - 1) + 1;
  const line = text.slice(0, lineStart).split('\n').length;
  const occurrence = [...text.slice(lineStart, node.from).matchAll(wordPattern(name))].length;
  const place = { from: node.from, to: node.to, name, line, occurrence };
  if (found.kind === 'function') {
    const definition = definitionOf(analysis, found.def, found.scope);
    return { ...place, kind: 'function', docs: definition.docs, definition };
  }
  const setting = found.kind === 'variable' ? found.scope.firstSetting.get(name) : undefined;
  const docs = setting && setting.from >= 0 && setting.direct ? commentsAbove(text, setting.from) : '';
  return { ...place, kind: found.kind, docs, ...(found.type ? { type: found.type } : {}) };
}

/** The program's own function whose call's arguments `offset` is in (`greet("Hi", |`). */
export function pythonProgramCallAt(names: PythonNames, text: string, offset: number): PythonProgramCall | undefined {
  const call = pythonCallNameAt(text, offset);
  if (!call || call.python.includes('.')) return undefined;
  const analysis = analyze(names, text);
  const found = resolve(analysis, scopeAt(analysis, call.from), call.python);
  if (found?.kind !== 'function') return undefined;
  return { from: call.from, argument: call.argument, definition: definitionOf(analysis, found.def, found.scope) };
}

/** `name` as a whole word (not part of a longer name). */
export function wordPattern(name: string): RegExp {
  return new RegExp(`(?<![\\w.])${name.replace(/[^\w]/g, '\\$&')}(?!\\w)`, 'g');
}
