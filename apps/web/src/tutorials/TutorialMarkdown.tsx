import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { blockRefSpan } from '../docs/BlockRef.tsx';
import { snippetPre } from '../docs/snippet-pre.tsx';
import { remarkBlockRefs } from './remark-block-refs.ts';
import { tutorialBlockRefs } from './tutorial-block-refs.ts';

const plugins = [remarkBlockRefs];

/** Snippet languages drawn as blocks when the card can draw blocks (hints as blocks). */
const BLOCK_SNIPPETS = new Set(['language-blocks', 'language-spy']);

/** Draws a snippet's code as blocks (given by the editor, which has the compiler and Blockly). */
export type SnippetRenderer = (code: string) => ReactNode;

const span = blockRefSpan(tutorialBlockRefs);

function componentsFor(renderSnippet: SnippetRenderer | undefined): Components {
  if (!renderSnippet) return { span };
  return {
    span,
    pre: snippetPre(({ code, languages }) =>
      languages.some((language) => BLOCK_SNIPPETS.has(language)) ? renderSnippet(code) : undefined,
    ),
  };
}

/**
 * Tutorial text: markdown (no raw HTML: tutorials come from strangers) with block references drawn
 * as block pictures;
 * `blocks` snippets drawn as blocks when `renderSnippet` is given.
 */
export function TutorialMarkdown({ text, renderSnippet }: { text: string; renderSnippet?: SnippetRenderer }) {
  const components = componentsFor(renderSnippet);
  return (
    <div className="tutorial-text">
      <Markdown remarkPlugins={plugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
