import type { BlockRefFinder } from '@blockyard/docs';
import type { CSSProperties } from 'react';
import type { Components } from 'react-markdown';
import { BlockPictureView } from './BlockPictureView.tsx';

/** The class remark-block-refs gives a `||namespace:block||` reference. */
const BLOCK_REF_CLASS = 'tutorial-block';

/**
 * A react-markdown `span` that draws `||namespace:block||` references (remark-block-refs) as block
 * pictures; other spans (button labels, highlighted code) stay spans.
 */
export function blockRefSpan(blockRefs: () => BlockRefFinder): NonNullable<Components['span']> {
  return function BlockRefSpan({ node, children, className }) {
    const classes = String(className ?? '').split(' ');
    const namespace = node?.properties['dataNamespace'];
    if (!classes.includes(BLOCK_REF_CLASS) || typeof namespace !== 'string') {
      return <span className={className}>{children}</span>;
    }
    const words = (
      typeof children === 'string'
        ? children
        : (node?.children.map((c) => ('value' in c ? c.value : '')).join('') ?? '')
    ).trim();
    const picture = blockRefs()(namespace, words);
    // `||basic:Basic||` names a toolbox category, not a block: a label in its colour.
    if (words.toLowerCase() === namespace.toLowerCase()) {
      const style = { '--block-colour': picture.colour } as CSSProperties;
      return (
        <span className={`${BLOCK_REF_CLASS} block-category`} data-namespace={namespace} style={style}>
          {words}
        </span>
      );
    }
    return <BlockPictureView picture={picture} inline />;
  };
}
