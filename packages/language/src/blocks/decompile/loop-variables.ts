// Loop variables and the blocks variables they can be: a loop block declares its own counter
// (`for (let i ...)`), or sets a blocks variable (`for (i = 0; ...)`).

import type ts from 'typescript';
import { type DecompileContext, symbolAt } from './decompile-context.ts';

/**
 * Whether a loop's variable behaves as the `let` its block writes, as MakeCode takes it: `let`;
 * `const` (the body cannot set it); `var` when only loops that declare it use it, and no
 * function inside them: each such loop sets it before reading it, so one `var` for all turns
 * and all loops cannot show.
 */
export function letLike(context: DecompileContext, list: ts.VariableDeclarationList, variable: ts.Identifier): boolean {
  const tsApi = context.tsApi;
  if (list.flags & (tsApi.NodeFlags.Let | tsApi.NodeFlags.Const)) return true;
  const symbol = symbolAt(context, variable);
  const declaresIt = (node: ts.Node): boolean => {
    if (!tsApi.isForStatement(node) && !tsApi.isForOfStatement(node) && !tsApi.isForInStatement(node)) return false;
    const init = node.initializer;
    return (
      !!init &&
      tsApi.isVariableDeclarationList(init) &&
      init.declarations.some((d) => tsApi.isIdentifier(d.name) && symbolAt(context, d.name) === symbol)
    );
  };
  // inLoop: inside a loop that declares it; inFunction: inside a function within such a loop.
  const leaks = (node: ts.Node, inLoop: boolean, inFunction: boolean): boolean => {
    if (tsApi.isIdentifier(node))
      return node.text === variable.text && symbolAt(context, node) === symbol && (!inLoop || inFunction);
    const loopHere = inLoop || declaresIt(node);
    const functionHere = inFunction || (loopHere && tsApi.isFunctionLike(node));
    return !!tsApi.forEachChild(node, (child) => leaks(child, loopHere, functionHere));
  };
  return !leaks(variable.getSourceFile(), false, false);
}

/**
 * Whether a `var` loop variable that code reads outside its loops (`basic.showNumber(i)` after
 * the loop, as MakeCode shows it) can be a blocks variable the loops set: the loop then sets
 * the variable as the `var` would, so after the loop it holds the last value. Only reads after
 * the first such loop in the same function: before it the `var` would be undefined, not 0.
 */
export function readAfterItsLoops(context: DecompileContext, variable: ts.Identifier): boolean {
  const tsApi = context.tsApi;
  const symbol = symbolAt(context, variable);
  if (!symbol) return false;
  const scope = (node: ts.Node): ts.Node => {
    let current = node.parent;
    while (current && !tsApi.isFunctionLike(current) && !tsApi.isSourceFile(current)) current = current.parent;
    return current;
  };
  const loops: ts.Node[] = [];
  const outside: ts.Identifier[] = [];
  const visit = (node: ts.Node, inLoop: boolean): void => {
    if (tsApi.isIdentifier(node)) {
      if (!inLoop && node.text === variable.text && symbolAt(context, node) === symbol) outside.push(node);
      return;
    }
    const declares =
      (tsApi.isForStatement(node) || tsApi.isForOfStatement(node)) &&
      !!node.initializer &&
      tsApi.isVariableDeclarationList(node.initializer) &&
      node.initializer.declarations.some((d) => tsApi.isIdentifier(d.name) && symbolAt(context, d.name) === symbol);
    if (declares) loops.push(node);
    tsApi.forEachChild(node, (child) => visit(child, inLoop || declares));
  };
  visit(variable.getSourceFile(), false);
  const firstEnd = Math.min(...loops.map((loop) => loop.end));
  const home = scope(variable);
  return outside.every((use) => use.pos >= firstEnd && scope(use) === home);
}
