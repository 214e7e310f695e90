// The TypeScript transformer that turns checked learner code into runtime code (see
// docs/ARCHITECTURE.md, "Execution model"): functions that can wait become generators and their
// calls `yield*`; loops get a budget check on each iteration; every function counts its stack
// depth; list growth, string joins and MakeCode's list/string extras go through `$h` helpers;
// catch blocks let runtime errors through. It runs before TypeScript's own transforms, so types
// are still there and positions of original nodes carry into the source map.

import type ts from 'typescript';
import { checkHexLiteral, isHexLiteral } from './hex-literals.ts';
import { positionMarker } from './positions.ts';
import type { CallPlan, FnInfo, WaitAnalysis } from './wait-analysis.ts';

export interface TransformOptions {
  tsApi: typeof ts;
  checker: ts.TypeChecker;
  analysis: WaitAnalysis;
  /** Debug builds: a statement hook before every statement; ids index `statements`. */
  debug: boolean;
  /** Filled with [fileIndex, line, column] per statement id in debug builds. */
  statements: [number, number, number][];
  /** Filled with [fileIndex, line, column] per position marker (see positions.ts). */
  markers: [number, number, number][];
  fileIndex: (file: ts.SourceFile) => number;
}

interface Frame {
  generator: boolean;
  sync: boolean;
}

export function createProgramTransformer(options: TransformOptions): ts.TransformerFactory<ts.SourceFile> {
  const { tsApi: ts, checker, analysis } = options;
  return (context) => {
    const f = context.factory;
    const rt = (name: string) => f.createPropertyAccessExpression(f.createIdentifier('$rt'), name);
    const helper = (name: string, args: readonly ts.Expression[]) =>
      f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier('$h'), name), undefined, args);
    const yieldStar = (expression: ts.Expression) =>
      f.createParenthesizedExpression(f.createYieldExpression(f.createToken(ts.SyntaxKind.AsteriskToken), expression));
    const call = (target: ts.Expression, args: readonly ts.Expression[]) =>
      f.createCallExpression(target, undefined, args);

    /** `if (--$rt.budget <= 0) yield* $rt.check();` or, where waiting is impossible, `$rt.checkSync()`. */
    const budgetCheck = (frame: Frame): ts.Statement =>
      f.createIfStatement(
        f.createBinaryExpression(
          f.createPrefixDecrement(rt('budget')),
          ts.SyntaxKind.LessThanEqualsToken,
          f.createNumericLiteral(0),
        ),
        f.createExpressionStatement(frame.generator ? yieldStar(call(rt('check'), [])) : call(rt('checkSync'), [])),
      );

    /** Stack depth on entry and exit; plain functions also spend budget (runaway recursion). */
    const withDepth = (statements: readonly ts.Statement[], generator: boolean): ts.Statement[] => {
      const deeper = f.createBinaryExpression(
        f.createPrefixIncrement(rt('depth')),
        ts.SyntaxKind.GreaterThanToken,
        rt('maxDepth'),
      );
      const entry = generator
        ? f.createIfStatement(deeper, f.createExpressionStatement(call(rt('overflow'), [])))
        : f.createIfStatement(
            f.createBinaryExpression(
              deeper,
              ts.SyntaxKind.BarBarToken,
              f.createBinaryExpression(
                f.createPrefixDecrement(rt('budget')),
                ts.SyntaxKind.LessThanEqualsToken,
                f.createNumericLiteral(0),
              ),
            ),
            f.createExpressionStatement(call(rt('enter'), [])),
          );
      const exit = f.createBlock([f.createExpressionStatement(f.createPostfixDecrement(rt('depth')))]);
      return [entry, f.createTryStatement(f.createBlock(statements, true), undefined, exit)];
    };

    return (file) => {
      const frames: Frame[] = [{ generator: true, sync: false }];
      const frame = () => frames[frames.length - 1]!;

      const statementHook = (statement: ts.Statement): ts.Statement | undefined => {
        if (!options.debug || !frame().generator || statement.pos < 0) return undefined;
        if (
          ts.isFunctionDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isEmptyStatement(statement)
        ) {
          return undefined;
        }
        const start = statement.getStart(file);
        const { line, character } = file.getLineAndCharacterOfPosition(start);
        const id = options.statements.length;
        options.statements.push([options.fileIndex(file), line + 1, character + 1]);
        return f.createExpressionStatement(yieldStar(call(rt('stmt'), [f.createNumericLiteral(id)])));
      };

      /**
       * Tags the emitted statement with a marker comment naming the learner position it came
       * from; linking turns markers into the position table. Cheaper than a full source map.
       */
      const markPosition = (original: ts.Statement, emitted: ts.Statement): ts.Statement => {
        if (original.pos < 0) return emitted;
        const { line, character } = file.getLineAndCharacterOfPosition(original.getStart(file));
        const id = options.markers.length;
        options.markers.push([options.fileIndex(file), line + 1, character + 1]);
        return ts.addSyntheticLeadingComment(emitted, ts.SyntaxKind.MultiLineCommentTrivia, positionMarker(id), false);
      };

      const visitStatements = (statements: ts.NodeArray<ts.Statement>): ts.Statement[] => {
        const out: ts.Statement[] = [];
        for (const statement of statements) {
          const hook = statementHook(statement);
          if (hook) out.push(hook);
          const visited = ts.visitNode(statement, visitor) as ts.Statement | undefined;
          if (visited) out.push(markPosition(statement, visited));
        }
        return out;
      };

      const visitor = (node: ts.Node): ts.Node | ts.Node[] | undefined => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          return transformFunction(node);
        }
        if (ts.isPropertyDeclaration(node) || ts.isClassStaticBlockDeclaration(node)) {
          frames.push({ generator: false, sync: true });
          const visited = ts.visitEachChild(node, visitor, context);
          frames.pop();
          return visited;
        }
        if (ts.isBlock(node) || ts.isModuleBlock(node)) {
          const statements = visitStatements(node.statements);
          return ts.isBlock(node) ? f.updateBlock(node, statements) : f.updateModuleBlock(node, statements);
        }
        if (ts.isCaseClause(node) || ts.isDefaultClause(node)) {
          const statements = visitStatements(node.statements);
          return ts.isCaseClause(node)
            ? f.updateCaseClause(node, ts.visitNode(node.expression, visitor) as ts.Expression, statements)
            : f.updateDefaultClause(node, statements);
        }
        if (ts.isIterationStatement(node, false)) return transformLoop(node);
        if (ts.isCallExpression(node)) return transformCall(node);
        if (ts.isBinaryExpression(node)) return transformBinary(node);
        if (ts.isTemplateExpression(node)) {
          // Template strings can grow text without bound too: their length is checked. Each value
          // is made text as the device prints it (numbers: at most 15 significant digits).
          const spans = node.templateSpans.map((span) =>
            f.updateTemplateSpan(
              span,
              ts.setTextRange(helper('templateText', [ts.visitNode(span.expression, visitor) as ts.Expression]), span),
              span.literal,
            ),
          );
          const template = f.updateTemplateExpression(node, node.head, spans);
          return ts.setTextRange(helper('stringCheck', [template]), node);
        }
        if (isHexLiteral(ts, checker, node)) {
          // A read-only buffer of the literal's bytes (checked for bad digits before emitting).
          const checked = checkHexLiteral(ts, node);
          const digits = checked.ok ? checked.digits : '';
          return ts.setTextRange(helper('hexLiteral', [f.createStringLiteral(digits)]), node);
        }
        if (ts.isElementAccessExpression(node) && needsKeyGuard(node.argumentExpression)) {
          return transformElementAccess(node);
        }
        if (
          ts.isBindingElement(node) &&
          node.propertyName &&
          ts.isComputedPropertyName(node.propertyName) &&
          needsKeyGuard(node.propertyName.expression)
        ) {
          const visited = ts.visitEachChild(node, visitor, context);
          const name = visited.propertyName as ts.ComputedPropertyName;
          return f.updateBindingElement(
            visited,
            visited.dotDotDotToken,
            f.updateComputedPropertyName(name, guardKey(name.expression)),
            visited.name,
            visited.initializer,
          );
        }
        if (ts.isCatchClause(node)) return transformCatch(node);
        if (ts.isThrowStatement(node)) {
          const thrown = ts.visitNode(node.expression, visitor) as ts.Expression;
          return f.updateThrowStatement(node, call(rt('thrown'), [thrown]));
        }
        return ts.visitEachChild(node, visitor, context);
      };

      const transformFunction = (node: ts.FunctionLikeDeclaration): ts.Node => {
        const info: FnInfo | undefined = analysis.infoOf(node);
        const generator = info?.generator ?? false;
        const sync = info?.sync ?? true;
        frames.push({ generator: false, sync: true });
        const parameters = ts.visitNodes(node.parameters, visitor) as ts.NodeArray<ts.ParameterDeclaration>;
        frames.pop();
        frames.push({ generator, sync });
        let statements: ts.Statement[];
        const body = node.body!;
        if (ts.isBlock(body)) statements = visitStatements(body.statements);
        else {
          const expression = ts.visitNode(body, visitor) as ts.Expression;
          statements = [f.createReturnStatement(expression)];
        }
        frames.pop();
        const tracked =
          ts.isConstructorDeclaration(node) || ts.isAccessor(node) ? statements : withDepth(statements, generator);
        const block = f.createBlock(tracked, true);
        if (ts.isBlock(body)) ts.setTextRange(block, body);
        const asterisk = generator ? f.createToken(ts.SyntaxKind.AsteriskToken) : undefined;

        if (ts.isFunctionDeclaration(node)) {
          return f.updateFunctionDeclaration(
            node,
            node.modifiers,
            asterisk,
            node.name,
            node.typeParameters,
            parameters,
            node.type,
            block,
          );
        }
        if (ts.isFunctionExpression(node)) {
          return f.updateFunctionExpression(
            node,
            node.modifiers,
            asterisk,
            node.name,
            node.typeParameters,
            parameters,
            node.type,
            block,
          );
        }
        if (ts.isArrowFunction(node)) {
          if (!generator) {
            return f.updateArrowFunction(
              node,
              node.modifiers,
              node.typeParameters,
              parameters,
              node.type,
              node.equalsGreaterThanToken,
              block,
            );
          }
          // Arrows cannot be generators: use a generator function, binding `this` if the arrow used it.
          const fn = f.createFunctionExpression(
            undefined,
            asterisk,
            undefined,
            node.typeParameters,
            parameters,
            undefined,
            block,
          );
          ts.setTextRange(fn, node);
          ts.setOriginalNode(fn, node);
          if (!info?.usesThis) return fn;
          return call(f.createPropertyAccessExpression(f.createParenthesizedExpression(fn), 'bind'), [f.createThis()]);
        }
        if (ts.isMethodDeclaration(node)) {
          return f.updateMethodDeclaration(
            node,
            node.modifiers,
            asterisk,
            node.name,
            node.questionToken,
            node.typeParameters,
            parameters,
            node.type,
            block,
          );
        }
        if (ts.isConstructorDeclaration(node))
          return f.updateConstructorDeclaration(node, node.modifiers, parameters, block);
        if (ts.isGetAccessorDeclaration(node)) {
          return f.updateGetAccessorDeclaration(node, node.modifiers, node.name, parameters, node.type, block);
        }
        if (ts.isSetAccessorDeclaration(node))
          return f.updateSetAccessorDeclaration(node, node.modifiers, node.name, parameters, block);
        return ts.visitEachChild(node, visitor, context);
      };

      const transformLoop = (node: ts.IterationStatement): ts.Node => {
        const visited = ts.visitEachChild(node, visitor, context);
        const body = visited.statement;
        const statements = ts.isBlock(body) ? [...body.statements] : [body];
        const newBody = f.createBlock([budgetCheck(frame()), ...statements], true);
        if (ts.isForStatement(visited)) {
          return f.updateForStatement(visited, visited.initializer, visited.condition, visited.incrementor, newBody);
        }
        if (ts.isForOfStatement(visited)) {
          return f.updateForOfStatement(
            visited,
            visited.awaitModifier,
            visited.initializer,
            visited.expression,
            newBody,
          );
        }
        if (ts.isForInStatement(visited))
          return f.updateForInStatement(visited, visited.initializer, visited.expression, newBody);
        if (ts.isWhileStatement(visited)) return f.updateWhileStatement(visited, visited.expression, newBody);
        if (ts.isDoStatement(visited)) return f.updateDoStatement(visited, newBody, visited.expression);
        return visited;
      };

      const visitArgs = (args: ts.NodeArray<ts.Expression>) =>
        ts.visitNodes(args, visitor) as ts.NodeArray<ts.Expression>;

      const transformCall = (node: ts.CallExpression): ts.Node => {
        const plan: CallPlan = analysis.calls.get(node) ?? { kind: 'plain' };
        const current = frame();
        let callee: ts.Expression = node.expression;
        while (ts.isParenthesizedExpression(callee)) callee = callee.expression;

        if (plan.kind === 'helper' && ts.isPropertyAccessExpression(callee)) {
          const receiver = ts.visitNode(callee.expression, visitor) as ts.Expression;
          return ts.setTextRange(helper(plan.name, [receiver, ...visitArgs(node.arguments)]), node);
        }
        // A global function the engine has but the device words otherwise (`String(x)`).
        if (plan.kind === 'helper' && ts.isIdentifier(callee)) {
          return ts.setTextRange(helper(plan.name, [...visitArgs(node.arguments)]), node);
        }
        const waits = analysis.waits(plan);
        if (plan.kind === 'wait-helper' && waits && ts.isPropertyAccessExpression(callee)) {
          const receiver = ts.visitNode(callee.expression, visitor) as ts.Expression;
          const helped = ts.setTextRange(helper(plan.name, [receiver, ...visitArgs(node.arguments)]), node);
          return current.generator ? yieldStar(helped) : call(rt('finishSync'), [helped]);
        }
        if (plan.kind === 'indirect') {
          const args = f.createArrayLiteralExpression(visitArgs(node.arguments));
          let target: ts.Expression;
          if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
            const receiver = ts.visitNode(callee.expression, visitor) as ts.Expression;
            const key = ts.isPropertyAccessExpression(callee)
              ? f.createStringLiteral(callee.name.text)
              : (ts.visitNode(callee.argumentExpression, visitor) as ts.Expression);
            target = call(rt(current.generator ? 'callMethod' : 'callMethodSync'), [receiver, key, args]);
          } else {
            const fn = ts.visitNode(callee, visitor) as ts.Expression;
            target = call(rt(current.generator ? 'call' : 'callSync'), [fn, f.createVoidZero(), args]);
          }
          ts.setTextRange(target, node);
          return current.generator ? yieldStar(target) : target;
        }
        const visited = ts.visitEachChild(node, visitor, context);
        if (!waits || plan.kind === 'wait-helper') return visited;
        if (current.generator) return yieldStar(visited);
        // A function that only loops (no real wait) can still run where waiting is impossible.
        return plan.kind === 'host-wait' ? visited : call(rt('finishSync'), [visited]);
      };

      const isStringy = (node: ts.Expression) =>
        (checker.getTypeAtLocation(node).flags & ts.TypeFlags.StringLike) !== 0;

      /** Cheap to evaluate twice: an identifier, `this`, or `x.y` on one. */
      const isSimpleTarget = (node: ts.Expression): boolean =>
        ts.isIdentifier(node) ||
        (ts.isPropertyAccessExpression(node) &&
          (ts.isIdentifier(node.expression) || node.expression.kind === ts.SyntaxKind.ThisKeyword));

      const transformBinary = (node: ts.BinaryExpression): ts.Node => {
        const op = node.operatorToken.kind;
        if (op === ts.SyntaxKind.PlusToken && isStringy(node)) {
          const left = ts.visitNode(node.left, visitor) as ts.Expression;
          const right = ts.visitNode(node.right, visitor) as ts.Expression;
          return ts.setTextRange(helper('stringCat', [left, right]), node);
        }
        // `list[i] = value` can grow a list without bound: counted like push.
        if (
          op === ts.SyntaxKind.EqualsToken &&
          ts.isElementAccessExpression(node.left) &&
          !node.left.questionDotToken &&
          checker.isArrayType(checker.getTypeAtLocation(node.left.expression))
        ) {
          const list = ts.visitNode(node.left.expression, visitor) as ts.Expression;
          const index = ts.visitNode(node.left.argumentExpression, visitor) as ts.Expression;
          const value = ts.visitNode(node.right, visitor) as ts.Expression;
          return ts.setTextRange(helper('arrayWrite', [list, index, value]), node);
        }
        if (op === ts.SyntaxKind.PlusEqualsToken && isStringy(node.left) && isSimpleTarget(node.left)) {
          const left = ts.visitNode(node.left, visitor) as ts.Expression;
          const right = ts.visitNode(node.right, visitor) as ts.Expression;
          return ts.setTextRange(f.createAssignment(left, helper('stringCat', [left, right])), node);
        }
        return ts.visitEachChild(node, visitor, context);
      };

      /**
       * Keys computed at run time go through `$h.propertyKey`, which refuses the names the compiler
       * refuses in literal form (`x["constr" + "uctor"]` as much as `x.constructor`). Types cannot
       * vouch for a key: `any` can carry a string into a variable typed number.
       */
      const needsKeyGuard = (key: ts.Expression): boolean => !ts.isNumericLiteral(key) && !ts.isStringLiteralLike(key);
      const guardKey = (key: ts.Expression): ts.Expression => ts.setTextRange(helper('propertyKey', [key]), key);

      const transformElementAccess = (node: ts.ElementAccessExpression): ts.Node => {
        const visited = ts.visitEachChild(node, visitor, context);
        const key = guardKey(visited.argumentExpression);
        return ts.isElementAccessChain(visited)
          ? f.updateElementAccessChain(visited, visited.expression, visited.questionDotToken, key)
          : f.updateElementAccessExpression(visited, visited.expression, key);
      };

      const transformCatch = (node: ts.CatchClause): ts.Node => {
        const block = ts.visitNode(node.block, visitor) as ts.Block;
        const declared = node.variableDeclaration;
        const name = declared && ts.isIdentifier(declared.name) ? declared.name : f.createIdentifier('$$e');
        const statements: ts.Statement[] = [
          f.createExpressionStatement(f.createAssignment(name, call(rt('caught'), [name]))),
        ];
        if (declared && !ts.isIdentifier(declared.name)) {
          statements.push(
            f.createVariableStatement(
              undefined,
              f.createVariableDeclarationList(
                [f.createVariableDeclaration(declared.name, undefined, undefined, name)],
                ts.NodeFlags.Let,
              ),
            ),
          );
        }
        const variable = declared && ts.isIdentifier(declared.name) ? declared : f.createVariableDeclaration(name);
        return f.updateCatchClause(node, variable, f.updateBlock(block, [...statements, ...block.statements]));
      };

      const statements = visitStatements(file.statements);
      return f.updateSourceFile(file, statements);
    };
  };
}
