import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocsMarkdown } from './DocsMarkdown.tsx';

afterEach(() => cleanup());

describe('DocsMarkdown', () => {
  it('shows each macro problem in the page, where it occurs (spec 000 §5)', () => {
    const text = [
      '# Page',
      'See [the board](board.md) now.',
      '### ~ sparkles',
      '## @explode now',
      '<aside class="box">',
      '',
      'The end.',
    ].join('\n\n');
    render(<DocsMarkdown text={text} />);
    const errors = [...document.querySelectorAll('.docs-error')].map((e) => e.textContent);
    expect(errors).toEqual([
      'Invalid link: board.md',
      'Unknown box: ~ sparkles',
      'Unknown command: @explode',
      'id or data-name missing on macro',
    ]);
    // The sentence around the bad link stays, and the page goes on after the problems.
    expect(document.querySelector('.docs-error')?.parentElement?.textContent).toBe('See Invalid link: board.md now.');
    expect(screen.getByText('The end.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('opens other sites in a new tab, safely', () => {
    render(<DocsMarkdown text="Read [more](https://example.org/help)." />);
    const link = screen.getByRole('link', { name: 'more' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('never draws raw HTML from a page', () => {
    render(<DocsMarkdown text={'<script>window.hacked = 1</script>\n\n<b id="x">bold</b>'} />);
    expect(document.querySelector('script, b#x')).toBeNull();
  });
});
