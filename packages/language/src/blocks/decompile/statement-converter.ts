// TypeScript statements -> statement blocks. Each statement is converted on its own: when any part
// of it has no block (or holds a comment blocks cannot place, or a syntax error), the whole
// statement becomes one grey code block with its exact text, and the statements around it still
// become blocks. Comments between statements become block comments.

import type ts from 'typescript';
import type { ApiParameter } from '../api/api-metadata.ts';
import type { ApiBlock } from '../definitions/api-blocks.ts';
import { FUNCTION_DEFINITION } from '../definitions/builtin-blocks.ts';
import { handlerReporter, literalShadowTypes } from '../definitions/default-values.ts';
import { type BlockNode, chain, type FieldNode, type InputNode } from '../model/blocks-model.ts';
import {
  emptyArrayType,
  makeBlock,
  mutation,
  NotBlocks,
  symbolAt,
  type UserFunction,
  unwrap,
  variableField,
} from './decompile-context.ts';
import { ExpressionConverter } from './expression-converter.ts';
import { isWholeNumber } from './whole-number.ts';
import { letLike, readAfterItsLoops } from './loop-variables.ts';
import { greyBlock, greyText } from './grey-code.ts';
import { commentText, type SourceComment, sameLine, scanGap } from './source-gaps.ts';

interface Scope {
  /** Inside a function definition: `return` has a block. */
  readonly inFunction: boolean;
  /** Inside a loop: `break` and `continue` have blocks. */
  readonly inLoop: boolean;
  /** Inside an event's code: a `return` without a value has a block (it ends the event's code). */
  readonly inHandler?: boolean;
}

export interface GreyNote {
  readonly line: number;
  readonly reason: string;
}

export abstract class StatementConverter extends ExpressionConverter {
  readonly greyNotes: GreyNote[] = [];
  protected scope: Scope = { inFunction: false, inLoop: false };
  /** Syntax errors: statements around them are kept as grey code. */
  protected syntaxErrors: readonly { readonly start: number; readonly separator: boolean }[] = [];

  /** Comments of empty bodies inside the statement being converted: they join its block. */
  private orphanComments: SourceComment[] = [];

  /** A grey code block for a statement, noting why. */
  protected grey(node: ts.Node, reason: string): BlockNode {
    this.note(node.getStart(this.context.file), reason);
    const { text, declared } = greyText(this.context, node);
    return greyBlock(this.context, text, declared);
  }

  private note(offset: number, reason: string): void {
    this.greyNotes.push({ line: this.context.file.getLineAndCharacterOfPosition(offset).line + 1, reason });
  }

  /**
   * Blocks for a list of statements from `listStart` to `listEnd` (the closing brace or the end of
   * the file). Comments before a statement become its comment; comments after the last one join
   * it; `leftover` receives the comments of an empty list.
   */
  protected statementList(
    statements: readonly ts.Statement[],
    listStart: number,
    listEnd: number,
    leftover?: (comments: SourceComment[]) => void,
  ): BlockNode[] {
    const text = this.context.text;
    const blocks: BlockNode[] = [];
    let pending: SourceComment[] = [];
    let previousEnd = listStart;
    const attach = (block: BlockNode, comments: readonly SourceComment[]): BlockNode =>
      comments.length === 0
        ? block
        : {
            ...block,
            comment: {
              text: block.comment ? `${block.comment.text}\n${commentText(comments)}` : commentText(comments),
              attributes: { pinned: 'false' },
            },
          };
    const takeGap = (end: number, first: boolean) => {
      const gap = scanGap(text, previousEnd, end);
      for (const comment of gap.comments) {
        const last = blocks[blocks.length - 1];
        if (!first && last && sameLine(text, previousEnd, comment.start) && pending.length === 0) {
          blocks[blocks.length - 1] = attach(last, [comment]); // trailing comment of the statement before
        } else pending.push(comment);
      }
      for (const stray of gap.stray) {
        this.note(stray.start, 'text the parser could not read');
        blocks.push(attach(greyBlock(this.context, stray.text), pending));
        pending = [];
      }
    };
    statements.forEach((statement, index) => {
      takeGap(statement.getStart(this.context.file), index === 0);
      previousEnd = statement.end;
      const block = this.statement(statement);
      if (!block) return;
      // One statement may give a stack (`let a = 1, b = 2`, a bare { ... }): each block joins the list.
      const [head, ...rest] = stackOf(block);
      blocks.push(attach(head!, pending), ...rest);
      pending = [];
    });
    takeGap(listEnd, statements.length === 0);
    if (pending.length) {
      const last = blocks[blocks.length - 1];
      if (last) blocks[blocks.length - 1] = attach(last, pending);
      else leftover?.(pending);
    }
    return blocks;
  }

  /** The statements of a body (`{ ... }` or a single statement) as a stack. */
  protected body(node: ts.Statement, scope: Partial<Scope>): BlockNode | undefined {
    const saved = this.scope;
    this.scope = { ...saved, ...scope };
    try {
      if (this.ts.isBlock(node)) {
        const start = node.getStart(this.context.file) + 1;
        return chain(
          this.statementList(node.statements, start, node.end - 1, (comments) => this.orphanComments.push(...comments)),
        );
      }
      const block = this.statement(node);
      return block ? chain([block]) : undefined;
    } finally {
      this.scope = saved;
    }
  }

  /** One statement as a block (grey when blocks cannot show it); undefined for `;`. */
  statement(node: ts.Statement): BlockNode | undefined {
    const tsApi = this.ts;
    if (tsApi.isEmptyStatement(node)) return undefined;
    if (this.hasSyntaxError(node)) return this.grey(node, 'this statement has a syntax error');
    const bodies = this.nestedBodies(node);
    if (this.hasOwnComment(node, bodies))
      return this.grey(node, 'a comment inside this statement has no place in blocks');
    const outer = this.orphanComments;
    this.orphanComments = [];
    const logged = this.context.variableLog.length;
    const notes = this.greyNotes.length;
    try {
      return this.withOrphans(this.convert(node));
    } catch (error) {
      if (!(error instanceof NotBlocks)) throw error;
      // Forget what the failed attempt noted (variables, grey code inside); the grey code notes its own.
      for (const name of this.context.variableLog.splice(logged)) this.context.usedVariables.delete(name);
      this.greyNotes.splice(notes);
      return this.grey(node, error.message);
    } finally {
      this.orphanComments = outer;
    }
  }

  /** Adds the comments of the block's empty bodies to its own comment. */
  protected withOrphans(block: BlockNode): BlockNode {
    if (this.orphanComments.length === 0) return block;
    const text = commentText(this.orphanComments);
    this.orphanComments = [];
    return {
      ...block,
      comment: { text: block.comment ? `${block.comment.text}\n${text}` : text, attributes: { pinned: 'false' } },
    };
  }

  private convert(node: ts.Statement): BlockNode {
    const tsApi = this.ts;
    if (tsApi.isExpressionStatement(node)) return this.expressionStatement(node.expression);
    if (tsApi.isVariableStatement(node)) return this.variableStatement(node);
    if (tsApi.isIfStatement(node)) return this.ifStatement(node);
    if (tsApi.isWhileStatement(node)) {
      return makeBlock(this.context, 'device_while', {
        inputs: [
          this.builtinInput('device_while', 'COND', node.expression, 'Boolean'),
          this.statementInput('DO', node.statement, { inLoop: true }),
        ],
      });
    }
    if (tsApi.isBlock(node)) {
      // A bare { ... } adds nothing blocks show: its statements join the stack, as in MakeCode.
      const inner = this.body(node, {});
      if (!inner) throw new NotBlocks('an empty { } has no block');
      return inner;
    }
    if (tsApi.isForStatement(node)) return this.forStatement(node);
    if (tsApi.isForOfStatement(node)) return this.forOfStatement(node);
    if (tsApi.isReturnStatement(node)) {
      if (!this.scope.inFunction && !(this.scope.inHandler && !node.expression)) {
        throw new NotBlocks('a return outside a function has no block');
      }
      if (!node.expression) {
        return makeBlock(this.context, 'function_return', { mutation: mutation({ no_return_value: 'true' }) });
      }
      return makeBlock(this.context, 'function_return', {
        inputs: [this.builtinInput('function_return', 'RETURN_VALUE', node.expression)],
      });
    }
    if (tsApi.isBreakStatement(node) || tsApi.isContinueStatement(node)) {
      if (!this.scope.inLoop || node.label) throw new NotBlocks('this break or continue has no block');
      return makeBlock(this.context, tsApi.isBreakStatement(node) ? 'break_keyword' : 'continue_keyword');
    }
    throw new NotBlocks(`${tsApi.SyntaxKind[node.kind]} has no block`);
  }

  private statementInput(name: string, node: ts.Statement, scope: Partial<Scope>): InputNode {
    const block = this.body(node, scope);
    return { kind: 'statement', name, ...(block ? { block } : {}) };
  }

  private expressionStatement(expression: ts.Expression): BlockNode {
    const tsApi = this.ts;
    const expr = unwrap(tsApi, expression);
    if (tsApi.isCallExpression(expr)) {
      const block = this.callExpression(expr, true);
      if (this.context.registry.definition(block.type)?.shape === 'hat') {
        throw new NotBlocks('an event inside other code has no block; events go at the top of the program');
      }
      return block;
    }
    if (tsApi.isBinaryExpression(expr)) return this.assignment(expr);
    if (
      (tsApi.isPostfixUnaryExpression(expr) || tsApi.isPrefixUnaryExpression(expr)) &&
      (expr.operator === tsApi.SyntaxKind.PlusPlusToken || expr.operator === tsApi.SyntaxKind.MinusMinusToken)
    ) {
      const name = this.variableName(expr.operand);
      return makeBlock(this.context, 'variables_change', {
        fields: [this.varField(name)],
        inputs: [
          {
            kind: 'value',
            name: 'VALUE',
            shadow: this.shadow(
              literalShadowTypes['math_number']!,
              expr.operator === tsApi.SyntaxKind.PlusPlusToken ? '1' : '-1',
            ),
          },
        ],
      });
    }
    throw new NotBlocks('this expression has no block');
  }

  private assignment(node: ts.BinaryExpression): BlockNode {
    const tsApi = this.ts;
    const kind = node.operatorToken.kind;
    const left = unwrap(tsApi, node.left);
    if (kind === tsApi.SyntaxKind.EqualsToken) {
      if (tsApi.isElementAccessExpression(left)) {
        if (!this.isArray(left.expression)) throw new NotBlocks('only array items can be set in blocks');
        return this.withInputs('lists_index_set', [
          ['LIST', left.expression],
          ['INDEX', left.argumentExpression],
          ['VALUE', node.right],
        ]);
      }
      const name = this.variableName(left);
      return makeBlock(this.context, 'variables_set', {
        fields: [this.varField(name)],
        inputs: [this.builtinInput('variables_set', 'VALUE', node.right)],
      });
    }
    if (kind === tsApi.SyntaxKind.PlusEqualsToken || kind === tsApi.SyntaxKind.MinusEqualsToken) {
      const name = this.variableName(left);
      if (kind === tsApi.SyntaxKind.PlusEqualsToken && this.isString(left)) {
        // s += x is "set s to join s x".
        const join = makeBlock(this.context, 'text_join', {
          inputs: [this.builtinInput('text_join', 'ADD0', left), this.builtinInput('text_join', 'ADD1', node.right)],
          mutation: mutation({ items: '2' }),
        });
        return makeBlock(this.context, 'variables_set', {
          fields: [this.varField(name)],
          inputs: [
            { kind: 'value', name: 'VALUE', shadow: this.shadow(literalShadowTypes['math_number']!, '0'), block: join },
          ],
        });
      }
      let value: InputNode;
      if (kind === tsApi.SyntaxKind.PlusEqualsToken)
        value = this.builtinInput('variables_change', 'VALUE', node.right, 'Number');
      else {
        const literal = this.literal(node.right);
        value =
          literal?.kind === 'number'
            ? {
                kind: 'value',
                name: 'VALUE',
                shadow: this.shadow(
                  literalShadowTypes['math_number']!,
                  literal.text.startsWith('-') ? literal.text.slice(1) : `-${literal.text}`,
                ),
              }
            : {
                kind: 'value',
                name: 'VALUE',
                shadow: this.shadow(literalShadowTypes['math_number']!, '0'),
                // -1 × e, not 0 - e: x + (-1 × e) is exactly x - e, even for -0.
                block: makeBlock(this.context, 'math_arithmetic', {
                  fields: [{ name: 'OP', value: 'MULTIPLY' }],
                  inputs: [
                    { kind: 'value', name: 'A', shadow: this.shadow(literalShadowTypes['math_number']!, '-1') },
                    this.builtinInput('math_arithmetic', 'B', node.right, 'Number'),
                  ],
                }),
              };
      }
      return makeBlock(this.context, 'variables_change', { fields: [this.varField(name)], inputs: [value] });
    }
    throw new NotBlocks('this assignment has no block');
  }

  private variableStatement(node: ts.VariableStatement): BlockNode {
    const tsApi = this.ts;
    const list = node.declarationList;
    // `var` too, as in MakeCode: blocks variables live for the whole program, as a var would.
    if (node.modifiers?.length) throw new NotBlocks('declarations with modifiers have no block');
    const blocks = list.declarations.map((declaration) => {
      if (!tsApi.isIdentifier(declaration.name)) throw new NotBlocks('destructuring has no block');
      if (!declaration.initializer) throw new NotBlocks('a variable without a value has no block');
      const arrayType = emptyArrayType(tsApi, declaration.type, declaration.initializer);
      if (declaration.type && !arrayType && !this.redundantType(declaration.type, declaration.initializer)) {
        throw new NotBlocks('the type of this variable only shows in code');
      }
      const name = this.variableName(declaration.name);
      if (arrayType) {
        const known = this.context.declaredTypes.get(name);
        if (known !== undefined && known !== arrayType) throw new NotBlocks('this variable has two types');
        this.context.declaredTypes.set(name, arrayType);
      }
      return makeBlock(this.context, 'variables_set', {
        fields: [this.varField(name)],
        inputs: [this.builtinInput('variables_set', 'VALUE', declaration.initializer)],
      });
    });
    const first = chain(blocks);
    if (!first) throw new NotBlocks('an empty declaration has no block');
    return first;
  }

  /**
   * A written type blocks can drop: the value's own simple type (`let n: number = 5`), or exactly
   * the type the value has anyway (`let img: Image = images.iconImage(IconNames.Heart)`, which
   * MakeCode shows as a `set` block): without it the variable gets the same type.
   */
  private redundantType(type: ts.TypeNode, value: ts.Expression): boolean {
    const tsApi = this.ts;
    const checker = this.context.checker;
    const valueType = checker.getTypeAtLocation(value);
    const flags = valueType.flags;
    const declared = checker.getTypeFromTypeNode(type);
    const inferred = checker.getWidenedType(checker.getBaseTypeOfLiteralType(valueType));
    const loose = tsApi.TypeFlags.Any | tsApi.TypeFlags.Unknown | tsApi.TypeFlags.Null | tsApi.TypeFlags.Undefined;
    if (declared === inferred && (declared.flags & loose) === 0) return true;
    const simple = (node: ts.TypeNode, check: (t: ts.Type) => boolean): boolean => {
      if (node.kind === tsApi.SyntaxKind.NumberKeyword)
        return check(valueType) && (flags & tsApi.TypeFlags.NumberLike) !== 0;
      if (node.kind === tsApi.SyntaxKind.StringKeyword)
        return check(valueType) && (flags & tsApi.TypeFlags.StringLike) !== 0;
      if (node.kind === tsApi.SyntaxKind.BooleanKeyword)
        return check(valueType) && (flags & tsApi.TypeFlags.BooleanLike) !== 0;
      return false;
    };
    if (tsApi.isArrayTypeNode(type)) {
      const element = type.elementType;
      if (!this.context.checker.isArrayType(valueType)) return false;
      const elementType = this.context.checker.getTypeArguments(valueType as ts.TypeReference)[0];
      if (!elementType) return false;
      const kind =
        element.kind === tsApi.SyntaxKind.NumberKeyword
          ? tsApi.TypeFlags.NumberLike
          : element.kind === tsApi.SyntaxKind.StringKeyword
            ? tsApi.TypeFlags.StringLike
            : element.kind === tsApi.SyntaxKind.BooleanKeyword
              ? tsApi.TypeFlags.BooleanLike
              : 0;
      return kind !== 0 && (elementType.flags & kind) !== 0;
    }
    return simple(type, () => true);
  }

  private ifStatement(node: ts.IfStatement): BlockNode {
    const tsApi = this.ts;
    const inputs: InputNode[] = [];
    let current: ts.IfStatement = node;
    let arms = 0;
    let elseBranch: ts.Statement | undefined;
    for (;;) {
      inputs.push(this.builtinInput('controls_if', `IF${arms}`, current.expression, 'Boolean'));
      inputs.push(this.statementInput(`DO${arms}`, current.thenStatement, {}));
      arms++;
      const next = current.elseStatement;
      if (next && tsApi.isIfStatement(next) && !this.hasOwnComment(next, this.nestedBodies(next))) {
        current = next;
        continue;
      }
      elseBranch = next;
      break;
    }
    if (elseBranch) inputs.push(this.statementInput('ELSE', elseBranch, {}));
    return makeBlock(this.context, 'controls_if', {
      mutation: mutation({ elseif: String(arms - 1), else: elseBranch ? '1' : '0' }),
      inputs,
    });
  }

  private forStatement(node: ts.ForStatement): BlockNode {
    const tsApi = this.ts;
    const init = node.initializer;
    let variable: ts.Identifier | undefined;
    let declared = false;
    if (init && tsApi.isVariableDeclarationList(init)) {
      const only = init.declarations.length === 1 ? init.declarations[0] : undefined;
      if (only && tsApi.isIdentifier(only.name) && this.isZero(only.initializer)) {
        if (letLike(this.context, init, only.name)) {
          variable = only.name;
          declared = true;
        } else if (readAfterItsLoops(this.context, only.name)) variable = only.name; // as `i = 0` would be
      }
    } else if (
      init &&
      tsApi.isBinaryExpression(init) &&
      init.operatorToken.kind === tsApi.SyntaxKind.EqualsToken &&
      tsApi.isIdentifier(init.left) &&
      this.isZero(init.right)
    ) {
      variable = init.left;
    }
    const condition = node.condition ? unwrap(tsApi, node.condition) : undefined;
    if (
      !variable ||
      !condition ||
      !tsApi.isBinaryExpression(condition) ||
      !this.isSameVariable(condition.left, variable) ||
      !this.isIncrement(node.incrementor, variable)
    ) {
      throw new NotBlocks('only counting loops (for (let i = 0; i < n; i++)) have blocks');
    }
    const op = condition.operatorToken.kind;
    if (op !== tsApi.SyntaxKind.LessThanToken && op !== tsApi.SyntaxKind.LessThanEqualsToken) {
      throw new NotBlocks('only counting up with < or <= has a block');
    }
    if (op === tsApi.SyntaxKind.LessThanToken && declared && !this.uses(node.statement, variable)) {
      return makeBlock(this.context, 'controls_repeat_ext', {
        inputs: [
          this.builtinInput('controls_repeat_ext', 'TIMES', condition.right, 'Number'),
          this.statementInput('DO', node.statement, { inLoop: true }),
        ],
      });
    }
    const name = this.variableName(variable);
    let to: InputNode;
    if (op === tsApi.SyntaxKind.LessThanEqualsToken)
      to = this.builtinInput('pxt_controls_for', 'TO', condition.right, 'Number');
    else {
      // The block counts to TO inclusive. The counter takes whole values only, so `i < n` is
      // `i <= ceil(n) - 1`: n - 1 (what MakeCode writes) for whole n, and also right for `i < 4.5`;
      // a bound that may not be whole gets its ceiling block (MakeCode's n - 1 would run
      // `i < 0.5` no times instead of once). `i < x + 1` (Python's `range(x + 1)`) is "to x",
      // or "to ceil(x)".
      const literal = this.literal(condition.right);
      const bound = literal?.kind === 'number' ? Number(literal.text) : Number.NaN;
      const plusOne = this.plusOne(condition.right);
      const counted = (name: string, expression: ts.Expression): InputNode => {
        if (isWholeNumber(tsApi, this.context.checker, expression))
          return this.builtinInput(name === 'TO' ? 'pxt_controls_for' : 'math_arithmetic', name, expression, 'Number');
        const ceiling = this.builtinInput('math_js_round', 'ARG0', expression, 'Number');
        return {
          kind: 'value',
          name,
          shadow: this.shadow(literalShadowTypes[name === 'TO' ? 'math_whole_number' : 'math_number']!, '0'),
          block: makeBlock(this.context, 'math_js_round', {
            fields: [{ name: 'OP', value: 'ceil' }],
            inputs: [ceiling],
          }),
        };
      };
      to = Number.isFinite(bound)
        ? {
            kind: 'value',
            name: 'TO',
            shadow: this.shadow(literalShadowTypes['math_whole_number']!, String(Math.ceil(bound) - 1)),
          }
        : plusOne
          ? counted('TO', plusOne)
          : {
              kind: 'value',
              name: 'TO',
              shadow: this.shadow(literalShadowTypes['math_whole_number']!, '0'),
              block: makeBlock(this.context, 'math_arithmetic', {
                fields: [{ name: 'OP', value: 'MINUS' }],
                inputs: [
                  counted('A', condition.right),
                  { kind: 'value', name: 'B', shadow: this.shadow(literalShadowTypes['math_number']!, '1') },
                ],
              }),
            };
    }
    return makeBlock(this.context, 'pxt_controls_for', {
      inputs: [this.loopVariableInput(name), to, this.statementInput('DO', node.statement, { inLoop: true })],
    });
  }

  /** For `x + 1`, `x` (parentheses aside). */
  private plusOne(node: ts.Expression): ts.Expression | undefined {
    const tsApi = this.ts;
    const sum = unwrap(tsApi, node);
    if (!tsApi.isBinaryExpression(sum) || sum.operatorToken.kind !== tsApi.SyntaxKind.PlusToken) return undefined;
    const one = unwrap(tsApi, sum.right);
    return tsApi.isNumericLiteral(one) && Number(one.text) === 1 ? sum.left : undefined;
  }

  private forOfStatement(node: ts.ForOfStatement): BlockNode {
    const tsApi = this.ts;
    const init = node.initializer;
    let variable: ts.Identifier | undefined;
    if (tsApi.isVariableDeclarationList(init)) {
      const only = init.declarations.length === 1 ? init.declarations[0] : undefined;
      if (only && tsApi.isIdentifier(only.name) && !only.initializer && letLike(this.context, init, only.name))
        variable = only.name;
    } else if (tsApi.isIdentifier(init)) variable = init;
    if (!variable || node.awaitModifier) throw new NotBlocks('only for (let x of list) has a block');
    const name = this.variableName(variable);
    return makeBlock(this.context, 'pxt_controls_for_of', {
      inputs: [
        this.loopVariableInput(name),
        this.builtinInput('pxt_controls_for_of', 'LIST', node.expression, ['Array', 'String']),
        this.statementInput('DO', node.statement, { inLoop: true }),
      ],
    });
  }

  private loopVariableInput(name: string): InputNode {
    return {
      kind: 'value',
      name: 'VAR',
      shadow: makeBlock(this.context, 'variables_get_reporter', { shadow: true, fields: [this.varField(name)] }),
    };
  }

  protected varField(name: string): FieldNode {
    return variableField(this.context, name);
  }

  /** The blocks variable a name refers to; parameters and other names cannot be set. */
  protected variableName(node: ts.Expression): string {
    if (!this.ts.isIdentifier(node)) throw new NotBlocks('only variables can be set in blocks');
    const name = this.context.variables.nameOf(symbolAt(this.context, node));
    if (name === undefined) throw new NotBlocks(`"${node.text}" is not a variable blocks know`);
    return name;
  }

  private isZero(node: ts.Expression | undefined): boolean {
    return !!node && this.ts.isNumericLiteral(unwrap(this.ts, node)) && Number(unwrap(this.ts, node).getText()) === 0;
  }

  private isSameVariable(node: ts.Expression, variable: ts.Identifier): boolean {
    return this.ts.isIdentifier(node) && symbolAt(this.context, node) === symbolAt(this.context, variable);
  }

  private isIncrement(node: ts.Expression | undefined, variable: ts.Identifier): boolean {
    const tsApi = this.ts;
    if (!node) return false;
    if (
      (tsApi.isPostfixUnaryExpression(node) || tsApi.isPrefixUnaryExpression(node)) &&
      node.operator === tsApi.SyntaxKind.PlusPlusToken
    ) {
      return this.isSameVariable(node.operand, variable);
    }
    return (
      tsApi.isBinaryExpression(node) &&
      node.operatorToken.kind === tsApi.SyntaxKind.PlusEqualsToken &&
      this.isSameVariable(node.left, variable) &&
      this.literal(node.right)?.text === '1'
    );
  }

  private uses(node: ts.Node, variable: ts.Identifier): boolean {
    const tsApi = this.ts;
    const symbol = symbolAt(this.context, variable);
    const visit = (child: ts.Node): boolean =>
      (tsApi.isIdentifier(child) && child.text === variable.text && symbolAt(this.context, child) === symbol) ||
      !!tsApi.forEachChild(child, visit);
    return visit(node);
  }

  private isString(node: ts.Expression): boolean {
    const type = this.context.checker.getTypeAtLocation(node);
    return (type.flags & this.ts.TypeFlags.StringLike) !== 0;
  }

  private isArray(node: ts.Expression): boolean {
    return this.context.checker.isArrayType(this.context.checker.getTypeAtLocation(node));
  }

  /** The event's callback: reporters for its arguments and its code as the HANDLER input. */
  protected handlerInputs(
    node: ts.Expression,
    api: ApiBlock,
    param: ApiParameter,
  ): { inputs: InputNode[]; fields: FieldNode[] } {
    const tsApi = this.ts;
    const fn = unwrap(tsApi, node);
    if (
      !(tsApi.isFunctionExpression(fn) || tsApi.isArrowFunction(fn)) ||
      fn.name ||
      fn.asteriskToken ||
      fn.typeParameters
    ) {
      throw new NotBlocks('the event code must be a function () { ... }');
    }
    if (fn.modifiers?.length) throw new NotBlocks('async event code has no block');
    const declaredArgs = param.handler?.parameters ?? [];
    if (fn.parameters.length > declaredArgs.length) throw new NotBlocks('the event code takes too many arguments');
    const draggable = api.fn.draggableParameters !== undefined;
    if (fn.parameters.length > 0 && !draggable) throw new NotBlocks('this event gives no arguments to blocks');
    const inputs: InputNode[] = [];
    const added: ts.Symbol[] = [];
    fn.parameters.forEach((p, i) => {
      if (!tsApi.isIdentifier(p.name) || p.initializer || p.dotDotDotToken || p.questionToken) {
        throw new NotBlocks('event arguments must be plain names');
      }
      const symbol = symbolAt(this.context, p.name);
      const declared = declaredArgs[i]!;
      if (symbol) {
        added.push(symbol);
        this.context.reporters.set(symbol, {
          name: p.name.text,
          kind: reporterKind(declared.type),
          typeName: declared.type,
        });
      }
    });
    if (draggable) {
      declaredArgs.forEach((arg, i) => {
        const given = fn.parameters[i];
        const reporter = handlerReporter(given ? given.name.getText() : arg.name, arg.type);
        inputs.push({
          kind: 'value',
          name: `HANDLER_DRAG_PARAM_${arg.name}`,
          shadow: { ...reporter, id: this.context.nextId() },
        });
      });
    }
    try {
      const saved = this.scope;
      this.scope = { inFunction: false, inLoop: false, inHandler: true };
      try {
        let body: BlockNode | undefined;
        if (tsApi.isBlock(fn.body)) body = this.body(fn.body, {});
        else body = chain([this.expressionStatement(fn.body)]);
        inputs.push({ kind: 'statement', name: 'HANDLER', ...(body ? { block: body } : {}) });
      } finally {
        this.scope = saved;
      }
    } finally {
      for (const symbol of added) this.context.reporters.delete(symbol);
    }
    return { inputs, fields: [] };
  }

  /** A user function as a `function_definition` block with reporters for its parameters. */
  protected functionDefinition(declaration: ts.FunctionDeclaration, user: UserFunction): BlockNode {
    const added: ts.Symbol[] = [];
    const copies: BlockNode[] = [];
    declaration.parameters.forEach((p, i) => {
      const symbol = symbolAt(this.context, p.name);
      const arg = user.args[i]!;
      if (symbol) {
        added.push(symbol);
        this.context.reporters.set(symbol, { name: arg.name, kind: reporterKind(arg.type), typeName: arg.type });
      }
    });
    let body: BlockNode | undefined;
    const outer = this.orphanComments;
    this.orphanComments = [];
    try {
      // A parameter the function sets is a variable (variable-names.ts): set it from the
      // parameter's reporter first, and let the body use the variable.
      for (const p of declaration.parameters) {
        const symbol = symbolAt(this.context, p.name);
        const name = this.context.variables.nameOf(symbol);
        if (!symbol || name === undefined || !this.ts.isIdentifier(p.name)) continue;
        copies.push(
          makeBlock(this.context, 'variables_set', {
            fields: [this.varField(name)],
            inputs: [this.builtinInput('variables_set', 'VALUE', p.name)],
          }),
        );
        this.context.reporters.delete(symbol);
      }
      body = this.body(declaration.body!, { inFunction: true, inLoop: false });
      if (copies.length > 0) body = chain([...copies, ...(body ? stackOf(body) : [])]);
    } finally {
      for (const symbol of added) this.context.reporters.delete(symbol);
    }
    const block = makeBlock(this.context, FUNCTION_DEFINITION, {
      mutation: mutation(
        { name: user.name, functionid: user.id },
        user.args.map((arg) => ({
          tag: 'arg',
          attributes: { name: arg.name, id: arg.id, type: arg.type },
          children: [],
        })),
      ),
      fields: [{ name: 'function_name', value: user.name }],
      inputs: [{ kind: 'statement', name: 'STACK', ...(body ? { block: body } : {}) }],
    });
    const result = this.withOrphans(block);
    this.orphanComments = outer;
    return result;
  }

  /** Bodies of a statement that are converted as statement lists of their own. */
  protected nestedBodies(node: ts.Node): ts.Block[] {
    const tsApi = this.ts;
    const bodies: ts.Block[] = [];
    const visit = (child: ts.Node) => {
      if (tsApi.isBlock(child)) {
        bodies.push(child);
        return;
      }
      if (tsApi.isFunctionDeclaration(child) || tsApi.isFunctionExpression(child) || tsApi.isArrowFunction(child)) {
        if (child.body && tsApi.isBlock(child.body)) bodies.push(child.body);
        return;
      }
      if (tsApi.isClassLike(child)) return;
      tsApi.forEachChild(child, visit);
    };
    tsApi.forEachChild(node, visit);
    if (tsApi.isFunctionDeclaration(node) && node.body) bodies.push(node.body);
    return bodies;
  }

  /** True when a comment sits in the statement's own text (not in the bodies converted apart). */
  protected hasOwnComment(node: ts.Node, bodies: readonly ts.Block[]): boolean {
    const tsApi = this.ts;
    const text = this.context.text;
    const start = node.getStart(this.context.file);
    const holes = bodies.map((b) => [b.getStart(this.context.file) + 1, b.end - 1] as const);
    const inHole = (at: number) => holes.some(([from, to]) => at >= from && at < to);
    const candidates: number[] = [];
    for (let at = text.indexOf('/', start); at >= 0 && at < node.end - 1; at = text.indexOf('/', at + 1)) {
      const next = text.charCodeAt(at + 1);
      if ((next === 47 || next === 42) && !inHole(at)) candidates.push(at);
    }
    if (candidates.length === 0) return false;
    const literals: [number, number][] = [];
    const visit = (child: ts.Node): void => {
      if (
        tsApi.isStringLiteral(child) ||
        tsApi.isNoSubstitutionTemplateLiteral(child) ||
        tsApi.isRegularExpressionLiteral(child) ||
        tsApi.isTemplateHead(child) ||
        tsApi.isTemplateMiddle(child) ||
        tsApi.isTemplateTail(child)
      ) {
        literals.push([child.getStart(this.context.file), child.end]);
        return;
      }
      tsApi.forEachChild(child, visit);
    };
    visit(node);
    return candidates.some((at) => !literals.some(([from, to]) => at >= from && at < to));
  }

  protected hasSyntaxError(node: ts.Node): boolean {
    const start = node.getStart(this.context.file);
    const end = node.end === this.context.text.length ? node.end + 1 : node.end;
    // An error right at the end belongs to the statement (an unterminated string), except a
    // missing `;`: that is two statements run together, each complete.
    return this.syntaxErrors.some(
      (error) => error.start >= start && (error.start < end || (error.start === node.end && !error.separator)),
    );
  }
}

function reporterKind(type: string): string {
  if (type === 'number' || type === 'string' || type === 'boolean') return type;
  if (/\[\]$/.test(type) || /^Array<.*>$/.test(type) || type === 'Array') return 'array';
  return type;
}

/** The blocks of a stack, each without its next. */
export function stackOf(first: BlockNode): BlockNode[] {
  const blocks: BlockNode[] = [];
  for (let block: BlockNode | undefined = first; block; block = block.next) {
    const { next: _next, ...alone } = block;
    blocks.push(alone);
  }
  return blocks;
}
