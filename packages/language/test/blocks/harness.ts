// Shared setup for the blocks tests: the micro:bit API library (read from the board package's
// declaration files, as the language package may not import the board), one registry and one
// compiler, and helpers to convert both ways and compare block programs.
import ts from 'typescript';
import { createBlockRegistry } from '../../src/blocks/definitions/block-registry.ts';
import { typeScriptToBlocks } from '../../src/blocks/decompile/decompile.ts';
import { blocksToTypeScript } from '../../src/blocks/generate/generate-typescript.ts';
import type { BlockNode, BlocksWorkspace, XmlElement } from '../../src/blocks/model/blocks-model.ts';
import { createCompiler } from '../../src/compiler/create-compiler.ts';
import { microbitLibrary } from '../microbit-library.ts';

export { microbitLibrary };

export const registry = createBlockRegistry({ ts, library: microbitLibrary });
export const compiler = createCompiler({ ts, library: microbitLibrary });

export function decompile(source: string) {
  return typeScriptToBlocks(source, { ts, registry, compiler });
}

export function generate(workspace: BlocksWorkspace) {
  return blocksToTypeScript(workspace, registry);
}

/** A block program without what conversions may change: ids, positions, comment sizes, order of top blocks. */
export function normalize(workspace: BlocksWorkspace): unknown {
  return {
    variables: [...new Set(workspace.variables.map((v) => v.name))].sort(),
    blocks: workspace.blocks
      .map(normalizeBlock)
      .map((b) => JSON.stringify(b))
      .sort(),
    comments: workspace.comments.map((c) => c.text),
  };
}

function sortedRecord(record: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  if (!record) return undefined;
  const keys = Object.keys(record).sort();
  return keys.length ? Object.fromEntries(keys.map((k) => [k, record[k]!])) : undefined;
}

function normalizeRaw(element: XmlElement): unknown {
  const attributes = { ...element.attributes };
  if (element.tag === 'arg') delete attributes['id'];
  return {
    tag: element.tag,
    attributes: sortedRecord(attributes),
    children: element.children.map((c) => (typeof c === 'string' ? c : normalizeRaw(c))),
  };
}

function normalizeBlock(block: BlockNode): unknown {
  const mutation = block.mutation ? { ...block.mutation.attributes } : undefined;
  if (mutation) delete mutation['functionid'];
  // Function call inputs are named by argument ids, which conversions renumber: use argument names.
  const argNames = new Map(
    (block.mutation?.children ?? [])
      .filter((c) => c.tag === 'arg')
      .map((c) => [c.attributes['id'] ?? '', c.attributes['name'] ?? ''] as const),
  );
  const inputName = (name: string) => (block.type.startsWith('function_call') ? (argNames.get(name) ?? name) : name);
  return {
    type: block.type,
    shadow: block.shadow ?? false,
    attributes: sortedRecord(block.attributes),
    mutation: mutation ? sortedRecord(mutation) : undefined,
    mutationChildren: block.mutation?.children.map(normalizeRaw),
    fields: [...block.fields].map((f) => [f.name, f.value]).sort(),
    inputs: [...block.inputs]
      .filter((i) => i.block || i.shadow)
      .map((i) => ({ ...i, name: inputName(i.name) }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((i) => ({
        kind: i.kind,
        name: i.name,
        shadow: i.shadow ? normalizeBlock(i.shadow) : undefined,
        block: i.block ? normalizeBlock(i.block) : undefined,
      })),
    next: block.next ? normalizeBlock(block.next) : undefined,
    comment: block.comment?.text,
  };
}

/** Every block type in a workspace (shadows included). */
export function blockTypes(workspace: BlocksWorkspace): Set<string> {
  const types = new Set<string>();
  const visit = (block: BlockNode | undefined) => {
    for (let current = block; current; current = current.next) {
      types.add(current.type);
      for (const input of current.inputs) {
        visit(input.shadow);
        visit(input.block);
      }
    }
  };
  workspace.blocks.forEach(visit);
  return types;
}
