import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { settle } from '../test/app-harness.tsx';
import { fakeShareServer, SHARE_ID, type FakeShareServer } from './share-test-server.ts';
import { ShareDialog } from './ShareDialog.tsx';

afterEach(() => cleanup());

const FILES = { 'main.ts': 'basic.showNumber(7)\n', 'pxt.json': '{"name":"Dice"}' };
const LINK = `http://blockyard.test/${SHARE_ID}`;

async function openDialog(server: FakeShareServer, options: { signedIn?: boolean; copyFails?: boolean } = {}) {
  const copied: string[] = [];
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <ShareDialog
        open
        onClose={() => undefined}
        shares={server.shares}
        projectId="project-1"
        projectName="Dice"
        snapshot={({ history }) =>
          Promise.resolve({
            name: 'Dice',
            files: FILES,
            thumbnail: 'data:image/png;base64,AA==',
            ...(history ? { history: [{ time: 1, name: 'Dice', files: {} }] } : {}),
          })
        }
        signedIn={options.signedIn ?? false}
        copyText={(text) => {
          if (options.copyFails) return Promise.reject(new Error('denied'));
          copied.push(text);
          return Promise.resolve();
        }}
      />
    </I18nextProvider>,
  );
  await settle();
  return { copied };
}

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
}

describe('ShareDialog', () => {
  it('includes the earlier versions only when the learner ticks the box', async () => {
    const server = fakeShareServer();
    await openDialog(server);
    const box = screen.getByRole('checkbox', { name: /^Include earlier versions/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    await click('Share');
    expect(server.published.get(SHARE_ID)?.history).toBeUndefined();
    fireEvent.click(box);
    await click('Share again');
    expect(server.published.get(SHARE_ID)?.history).toEqual([{ time: 1, name: 'Dice', files: {} }]);
  });

  it('publishes the snapshot and shows the link and embed code, each copied with its button', async () => {
    const server = fakeShareServer();
    const { copied } = await openDialog(server);
    expect(screen.getByText(/Only this browser can unshare it later/)).toBeTruthy();
    await click('Share');
    expect(server.published.get(SHARE_ID)).toEqual({
      name: 'Dice',
      files: FILES,
      thumbnail: 'data:image/png;base64,AA==',
      unshared: false,
    });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Link' }).value).toBe(LINK);
    const embed = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Code to show it on a web page' }).value;
    expect(embed).toContain(`<iframe src="${LINK}?sandbox=1" title="Dice"`);

    await click('Copy link');
    expect(copied).toEqual([LINK]);
    expect(screen.getByRole('status').textContent).toBe('The link is copied. Paste it to share it.');
    await click('Copy code');
    expect(copied).toEqual([LINK, embed]);
    expect(screen.getByRole('status').textContent).toBe('The code is copied. Paste it into your web page.');

    // Only the simulator: the embed code changes to controller=1, and must be copied again.
    fireEvent.click(screen.getByRole('radio', { name: 'Only the simulator' }));
    const simulatorOnly = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Code to show it on a web page' });
    expect(simulatorOnly.value).toContain(`<iframe src="${LINK}?controller=1"`);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('group', { name: 'On a web page, show' })).toBeTruthy();
  });

  it('says plainly when copying is refused', async () => {
    const server = fakeShareServer();
    await openDialog(server, { copyFails: true });
    await click('Share');
    await click('Copy link');
    expect(screen.getByRole('status').textContent).toBe('Copying did not work. Select the text and copy it yourself.');
  });

  it('shows the server’s reason when it refuses, and that it cannot be reached when offline', async () => {
    const server = fakeShareServer();
    await openDialog(server, { signedIn: true });
    expect(screen.getByText(/You are signed in/)).toBeTruthy();
    server.refuse = { status: 413, message: 'This project and its history are too big to share.' };
    await click('Share');
    expect(screen.getByRole('alert').textContent).toBe('This project and its history are too big to share.');
    expect(screen.queryByRole('textbox', { name: 'Link' })).toBeNull();

    server.refuse = null;
    server.offline = true;
    await click('Share');
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not reach the Blockyard server. Check your internet connection and try again.',
    );

    server.offline = false;
    await click('Share');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Link' }).value).toBe(LINK);
  });

  it('unshares with this browser’s key, and remembers a share across openings', async () => {
    const server = fakeShareServer();
    await openDialog(server);
    await click('Share');
    cleanup();
    // Opened again later: the link is still there.
    await openDialog(server);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Link' }).value).toBe(LINK);

    server.refuse = { status: 403, message: 'Only the person who shared this project can unshare it.' };
    await click('Unshare');
    expect(screen.getByRole('alert').textContent).toBe('Only the person who shared this project can unshare it.');
    expect(server.published.get(SHARE_ID)?.unshared).toBe(false);

    server.refuse = null;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unshare' }));
      await Promise.resolve();
    });
    await settle();
    expect(server.published.get(SHARE_ID)?.unshared).toBe(true);
    expect(server.requests.at(-1)?.headers?.['x-unpublish-key']).toBe('key-1');
    expect(screen.getByRole('status').textContent).toBe('Your project is no longer shared. The old link now says so.');
    expect(screen.queryByRole('textbox', { name: 'Link' })).toBeNull();
    expect(server.shares.sharesOf('project-1')).toEqual([]);
  });
});
