import type ts from 'typescript';

/**
 * Whether what a top-level statement produced (emitted text, lowered IR) can be kept between
 * builds: not when it declares a top-level function value, because calls to one are resolved
 * elsewhere, by its node, which a kept statement does not register again.
 */
export function keepable(tsApi: typeof ts, node: ts.Statement): boolean {
  if (!tsApi.isVariableStatement(node)) return true;
  return node.declarationList.declarations.every(
    (d) => !d.initializer || !(tsApi.isFunctionExpression(d.initializer) || tsApi.isArrowFunction(d.initializer)),
  );
}
