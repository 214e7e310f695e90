// Whether a number expression surely has a whole value, for counting loops: the loop block counts
// to TO inclusive, so `i < n` is `i <= n - 1` only for whole n (for n = 0.5 the code runs once,
// `i <= -0.5` never). A close reading, not a proof search: literals, lengths, rounding, whole
// arithmetic, variables every assignment of which is whole, and parameters of functions every call
// of which passes a whole value; anything else is not known.

import type ts from 'typescript';

const wholeCalls = new Set([
  ...['Math.floor', 'Math.ceil', 'Math.round', 'Math.trunc', 'Math.idiv', 'randint'],
  // Readings the board gives as whole numbers.
  ...['input.lightLevel', 'input.temperature', 'input.acceleration', 'input.compassHeading', 'input.rotation'],
  ...['input.soundLevel', 'input.runningTime', 'pins.analogReadPin', 'pins.digitalReadPin', 'game.score'],
]);
/** Whole when all their arguments are. */
const keepsWhole = new Set(['Math.abs', 'Math.min', 'Math.max', 'Math.constrain']);

export function isWholeNumber(
  tsApi: typeof ts,
  checker: ts.TypeChecker,
  node: ts.Expression,
  assumed: Set<ts.Symbol> = new Set(),
): boolean {
  const whole = (e: ts.Expression): boolean => isWholeNumber(tsApi, checker, e, assumed);
  if (tsApi.isParenthesizedExpression(node)) return whole(node.expression);
  if (tsApi.isNumericLiteral(node)) return Number.isInteger(Number(node.text));
  if (tsApi.isPrefixUnaryExpression(node)) {
    const op = node.operator;
    return (op === tsApi.SyntaxKind.MinusToken || op === tsApi.SyntaxKind.PlusToken) && whole(node.operand);
  }
  if (tsApi.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    const arithmetic =
      op === tsApi.SyntaxKind.PlusToken ||
      op === tsApi.SyntaxKind.MinusToken ||
      op === tsApi.SyntaxKind.AsteriskToken ||
      op === tsApi.SyntaxKind.PercentToken;
    return arithmetic && whole(node.left) && whole(node.right);
  }
  if (tsApi.isPropertyAccessExpression(node)) return node.name.text === 'length';
  if (tsApi.isCallExpression(node)) {
    const callee = node.expression.getText().replace(/\s+/g, '');
    if (wholeCalls.has(callee)) return true;
    return keepsWhole.has(callee) && node.arguments.every((a) => whole(a));
  }
  if (tsApi.isIdentifier(node)) {
    const symbol = checker.getSymbolAtLocation(node);
    const declaration = symbol?.valueDeclaration;
    if (!symbol || !declaration) return false;
    // A variable that refers to itself (`n = n + 1`) is whole if all else is.
    if (assumed.has(symbol)) return true;
    if (tsApi.isParameter(declaration)) {
      assumed.add(symbol);
      return everyArgument(tsApi, checker, declaration, whole) && everyWrite(tsApi, checker, symbol, undefined, whole);
    }
    if (!tsApi.isVariableDeclaration(declaration)) return false;
    assumed.add(symbol);
    return everyWrite(tsApi, checker, symbol, declaration, whole);
  }
  return false;
}

/** Every value the program gives the variable passes `test` (++ and -- keep a whole value whole). */
function everyWrite(
  tsApi: typeof ts,
  checker: ts.TypeChecker,
  symbol: ts.Symbol,
  declaration: ts.VariableDeclaration | undefined,
  test: (value: ts.Expression) => boolean,
): boolean {
  if (declaration) {
    const owner = declaration.parent.parent;
    // A for-of variable takes the list's items: not known.
    if (tsApi.isForOfStatement(owner) || tsApi.isForInStatement(owner)) return false;
    if (!declaration.initializer || !test(declaration.initializer)) return false;
  }
  const isIt = (e: ts.Expression) => {
    let target = e;
    while (tsApi.isParenthesizedExpression(target)) target = target.expression;
    return tsApi.isIdentifier(target) && checker.getSymbolAtLocation(target) === symbol;
  };
  const visit = (node: ts.Node): boolean => {
    if (tsApi.isBinaryExpression(node) && isIt(node.left)) {
      const op = node.operatorToken.kind;
      if (op === tsApi.SyntaxKind.EqualsToken) {
        if (!test(node.right)) return false;
      } else if (
        op === tsApi.SyntaxKind.PlusEqualsToken ||
        op === tsApi.SyntaxKind.MinusEqualsToken ||
        op === tsApi.SyntaxKind.AsteriskEqualsToken ||
        op === tsApi.SyntaxKind.PercentEqualsToken
      ) {
        if (!test(node.right)) return false;
      } else if (op >= tsApi.SyntaxKind.FirstAssignment && op <= tsApi.SyntaxKind.LastAssignment) return false;
    }
    if ((tsApi.isForOfStatement(node) || tsApi.isForInStatement(node)) && isIt(node.initializer as ts.Expression))
      return false;
    return !tsApi.forEachChild(node, (child) => !visit(child));
  };
  return visit(symbol.valueDeclaration!.getSourceFile());
}

/**
 * A parameter of a named function the program only calls (never passes on as a value): every
 * call's argument for it passes `test`. Event handlers' parameters (the board's values) are not known.
 */
function everyArgument(
  tsApi: typeof ts,
  checker: ts.TypeChecker,
  parameter: ts.ParameterDeclaration,
  test: (value: ts.Expression) => boolean,
): boolean {
  const owner = parameter.parent;
  if (!tsApi.isFunctionDeclaration(owner) || !owner.name || parameter.initializer || parameter.dotDotDotToken)
    return false;
  const index = owner.parameters.indexOf(parameter);
  const fn = checker.getSymbolAtLocation(owner.name);
  if (!fn) return false;
  let calls = 0;
  const visit = (node: ts.Node): boolean => {
    if (tsApi.isIdentifier(node) && node !== owner.name && checker.getSymbolAtLocation(node) === fn) {
      const call = node.parent;
      if (!tsApi.isCallExpression(call) || call.expression !== node) return false;
      const argument = call.arguments[index];
      if (!argument || !test(argument)) return false;
      calls++;
    }
    return !tsApi.forEachChild(node, (child) => !visit(child));
  };
  return visit(owner.getSourceFile()) && calls > 0;
}
