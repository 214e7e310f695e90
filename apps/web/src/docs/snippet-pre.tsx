import type { ReactNode } from 'react';
import type { Components } from 'react-markdown';

/** A fenced code block of a page: its code and its `language-…` classes (`language-blocks`). */
export interface MarkdownSnippet {
  readonly code: string;
  readonly languages: readonly string[];
}

/** The text of a hast node (a highlighter may have split the code into spans). */
function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { type?: string; value?: string; children?: unknown[] };
  if (n.type === 'text') return n.value ?? '';
  return (n.children ?? []).map(textOf).join('');
}

/**
 * A react-markdown `pre` that hands each code block to `draw` (guides: blocks and a run button;
 * tutorials: blocks drawn by the editor); where `draw` gives undefined the code stays as it is.
 * Shared by DocsMarkdown and TutorialMarkdown.
 */
export function snippetPre(
  draw: (snippet: MarkdownSnippet, pre: ReactNode) => ReactNode | undefined,
): NonNullable<Components['pre']> {
  return function SnippetPre({ node, children }) {
    const pre = <pre>{children}</pre>;
    const code = node?.children.find((c) => c.type === 'element' && c.tagName === 'code');
    if (code?.type !== 'element') return pre;
    const classes = code.properties['className'];
    const languages = Array.isArray(classes) ? classes.map(String).filter((c) => c.startsWith('language-')) : [];
    const drawn = draw({ code: textOf(code).replace(/\n$/, ''), languages }, pre);
    return drawn === undefined ? pre : <>{drawn}</>;
  };
}
