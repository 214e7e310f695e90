// MakeCode's docs macros (spec 000 §5) as a remark plugin over the markdown tree: headings that
// start with "~" open and close boxes ("### ~ hint" ... "### ~"), headings that start with "@"
// are commands ("### @description ..."), and every link must start with http:, https: or /.
// A problem never throws: it becomes an error node in the page, where it occurs, with the
// spec's message, and is also listed on the file (`file.data.docsErrors`) for checks and tests.
import type { Heading, Html, Link, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

/** The boxes our pages may use, and how each looks (a CSS class per name). */
export const DOCS_BOXES: readonly string[] = ['hint', 'tip', 'reminder', 'alert'];
/** The commands our pages may use: page settings, read into `file.data.docsSettings`. */
export const DOCS_COMMANDS: readonly string[] = ['description', 'parent', 'short'];

export interface DocsProblem {
  readonly message: string;
  /** 1-based line in the markdown, when known. */
  readonly line?: number;
}

export interface DocsFileData {
  docsErrors?: DocsProblem[];
  docsSettings?: Record<string, string>;
}

/** The spec's texts (000 §5), word for word. */
export const docsMessages = {
  invalidLink: (path: string) => `Invalid link: ${path}`,
  unknownCommand: (name: string) => `Unknown command: @${name}`,
  unknownBox: (name: string) => `Unknown box: ~ ${name}`,
  macroWithoutId: 'id or data-name missing on macro',
} as const;

/** A link is valid when it starts with http:, https: or / (spec 000 §5). */
export function isValidDocsLink(url: string): boolean {
  return /^(https?:|\/)/i.test(url);
}

/** An inline error: rendered as `<strong class="docs-error" role="note">` by remark-rehype. */
function errorNode(message: string): PhrasingContent {
  return {
    type: 'strong',
    data: { hName: 'strong', hProperties: { className: ['docs-error'], role: 'note' } },
    children: [{ type: 'text', value: message }],
  };
}

function errorBlock(message: string): RootContent {
  return { type: 'paragraph', children: [errorNode(message)] };
}

/** A raw HTML macro definition (`<aside ...>`) needs an id or a data-name. */
function isMacroWithoutId(html: Html): boolean {
  const open = /^\s*<aside\b([^>]*)>/i.exec(html.value);
  return !!open && !/\b(id|data-name)\s*=/i.test(open[1] ?? '');
}

interface Marker {
  readonly kind: '~' | '@';
  readonly name: string;
  readonly args: string;
}

function readMarker(heading: Heading): Marker | undefined {
  const m = /^\s*([~@])\s*(\S*)\s*(.*)$/s.exec(toString(heading));
  if (!m) return undefined;
  return { kind: m[1] as '~' | '@', name: m[2] ?? '', args: (m[3] ?? '').trim() };
}

/** The remark plugin. Options: the names known beyond ours (e.g. a target's own boxes). */
export function remarkDocsMacros(options: { boxes?: readonly string[]; commands?: readonly string[] } = {}) {
  const boxes = new Set([...DOCS_BOXES, ...(options.boxes ?? [])]);
  const commands = new Set([...DOCS_COMMANDS, ...(options.commands ?? [])]);
  // `file` is a VFile; its data is typed loosely here so the package needs no vfile types.
  return (tree: Root, file: { data: object }) => {
    const data: DocsFileData = file.data;
    const errors: DocsProblem[] = [];
    const settings: Record<string, string> = {};
    const report = (message: string, node: { position?: { start: { line: number } } }) => {
      const line = node.position?.start.line;
      errors.push(line === undefined ? { message } : { message, line });
      return message;
    };

    // Links first: an invalid one is replaced by its error where it stood.
    visit(tree, 'link', (node: Link, index, parent: Parent | undefined) => {
      if (isValidDocsLink(node.url) || !parent || index === undefined) return;
      parent.children.splice(index, 1, errorNode(report(docsMessages.invalidLink(node.url), node)) as never);
    });
    visit(tree, 'html', (node: Html, index, parent: Parent | undefined) => {
      if (!isMacroWithoutId(node) || !parent || index === undefined) return;
      parent.children.splice(index, 1, errorBlock(report(docsMessages.macroWithoutId, node)) as never);
    });

    // Boxes and commands live at the top level of the page.
    const out: RootContent[] = [];
    let box: (Parent & RootContent) | undefined;
    const push = (node: RootContent) => (box ? box.children.push(node as never) : out.push(node));
    for (const node of tree.children) {
      const marker = node.type === 'heading' ? readMarker(node) : undefined;
      if (!marker) {
        push(node);
      } else if (marker.kind === '@') {
        if (commands.has(marker.name)) settings[marker.name] = marker.args;
        else push(errorBlock(report(docsMessages.unknownCommand(marker.name), node)));
      } else if (!marker.name) {
        if (box) out.push(box);
        box = undefined;
      } else if (boxes.has(marker.name)) {
        if (box) out.push(box);
        box = boxNode(marker);
      } else {
        push(errorBlock(report(docsMessages.unknownBox(marker.name), node)));
      }
    }
    if (box) out.push(box);
    tree.children = out;
    data.docsErrors = [...(data.docsErrors ?? []), ...errors];
    data.docsSettings = { ...data.docsSettings, ...settings };
  };
}

function boxNode(marker: Marker): Parent & RootContent {
  const children: RootContent[] = [];
  if (marker.args)
    children.push({
      type: 'paragraph',
      children: [{ type: 'strong', children: [{ type: 'text', value: marker.args }] }],
    });
  // A note, not an `aside`: the box sits inside the page's main landmark, where a complementary
  // landmark does not belong (screen readers would list each tip beside the page's own regions).
  return {
    type: 'blockquote',
    data: { hName: 'div', hProperties: { className: ['docs-box', `docs-box-${marker.name}`], role: 'note' } },
    children: children as never,
  };
}
