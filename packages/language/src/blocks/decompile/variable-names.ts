// Blocks variables are global and one per name, while TypeScript has scopes. Every variable
// declared in the program gets a blocks name: its own, unless another declaration already took
// it, in which case it is renamed (`i` -> `j`, `count` -> `count2`, as MakeCode does). Loop
// variables of loops that are not nested in each other may share a name (`for (let index ...)`
// twice is one blocks variable `index`), because each loop declares it afresh.
// A parameter of a top-level function that the function sets (`n = n + 1`) is a blocks variable
// too, under a fresh name (`n2`): its function block starts by setting it to the parameter's reporter
// (blocks cannot set a reporter), and the generator declares it there, one per call as before.

import type ts from 'typescript';

interface DeclaredVariable {
  readonly symbol: ts.Symbol;
  readonly name: string;
  readonly node: ts.VariableDeclaration;
  /** The for / for-of statement when the variable is its loop variable. */
  readonly loop?: ts.ForStatement | ts.ForOfStatement;
}

export class VariableNames {
  private readonly names = new Map<ts.Symbol, string>();

  constructor(tsApi: typeof ts, checker: ts.TypeChecker, file: ts.SourceFile, reservedNames: ReadonlySet<string>) {
    const declarations: DeclaredVariable[] = [];
    const identifiers = new Set<string>(reservedNames);
    const setParameters: { symbol: ts.Symbol; name: string }[] = [];
    const parameterNames = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (tsApi.isIdentifier(node)) identifiers.add(node.text);
      const target = assignedIdentifier(tsApi, node);
      const assigned = target && checker.getSymbolAtLocation(target);
      const parameter = assigned?.valueDeclaration;
      if (
        assigned &&
        parameter &&
        tsApi.isParameter(parameter) &&
        tsApi.isFunctionDeclaration(parameter.parent) &&
        parameter.parent.parent === file &&
        !setParameters.some((p) => p.symbol === assigned)
      ) {
        setParameters.push({ symbol: assigned, name: target.text });
      }
      if (
        tsApi.isParameter(node) &&
        tsApi.isIdentifier(node.name) &&
        tsApi.isFunctionDeclaration(node.parent) &&
        node.parent.parent === file
      ) {
        parameterNames.add(node.name.text);
      }
      if (tsApi.isVariableDeclaration(node) && tsApi.isIdentifier(node.name)) {
        const symbol = checker.getSymbolAtLocation(node.name);
        const list = node.parent;
        const owner = list.parent;
        const loop =
          owner && (tsApi.isForStatement(owner) || tsApi.isForOfStatement(owner)) && owner.initializer === list
            ? owner
            : undefined;
        if (symbol) declarations.push({ symbol, name: node.name.text, node, ...(loop ? { loop } : {}) });
      }
      tsApi.forEachChild(node, visit);
    };
    visit(file);
    const taken = new Map<string, { loops: (ts.ForStatement | ts.ForOfStatement)[] } | 'variable'>();
    // A variable named as a function's parameter is renamed: in that function's code the name
    // would be the parameter.
    for (const name of parameterNames) taken.set(name, 'variable');
    for (const declaration of declarations) {
      const { name, loop } = declaration;
      const holder = taken.get(name);
      if (holder === undefined) {
        taken.set(name, loop ? { loops: [loop] } : 'variable');
        this.names.set(declaration.symbol, name);
      } else if (loop && holder !== 'variable' && !holder.loops.some((other) => contains(other, loop))) {
        holder.loops.push(loop);
        this.names.set(declaration.symbol, name);
      } else {
        const fresh = freshName(name, identifiers);
        identifiers.add(fresh);
        taken.set(fresh, loop ? { loops: [loop] } : 'variable');
        this.names.set(declaration.symbol, fresh);
      }
    }
    for (const { symbol, name } of setParameters) {
      // `n2`, not MakeCode's next letter: the copy should read as the parameter's.
      let fresh = `${name}2`;
      for (let i = 3; identifiers.has(fresh); i++) fresh = `${name}${i}`;
      identifiers.add(fresh);
      this.names.set(symbol, fresh);
    }
  }

  /** The blocks name of a declared variable, undefined for anything else. */
  nameOf(symbol: ts.Symbol | undefined): string | undefined {
    return symbol ? this.names.get(symbol) : undefined;
  }

  isRenamed(symbol: ts.Symbol | undefined, text: string): boolean {
    const name = this.nameOf(symbol);
    return name !== undefined && name !== text;
  }
}

/** The variable an assignment, `+=` or `++` sets, if it is a plain name. */
function assignedIdentifier(tsApi: typeof ts, node: ts.Node): ts.Identifier | undefined {
  let target: ts.Expression | undefined;
  if (
    tsApi.isBinaryExpression(node) &&
    node.operatorToken.kind >= tsApi.SyntaxKind.FirstAssignment &&
    node.operatorToken.kind <= tsApi.SyntaxKind.LastAssignment
  ) {
    target = node.left;
  } else if (
    (tsApi.isPrefixUnaryExpression(node) || tsApi.isPostfixUnaryExpression(node)) &&
    (node.operator === tsApi.SyntaxKind.PlusPlusToken || node.operator === tsApi.SyntaxKind.MinusMinusToken)
  ) {
    target = node.operand;
  }
  while (target && tsApi.isParenthesizedExpression(target)) target = target.expression;
  return target && tsApi.isIdentifier(target) ? target : undefined;
}

function contains(outer: ts.Node, inner: ts.Node): boolean {
  return inner.pos >= outer.pos && inner.end <= outer.end;
}

/** MakeCode's renaming: a single letter moves to the next free letter (not x, y, z), else a number. */
function freshName(name: string, taken: ReadonlySet<string>): string {
  if (/^[a-z]$/.test(name) && !'xyz'.includes(name)) {
    const base = name.charCodeAt(0) - 97;
    for (let i = 1; i < 26; i++) {
      const letter = String.fromCharCode(97 + ((base + i) % 26));
      if ('xyz'.includes(letter)) continue;
      if (!taken.has(letter)) return letter;
    }
  }
  for (let i = 2; ; i++) if (!taken.has(`${name}${i}`)) return `${name}${i}`;
}
