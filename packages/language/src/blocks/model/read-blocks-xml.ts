// Blockly XML (`main.blocks`) -> BlocksWorkspace. Everything is kept: blocks of unknown types,
// attributes without a name in the model, unknown child elements (as raw XML elements). A file
// that is not XML, or not Blockly's `<xml>` root, is refused with a plain-language error.

import { DOMParser } from '@xmldom/xmldom';
import type {
  BlockComment,
  BlockNode,
  BlocksWorkspace,
  FieldNode,
  InputNode,
  Mutation,
  WorkspaceComment,
  WorkspaceVariable,
  XmlElement,
} from './blocks-model.ts';

export class BlocksXmlError extends Error {
  override readonly name = 'BlocksXmlError';
}

/** The part of a DOM node the reader uses: @xmldom/xmldom's and a browser's both have it. */
interface Node {
  readonly nodeType: number;
  readonly nodeValue: string | null;
  readonly firstChild: Node | null;
  readonly lastChild: Node | null;
  readonly nextSibling: Node | null;
}

/** The part of a DOM element the reader uses. */
interface XmlElementLike extends Node {
  readonly localName: string | null;
  readonly nodeName: string;
  readonly attributes: { readonly length: number; item(index: number): { name: string; value: string } | null };
  getAttribute(name: string): string | null;
}
type Element = XmlElementLike;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

export function readBlocksXml(xml: string): BlocksWorkspace {
  if (!xml.trim()) return { variables: [], blocks: [], comments: [] };
  let root: XmlElementLike | null;
  try {
    const parser = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new BlocksXmlError(message);
      },
    });
    root = parser.parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new BlocksXmlError(`The blocks file is not valid XML: ${message}`);
  }
  return readBlocksXmlRoot(root);
}

/**
 * The same as `readBlocksXml` for a file already parsed (a browser's own parser is several times
 * faster than @xmldom/xmldom's; the caller checks that it parsed without error).
 */
export function readBlocksXmlRoot(root: XmlElementLike | null): BlocksWorkspace {
  if (!root || localName(root) !== 'xml') {
    throw new BlocksXmlError(
      `The blocks file does not hold Blockly blocks: its root element is <${root ? root.nodeName : ''}>, not <xml>.`,
    );
  }
  const variables: WorkspaceVariable[] = [];
  const blocks: BlockNode[] = [];
  const comments: WorkspaceComment[] = [];
  const extra: XmlElement[] = [];
  for (const child of elements(root)) {
    const tag = localName(child);
    if (tag === 'variables') {
      for (const v of elements(child)) {
        if (localName(v) === 'variable') variables.push(readVariable(v));
      }
    } else if (tag === 'block' || tag === 'shadow') {
      blocks.push(readBlock(child));
    } else if (tag === 'comment') {
      comments.push(readWorkspaceComment(child));
    } else extra.push(readRaw(child));
  }
  const attributes = attributesOf(root);
  return {
    ...(Object.keys(attributes).length ? { attributes } : {}),
    variables,
    blocks,
    comments,
    ...(extra.length ? { extra } : {}),
  };
}

function readVariable(element: Element): WorkspaceVariable {
  const { id, type, ...rest } = attributesOf(element);
  return {
    name: textOf(element),
    ...(id !== undefined ? { id } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(Object.keys(rest).length ? { attributes: rest } : {}),
  };
}

function readWorkspaceComment(element: Element): WorkspaceComment {
  const { id, x, y, ...rest } = attributesOf(element);
  if (x !== undefined && !isNumeric(x)) rest['x'] = x;
  if (y !== undefined && !isNumeric(y)) rest['y'] = y;
  return {
    text: textOf(element),
    ...(id !== undefined ? { id } : {}),
    ...(x !== undefined && isNumeric(x) ? { x: Number(x) } : {}),
    ...(y !== undefined && isNumeric(y) ? { y: Number(y) } : {}),
    ...(Object.keys(rest).length ? { attributes: rest } : {}),
  };
}

function readBlock(element: Element): BlockNode {
  const { type, id, x, y, ...attributes } = attributesOf(element);
  let mutation: Mutation | undefined;
  const fields: FieldNode[] = [];
  const inputs: InputNode[] = [];
  let next: BlockNode | undefined;
  let comment: BlockComment | undefined;
  let data: string | undefined;
  const extra: XmlElement[] = [];
  for (const child of elements(element)) {
    switch (localName(child)) {
      case 'mutation':
        mutation = { attributes: attributesOf(child), children: elements(child).map(readRaw) };
        break;
      case 'field': {
        const { name, ...rest } = attributesOf(child);
        fields.push({
          name: name ?? '',
          value: textOf(child),
          ...(Object.keys(rest).length ? { attributes: rest } : {}),
        });
        break;
      }
      case 'value':
      case 'statement':
        inputs.push(readInput(child));
        break;
      case 'next': {
        const first = elements(child).find((e) => localName(e) === 'block' || localName(e) === 'shadow');
        if (first) next = readBlock(first);
        break;
      }
      case 'comment': {
        const commentAttributes = attributesOf(child);
        comment = {
          text: textOf(child),
          ...(Object.keys(commentAttributes).length ? { attributes: commentAttributes } : {}),
        };
        break;
      }
      case 'data':
        data = textOf(child);
        break;
      default:
        extra.push(readRaw(child));
    }
  }
  // Keep non-numeric positions as plain attributes rather than losing them.
  if (x !== undefined && !isNumeric(x)) attributes['x'] = x;
  if (y !== undefined && !isNumeric(y)) attributes['y'] = y;
  return {
    type: type ?? '',
    ...(id !== undefined ? { id } : {}),
    ...(localName(element) === 'shadow' ? { shadow: true } : {}),
    ...(x !== undefined && isNumeric(x) ? { x: Number(x) } : {}),
    ...(y !== undefined && isNumeric(y) ? { y: Number(y) } : {}),
    ...(Object.keys(attributes).length ? { attributes } : {}),
    ...(mutation ? { mutation } : {}),
    fields,
    inputs,
    ...(next ? { next } : {}),
    ...(comment ? { comment } : {}),
    ...(data !== undefined ? { data } : {}),
    ...(extra.length ? { extra } : {}),
  };
}

function readInput(element: Element): InputNode {
  let shadow: BlockNode | undefined;
  let block: BlockNode | undefined;
  for (const child of elements(element)) {
    const tag = localName(child);
    if (tag === 'shadow' && !shadow) shadow = readBlock(child);
    else if (tag === 'block' && !block) block = readBlock(child);
  }
  return {
    kind: localName(element) === 'statement' ? 'statement' : 'value',
    name: element.getAttribute('name') ?? '',
    ...(shadow ? { shadow } : {}),
    ...(block ? { block } : {}),
  };
}

function readRaw(element: Element): XmlElement {
  const children: (XmlElement | string)[] = [];
  for (let node: Node | null = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT_NODE) children.push(readRaw(node as Element));
    else if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
      const text = node.nodeValue ?? '';
      if (text.trim() || (element.firstChild === node && element.lastChild === node)) children.push(text);
    }
  }
  return { tag: element.nodeName, attributes: attributesOf(element), children };
}

function elements(parent: Element): Element[] {
  const result: Element[] = [];
  for (let node: Node | null = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT_NODE) result.push(node as Element);
  }
  return result;
}

function attributesOf(element: Element): Record<string, string> {
  const result: Record<string, string> = {};
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const attribute = attributes.item(i);
    if (attribute) result[attribute.name] = attribute.value;
  }
  return result;
}

function textOf(element: Element): string {
  let text = '';
  for (let node: Node | null = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) text += node.nodeValue ?? '';
  }
  return text;
}

function localName(element: Element): string {
  return (element.localName ?? element.nodeName).toLowerCase();
}

function isNumeric(value: string): boolean {
  return value.trim() !== '' && Number.isFinite(Number(value));
}
