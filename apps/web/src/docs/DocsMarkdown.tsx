import { remarkDocsMacros } from '@blockyard/docs';
import Markdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { DocsLink } from './DocsLink.tsx';

// Snippets our pages write as MakeCode does: `blocks` and `sig` are TypeScript code.
const highlight = { aliases: { typescript: ['blocks', 'sig', 'ts'] }, detect: false };
const remarkPlugins = [remarkGfm, remarkDocsMacros];
const rehypePlugins = [rehypeSlug, [rehypeHighlight, highlight] as const];

const components: Components = {
  a: ({ href = '', children }) => <DocsLink href={href}>{children}</DocsLink>,
};

/** A guide's markdown; no raw HTML. Macro problems show in place (spec 000 §5). */
export function DocsMarkdown({ text }: { text: string }) {
  return (
    <div className="docs-text">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins as never} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
