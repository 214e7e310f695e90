import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { remarkBlockRefs } from './remark-block-refs.ts';

const html = (text: string) => renderToStaticMarkup(<Markdown remarkPlugins={[remarkBlockRefs]}>{text}</Markdown>);

describe('remarkBlockRefs', () => {
  it('draws block references in code as block labels of their namespace', () => {
    expect(html('Drag `||basic:show icon||` here.')).toBe(
      '<p>Drag <span class="tutorial-block" data-namespace="basic">show icon</span> here.</p>',
    );
  });

  it('finds references in plain text and button names in code', () => {
    expect(html('Open ||input:on button A pressed|| then press `|Download|`')).toBe(
      '<p>Open <span class="tutorial-block" data-namespace="input">on button A pressed</span> then press <span class="tutorial-button">Download</span></p>',
    );
  });

  it('leaves other code and raw HTML as text', () => {
    expect(html('`let x = 1` and <b>bold</b>')).toBe('<p><code>let x = 1</code> and &lt;b&gt;bold&lt;/b&gt;</p>');
  });
});
