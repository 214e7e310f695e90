// The doors out of the language subset, refused at compile time (issue 21). A program may only
// use the board's API and the language library; these names reach JavaScript's own machinery
// instead: `x.constructor.constructor` is `Function`, which runs any text as code, and
// `globalThis` is the host's global object (Node's `process` in `blockyard run`). The subset
// needs none of them. Keys computed at run time cannot be checked here: the transformer routes
// them through `$h.propertyKey`, which refuses the same names (the runtime keeps its own copy of
// the list; a board test checks that the two agree).

import type ts from 'typescript';

type TsApi = typeof ts;

/** Diagnostic code of every refusal in this file. */
export const ESCAPE_HATCH_CODE = 9006;

/**
 * Property names a program may not read, write, declare or destructure: they lead from any value
 * to its prototype chain, its constructor (and from there to `Function`), or a caller's frame.
 */
export const forbiddenPropertyNames: ReadonlySet<string> = new Set([
  'constructor',
  'prototype',
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
]);

/** Global names a program may not use: the host's global object and the ways to run text as code. */
const forbiddenGlobalNames: ReadonlySet<string> = new Set(['globalThis', 'eval', 'Function']);

export interface EscapeHatch {
  node: ts.Node;
  message: string;
  code: number;
}

/** The refusal for `node`, if it is one of the escape hatches; called for every node of learner code. */
export function findEscapeHatch(tsApi: TsApi, node: ts.Node): EscapeHatch | undefined {
  const ts = tsApi;
  const name = propertyNameUsed(ts, node);
  if (name !== undefined && forbiddenPropertyNames.has(name.text)) {
    return {
      node: name.node,
      message: `Programs cannot use "${name.text}": it reaches into JavaScript itself, outside the board. Use another name.`,
      code: ESCAPE_HATCH_CODE,
    };
  }
  if (ts.isIdentifier(node) && forbiddenGlobalNames.has(node.text) && !isPropertyNamePosition(ts, node)) {
    return {
      node,
      message: `Programs cannot use ${node.text}: a program can only use the board and the language's own blocks and functions.`,
      code: ESCAPE_HATCH_CODE,
    };
  }
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    return {
      node,
      message: 'import() is not supported: a program is one script and cannot load other code.',
      code: ESCAPE_HATCH_CODE,
    };
  }
  if (isDeclareModifier(ts, node)) {
    return {
      node: node.parent,
      message:
        '"declare" is not supported in programs: only the board\'s library says what exists. Remove "declare" and write the code itself.',
      code: ESCAPE_HATCH_CODE,
    };
  }
  return undefined;
}

/** The property name a node reads, writes, declares or destructures, with the node to underline. */
function propertyNameUsed(ts: TsApi, node: ts.Node): { text: string; node: ts.Node } | undefined {
  if (ts.isPropertyAccessExpression(node)) return { text: node.name.text, node: node.name };
  if (ts.isElementAccessExpression(node)) {
    const key = node.argumentExpression;
    if (ts.isStringLiteralLike(key)) return { text: key.text, node: key };
    return undefined;
  }
  if (
    (ts.isPropertyAssignment(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    ts.isObjectLiteralExpression(node.parent)
  ) {
    return literalName(ts, node.name);
  }
  if (ts.isShorthandPropertyAssignment(node)) return { text: node.name.text, node: node.name };
  if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
    const name = node.propertyName ?? node.name;
    return ts.isIdentifier(name) ? { text: name.text, node: name } : literalName(ts, name);
  }
  return undefined;
}

function literalName(ts: TsApi, name: ts.Node): { text: string; node: ts.Node } | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isPrivateIdentifier(name)) {
    return { text: name.text, node: name };
  }
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) {
    return { text: name.expression.text, node: name.expression };
  }
  return undefined;
}

/** `x.globalThis`, `{ eval: 1 }`: a property that happens to share a global's name is harmless. */
function isPropertyNamePosition(ts: TsApi, node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    (ts.isPropertyDeclaration(parent) && parent.name === node) ||
    (ts.isMethodDeclaration(parent) && parent.name === node) ||
    (ts.isPropertySignature(parent) && parent.name === node) ||
    (ts.isMethodSignature(parent) && parent.name === node) ||
    (ts.isGetAccessorDeclaration(parent) && parent.name === node) ||
    (ts.isSetAccessorDeclaration(parent) && parent.name === node) ||
    (ts.isEnumMember(parent) && parent.name === node) ||
    (ts.isBindingElement(parent) && parent.propertyName === node) ||
    ts.isQualifiedName(parent)
  );
}

/** `declare` on a statement of learner code: it would let the program name any global of the host. */
function isDeclareModifier(ts: TsApi, node: ts.Node): boolean {
  return (
    node.kind === ts.SyntaxKind.DeclareKeyword && !ts.isPropertyDeclaration(node.parent) // `declare x: T` class fields only describe types
  );
}
