// Compares two `main.blocks` files the way the round trip through Blockly must hold: the same
// blocks, fields, values, mutations, comments and variables, in the same places. Formatting,
// attribute order and the order of fields and inputs inside a block do not count, and neither do
// the ids Blockly adds where the file had none (block ids, variable field ids) or an empty
// variable type it spells out.

import { readBlocksXml, type BlockNode, type BlocksWorkspace, type XmlElement } from '@blockyard/language';

function xmlText(element: XmlElement | string): string {
  if (typeof element === 'string') return element;
  const attributes = Object.entries(element.attributes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => ` ${k}=${JSON.stringify(v)}`)
    .join('');
  return `<${element.tag}${attributes}>${element.children.map(xmlText).join('')}</${element.tag}>`;
}

function sortedAttributes(attributes: Readonly<Record<string, string>> | undefined, drop: readonly string[] = []) {
  return Object.entries(attributes ?? {})
    .filter(([name]) => !drop.includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** A block as comparable data, following the shape of `expected` for what may be left out. */
function canonical(block: BlockNode, expected: BlockNode | undefined): unknown {
  const byName = <T extends { name: string }>(items: readonly T[]) =>
    [...items].sort((a, b) => a.name.localeCompare(b.name));
  const expectedField = (name: string) => expected?.fields.find((f) => f.name === name);
  const expectedInput = (name: string) => expected?.inputs.find((i) => i.name === name);
  return {
    type: block.type,
    shadow: !!block.shadow,
    id: expected?.id !== undefined ? block.id : undefined,
    x: block.x,
    y: block.y,
    attributes: sortedAttributes(block.attributes),
    mutation: block.mutation
      ? { attributes: sortedAttributes(block.mutation.attributes), children: block.mutation.children.map(xmlText) }
      : undefined,
    fields: byName(block.fields).map((field) => {
      const wanted = expectedField(field.name)?.attributes ?? {};
      const drop = ['id', 'variabletype'].filter(
        (name) => !(name in wanted) && (name === 'id' || field.attributes?.[name] === ''),
      );
      // An empty variable type is the same as none (Blockly 13 leaves `variabletype=""` out).
      if (wanted['variabletype'] === '' && field.attributes?.['variabletype'] === undefined) drop.push('variabletype');
      const attributes = sortedAttributes(field.attributes, drop);
      if (wanted['variabletype'] === '' && field.attributes?.['variabletype'] === undefined && !drop.includes('x')) {
        attributes.push(['variabletype', '']);
        attributes.sort(([a], [b]) => a.localeCompare(b));
      }
      return { name: field.name, value: field.value, attributes };
    }),
    comment: block.comment?.text,
    data: block.data,
    inputs: byName(block.inputs.filter((input) => input.shadow || input.block)).map((input) => {
      const other = expectedInput(input.name);
      return {
        kind: input.kind,
        name: input.name,
        shadow: input.shadow ? canonical(input.shadow, other?.shadow) : undefined,
        block: input.block ? canonical(input.block, other?.block) : undefined,
      };
    }),
    extra: (block.extra ?? []).map(xmlText),
    next: block.next ? canonical(block.next, expected?.next) : undefined,
  };
}

export interface XmlDifference {
  readonly path: string;
  readonly expected: string;
  readonly actual: string;
}

function diff(path: string, expected: unknown, actual: unknown, out: XmlDifference[]): void {
  if (out.length >= 20) return;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      out.push({ path: `${path}.length`, expected: JSON.stringify(expected), actual: JSON.stringify(actual) });
      return;
    }
    expected.forEach((e, i) => diff(`${path}[${i}]`, e, actual[i], out));
    return;
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      diff(`${path}.${key}`, (expected as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], out);
    }
    return;
  }
  if (expected !== actual) {
    out.push({ path, expected: JSON.stringify(expected) ?? 'nothing', actual: JSON.stringify(actual) ?? 'nothing' });
  }
}

function workspaceCanonical(workspace: BlocksWorkspace, expected: BlocksWorkspace): unknown {
  const expectedVariable = (name: string) => expected.variables.find((v) => v.name === name);
  return {
    variables: [...workspace.variables]
      .filter((v) => expectedVariable(v.name) || expected.variables.length > 0)
      .map((v) => ({
        name: v.name,
        id: expectedVariable(v.name)?.id !== undefined ? v.id : undefined,
        type: v.type || expectedVariable(v.name)?.type ? v.type || '' : undefined,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    // Top-level order carries no meaning (code follows positions); Blockly writes them by position.
    blocks: sortTop(workspace.blocks).map((block) => canonical(block, matching(expected.blocks, block))),
    comments: workspace.comments.map((c) => ({ text: c.text, x: c.x, y: c.y })),
    extra: (workspace.extra ?? []).map(xmlText),
  };
}

function sortTop(blocks: readonly BlockNode[]): BlockNode[] {
  return [...blocks].sort(
    (a, b) =>
      (a.y ?? 0) - (b.y ?? 0) ||
      (a.x ?? 0) - (b.x ?? 0) ||
      a.type.localeCompare(b.type) ||
      (a.id ?? '').localeCompare(b.id ?? ''),
  );
}

function matching(blocks: readonly BlockNode[], block: BlockNode): BlockNode | undefined {
  return (
    blocks.find((b) => b.id !== undefined && b.id === block.id) ??
    blocks.find((b) => b.x === block.x && b.y === block.y && b.type === block.type)
  );
}

/** Differences between the file loaded and the file saved (empty when the round trip held). */
export function compareBlocksXml(expectedXml: string, actualXml: string): XmlDifference[] {
  const expected = readBlocksXml(expectedXml);
  const actual = readBlocksXml(actualXml);
  const out: XmlDifference[] = [];
  diff('workspace', workspaceCanonical(expected, expected), workspaceCanonical(actual, expected), out);
  return out;
}
