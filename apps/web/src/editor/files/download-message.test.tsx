import { ManualClock } from '@blockyard/core';
import { MemoryProjectStore, sequentialIds } from '@blockyard/projects';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START, renderApp } from '../../test/app-harness.tsx';
import { inProcessEditor } from '../testing/in-process-environment.ts';
import { buildProjectDownload, type ProjectDownload } from './download-project.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const config = JSON.stringify({
  name: 'Dice',
  dependencies: { core: '*' },
  files: ['main.ts'],
  preferredEditor: 'tsprj',
});

async function openEditor(runnable: boolean) {
  const clock = new ManualClock(START);
  const store = new MemoryProjectStore({ clock, newId: sequentialIds('project-') });
  const project = await store.create({
    name: 'Dice',
    files: { 'pxt.json': config, 'main.ts': 'basic.showNumber(1)\n' },
  });
  const editor = inProcessEditor(clock);
  // The native back end's switch: a download that says it holds a program the board can run.
  const environment = {
    ...editor.environment,
    buildDownload: async (...args: Parameters<typeof buildProjectDownload>): Promise<ProjectDownload> => ({
      ...(await buildProjectDownload(...args)),
      runnable,
    }),
  };
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  // The download link's click would navigate the test window away.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await renderApp(`/projects/${project.id}`, { clock, store, editor: environment });
  return screen.findByRole('contentinfo', { name: 'Editor tools' }, { timeout: 30_000 });
}

describe('what Download tells the learner', () => {
  it('guides to the MICROBIT drive in plain steps when the file can run', { timeout: 60_000 }, async () => {
    const footer = await openEditor(true);
    fireEvent.click(within(footer).getByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send your program to the micro:bit' },
      { timeout: 20_000 },
    );
    const steps = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      'Plug your micro:bit into this computer with a USB cable.',
      'Open your Downloads folder and find “Dice.hex”.',
      'Drag “Dice.hex” onto the drive called MICROBIT.',
      'Wait until the yellow light on the back of the micro:bit stops flashing. Your program then starts by itself.',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog', { name: 'Send your program to the micro:bit' })).toBeNull();
  });

  it('says plainly that today’s .hex cannot run, and never tells a child to drag it', { timeout: 60_000 }, async () => {
    const footer = await openEditor(false);
    fireEvent.click(within(footer).getByRole('button', { name: 'Download' }));
    const message = await screen.findByText(/^Saved “Dice\.hex”\./, {}, { timeout: 20_000 });
    expect(message.textContent).toContain("It can't run on a micro:bit yet");
    expect(message.textContent).not.toMatch(/drag/i);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
