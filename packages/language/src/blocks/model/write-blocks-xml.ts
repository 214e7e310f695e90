// BlocksWorkspace -> Blockly XML, indented two spaces per level so `main.blocks` diffs well, or
// compact (`{ indent: false }`: no indentation or line breaks between elements, as Blockly writes
// it). A stack nests one level per block, so indented XML of a 1,000-block stack is about 25 MB;
// the editor exchanges compact XML. Text content (fields, comments, variables) is written exactly;
// attribute values escape tabs and line breaks so they survive XML attribute normalisation.

import type { BlockNode, BlocksWorkspace, XmlElement } from './blocks-model.ts';

/** Blockly's XML namespace, used for new workspaces. */
export const BLOCKLY_XML_NAMESPACE = 'https://developers.google.com/blockly/xml';

export interface WriteBlocksXmlOptions {
  /** Two spaces per level and a line per element (the default); false writes compact XML. */
  readonly indent?: boolean;
}

/** Lines of XML with the indentation unit ('' for compact output). */
interface Output {
  readonly unit: string;
  readonly lines: string[];
}

export function writeBlocksXml(workspace: BlocksWorkspace, options: WriteBlocksXmlOptions = {}): string {
  const compact = options.indent === false;
  const out: Output = { unit: compact ? '' : '  ', lines: [] };
  const u = out.unit;
  const rootAttributes = workspace.attributes ?? { xmlns: BLOCKLY_XML_NAMESPACE };
  out.lines.push(`<xml${attributes(rootAttributes)}>`);
  if (workspace.variables.length > 0) {
    out.lines.push(`${u}<variables>`);
    for (const v of workspace.variables) {
      const attrs: Record<string, string> = {};
      if (v.type !== undefined) attrs['type'] = v.type;
      if (v.id !== undefined) attrs['id'] = v.id;
      Object.assign(attrs, v.attributes);
      out.lines.push(`${u}${u}<variable${attributes(attrs)}>${escapeText(v.name)}</variable>`);
    }
    out.lines.push(`${u}</variables>`);
  }
  for (const block of workspace.blocks) writeBlock(block, 1, out);
  for (const comment of workspace.comments) {
    const attrs: Record<string, string> = {};
    if (comment.id !== undefined) attrs['id'] = comment.id;
    if (comment.x !== undefined) attrs['x'] = String(comment.x);
    if (comment.y !== undefined) attrs['y'] = String(comment.y);
    Object.assign(attrs, comment.attributes);
    out.lines.push(`${u}<comment${attributes(attrs)}>${escapeText(comment.text)}</comment>`);
  }
  for (const element of workspace.extra ?? []) writeRaw(element, 1, out);
  out.lines.push('</xml>');
  return compact ? out.lines.join('') : out.lines.join('\n') + '\n';
}

/** One block (and the stack after it) as an XML string, e.g. for a toolbox entry. */
export function writeBlockXml(block: BlockNode): string {
  const out: Output = { unit: '  ', lines: [] };
  writeBlock(block, 0, out);
  return out.lines.join('\n');
}

// Written straight into `out` (no per-level copies), so a long stack costs linear time.
function writeBlock(block: BlockNode, depth: number, out: Output): void {
  const pad = out.unit.repeat(depth);
  const inner = out.unit.repeat(depth + 1);
  const lines = out.lines;
  const tag = block.shadow ? 'shadow' : 'block';
  const attrs: Record<string, string> = { type: block.type };
  if (block.id !== undefined) attrs['id'] = block.id;
  if (block.x !== undefined) attrs['x'] = String(block.x);
  if (block.y !== undefined) attrs['y'] = String(block.y);
  Object.assign(attrs, block.attributes);
  const empty =
    !block.mutation &&
    block.fields.length === 0 &&
    !block.comment &&
    block.data === undefined &&
    block.inputs.length === 0 &&
    (block.extra ?? []).length === 0 &&
    !block.next;
  if (empty) {
    lines.push(`${pad}<${tag}${attributes(attrs)}/>`);
    return;
  }
  lines.push(`${pad}<${tag}${attributes(attrs)}>`);
  if (block.mutation) {
    const m = block.mutation;
    if (m.children.length === 0) lines.push(`${inner}<mutation${attributes(m.attributes)}/>`);
    else {
      lines.push(`${inner}<mutation${attributes(m.attributes)}>`);
      for (const child of m.children) writeRaw(child, depth + 2, out);
      lines.push(`${inner}</mutation>`);
    }
  }
  for (const field of block.fields) {
    lines.push(
      `${inner}<field${attributes({ name: field.name, ...field.attributes })}>${escapeText(field.value)}</field>`,
    );
  }
  if (block.comment) {
    lines.push(
      `${inner}<comment${attributes(block.comment.attributes ?? {})}>${escapeText(block.comment.text)}</comment>`,
    );
  }
  if (block.data !== undefined) lines.push(`${inner}<data>${escapeText(block.data)}</data>`);
  for (const input of block.inputs) {
    const inputTag = input.kind === 'statement' ? 'statement' : 'value';
    if (!input.shadow && !input.block) {
      lines.push(`${inner}<${inputTag}${attributes({ name: input.name })}/>`);
      continue;
    }
    lines.push(`${inner}<${inputTag}${attributes({ name: input.name })}>`);
    if (input.shadow) writeBlock(input.shadow, depth + 2, out);
    if (input.block) writeBlock(input.block, depth + 2, out);
    lines.push(`${inner}</${inputTag}>`);
  }
  for (const element of block.extra ?? []) writeRaw(element, depth + 1, out);
  if (block.next) {
    lines.push(`${inner}<next>`);
    writeBlock(block.next, depth + 2, out);
    lines.push(`${inner}</next>`);
  }
  lines.push(`${pad}</${tag}>`);
}

function writeRaw(element: XmlElement, depth: number, out: Output): void {
  const pad = out.unit.repeat(depth);
  const open = `<${element.tag}${attributes(element.attributes)}`;
  if (element.children.length === 0) {
    out.lines.push(`${pad}${open}/>`);
    return;
  }
  if (element.children.some((child) => typeof child === 'string')) {
    out.lines.push(`${pad}${open}>${element.children.map(inlineRaw).join('')}</${element.tag}>`);
    return;
  }
  out.lines.push(`${pad}${open}>`);
  for (const child of element.children) writeRaw(child as XmlElement, depth + 1, out);
  out.lines.push(`${pad}</${element.tag}>`);
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
