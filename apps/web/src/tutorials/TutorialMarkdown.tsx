import Markdown from 'react-markdown';
import { remarkBlockRefs } from './remark-block-refs.ts';

const plugins = [remarkBlockRefs];

/** Tutorial text: markdown (no raw HTML: tutorials come from strangers) with block references. */
export function TutorialMarkdown({ text }: { text: string }) {
  return (
    <div className="tutorial-text">
      <Markdown remarkPlugins={plugins}>{text}</Markdown>
    </div>
  );
}
