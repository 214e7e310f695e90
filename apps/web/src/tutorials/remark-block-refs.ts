// A remark plugin for MakeCode's inline references in tutorial text: `||basic:show icon||` (a
// block, drawn as a small block-coloured label) and `|Download|` (a button of the editor). They
// appear as inline code or in plain text; both become spans the step card styles.
import type { Nodes, Parent, PhrasingContent, Root } from 'mdast';

const BLOCK = /\|\|([A-Za-z_][\w.]*):([^|\n]+)\|\|/;
const BUTTON = /^\|([^|\n]+)\|$/;
const IN_TEXT = /\|\|([A-Za-z_][\w.]*):([^|\n]+)\|\|/g;

function chip(text: string, className: string, namespace?: string): PhrasingContent {
  return {
    type: 'text',
    value: text,
    data: {
      hName: 'span',
      hProperties: namespace ? { className: [className], dataNamespace: namespace } : { className: [className] },
      hChildren: [{ type: 'text', value: text }],
    },
  };
}

function blockChip(namespace: string, name: string): PhrasingContent {
  return chip(name.trim(), 'tutorial-block', namespace.toLowerCase());
}

function splitText(value: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(IN_TEXT)) {
    if (match.index > last) out.push({ type: 'text', value: value.slice(last, match.index) });
    out.push(blockChip(match[1] ?? '', match[2] ?? ''));
    last = match.index + match[0].length;
  }
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) });
  return out;
}

function rewrite(node: Nodes): PhrasingContent[] | undefined {
  if (node.type === 'inlineCode') {
    const block = BLOCK.exec(node.value);
    if (block && block[0] === node.value) return [blockChip(block[1] ?? '', block[2] ?? '')];
    const button = BUTTON.exec(node.value);
    if (button) return [chip((button[1] ?? '').trim(), 'tutorial-button')];
    return undefined;
  }
  if (node.type === 'text' && node.value.includes('||')) return splitText(node.value);
  return undefined;
}

function walk(parent: Parent): void {
  const children: Nodes[] = [];
  for (const child of parent.children as Nodes[]) {
    const replaced = rewrite(child);
    if (replaced) children.push(...replaced);
    else {
      if ('children' in child) walk(child);
      children.push(child);
    }
  }
  parent.children = children as Parent['children'];
}

export function remarkBlockRefs() {
  return (tree: Root) => walk(tree);
}
