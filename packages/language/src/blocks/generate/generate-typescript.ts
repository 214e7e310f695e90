// Blocks -> TypeScript, written the way a person would: 4-space indents, no semicolons, `let`
// declarations where MakeCode puts them, event handlers as `input.onButtonPressed(Button.A,
// function () { ... })`, "on start" as top-level statements, functions as `function f(x: number)`,
// block comments as `//` lines and grey code blocks exactly as they were written. Returns the code,
// the source range of every block (for errors shown on blocks) and problems found on the way.

import { type ApiBlock, isArrayType, type ParamBinding } from '../definitions/api-blocks.ts';
import type { BlockRegistry } from '../definitions/block-registry.ts';
import { upgradeFieldsToInputs } from '../definitions/field-to-input.ts';
import {
  FUNCTION_CALL,
  FUNCTION_DEFINITION,
  FUNCTION_RETURN,
  GREY_STATEMENT,
  ON_START,
} from '../definitions/builtin-blocks.ts';
import {
  type BlockNode,
  type BlocksWorkspace,
  fieldValue,
  findInput,
  forEachBlock,
  inputTarget,
  stackOf,
} from '../model/blocks-model.ts';
import { type BlockSourceRange, CodeWriter } from './code-writer.ts';
import { argsOf, ExpressionEmitter, type FunctionInfo, type GeneratorDiagnostic, Prec } from './expressions.ts';
import { loopVariable, TypeInference } from './expression-types.ts';
import { defaultValueFor, isEmptyList, planVariables } from './variable-plan.ts';

export interface GenerateResult {
  readonly code: string;
  /** Where each block's code is (blocks with an id only). */
  readonly sourceMap: readonly BlockSourceRange[];
  readonly diagnostics: readonly GeneratorDiagnostic[];
}

export function blocksToTypeScript(saved: BlocksWorkspace, registry: BlockRegistry): GenerateResult {
  const workspace = upgradeFieldsToInputs(saved, registry);
  const diagnostics: GeneratorDiagnostic[] = [];
  const tops: BlockNode[] = [];
  workspace.blocks.forEach((block) => {
    if (isDisabled(block)) {
      diagnostics.push({ ...idOf(block), kind: 'disabled', message: `A disabled "${block.type}" block has no code.` });
    } else if (isTopLevel(block, registry)) tops.push(block);
    else {
      diagnostics.push({
        ...idOf(block),
        kind: 'disconnected',
        message: `A "${block.type}" block is not inside an event or "on start", so it does not run.`,
      });
    }
  });
  const ordered = tops
    .map((block, index) => ({ block, index, rank: rankOf(block, registry) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.block.y ?? 0) - (b.block.y ?? 0) ||
        (a.block.x ?? 0) - (b.block.x ?? 0) ||
        a.index - b.index,
    )
    .map((entry) => entry.block);

  const functions = new Map<string, FunctionInfo>();
  for (const block of ordered) {
    if (block.type !== FUNCTION_DEFINITION) continue;
    const name = block.mutation?.attributes['name'] ?? fieldValue(block, 'function_name') ?? 'doSomething';
    functions.set(name, { name, args: argsOf(block) });
  }
  const declared = new Map<string, string>();
  for (const v of workspace.variables) if (v.type && isArrayType(v.type)) declared.set(v.name, v.type);
  const types = new TypeInference(registry, ordered, declared);
  const taken = new Set<string>([
    ...functions.keys(),
    // A variable named as a parameter would be the parameter inside that function.
    ...[...functions.values()].flatMap((f) => f.args.map((arg) => arg.name)),
    ...Object.keys(registry.metadata.namespaces),
    ...Object.values(registry.metadata.functions)
      .filter((f) => f.kind === 'function' && !f.qName.includes('.'))
      .map((f) => f.name),
  ]);
  const plan = planVariables(workspace, ordered, types, taken);
  const out = new CodeWriter();
  const generator = new StatementGenerator(registry, out, types, plan, functions);

  for (const comment of workspace.comments) {
    generator.commentLines(comment.text);
    out.blankLine();
  }
  for (const name of plan.hoisted) {
    const type = types.variableType(name);
    out.line(`let ${plan.identifiers.get(name) ?? name}: ${type} = ${defaultValueFor(type)}`);
  }
  for (const block of ordered) generator.topBlock(block);
  return { code: out.text(), sourceMap: out.ranges(), diagnostics: [...diagnostics, ...generator.diagnostics] };
}

function idOf(block: BlockNode): { blockId?: string } {
  return block.id === undefined ? {} : { blockId: block.id };
}

function isDisabled(block: BlockNode): boolean {
  const attributes = block.attributes ?? {};
  return attributes['disabled'] === 'true' || (attributes['disabled-reasons'] ?? '') !== '';
}

function isTopLevel(block: BlockNode, registry: BlockRegistry): boolean {
  if (block.type === ON_START || block.type === FUNCTION_DEFINITION) return true;
  const shape = registry.definition(block.type)?.shape;
  return shape === 'hat' || shape === 'top';
}

/** Functions, then events, then "on start", then events that run after it (forever). */
function rankOf(block: BlockNode, registry: BlockRegistry): number {
  if (block.type === FUNCTION_DEFINITION) return -2;
  if (block.type === ON_START) return 0;
  const api = registry.apiBlock(block.type);
  return api && api.fn.attributes['afterOnStart'] === 'true' ? 1 : -1;
}

class StatementGenerator extends ExpressionEmitter {
  topBlock(block: BlockNode): void {
    if (block.type === ON_START) {
      if (block.comment?.text) {
        // "on start" has no code of its own: its comment stands on its own, like a workspace comment.
        this.commentLines(block.comment.text);
        this.out.blankLine();
      }
      const start = this.out.nextOffset();
      this.statements(inputTarget(block, 'HANDLER'));
      this.out.span(block.id, start);
      return;
    }
    this.statement(block);
  }

  commentLines(text: string): void {
    for (const line of text.split('\n')) this.out.line(line ? `// ${line}` : '//');
  }

  statements(first: BlockNode | undefined): void {
    for (const block of stackOf(first)) this.statement(block);
  }

  private body(first: BlockNode | undefined): void {
    this.out.write('{');
    this.out.newline();
    this.out.indent();
    this.statements(first);
    this.out.dedent();
    this.out.write('}');
  }

  private statement(block: BlockNode): void {
    const comments: string[] = [];
    if (block.comment?.text) comments.push(block.comment.text);
    // Comments on reporters inside the statement move up to it (code has nowhere else for them).
    for (const input of block.inputs) {
      if (input.kind !== 'value') continue;
      forEachBlock(input.block, (inner) => {
        if (inner.comment?.text) comments.push(inner.comment.text);
      });
    }
    for (const comment of comments) this.commentLines(comment);
    const start = this.out.nextOffset();
    const before = this.out.offset;
    this.statementCore(block);
    this.out.span(block.id, start);
    // Grey code of an unterminated literal can end with its own line break.
    if (this.out.offset > before && !this.out.lineStart) this.out.newline();
  }

  private statementCore(block: BlockNode): void {
    const out = this.out;
    switch (block.type) {
      case 'variables_set': {
        const name = fieldValue(block, 'VAR') ?? 'item';
        const declaring = this.plan.declaringSets.has(block);
        const value = findInput(block, 'VALUE');
        const typed = declaring && isEmptyList(value?.block ?? value?.shadow);
        out.write(
          `${declaring ? 'let ' : ''}${this.variable(name)}${typed ? `: ${this.types.variableType(name)}` : ''} = `,
        );
        this.input(block, 'VALUE', Prec.assignment, this.types.variableType(name));
        return;
      }
      case 'variables_change':
        out.write(`${this.variable(fieldValue(block, 'VAR') ?? 'item')} += `);
        this.input(block, 'VALUE', Prec.assignment, 'number');
        return;
      case 'lists_index_set':
        this.input(block, 'LIST', Prec.member, 'any[]');
        out.write('[');
        this.input(block, 'INDEX', Prec.assignment, 'number');
        out.write('] = ');
        this.input(block, 'VALUE', Prec.assignment);
        return;
      case 'controls_if':
        this.ifStatement(block);
        return;
      case 'controls_repeat_ext': {
        const index = this.repeatIndexName();
        out.write(`for (let ${index} = 0; ${index} < `);
        this.input(block, 'TIMES', Prec.relational + 1, 'number');
        out.write(`; ${index}++) `);
        this.body(inputTarget(block, 'DO'));
        return;
      }
      case 'device_while':
        out.write('while (');
        this.input(block, 'COND', Prec.assignment, 'boolean');
        out.write(') ');
        this.body(inputTarget(block, 'DO'));
        return;
      case 'pxt_controls_for':
      case 'controls_simple_for':
      case 'controls_for': {
        const name = this.variable(loopVariable(block) ?? 'index');
        const declare = this.plan.loopDeclared.has(loopVariable(block) ?? '') ? 'let ' : '';
        out.write(`for (${declare}${name} = `);
        if (findInput(block, 'FROM')) this.input(block, 'FROM', Prec.assignment, 'number');
        else out.write('0');
        out.write(`; ${name} <= `);
        this.input(block, 'TO', Prec.relational + 1, 'number');
        out.write(`; ${name}++) `);
        this.body(inputTarget(block, 'DO'));
        return;
      }
      case 'pxt_controls_for_of':
      case 'controls_for_of': {
        const variable = loopVariable(block) ?? 'value';
        const declare = this.plan.loopDeclared.has(variable) ? 'let ' : '';
        out.write(`for (${declare}${this.variable(variable)} of `);
        this.input(block, 'LIST', Prec.assignment, 'any[]');
        out.write(') ');
        this.body(inputTarget(block, 'DO'));
        return;
      }
      case 'break_keyword':
        out.write('break');
        return;
      case 'continue_keyword':
        out.write('continue');
        return;
      case FUNCTION_DEFINITION:
        this.functionDefinition(block);
        return;
      case FUNCTION_CALL:
        this.functionCall(block);
        return;
      case FUNCTION_RETURN:
        out.write('return');
        if (block.mutation?.attributes['no_return_value'] !== 'true' && findInput(block, 'RETURN_VALUE')) {
          out.write(' ');
          this.input(block, 'RETURN_VALUE', Prec.assignment);
        }
        return;
      case GREY_STATEMENT:
        this.greyCode(block);
        return;
      default: {
        const api = this.registry.apiBlock(block.type);
        if (api) this.call(block, api);
        else if (this.registry.definition(block.type)?.shape === 'reporter') this.expression(block, Prec.assignment);
        else {
          this.diagnostics.push({
            ...(block.id ? { blockId: block.id } : {}),
            kind: 'unknown-block',
            message: `Unknown block "${block.type}": it has no code.`,
          });
        }
      }
    }
  }

  private ifStatement(block: BlockNode): void {
    const mutation = block.mutation?.attributes ?? {};
    const elseIfs = Math.max(0, Number(mutation['elseif'] ?? 0) || 0);
    const hasElse = mutation['else'] === '1' || mutation['else'] === 'true';
    for (let i = 0; i <= elseIfs; i++) {
      this.out.write(i === 0 ? 'if (' : ' else if (');
      this.input(block, `IF${i}`, Prec.assignment, 'boolean');
      this.out.write(') ');
      this.body(inputTarget(block, `DO${i}`));
    }
    if (hasElse) {
      this.out.write(' else ');
      this.body(inputTarget(block, 'ELSE'));
    }
  }

  private functionDefinition(block: BlockNode): void {
    const name = block.mutation?.attributes['name'] ?? fieldValue(block, 'function_name') ?? 'doSomething';
    const args = argsOf(block)
      .map((arg) => `${arg.name}: ${arg.type === 'Array' ? 'any[]' : arg.type}`)
      .join(', ');
    this.out.write(`function ${name}(${args}) `);
    this.body(inputTarget(block, 'STACK'));
  }

  protected handler(block: BlockNode, api: ApiBlock, binding: ParamBinding): void {
    const names = (binding.param.handler?.parameters ?? [])
      .map((arg) => {
        const dragged = inputTarget(block, `HANDLER_DRAG_PARAM_${arg.name}`);
        if (dragged) return fieldValue(dragged, 'VALUE') ?? fieldValue(dragged, 'VAR') ?? arg.name;
        const field = fieldValue(block, `HANDLER_${arg.name}`);
        return field === undefined ? undefined : this.variable(field);
      })
      .filter((name): name is string => name !== undefined);
    this.out.write(`function (${names.join(', ')}) `);
    this.body(inputTarget(block, 'HANDLER'));
  }

  private greyCode(block: BlockNode): void {
    const mutation = block.mutation?.attributes ?? {};
    const count = Number(mutation['numlines'] ?? 0) || 0;
    for (let i = 0; i < count; i++) {
      const line = mutation[`line${i}`] ?? '';
      if (i === 0) this.out.write(line);
      else {
        this.out.newline();
        this.out.writeUnindented(line);
      }
    }
  }

  /** `index`, or `index2`... when a variable already has the name. */
  private repeatIndexName(): string {
    const used = new Set(this.plan.identifiers.values());
    let name = 'index';
    for (let i = 2; used.has(name); i++) name = `index${i}`;
    return name;
  }
}
