// BlocksWorkspace -> Blockly XML, indented two spaces per level so `main.blocks` diffs well.
// Text content (fields, comments, variables) is written exactly; attribute values escape tabs and
// line breaks so they survive XML attribute normalisation.

import type { BlockNode, BlocksWorkspace, XmlElement } from './blocks-model.ts';

/** Blockly's XML namespace, used for new workspaces. */
export const BLOCKLY_XML_NAMESPACE = 'https://developers.google.com/blockly/xml';

export function writeBlocksXml(workspace: BlocksWorkspace): string {
  const out: string[] = [];
  const rootAttributes = workspace.attributes ?? { xmlns: BLOCKLY_XML_NAMESPACE };
  out.push(`<xml${attributes(rootAttributes)}>`);
  if (workspace.variables.length > 0) {
    out.push('  <variables>');
    for (const v of workspace.variables) {
      const attrs: Record<string, string> = {};
      if (v.type !== undefined) attrs['type'] = v.type;
      if (v.id !== undefined) attrs['id'] = v.id;
      Object.assign(attrs, v.attributes);
      out.push(`    <variable${attributes(attrs)}>${escapeText(v.name)}</variable>`);
    }
    out.push('  </variables>');
  }
  for (const block of workspace.blocks) writeBlock(block, 1, out);
  for (const comment of workspace.comments) {
    const attrs: Record<string, string> = {};
    if (comment.id !== undefined) attrs['id'] = comment.id;
    if (comment.x !== undefined) attrs['x'] = String(comment.x);
    if (comment.y !== undefined) attrs['y'] = String(comment.y);
    Object.assign(attrs, comment.attributes);
    out.push(`  <comment${attributes(attrs)}>${escapeText(comment.text)}</comment>`);
  }
  for (const element of workspace.extra ?? []) writeRaw(element, 1, out);
  out.push('</xml>');
  return out.join('\n') + '\n';
}

/** One block (and the stack after it) as an XML string, e.g. for a toolbox entry. */
export function writeBlockXml(block: BlockNode): string {
  const out: string[] = [];
  writeBlock(block, 0, out);
  return out.join('\n');
}

function writeBlock(block: BlockNode, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const tag = block.shadow ? 'shadow' : 'block';
  const attrs: Record<string, string> = { type: block.type };
  if (block.id !== undefined) attrs['id'] = block.id;
  if (block.x !== undefined) attrs['x'] = String(block.x);
  if (block.y !== undefined) attrs['y'] = String(block.y);
  Object.assign(attrs, block.attributes);
  const inner = '  '.repeat(depth + 1);
  const body: string[] = [];
  if (block.mutation) {
    const m = block.mutation;
    if (m.children.length === 0) body.push(`${inner}<mutation${attributes(m.attributes)}/>`);
    else {
      body.push(`${inner}<mutation${attributes(m.attributes)}>`);
      for (const child of m.children) writeRaw(child, depth + 2, body);
      body.push(`${inner}</mutation>`);
    }
  }
  for (const field of block.fields) {
    body.push(
      `${inner}<field${attributes({ name: field.name, ...field.attributes })}>${escapeText(field.value)}</field>`,
    );
  }
  if (block.comment) {
    body.push(
      `${inner}<comment${attributes(block.comment.attributes ?? {})}>${escapeText(block.comment.text)}</comment>`,
    );
  }
  if (block.data !== undefined) body.push(`${inner}<data>${escapeText(block.data)}</data>`);
  for (const input of block.inputs) {
    const inputTag = input.kind === 'statement' ? 'statement' : 'value';
    if (!input.shadow && !input.block) {
      body.push(`${inner}<${inputTag}${attributes({ name: input.name })}/>`);
      continue;
    }
    body.push(`${inner}<${inputTag}${attributes({ name: input.name })}>`);
    if (input.shadow) writeBlock(input.shadow, depth + 2, body);
    if (input.block) writeBlock(input.block, depth + 2, body);
    body.push(`${inner}</${inputTag}>`);
  }
  for (const element of block.extra ?? []) writeRaw(element, depth + 1, body);
  if (block.next) {
    body.push(`${inner}<next>`);
    writeBlock(block.next, depth + 2, body);
    body.push(`${inner}</next>`);
  }
  if (body.length === 0) out.push(`${pad}<${tag}${attributes(attrs)}/>`);
  else {
    out.push(`${pad}<${tag}${attributes(attrs)}>`);
    for (const line of body) out.push(line);
    out.push(`${pad}</${tag}>`);
  }
}

function writeRaw(element: XmlElement, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const open = `<${element.tag}${attributes(element.attributes)}`;
  if (element.children.length === 0) {
    out.push(`${pad}${open}/>`);
    return;
  }
  if (element.children.some((child) => typeof child === 'string')) {
    out.push(`${pad}${open}>${element.children.map(inlineRaw).join('')}</${element.tag}>`);
    return;
  }
  out.push(`${pad}${open}>`);
  for (const child of element.children) writeRaw(child as XmlElement, depth + 1, out);
  out.push(`${pad}</${element.tag}>`);
}

function inlineRaw(node: XmlElement | string): string {
  if (typeof node === 'string') return escapeText(node);
  const open = `<${node.tag}${attributes(node.attributes)}`;
  return node.children.length === 0 ? `${open}/>` : `${open}>${node.children.map(inlineRaw).join('')}</${node.tag}>`;
}

function attributes(attrs: Readonly<Record<string, string>>): string {
  let text = '';
  for (const [name, value] of Object.entries(attrs)) text += ` ${name}="${escapeAttribute(value)}"`;
  return text;
}

function escapeText(text: string): string {
  return text.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'));
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"\n\r\t]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case '\n':
        return '&#10;';
      case '\r':
        return '&#13;';
      default:
        return '&#9;';
    }
  });
}
