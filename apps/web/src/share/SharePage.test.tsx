import { ManualClock } from '@blockyard/core';
import { parsePageFlags } from '../app/page-flags.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessEditor } from '../editor/testing/in-process-environment.ts';
import { renderApp, settle, START } from '../test/app-harness.tsx';
import { fakeShareServer, SHARE_ID } from './share-test-server.ts';

afterEach(() => cleanup());

const FILES = {
  'main.ts': 'basic.showNumber(7)\n',
  'pxt.json': JSON.stringify({ name: 'Dice', dependencies: { core: '*' }, files: ['main.ts'] }),
};

function sharedDice() {
  const server = fakeShareServer();
  server.published.set(SHARE_ID, { name: 'Dice', files: FILES, unshared: false });
  const clock = new ManualClock(START);
  return { server, clock, editor: inProcessEditor(clock) };
}

describe('SharePage', () => {
  it('shows the shared project running, with its code to read', async () => {
    const { server, clock, editor } = sharedDice();
    await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment });
    expect((await screen.findByRole('heading', { level: 1, name: 'Dice' }, { timeout: 20_000 })).textContent).toBe(
      'Dice',
    );
    expect(screen.getByRole('region', { name: 'The code (JavaScript)' }).querySelector('pre')?.textContent).toBe(
      'basic.showNumber(7)\n',
    );
    // The program was compiled and started without a press of Run.
    expect(await screen.findByRole('button', { name: 'Stop' }, { timeout: 20_000 })).toBeTruthy();
  }, 40_000);

  it('lists the earlier versions a share carries; picking one shows its code; timeMachine=1 has no Edit', async () => {
    const { server, clock, editor } = sharedDice();
    const older = { 'main.ts': 'basic.showNumber(5)\n', 'pxt.json': FILES['pxt.json'] };
    const history = [{ time: START - 2 * 86_400_000, name: 'Dice', files: older }];
    server.published.set(SHARE_ID, { name: 'Dice', files: FILES, history, unshared: false });
    const flags = parsePageFlags('?timeMachine=1', { inFrame: false });
    await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment, flags });
    const list = await screen.findByRole('list', { name: 'Versions, newest first' }, { timeout: 20_000 });
    const code = () => screen.getByRole('region', { name: 'The code (JavaScript)' }).querySelector('pre')?.textContent;
    expect(code()).toBe('basic.showNumber(7)\n');
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(buttons[1]?.textContent).toBe('Version 1 · 2 days ago');
    fireEvent.click(buttons[1]!);
    expect(code()).toBe('basic.showNumber(5)\n');
    expect(buttons[1]?.getAttribute('aria-pressed')).toBe('true');
    // Read-only: no Edit that copies, only a way to open it in Blockyard.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open in Blockyard' })).toBeTruthy();
  });

  it('Edit copies it into a new local project (never over one) and opens it', async () => {
    const { server, clock, editor } = sharedDice();
    const app = await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment });
    const mine = await app.store.create({ name: 'Dice', files: { 'main.ts': 'mine\n' } });
    await app.projects.library.load();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 20_000 }));
    await settle();
    const listing = await app.store.list();
    const copy = listing.projects.find((project) => project.id !== mine.id);
    expect(copy?.name).toBe('Dice 2');
    expect((await app.store.get(copy?.id ?? '')).files).toEqual(FILES);
    expect((await app.store.get(mine.id)).files).toEqual({ 'main.ts': 'mine\n' });
    expect(app.path()).toBe(`/projects/${copy?.id}`);
  });

  it('says plainly when a link leads nowhere or was unshared, and a wrong address is not found', async () => {
    const { server, clock, editor } = sharedDice();
    server.published.clear();
    await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment });
    expect(
      await screen.findByRole('heading', { name: 'There is no shared project here' }, { timeout: 20_000 }),
    ).toBeTruthy();
    cleanup();

    server.published.set(SHARE_ID, { name: 'Dice', files: FILES, unshared: true });
    await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment });
    expect(
      await screen.findByRole('heading', { name: 'This project is no longer shared' }, { timeout: 20_000 }),
    ).toBeTruthy();
    cleanup();

    server.offline = true;
    await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment });
    expect(
      await screen.findByRole('heading', { name: 'The shared project could not be opened' }, { timeout: 20_000 }),
    ).toBeTruthy();
    server.offline = false;
    server.published.set(SHARE_ID, { name: 'Dice', files: FILES, unshared: false });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dice' }, { timeout: 20_000 })).toBeTruthy();
    cleanup();

    const requests = server.requests.length;
    await renderApp('/not-a-share', { shares: server.shares, clock, editor: editor.environment });
    expect(
      await screen.findByRole('heading', { name: "We couldn't find that page" }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(server.requests.length).toBe(requests);
  }, 100_000);

  it('a visitor reports a share: picks why, adds words, sends once; a failure says so and keeps the words', async () => {
    const { server, clock, editor } = sharedDice();
    await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment });
    fireEvent.click(await screen.findByRole('button', { name: 'Report this project' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this project' });
    const send = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Send report' });
    // Nothing to send until a reason is picked.
    expect(send.disabled).toBe(true);
    fireEvent.click(
      within(dialog).getByRole('radio', { name: "It shows someone's name, address, photo or other private details" }),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }), {
      target: { value: '  my home street is in the code  ' },
    });
    server.offline = true;
    fireEvent.click(send);
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^Your report could not be sent\./);
    expect(server.reports).toEqual([]);
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox').value).toBe('  my home street is in the code  ');
    server.offline = false;
    fireEvent.click(send);
    expect(
      await within(dialog).findByText('Thank you for telling us. Someone will look at this project.'),
    ).toBeTruthy();
    expect(server.reports).toEqual([
      { id: SHARE_ID, reason: 'personal-information', details: 'my home street is in the code' },
    ]);
  }, 60_000);

  it('a share in a frame has no report button (the page it is on has its own)', async () => {
    const { server, clock, editor } = sharedDice();
    const flags = parsePageFlags('?sandbox=1', { inFrame: true });
    await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment, flags });
    await screen.findByRole('link', { name: 'Open in Blockyard' }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: 'Report this project' })).toBeNull();
  }, 40_000);

  describe('embed modes (page flags)', () => {
    it('controller=1 in a frame shows only the simulator, running', async () => {
      const { server, clock, editor } = sharedDice();
      const flags = parsePageFlags('?controller=1', { inFrame: true });
      await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment, flags });
      expect(await screen.findByRole('button', { name: 'Stop' }, { timeout: 20_000 })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Dice' }).className).toBe('visually-hidden');
      expect(screen.queryByRole('region', { name: 'The code (JavaScript)' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    });

    it('sandbox=1 shows the simulator and the code, and opens the share in Blockyard instead of copying', async () => {
      const { server, clock, editor } = sharedDice();
      const flags = parsePageFlags('?sandbox=1', { inFrame: true });
      const app = await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment, flags });
      const open = await screen.findByRole('link', { name: 'Open in Blockyard' }, { timeout: 20_000 });
      expect(open.getAttribute('href')).toBe(`/${SHARE_ID}`);
      expect(open.getAttribute('target')).toBe('_blank');
      expect(screen.getByRole('region', { name: 'The code (JavaScript)' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
      expect((await app.store.list()).projects).toEqual([]);
    });

    it('edit=1 in the sandbox keeps Edit, and noproject=1 hides the name', async () => {
      const { server, clock, editor } = sharedDice();
      const flags = parsePageFlags('?sandbox=1&edit=1&noproject=1', { inFrame: true });
      await renderApp(`/${SHARE_ID}`, { shares: server.shares, clock, editor: editor.environment, flags });
      expect(await screen.findByRole('button', { name: 'Edit' }, { timeout: 20_000 })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Dice' }).className).toBe('visually-hidden');
    });
  });
});
