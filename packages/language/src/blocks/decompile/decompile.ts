// TypeScript -> blocks (the decompiler). Every construct the toolbox can express comes back as
// the same blocks; every other statement becomes a grey code block holding its exact text, which
// the generator writes back unchanged; comments become block comments (or workspace comments when
// a blank line follows them at the top level). Uses the compiler's warm Program and type checker
// to resolve calls, enums, variables and text joins.

import type ts from 'typescript';
import type { Compiler } from '../../compiler/create-compiler.ts';
import type { BlockRegistry } from '../definitions/block-registry.ts';
import { ON_START } from '../definitions/builtin-blocks.ts';
import {
  type BlockNode,
  type BlocksWorkspace,
  chain,
  type WorkspaceComment,
  withVariableTypes,
} from '../model/blocks-model.ts';
import { BLOCKLY_XML_NAMESPACE } from '../model/write-blocks-xml.ts';
import {
  type DecompileContext,
  emptyArrayType,
  libraryName,
  makeBlock,
  mutation,
  NotBlocks,
  symbolAt,
  type UserFunction,
  unwrap,
  variableField,
  variableId,
} from './decompile-context.ts';
import { greyBlock } from './grey-code.ts';
import { TypeInference } from '../generate/expression-types.ts';
import { layOut } from './layout.ts';
import { commentText, groupComments, hasBlankLine, scanGap, type SourceComment } from './source-gaps.ts';
import { type GreyNote, StatementConverter, stackOf } from './statement-converter.ts';
import { VariableNames } from './variable-names.ts';

export interface DecompileSetup {
  readonly ts: typeof ts;
  readonly registry: BlockRegistry;
  /** The compiler whose warm Program is reused (`compiler.program(files)`). */
  readonly compiler: Pick<Compiler, 'program'>;
}

export interface DecompileOptions {
  /** Other files of the project (`custom.ts`), type-checked with `main.ts`; not decompiled. */
  readonly files?: Readonly<Record<string, string>>;
}

export interface DecompileResult {
  readonly workspace: BlocksWorkspace;
  /** How many grey code blocks the program needs, and why (1-based lines). */
  readonly greyBlocks: number;
  readonly greyNotes: readonly GreyNote[];
}

export function typeScriptToBlocks(
  source: string,
  setup: DecompileSetup,
  options: DecompileOptions = {},
): DecompileResult {
  const program = setup.compiler.program({ ...options.files, 'main.ts': source });
  const file = program.getSourceFile('/main.ts');
  if (!file) throw new Error('The compiler did not load main.ts.');
  const checker = program.getTypeChecker();
  let counter = 0;
  const reserved = new Set<string>([
    ...Object.keys(setup.registry.metadata.namespaces),
    ...Object.values(setup.registry.metadata.functions)
      .filter((f) => !f.qName.includes('.'))
      .map((f) => f.name),
  ]);
  const context: DecompileContext = {
    tsApi: setup.ts,
    checker,
    file,
    text: file.text,
    registry: setup.registry,
    variables: new VariableNames(setup.ts, checker, file, reserved),
    functions: new Map(),
    usedVariables: new Set(),
    variableLog: [],
    reporters: new Map(),
    declaredTypes: new Map(),
    nextId: () => `b${(counter++).toString(36)}`,
  };
  const decompiler = new Decompiler(context, program.getSyntacticDiagnostics(file));
  return decompiler.run();
}

interface TopItem {
  readonly kind: 'block';
  readonly block: BlockNode;
}

class Decompiler extends StatementConverter {
  constructor(context: DecompileContext, syntaxErrors: readonly ts.Diagnostic[]) {
    super(context);
    this.syntaxErrors = syntaxErrors.map((d) => ({
      start: d.start ?? 0,
      separator: d.messageText === "';' expected.",
    }));
  }

  run(): DecompileResult {
    const { file, text } = this.context;
    this.collectFunctions();
    const statements = file.statements;
    const items: ({ kind: 'comment'; comment: WorkspaceComment } | TopItem)[] = [];
    const onStart: BlockNode[] = [];
    const implicit: string[] = [];
    const implicitStatements: ts.VariableStatement[] = [];
    let previousEnd = 0;
    let leading = true;
    let pending: SourceComment[] = [];

    const takeGap = (end: number) => {
      const gap = scanGap(text, previousEnd, end);
      const groups = groupComments(text, gap.comments);
      groups.forEach((group, index) => {
        const last = group[group.length - 1]!;
        const isLastGroup = index === groups.length - 1;
        // A group with a blank line after it (or nothing after it) stands on its own.
        if (!isLastGroup || hasBlankLine(text, last.end, end) || end === text.length) {
          items.push({ kind: 'comment', comment: { id: this.context.nextId(), text: commentText(group) } });
        } else pending.push(...group);
      });
      for (const stray of gap.stray) {
        this.greyNotes.push({
          line: file.getLineAndCharacterOfPosition(stray.start).line + 1,
          reason: 'text the parser could not read',
        });
        onStart.push(this.attachComments(greyBlock(this.context, stray.text), pending));
        pending = [];
        leading = false;
      }
    };

    for (const statement of statements) {
      takeGap(statement.getStart(file));
      previousEnd = statement.end;
      if (leading && pending.length === 0 && this.implicitDeclaration(statement, implicit)) {
        implicitStatements.push(statement as ts.VariableStatement);
        continue;
      }
      leading = false;
      const top = this.topLevel(statement);
      if (top) items.push({ kind: 'block', block: this.attachComments(top, pending) });
      else {
        const block = this.statement(statement);
        if (block) {
          const [head, ...rest] = stackOf(block);
          onStart.push(this.attachComments(head!, pending), ...rest);
        } else if (pending.length) continue; // `;` alone: its comments go to the next statement
      }
      pending = [];
    }
    takeGap(text.length);
    if (pending.length)
      items.push({ kind: 'comment', comment: { id: this.context.nextId(), text: commentText(pending) } });

    // An implicit declaration stands for a variable only when the generator would write it back
    // with the same type; otherwise it stays as code (grey) so its type is not lost.
    const kept = this.keepTypedDeclarations(implicitStatements, onStart, items);
    onStart.unshift(...kept.grey);
    const start = makeBlock(this.context, ON_START, { inputs: [] });
    const startStack = chain(onStart);
    const onStartBlock: BlockNode = {
      ...start,
      inputs: [{ kind: 'statement', name: 'HANDLER', ...(startStack ? { block: startStack } : {}) }],
    };
    const laidOut = layOut([
      { kind: 'block', block: onStartBlock },
      ...items.filter((i) => i.kind === 'comment'),
      ...items.filter((i) => i.kind === 'block'),
    ]);
    const variables = [
      ...new Set([...implicit.filter((name) => !kept.names.has(name)), ...this.context.usedVariables]),
    ];
    const typesById = new Map(
      [...this.context.declaredTypes].filter(([name]) => variables.includes(name)).map(([n, t]) => [variableId(n), t]),
    );
    return {
      workspace: {
        attributes: { xmlns: BLOCKLY_XML_NAMESPACE },
        variables: variables.map((name) => ({
          name,
          id: variableId(name),
          type: this.context.declaredTypes.get(name) ?? '',
        })),
        blocks: withVariableTypes(laidOut.blocks, typesById),
        comments: laidOut.comments,
      },
      greyBlocks: this.greyNotes.length,
      greyNotes: this.greyNotes,
    };
  }

  private keepTypedDeclarations(
    statements: readonly ts.VariableStatement[],
    onStart: readonly BlockNode[],
    items: readonly ({ kind: 'comment' } | TopItem)[],
  ): { grey: BlockNode[]; names: Set<string> } {
    const tops = [
      makeBlock(this.context, ON_START, {
        inputs: [{ kind: 'statement', name: 'HANDLER', ...(chain(onStart) ? { block: chain(onStart)! } : {}) }],
      }),
      ...items.flatMap((i) => (i.kind === 'block' ? [i.block] : [])),
    ];
    const types = new TypeInference(this.context.registry, tops, this.context.declaredTypes);
    const grey: BlockNode[] = [];
    const names = new Set<string>();
    for (const statement of statements) {
      const mismatch = statement.declarationList.declarations.some((declaration) => {
        const name = this.context.variables.nameOf(symbolAt(this.context, declaration.name));
        return name === undefined || normalizeType(declaration.type!.getText()) !== types.variableType(name);
      });
      if (!mismatch) continue;
      const emptyArrays = statement.declarationList.declarations.map((declaration) => {
        const name = this.context.variables.nameOf(symbolAt(this.context, declaration.name));
        const type = emptyArrayType(this.ts, declaration.type, declaration.initializer);
        return name !== undefined && type ? { name, type } : undefined;
      });
      if (emptyArrays.every((d) => d !== undefined)) {
        // MakeCode shows it as "set names to empty array" with the variable typed.
        for (const { name, type } of emptyArrays) {
          this.context.declaredTypes.set(name, type);
          grey.push(
            makeBlock(this.context, 'variables_set', {
              fields: [variableField(this.context, name)],
              inputs: [
                {
                  kind: 'value',
                  name: 'VALUE',
                  // The shadow every `set` block carries, as the statement converter makes it.
                  shadow: makeBlock(this.context, 'math_number', {
                    shadow: true,
                    fields: [{ name: 'NUM', value: '0' }],
                  }),
                  block: makeBlock(this.context, 'lists_create_with', { mutation: mutation({ items: '0' }) }),
                },
              ],
            }),
          );
        }
        continue;
      }
      // A value that has the written type anyway (`let text: string = ""` where nothing in the
      // blocks makes text a string) is a `set` block at the start of on start, as in MakeCode.
      const notes = this.greyNotes.length;
      const set = this.statement(statement);
      if (set && this.greyNotes.length === notes) {
        grey.push(...stackOf(set));
        continue;
      }
      this.greyNotes.splice(notes);
      grey.push(this.grey(statement, 'the type of this variable only shows in code'));
      for (const declaration of statement.declarationList.declarations) {
        const name = this.context.variables.nameOf(symbolAt(this.context, declaration.name));
        if (name !== undefined) names.add(name);
      }
    }
    return { grey, names };
  }

  private attachComments(block: BlockNode, comments: readonly SourceComment[]): BlockNode {
    if (comments.length === 0) return block;
    const text = commentText(comments);
    return {
      ...block,
      comment: { text: block.comment ? `${text}\n${block.comment.text}` : text, attributes: { pinned: 'false' } },
    };
  }

  /** Top-level user functions whose signature blocks can show become `function_definition`s. */
  private collectFunctions(): void {
    const tsApi = this.ts;
    const functions = this.context.functions as Map<ts.Symbol, UserFunction>;
    const seen = new Set<string>();
    for (const statement of this.context.file.statements) {
      if (!tsApi.isFunctionDeclaration(statement) || !statement.name || !statement.body) continue;
      const name = statement.name.text;
      const symbol = symbolAt(this.context, statement.name);
      if (!symbol || seen.has(name) || (symbol.declarations?.length ?? 0) > 1) continue;
      seen.add(name);
      if (statement.typeParameters || statement.asteriskToken || statement.modifiers?.length) continue;
      if (this.hasSyntaxError(statement)) continue;
      const args: { name: string; type: string; id: string }[] = [];
      let ok = true;
      for (const p of statement.parameters) {
        const type = p.type ? argumentType(tsApi, p.type) : undefined;
        if (!tsApi.isIdentifier(p.name) || !type || p.initializer || p.questionToken || p.dotDotDotToken) {
          ok = false;
          break;
        }
        args.push({ name: p.name.text, type, id: `${name}_${p.name.text}` });
      }
      if (ok) functions.set(symbol, { name, id: `f_${name}`, declaration: statement, args });
    }
  }

  /** A top block (function definition or event) for a top-level statement, if it is one. */
  private topLevel(statement: ts.Statement): BlockNode | undefined {
    const tsApi = this.ts;
    if (tsApi.isFunctionDeclaration(statement)) {
      const symbol = statement.name ? symbolAt(this.context, statement.name) : undefined;
      const user = symbol ? this.context.functions.get(symbol) : undefined;
      if (!user || this.hasOwnComment(statement, this.nestedBodies(statement))) return undefined;
      return this.functionDefinition(statement, user);
    }
    if (!tsApi.isExpressionStatement(statement) || this.hasSyntaxError(statement)) return undefined;
    const call = unwrap(tsApi, statement.expression);
    if (!tsApi.isCallExpression(call)) return undefined;
    const callee = call.expression;
    const qName = libraryName(
      this.context,
      symbolAt(this.context, tsApi.isPropertyAccessExpression(callee) ? callee.name : callee),
    );
    const api = qName ? this.context.registry.apiBlockFor(qName) : undefined;
    if (!api || api.definition.shape !== 'hat') return undefined;
    if (this.hasOwnComment(statement, this.nestedBodies(statement))) return undefined;
    try {
      return this.withOrphans(this.apiCall(api, call, undefined));
    } catch (error) {
      if (error instanceof NotBlocks) return undefined;
      throw error;
    }
  }

  /** `let x: number = 0` before any other code: a variable with its default value, not a block. */
  private implicitDeclaration(statement: ts.Statement, names: string[]): boolean {
    const tsApi = this.ts;
    if (!tsApi.isVariableStatement(statement) || statement.modifiers?.length) return false;
    const list = statement.declarationList;
    if (!(list.flags & tsApi.NodeFlags.Let) || this.hasSyntaxError(statement)) return false;
    if (this.hasOwnComment(statement, [])) return false;
    const found: string[] = [];
    for (const declaration of list.declarations) {
      if (!tsApi.isIdentifier(declaration.name) || !declaration.type || !declaration.initializer) return false;
      if (!isDefaultFor(tsApi, declaration.type, declaration.initializer)) return false;
      const name = this.context.variables.nameOf(symbolAt(this.context, declaration.name));
      if (name === undefined) return false;
      found.push(name);
    }
    names.push(...found);
    return true;
  }
}

/** The blocks argument type of a parameter type: number, string, boolean, Array or a class name. */
function argumentType(tsApi: typeof ts, type: ts.TypeNode): string | undefined {
  switch (type.kind) {
    case tsApi.SyntaxKind.NumberKeyword:
      return 'number';
    case tsApi.SyntaxKind.StringKeyword:
      return 'string';
    case tsApi.SyntaxKind.BooleanKeyword:
      return 'boolean';
    default:
      break;
  }
  if (tsApi.isArrayTypeNode(type)) return 'Array';
  if (tsApi.isTypeReferenceNode(type) && !type.typeArguments) {
    const name = type.typeName.getText();
    return name === 'Array' ? undefined : name;
  }
  return undefined;
}

/** The initial value the generator gives an implicit declaration of this type. */
function isDefaultFor(tsApi: typeof ts, type: ts.TypeNode, value: ts.Expression): boolean {
  const expr = unwrap(tsApi, value);
  switch (type.kind) {
    case tsApi.SyntaxKind.NumberKeyword:
      return tsApi.isNumericLiteral(expr) && expr.getText() === '0';
    case tsApi.SyntaxKind.StringKeyword:
      return tsApi.isStringLiteral(expr) && expr.text === '' && expr.getText() === '""';
    case tsApi.SyntaxKind.BooleanKeyword:
      return expr.kind === tsApi.SyntaxKind.FalseKeyword;
    default:
      if (tsApi.isArrayTypeNode(type) || (tsApi.isTypeReferenceNode(type) && type.typeName.getText() === 'Array')) {
        return tsApi.isArrayLiteralExpression(expr) && expr.elements.length === 0;
      }
      return expr.kind === tsApi.SyntaxKind.NullKeyword;
  }
}

/** `Array<number>` and `number[]` are the same type. */
function normalizeType(type: string): string {
  return type.replace(/\s+/g, '').replace(/^(?:Readonly)?Array<(.+)>$/, '$1[]');
}
