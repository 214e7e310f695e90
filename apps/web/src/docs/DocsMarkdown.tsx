import { remarkDocsMacros, type BlockStack } from '@blockyard/docs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { remarkBlockRefs } from '../tutorials/remark-block-refs.ts';
import { blockRefSpan } from './BlockRef.tsx';
import { BlockStackView } from './BlockStackView.tsx';
import { DocsLink } from './DocsLink.tsx';
import { DocsSnippet, RUNNABLE_SNIPPETS } from './DocsSnippet.tsx';
import { docsBlockRefs, docsSnippetPictures } from './reference-source.ts';
import { snippetPre } from './snippet-pre.tsx';

// Snippets our pages write as MakeCode does: `blocks` and `sig` are TypeScript code.
const highlight = { aliases: { typescript: ['blocks', 'sig', 'ts'] }, detect: false };
const remarkPlugins = [remarkGfm, remarkDocsMacros, remarkBlockRefs];
const rehypePlugins = [rehypeSlug, [rehypeHighlight, highlight] as const];

/** A `blocks` snippet drawn as blocks (pictures made at build time), with its code one click away. */
function BlocksSnippet({ code, stacks, pre }: { code: string; stacks: readonly BlockStack[]; pre: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DocsSnippet code={code}>
      <BlockStackView stacks={stacks} />
      <details className="docs-snippet-code">
        <summary>{t('docs.showCode')}</summary>
        {pre}
      </details>
    </DocsSnippet>
  );
}

const components: Components = {
  pre: snippetPre(({ code, languages }, pre) => {
    const stacks = languages.includes('language-blocks') ? docsSnippetPictures(code) : undefined;
    if (stacks) return <BlocksSnippet code={code} stacks={stacks} pre={pre} />;
    if (!languages.some((language) => RUNNABLE_SNIPPETS.includes(language))) return undefined;
    return <DocsSnippet code={code}>{pre}</DocsSnippet>;
  }),
  a: ({ href = '', children }) => <DocsLink href={href}>{children}</DocsLink>,
  // `||namespace:block||` drawn as a picture of the block.
  span: blockRefSpan(docsBlockRefs),
};

/**
 * A guide's markdown; no raw HTML. Macro problems show in place (spec 000 §5); blocks named as
 * pictures; `blocks` snippets drawn as blocks.
 */
export function DocsMarkdown({ text }: { text: string }) {
  return (
    <div className="docs-text">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins as never} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
