// The Python editor's help in Python's words: TypeScript's answers about the program's twin
// rewritten with the Python names (`Array<number>.removeAt(` -> `List[number].remove_at(`), placed
// on the Python, and the help for what only Python has (its own text and list methods, a def
// known only from the Python). Pure text; editor-services.ts asks TypeScript.
import { pythonOnlyMethod, type PythonDefinition, type PythonOnlyMethod } from '@blockyard/language';
import type { SignatureHelpAnswer } from './compiler-protocol.ts';

/**
 * A Python method TypeScript has no member for (`find`, `isdigit`, a list's `count`), on a value
 * whose members say what it is: text has `charAt`, a list `push`.
 */
export function pythonOnlyMethodOf(
  members: readonly { readonly typeScript: string }[],
  name: string,
): PythonOnlyMethod | undefined {
  const owner = pythonOwner(members);
  return owner && pythonOnlyMethod(owner, name);
}

/** Text (`str`) or a list, by the members TypeScript offers for the value: text has `charAt`, a list `push`. */
export function pythonOwner(members: readonly { readonly typeScript: string }[]): 'str' | 'List' | undefined {
  const has = (member: string) => members.some((m) => m.typeScript === member);
  return has('charAt') ? 'str' : has('push') ? 'List' : undefined;
}

/** Such a method's signature as hover shows it (`str.find(sub: str) -> int`). */
export function onlyMethodSignature(method: PythonOnlyMethod, name: string): string {
  return `${method.owner}.${name}(${method.parameters.map((p) => p.label).join(', ')}) -> ${method.returns}`;
}

/** Whether the Python defines a method `name` in one of its own classes (`def name(self`). */
export function programMethod(text: string, name: string): boolean {
  return new RegExp(`^[ \\t]+def ${name}[ \\t]*\\([ \\t]*self\\b`, 'm').test(text);
}

/**
 * TypeScript's words for a member of a value (or a signature's prefix, `insertAt(`), with the
 * member's Python name and its owner as Python calls it (`Array<number>.removeAt(` ->
 * `List[number].remove_at(`, `String.` -> `str.`).
 */
export function pythonMemberSignature(signature: string, typeScript: string, python: string): string {
  return signature
    .replace(new RegExp(`(^|\\.)${typeScript}\\b`), `$1${python}`)
    .replace(/^((?:\(\w+\) )?)Array<(.+?)>\./, '$1List[$2].')
    .replace(/^((?:\(\w+\) )?)String\./, '$1str.');
}

/**
 * TypeScript's signature help about a Python call, placed on the Python (from the call's
 * arguments to the cursor, at the argument the Python counts) and each signature's prefix in
 * Python's words by `prefix`.
 */
export function pythonHelp(
  help: SignatureHelpAnswer,
  call: { readonly from: number; readonly argument: number },
  offset: number,
  prefix: (typeScript: string) => string,
): SignatureHelpAnswer {
  return {
    ...help,
    from: call.from,
    to: offset,
    activeParameter: call.argument,
    signatures: help.signatures.map((s) => ({ ...s, prefix: prefix(s.prefix) })),
  };
}

/**
 * TypeScript's words for a program name, before they are put in Python's (`let x: number` ->
 * `x: number`, `function f(` -> `def f(`: the learner's own def reads as they wrote it).
 */
export function programDisplay(signature: string): string {
  return signature
    .replace(/^\((?:parameter|local var|var|let|const)\)\s+/, '')
    .replace(/^(?:let|var|const)\s+/, '')
    .replace(/^(?:\(local function\)\s+|function\s+)/, 'def ');
}

/** Signature help from the Python alone: the parameters with the types it knows. */
export function fallbackSignature(definition: PythonDefinition): SignatureHelpAnswer['signatures'][number] {
  return {
    prefix: `${definition.name}(`,
    separator: ', ',
    suffix: `)${definition.returnType ? `: ${definition.returnType}` : ''}`,
    documentation: definition.docs,
    parameters: definition.params.map((p) => ({ label: p.type ? `${p.name}: ${p.type}` : p.name, documentation: '' })),
  };
}
