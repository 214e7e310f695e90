import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, settle } from '../test/app-harness.tsx';

afterEach(() => cleanup());

async function openDocs(path: string) {
  const app = await renderApp(path);
  // The first visit loads the docs chunk (markdown, highlighter) and, in tests, builds the search
  // index with the block help pages (a child process reads the API): slow on a busy machine.
  await screen.findByRole('navigation', { name: 'Contents' }, { timeout: 80_000 });
  return app;
}

describe('DocsPage', { timeout: 90_000 }, () => {
  it('draws a guide from content/docs with its title, boxes, blocks and highlighted code', async () => {
    await openDocs('/docs/getting-started/first-program');
    expect(screen.getByRole('heading', { level: 1, name: 'Your first program' })).toBeTruthy();
    const hint = document.querySelector('[role="note"].docs-box-hint');
    expect(hint?.textContent).toContain('Press button A on the simulator');
    // A `blocks` snippet is drawn as blocks, hidden from screen readers, which read an outline.
    const drawn = document.querySelector('.docs-snippet .block-program-stacks');
    expect(drawn?.getAttribute('aria-hidden')).toBe('true');
    expect(drawn?.querySelector('.block-program .block-program-mouth')?.textContent).toBe('show iconhappy');
    const outline = screen.getByText('The blocks of this example, in order:').parentElement;
    expect(
      within(outline!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['on startshow icon happy', 'show icon happy']);
    // Its code is one click away, still TypeScript coloured by rehype-highlight.
    expect(screen.getByText('Show the JavaScript').tagName).toBe('SUMMARY');
    const code = document.querySelector('details pre code.language-blocks');
    expect(code?.querySelector('.hljs-title, .hljs-built_in, .hljs-property')).toBeTruthy();
    // A `typescript` snippet stays code.
    expect(document.querySelector('.docs-snippet > pre code.language-typescript')).toBeTruthy();
    expect(document.title).toBe('Your first program · Blockyard guides');
  });

  it('marks the active contents item and expands the way to it; breadcrumbs start at /docs', async () => {
    await openDocs('/docs/download/troubleshooting');
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const active = within(contents).getByRole('link', { name: 'When the download does not work' });
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(within(contents).getByRole('button', { name: 'Hide the pages in Download to your micro:bit' })).toBeTruthy();
    // Getting started is not on the way, so it starts folded.
    const folded = within(contents).getByRole('button', { name: 'Show the pages in Getting started' });
    expect(within(contents).queryByRole('link', { name: 'Your first program' })).toBeNull();
    fireEvent.click(folded);
    expect(within(contents).getByRole('link', { name: 'Your first program' })).toBeTruthy();

    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual([
      'Guides',
      'Download to your micro:bit',
      'When the download does not work',
    ]);
    expect(within(crumbs[0]!).getByRole('link').getAttribute('href')).toBe('/docs');
    expect(within(crumbs[1]!).getByRole('link').getAttribute('href')).toBe('/docs/download');
  });

  it('hides and shows the contents with the side-menu toggle', async () => {
    await openDocs('/docs/simulator');
    const toggle = screen.getByRole('button', { name: 'Hide contents' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Contents' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show contents' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('searches every guide as you type and leads to the page', async () => {
    const app = await openDocs('/docs/simulator');
    const box = screen.getByRole('searchbox', { name: 'Search the guides' });
    fireEvent.change(box, { target: { value: 'cable' } });
    const results = screen.getByRole('list', { name: 'Pages found' });
    const links = within(results).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toContain('Download to your micro:bit');
    fireEvent.change(box, { target: { value: 'zebra' } });
    expect(screen.getByText('No guide talks about “zebra”. Try another word.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'cable' } });
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Pages found' })).getByRole('link', {
        name: 'Download to your micro:bit',
      }),
    );
    await settle();
    expect(app.router.state.location.pathname).toBe('/docs/download');
    // The results close and reading starts at the new page's heading.
    await screen.findByRole('heading', { level: 1, name: 'Download to your micro:bit' });
    expect(screen.queryByRole('list', { name: 'Pages found' })).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Download to your micro:bit'));
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it('closes the search results with Escape', async () => {
    await openDocs('/docs/simulator');
    const box = screen.getByRole('searchbox', { name: 'Search the guides' });
    fireEvent.change(box, { target: { value: 'cable' } });
    expect(screen.getByRole('list', { name: 'Pages found' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: 'Pages found' })).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('prints the page and links to its source on GitHub', async () => {
    // happy-dom has no window.print.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    await openDocs('/docs/simulator');
    fireEvent.click(screen.getByRole('button', { name: 'Print this page' }));
    expect(print).toHaveBeenCalledTimes(1);
    const edit = screen.getByRole('link', { name: 'Edit this page on GitHub' });
    expect(edit.getAttribute('href')).toBe(
      'https://github.com/blockyard/blockyard/edit/main/content/docs/simulator.md',
    );
    Reflect.deleteProperty(window, 'print');
  });

  it('says kindly when a guide does not exist', async () => {
    await openDocs('/docs/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Guide not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to all guides' }).getAttribute('href')).toBe('/docs');
    expect(screen.queryByRole('link', { name: 'Edit this page on GitHub' })).toBeNull();
  });

  it('makes a project from the program in a guide and opens it, so the simulator runs it', async () => {
    const app = await openDocs('/docs/getting-started/first-program');
    const run = screen.getAllByRole('button', { name: 'Open in the editor and run' });
    expect(run).toHaveLength(2);
    fireEvent.click(run[0]!);
    await settle();
    await vi.waitFor(() => expect(app.path()).toMatch(/^\/projects\//), { timeout: 10_000 });
    const id = app.path().split('/').pop()!;
    const project = await app.store.get(id);
    expect(project.name).toBe('Guide example');
    expect(project.files['main.ts']).toBe('basic.showIcon(IconNames.Happy)\n');
  });
});
