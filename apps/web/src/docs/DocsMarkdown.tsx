import { remarkDocsMacros } from '@blockyard/docs';
import Markdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { remarkBlockRefs } from '../tutorials/remark-block-refs.ts';
import { blockRefSpan } from './BlockRef.tsx';
import { DocsLink } from './DocsLink.tsx';
import { DocsSnippet, RUNNABLE_SNIPPETS } from './DocsSnippet.tsx';
import { docsBlockRefs } from './reference-source.ts';

// Snippets our pages write as MakeCode does: `blocks` and `sig` are TypeScript code.
const highlight = { aliases: { typescript: ['blocks', 'sig', 'ts'] }, detect: false };
const remarkPlugins = [remarkGfm, remarkDocsMacros, remarkBlockRefs];
const rehypePlugins = [rehypeSlug, [rehypeHighlight, highlight] as const];

/** The text of a hast node (the highlighter split the code into spans). */
function textOf(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as { type?: string; value?: string; children?: unknown[] };
  if (n.type === 'text') return n.value ?? '';
  return (n.children ?? []).map(textOf).join('');
}

const components: Components = {
  pre({ node, children }) {
    const code = node?.children.find((c) => c.type === 'element' && c.tagName === 'code');
    const classes = code?.type === 'element' ? code.properties['className'] : undefined;
    const runnable = Array.isArray(classes) && classes.some((c) => RUNNABLE_SNIPPETS.includes(String(c)));
    if (!runnable) return <pre>{children}</pre>;
    return (
      <DocsSnippet code={textOf(code).replace(/\n$/, '')}>
        <pre>{children}</pre>
      </DocsSnippet>
    );
  },
  a: ({ href = '', children }) => <DocsLink href={href}>{children}</DocsLink>,
  // `||namespace:block||` drawn as a picture of the block.
  span: blockRefSpan(docsBlockRefs),
};

/** A guide's markdown; no raw HTML. Macro problems show in place (spec 000 §5); blocks named as pictures. */
export function DocsMarkdown({ text }: { text: string }) {
  return (
    <div className="docs-text">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins as never} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
