// Where each blocks variable is declared in the generated TypeScript (blocks variables are all
// global; code needs `let`):
// - a loop variable used only by its loops is declared by each loop: `for (let index = 0; ...)`;
// - a variable whose first use is a `set` at the start of a body (on start, a function or an
//   event handler) is declared there: `let score = 0` (if it is used outside that body, only
//   on start's global scope will do);
// - every other variable is declared at the top of the program with its type's default value and
//   an explicit type (`let name: string = ""`), which is how the decompiler tells these implicit
//   declarations apart from a `set` block.

import { isArrayType } from '../definitions/api-blocks.ts';
import { GREY_STATEMENT, ON_START } from '../definitions/builtin-blocks.ts';
import { type BlockNode, fieldValue, findInput, forEachBlock, stackOf } from '../model/blocks-model.ts';
import type { BlocksWorkspace } from '../model/blocks-model.ts';
import { loopVariable, type TypeInference } from './expression-types.ts';

const loopBlockTypes: ReadonlySet<string> = new Set([
  'pxt_controls_for',
  'pxt_controls_for_of',
  'controls_simple_for',
  'controls_for',
  'controls_for_of',
]);

const reservedWords = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await async of any boolean number ' +
    'string symbol type undefined declare namespace module get set constructor'
  ).split(' '),
);

export interface VariablePlan {
  /** Blocks variable name -> TypeScript identifier. */
  readonly identifiers: ReadonlyMap<string, string>;
  /** Variables declared at the top, in workspace order. */
  readonly hoisted: readonly string[];
  /** `set` blocks that declare their variable (`let x = ...`). */
  readonly declaringSets: ReadonlySet<BlockNode>;
  /** Variables each of whose loops declares them with `let`. */
  readonly loopDeclared: ReadonlySet<string>;
  /** Variables declared by grey code blocks. */
  readonly declaredByCode: ReadonlySet<string>;
}

interface Reference {
  readonly top: number;
  readonly block: BlockNode;
  readonly kind: 'set' | 'read' | 'loop';
  /** The `set` is one of the leading `set` blocks of its body. */
  readonly prologue: boolean;
  /** Loop blocks around the reference whose loop variable is this variable. */
  readonly loops: readonly BlockNode[];
}

export function planVariables(
  workspace: BlocksWorkspace,
  topBlocks: readonly BlockNode[],
  types: TypeInference,
  takenNames: ReadonlySet<string>,
): VariablePlan {
  const references = new Map<string, Reference[]>();
  const declaredByCode = new Set<string>();
  const order: string[] = [];
  const note = (name: string) => {
    if (!references.has(name)) {
      references.set(name, []);
      order.push(name);
    }
  };
  // Untyped variables, and typed empty arrays (`let names: string[] = []`), are blocks variables.
  const isBlocksVariable = (v: { type?: string | undefined }) => !v.type || isArrayType(v.type);
  for (const v of workspace.variables) if (isBlocksVariable(v)) note(v.name);
  const known = new Set(workspace.variables.filter(isBlocksVariable).map((v) => v.name));

  topBlocks.forEach((top, topIndex) => {
    const visitStack = (first: BlockNode | undefined, isBody: boolean, loops: readonly BlockNode[]) => {
      let prologue = isBody;
      for (const block of stackOf(first)) {
        prologue = prologue && block.type === 'variables_set';
        visitBlock(block, prologue, loops);
      }
    };
    const visitBlock = (block: BlockNode, prologue: boolean, loops: readonly BlockNode[]) => {
      if (block.type === GREY_STATEMENT) {
        const declared = (block.mutation?.attributes['declaredvars'] ?? '').split(',').filter(Boolean);
        for (const name of declared) declaredByCode.add(name);
        // Grey code that uses a variable needs it where the code is: count it as a read.
        for (const name of greyIdentifiers(block)) {
          if (!known.has(name) || declared.includes(name)) continue;
          note(name);
          references.get(name)!.push({
            top: topIndex,
            block,
            kind: 'read',
            prologue: false,
            loops: loops.filter((l) => loopVariable(l) === name),
          });
        }
      }
      const own = ownReference(block);
      const innerLoops = loopBlockTypes.has(block.type) ? [...loops, block] : loops;
      if (own) {
        note(own.name);
        references.get(own.name)!.push({
          top: topIndex,
          block,
          kind: own.kind,
          prologue: own.kind === 'set' && prologue,
          loops: (own.kind === 'loop' ? innerLoops : loops).filter((l) => loopVariable(l) === own.name),
        });
      }
      visitInputs(block, innerLoops, loops);
    };
    /** Statement inputs run inside the loop (`innerLoops`); value inputs are read before it. */
    const visitInputs = (
      block: BlockNode,
      innerLoops: readonly BlockNode[],
      loops: readonly BlockNode[],
      isTop = false,
    ) => {
      for (const input of block.inputs) {
        if (input.kind === 'statement') visitStack(input.block, isTop, innerLoops);
        else {
          // The loop's own VAR reporter is the loop reference recorded above.
          if (loopBlockTypes.has(block.type) && input.name === 'VAR') continue;
          forEachBlock(input.block ?? input.shadow, (inner) => {
            if (inner.type === 'variables_get' || inner.type === 'variables_get_reporter') {
              const name = fieldValue(inner, 'VAR');
              if (name === undefined) return;
              note(name);
              references.get(name)!.push({
                top: topIndex,
                block: inner,
                kind: 'read',
                prologue: false,
                loops: loops.filter((l) => loopVariable(l) === name),
              });
            }
          });
        }
      }
    };
    visitInputs(top, [], [], true);
  });

  const identifiers = new Map<string, string>();
  const used = new Set<string>(takenNames);
  for (const name of order) {
    let id = name.replace(/[^A-Za-z0-9_$]/g, '_');
    if (!id || /^[0-9]/.test(id)) id = `_${id}`;
    if (reservedWords.has(id)) id = `${id}_`;
    let candidate = id;
    for (let i = 2; used.has(candidate); i++) candidate = `${id}${i}`;
    used.add(candidate);
    identifiers.set(name, candidate);
  }

  const hoisted: string[] = [];
  const declaringSets = new Set<BlockNode>();
  const loopDeclared = new Set<string>();
  for (const name of order) {
    if (declaredByCode.has(name)) continue;
    const refs = references.get(name) ?? [];
    if (refs.length > 0 && isLoopLocal(refs)) {
      loopDeclared.add(name);
      continue;
    }
    // On start's leading `set` declares a global: code in functions and events runs later.
    const onStartRefs = refs.filter((r) => topBlocks[r.top]!.type === ON_START);
    const first =
      onStartRefs.length > 0 ? onStartRefs[0] : refs.every((r) => r.top === refs[0]!.top) ? refs[0] : undefined;
    if (first && first.kind === 'set' && first.prologue && !readsItself(first.block, name)) {
      const valueType = types.typeOf(valueOf(first.block));
      const declaredType = types.knownVariableType(name);
      const plainLet = declaredType === undefined || valueType === declaredType;
      const emptyList = isEmptyList(valueOf(first.block));
      // `let names: string[] = []` declares a typed empty array where blocks set it.
      const typedEmpty = emptyList && declaredType !== undefined && isArrayType(declaredType);
      if ((plainLet && !emptyList) || typedEmpty) {
        declaringSets.add(first.block);
        continue;
      }
    }
    hoisted.push(name);
  }
  return { identifiers, hoisted, declaringSets, loopDeclared, declaredByCode };
}

function ownReference(block: BlockNode): { name: string; kind: Reference['kind'] } | undefined {
  if (block.type === 'variables_set' || block.type === 'variables_change') {
    const name = fieldValue(block, 'VAR');
    return name === undefined ? undefined : { name, kind: block.type === 'variables_set' ? 'set' : 'read' };
  }
  if (loopBlockTypes.has(block.type)) {
    const name = loopVariable(block);
    return name === undefined ? undefined : { name, kind: 'loop' };
  }
  return undefined;
}

/** Every use is a loop of this variable or inside one, and no such loop sits inside another. */
function isLoopLocal(refs: readonly Reference[]): boolean {
  for (const ref of refs) {
    if (ref.kind === 'loop') {
      if (ref.loops.length !== 1) return false;
    } else if (ref.loops.length === 0) return false;
  }
  return true;
}

function valueOf(block: BlockNode): BlockNode | undefined {
  const input = findInput(block, 'VALUE');
  return input?.block ?? input?.shadow;
}

function readsItself(block: BlockNode, name: string): boolean {
  let found = false;
  forEachBlock(valueOf(block), (inner) => {
    if (
      (inner.type === 'variables_get' || inner.type === 'variables_get_reporter') &&
      fieldValue(inner, 'VAR') === name
    ) {
      found = true;
    }
  });
  return found;
}

export function isEmptyList(block: BlockNode | undefined): boolean {
  return !!block && block.type === 'lists_create_with' && Number(block.mutation?.attributes['items'] ?? 0) === 0;
}

/** The initial value of an implicit declaration of this type. */
export function defaultValueFor(type: string): string {
  if (type === 'number') return '0';
  if (type === 'string') return '""';
  if (type === 'boolean') return 'false';
  if (type.endsWith('[]') || /^(?:Readonly)?Array<.+>$/.test(type)) return '[]';
  return 'null';
}

/** Names in a grey code block's text, outside strings and comments (a close enough reading). */
function greyIdentifiers(block: BlockNode): Set<string> {
  const attributes = block.mutation?.attributes ?? {};
  const lines: string[] = [];
  for (let i = 0; i < (Number(attributes['numlines'] ?? 0) || 0); i++) lines.push(attributes[`line${i}`] ?? '');
  const code = lines.join('\n').replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, ' ');
  const names = new Set<string>();
  for (const match of code.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)) names.add(match[0]);
  return names;
}
