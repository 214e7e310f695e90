import fc from 'fast-check';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { checkDocsPage } from './check-page.ts';
import { isValidDocsLink, remarkDocsMacros, type DocsFileData } from './docs-macros.ts';

function run(markdown: string): { tree: Root; data: DocsFileData } {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDocsMacros);
  const file = { data: {} as DocsFileData, value: markdown };
  const tree = processor.runSync(processor.parse(markdown), file as never) as Root;
  return { tree, data: file.data };
}

describe('links', () => {
  it('accepts http:, https: and / and nothing else', () => {
    expect(isValidDocsLink('https://example.org')).toBe(true);
    expect(isValidDocsLink('http://example.org')).toBe(true);
    expect(isValidDocsLink('/docs/simulator')).toBe(true);
    expect(isValidDocsLink('simulator')).toBe(false);
    expect(isValidDocsLink('javascript:alert(1)')).toBe(false);
    expect(isValidDocsLink('#top')).toBe(false);
  });

  it('shows the error where the bad link stood, and keeps the sentence around it', () => {
    const { tree, data } = run('Read [this](javascript:alert(1)) first.\n\nThen [that](/docs/a).');
    expect(data.docsErrors).toEqual([{ message: 'Invalid link: javascript:alert(1)', line: 1 }]);
    const first = tree.children[0];
    expect(first?.type).toBe('paragraph');
    const kids = first?.type === 'paragraph' ? first.children : [];
    expect(kids.map((k) => k.type)).toEqual(['text', 'strong', 'text']);
    expect((kids[1]?.data as Record<string, unknown> | undefined)?.['hProperties']).toMatchObject({
      className: ['docs-error'],
    });
  });
});

describe('boxes', () => {
  it('wraps the text between "~ name" and "~" in a note of that kind', () => {
    const { tree, data } = run('# Page\n\n### ~ hint Try it\n\nPress A.\n\n### ~\n\nAfter.');
    expect(data.docsErrors).toEqual([]);
    expect(tree.children.map((n) => n.type)).toEqual(['heading', 'blockquote', 'paragraph']);
    const box = tree.children[1];
    expect(box?.data).toMatchObject({
      hName: 'div',
      hProperties: { className: ['docs-box', 'docs-box-hint'], role: 'note' },
    });
    expect(box?.type === 'blockquote' ? box.children.length : 0).toBe(2);
  });

  it('reports an unknown box with the spec text', () => {
    expect(checkDocsPage('### ~ sparkles\n\nHi\n\n### ~')).toEqual([{ message: 'Unknown box: ~ sparkles', line: 1 }]);
  });

  it('closes a box left open at the end of the page', () => {
    const { tree } = run('### ~ tip\n\nLast words.');
    expect(tree.children.map((n) => n.type)).toEqual(['blockquote']);
  });
});

describe('commands', () => {
  it('reads known commands as page settings and drops them from the page', () => {
    const { tree, data } = run('# Page\n\n### @description How to start\n\nText');
    expect(data.docsSettings).toEqual({ description: 'How to start' });
    expect(tree.children.map((n) => n.type)).toEqual(['heading', 'paragraph']);
  });

  it('reports an unknown command with the spec text, in the page', () => {
    const { tree, data } = run('## @explode now');
    expect(data.docsErrors).toEqual([{ message: 'Unknown command: @explode', line: 1 }]);
    expect(tree.children).toHaveLength(1);
  });
});

describe('macro definitions', () => {
  it('needs an id or a data-name', () => {
    expect(checkDocsPage('<aside class="box">\nx\n</aside>')).toEqual([
      { message: 'id or data-name missing on macro', line: 1 },
    ]);
    expect(checkDocsPage('<aside id="hint">\nx\n</aside>')).toEqual([]);
    expect(checkDocsPage('<aside data-name="tip">\nx\n</aside>')).toEqual([]);
  });
});

describe('hostile text', () => {
  it('never throws and reports only the spec messages', () => {
    const piece = fc.constantFrom(
      '### ~ ',
      '### @',
      '~',
      '@',
      'hint',
      '[a](',
      ')',
      '\n',
      ' ',
      'x',
      '<aside ',
      '>',
      '# ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        for (const problem of checkDocsPage(pieces.join(''))) {
          expect(problem.message).toMatch(
            /^(Invalid link: |Unknown command: @|Unknown box: ~ |id or data-name missing on macro$)/,
          );
        }
      }),
    );
  });
});
