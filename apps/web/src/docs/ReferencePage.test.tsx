import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, settle } from '../test/app-harness.tsx';

afterEach(() => cleanup());

async function openHelp(path: string) {
  const app = await renderApp(path);
  // The first visit loads the docs chunk and, in tests, builds the help pages from the API.
  await screen.findByRole('navigation', { name: 'Contents' }, { timeout: 80_000 });
  return app;
}

describe('ReferencePage', { timeout: 90_000 }, () => {
  it("draws a block's help: our words, the block, its signatures, parameters and example", async () => {
    await openHelp('/reference/basic/show-number');
    expect(screen.getByRole('heading', { level: 1, name: 'show number' })).toBeTruthy();
    // Our hand-written words (content/reference/basic/show-number.md) replace the generated ones.
    expect(screen.getByText(/A number with one digit just appears/)).toBeTruthy();
    // The block picture, in Basic's colour, is the first tab.
    const picture = screen.getByRole('img', { name: 'Block: show number 0' });
    expect(picture.getAttribute('style')).toContain('#1E90FF');
    fireEvent.click(screen.getAllByRole('tab', { name: 'JavaScript' })[0]!);
    expect(screen.getByText('basic.showNumber(value: number, interval?: number): void')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('tab', { name: 'Python' })[0]!);
    expect(screen.getByText('basic.show_number(value: number, interval: number = 150) -> None')).toBeTruthy();
    expect(screen.getByText('the number to show', { exact: false })).toBeTruthy();
    // The written example replaces the generated one; an inline block reference is a picture.
    expect(screen.getByRole('img', { name: /^Block: temperature/ })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual(['Guides', 'Blocks', 'Basic', 'show number']);
    expect(within(crumbs[2]!).getByRole('link').getAttribute('href')).toBe('/reference/basic');
    expect(screen.getByRole('link', { name: 'Edit this page on GitHub' }).getAttribute('href')).toBe(
      'https://github.com/blockyard/blockyard/edit/main/content/reference/basic/show-number.md',
    );
  });

  it('shows a generated page with its example in JavaScript and Python, and related blocks', async () => {
    const app = await openHelp('/reference/input/on-button-pressed');
    expect(screen.getByRole('heading', { level: 1, name: 'on button pressed' })).toBeTruthy();
    const example = screen.getByRole('region', { name: 'Example' });
    expect(example.textContent).toContain('input.onButtonPressed(Button.A, function () {');
    fireEvent.click(within(example).getByRole('tab', { name: 'Python' }));
    expect(example.textContent).toContain('def on_button_pressed_a():');
    const related = within(screen.getByRole('region', { name: 'Blocks that go well with it' })).getAllByRole('link');
    expect(related.length).toBeGreaterThan(2);
    fireEvent.click(related[0]!);
    await settle();
    expect(app.router.state.location.pathname).toMatch(/^\/reference\/input\//);
  });

  it('runs the example in the editor', async () => {
    const app = await openHelp('/reference/input/temperature');
    fireEvent.click(screen.getByRole('button', { name: 'Open in the editor and run' }));
    await settle();
    await vi.waitFor(() => expect(app.path()).toMatch(/^\/projects\//), { timeout: 10_000 });
    const project = await app.store.get(app.path().split('/').pop()!);
    expect(project.files['main.ts']).toBe('basic.showNumber(input.temperature())\n');
  });

  it('lists the blocks of a category and of every category, and stands up a written page alone', async () => {
    await openHelp('/reference/math');
    expect(screen.getByRole('heading', { level: 1, name: 'Math' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /pick random/ }).map((a) => a.getAttribute('href'));
    expect(links).toContain('/reference/math/random-range');
    cleanup();
    await openHelp('/reference');
    expect(screen.getByRole('heading', { level: 2, name: 'Radio' })).toBeTruthy();
    cleanup();
    await openHelp('/reference/loops/repeat');
    expect(screen.getByRole('heading', { level: 1, name: 'repeat' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Block: repeat 4 times' }).getAttribute('style')).toContain('#107C10');
  });

  it('says kindly when there is no such page', async () => {
    await openHelp('/reference/basic/no-such-block');
    expect(screen.getByRole('heading', { level: 1, name: 'Block help not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all blocks' }).getAttribute('href')).toBe('/reference');
  });

  it('finds block help pages in the docs search', async () => {
    await openHelp('/reference');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the guides' }), {
      target: { value: 'show number' },
    });
    const links = within(screen.getByRole('list', { name: 'Pages found' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toContain('/reference/basic/show-number');
  });
});
