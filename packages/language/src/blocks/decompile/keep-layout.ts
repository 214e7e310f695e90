// After the learner edits code and goes back to blocks, the decompiler's fresh workspace is made to
// look like the one they left: a top block whose code did not change keeps its place, its ids, its
// collapsed state and its comments' bubbles; one whose code changed keeps its place (matched by
// its head: the same event, function or "on start"); new ones go below in tidy rows. Blocks that
// have no code (loose or disabled blocks) are carried over exactly as they were, so nothing the
// learner put on the workspace is lost by a trip through JavaScript. MakeCode keeps its loose
// blocks the same way (in the blocks file, not in the code).

import type { BlockRegistry } from '../definitions/block-registry.ts';
import { FUNCTION_DEFINITION, ON_START } from '../definitions/builtin-blocks.ts';
import { blocksToTypeScript } from '../generate/generate-typescript.ts';
import {
  type BlockNode,
  type BlocksWorkspace,
  fieldValue,
  type InputNode,
  type WorkspaceComment,
} from '../model/blocks-model.ts';
import { layOut } from './layout.ts';

/** Attributes that are the learner's arrangement, not the program. */
const KEPT_ATTRIBUTES = ['collapsed', 'inline'];
const GAP_Y = 40;

export function keepLayout(next: BlocksWorkspace, previous: BlocksWorkspace, registry: BlockRegistry): BlocksWorkspace {
  const previousCode = codeKeys(previous, registry);
  const nextCode = codeKeys(next, registry);
  const codeTops = previous.blocks.filter((block) => hasCode(block, registry));
  const loose = previous.blocks.filter((block) => !hasCode(block, registry));
  const used = new Set<BlockNode>();
  const partner = new Map<BlockNode, BlockNode>();

  const match = (key: (block: BlockNode, code: Map<string, string>) => string | undefined) => {
    for (const block of next.blocks) {
      if (partner.has(block)) continue;
      const wanted = key(block, nextCode);
      if (wanted === undefined) continue;
      const found = codeTops.find((old) => !used.has(old) && key(old, previousCode) === wanted);
      if (!found) continue;
      used.add(found);
      partner.set(block, found);
    }
  };
  // Same code first, then the same head (an event whose body changed).
  match((block, code) => (block.id === undefined ? undefined : code.get(block.id)));
  match((block, code) => headKey(block, code));

  const kept: BlockNode[] = [];
  const fresh: BlockNode[] = [];
  for (const block of next.blocks) {
    const old = partner.get(block);
    if (old && old.x !== undefined && old.y !== undefined) kept.push({ ...carryOver(block, old), x: old.x, y: old.y });
    else fresh.push(block);
  }

  const comments: WorkspaceComment[] = [];
  const freshComments: WorkspaceComment[] = [];
  const oldComments = [...previous.comments];
  for (const comment of next.comments) {
    const index = oldComments.findIndex((old) => sameText(old.text, comment.text));
    const old = index >= 0 ? oldComments.splice(index, 1)[0] : undefined;
    if (old) comments.push({ ...comment, ...pick(old, ['id', 'x', 'y']), attributes: old.attributes ?? {} });
    else freshComments.push(comment);
  }

  // New blocks and comments go in rows below everything that kept its place.
  const bottom = Math.max(
    0,
    ...[...kept, ...loose].map((block) => (block.y ?? 0) + estimatedHeight(block)),
    ...[...comments].map((c) => (c.y ?? 0) + Number(c.attributes?.['h'] ?? 80)),
  );
  const placed =
    kept.length + loose.length + comments.length > 0
      ? layOut(
          [
            ...fresh.map((block) => ({ kind: 'block' as const, block })),
            ...freshComments.map((comment) => ({ kind: 'comment' as const, comment })),
          ],
          { y: bottom + GAP_Y },
        )
      : { blocks: fresh, comments: freshComments };

  const variables = [...next.variables];
  const names = new Map(variables.map((v) => [v.name, v.id]));
  const oldNames = new Map(previous.variables.map((v) => [v.id, v.name]));
  for (const v of previous.variables) {
    if (!names.has(v.name) && usesVariable(loose, v.id, v.name)) {
      variables.push(v);
      names.set(v.name, v.id);
    }
  }
  const carried = loose.map((block) => renameVariables(block, (id, name) => names.get(oldNames.get(id) ?? name)));

  const result: BlocksWorkspace = {
    ...next,
    variables,
    blocks: [...kept, ...placed.blocks, ...carried],
    comments: [...comments, ...placed.comments],
  };
  return uniqueIds(result, new Set([...carried.flatMap(idsOf), ...kept.flatMap(idsOf)]));
}

/** Whether a top block turns into code (the generator's rule): events, functions, "on start". */
function hasCode(block: BlockNode, registry: BlockRegistry): boolean {
  const attributes = block.attributes ?? {};
  if (attributes['disabled'] === 'true' || (attributes['disabled-reasons'] ?? '') !== '') return false;
  if (block.type === ON_START || block.type === FUNCTION_DEFINITION) return true;
  const shape = registry.definition(block.type)?.shape;
  return shape === 'hat' || shape === 'top';
}

/** The code each top block became, by block id. */
function codeKeys(workspace: BlocksWorkspace, registry: BlockRegistry): Map<string, string> {
  const { code, sourceMap } = blocksToTypeScript(workspace, registry);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const offset = (line: number, column: number) => (lineStarts[line - 1] ?? code.length) + column - 1;
  const tops = new Set(workspace.blocks.flatMap((block) => (block.id === undefined ? [] : [block.id])));
  const keys = new Map<string, string>();
  for (const range of sourceMap) {
    if (!tops.has(range.id) || keys.has(range.id)) continue;
    keys.set(range.id, code.slice(offset(range.startLine, range.startColumn), offset(range.endLine, range.endColumn)));
  }
  return keys;
}

/** What a top block is, whatever its body: "on start", a function by name, an event by its first line. */
function headKey(block: BlockNode, code: Map<string, string>): string | undefined {
  if (block.type === ON_START) return ON_START;
  if (block.type === FUNCTION_DEFINITION) {
    return `function ${block.mutation?.attributes['name'] ?? fieldValue(block, 'function_name') ?? ''}`;
  }
  const text = block.id === undefined ? undefined : code.get(block.id);
  return text === undefined ? undefined : `${block.type} ${text.split('\n')[0]}`;
}

/**
 * The decompiled block with the learner's arrangement of the old one, as far as both have the
 * same shape: ids, collapsed and inline states, comment bubbles.
 */
function carryOver(block: BlockNode, old: BlockNode): BlockNode {
  if (block.type !== old.type) return block;
  const attributes = { ...(block.attributes ?? {}) };
  for (const name of KEPT_ATTRIBUTES) {
    const value = old.attributes?.[name];
    if (value !== undefined) attributes[name] = value;
  }
  const inputs = block.inputs.map((input): InputNode => {
    const twin = old.inputs.find((o) => o.name === input.name && o.kind === input.kind);
    if (!twin) return input;
    return {
      ...input,
      ...(input.block ? { block: twin.block ? carryOver(input.block, twin.block) : input.block } : {}),
      ...(input.shadow ? { shadow: twin.shadow ? carryOver(input.shadow, twin.shadow) : input.shadow } : {}),
    };
  });
  return {
    ...block,
    ...(old.id !== undefined ? { id: old.id } : {}),
    ...(Object.keys(attributes).length ? { attributes } : {}),
    inputs,
    ...(block.comment
      ? { comment: { ...block.comment, ...(old.comment?.attributes ? { attributes: old.comment.attributes } : {}) } }
      : {}),
    ...(block.next ? { next: old.next ? carryOver(block.next, old.next) : block.next } : {}),
  };
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<T> {
  const out: Partial<T> = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

/** A rough height, enough to keep new rows clear of the blocks that kept their place. */
function estimatedHeight(block: BlockNode): number {
  let lines = 0;
  const visit = (node: BlockNode | undefined) => {
    for (let current = node; current; current = current.next) {
      lines += 1;
      for (const input of current.inputs) if (input.kind === 'statement') visit(input.block);
    }
  };
  visit(block);
  return block.attributes?.['collapsed'] === 'true' ? 48 : lines * 48 + 40;
}

function eachBlock(block: BlockNode | undefined, visit: (block: BlockNode) => void): void {
  if (!block) return;
  visit(block);
  for (const input of block.inputs) {
    eachBlock(input.shadow, visit);
    eachBlock(input.block, visit);
  }
  eachBlock(block.next, visit);
}

function idsOf(block: BlockNode): string[] {
  const ids: string[] = [];
  eachBlock(block, (b) => {
    if (b.id !== undefined) ids.push(b.id);
  });
  return ids;
}

function usesVariable(blocks: readonly BlockNode[], id: string | undefined, name: string): boolean {
  let found = false;
  for (const block of blocks) {
    eachBlock(block, (b) => {
      for (const field of b.fields) {
        if (field.name === 'VAR' && (field.attributes?.['id'] === id || field.value === name)) found = true;
      }
    });
  }
  return found;
}

/** The same block with its variable fields pointing at the workspace's variables of that name. */
function renameVariables(block: BlockNode, idFor: (id: string, name: string) => string | undefined): BlockNode {
  const map = (node: BlockNode | undefined): BlockNode | undefined => {
    if (!node) return node;
    return {
      ...node,
      fields: node.fields.map((field) => {
        const id = field.attributes?.['id'];
        if (field.name !== 'VAR' || id === undefined) return field;
        const wanted = idFor(id, field.value);
        return wanted === undefined || wanted === id
          ? field
          : { ...field, attributes: { ...field.attributes, id: wanted } };
      }),
      inputs: node.inputs.map((input) => ({
        ...input,
        ...(input.shadow ? { shadow: map(input.shadow)! } : {}),
        ...(input.block ? { block: map(input.block)! } : {}),
      })),
      ...(node.next ? { next: map(node.next)! } : {}),
    };
  };
  return map(block)!;
}

/** Decompiled ids that clash with ids kept from the old workspace get new ones. */
function uniqueIds(workspace: BlocksWorkspace, reserved: Set<string>): BlocksWorkspace {
  const taken = new Set(reserved);
  let counter = 0;
  const freshId = () => {
    let id: string;
    do id = `k${(counter++).toString(36)}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  const seen = new Set<string>();
  const rename = (node: BlockNode | undefined): BlockNode | undefined => {
    if (!node) return node;
    let id = node.id;
    if (id !== undefined) {
      if (seen.has(id)) id = freshId();
      seen.add(id);
      taken.add(id);
    }
    return {
      ...node,
      ...(id !== undefined ? { id } : {}),
      inputs: node.inputs.map((input) => ({
        ...input,
        ...(input.shadow ? { shadow: rename(input.shadow)! } : {}),
        ...(input.block ? { block: rename(input.block)! } : {}),
      })),
      ...(node.next ? { next: rename(node.next)! } : {}),
    };
  };
  // Kept blocks first, so they hold on to their ids and the new ones move aside.
  const blocks = workspace.blocks.map((block) => rename(block)!);
  const comments = workspace.comments.map((comment) => {
    if (comment.id === undefined || !seen.has(comment.id)) {
      if (comment.id !== undefined) seen.add(comment.id);
      return comment;
    }
    return { ...comment, id: freshId() };
  });
  return { ...workspace, blocks, comments };
}
