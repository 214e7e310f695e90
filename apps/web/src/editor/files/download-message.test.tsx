import { EditorView } from '@codemirror/view';
import { ManualClock } from '@blockyard/core';
import { MemoryProjectStore, sequentialIds } from '@blockyard/projects';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START, renderApp } from '../../test/app-harness.tsx';
import { inProcessEditor } from '../testing/in-process-environment.ts';
import type { DeviceBuildOutcome } from '@blockyard/compiler-worker';
import { buildProjectDownload } from './download-project.ts';

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

async function openEditor(outcome: DeviceBuildOutcome, main = 'basic.showNumber(1)\n') {
  const clock = new ManualClock(START);
  const store = new MemoryProjectStore({ clock, newId: sequentialIds('project-') });
  const project = await store.create({
    name: 'Dice',
    files: { 'pxt.json': config, 'main.ts': main },
  });
  const editor = inProcessEditor(clock);
  // The compiler worker's answer about the program for the board, given (no firmware here).
  const environment = {
    ...editor.environment,
    buildDownload: (...[input, format, clock, url]: Parameters<typeof buildProjectDownload>) =>
      buildProjectDownload(input, format, clock, url, () => Promise.resolve(outcome)),
  };
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  // The download link's click would navigate the test window away.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await renderApp(`/projects/${project.id}`, { clock, store, editor: environment });
  // Long: the first editor of a test file loads everything, slowly on a busy machine.
  return screen.findByRole('contentinfo', { name: 'Editor tools' }, { timeout: 60_000 });
}

function fail(): never {
  throw new Error('not yet');
}

describe('what Download tells the learner', () => {
  it('guides to the MICROBIT drive in plain steps when the file can run', { timeout: 120_000 }, async () => {
    const size = { used: 1234, room: 88_000 };
    const footer = await openEditor({
      kind: 'runnable',
      hex: ':020000040000FA\n:0400000001020304F2\n:00000001FF\n',
      v1: size,
      v2: size,
    });
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
    expect(within(dialog).getByRole('meter').getAttribute('value')).toBe('1234');
    within(dialog).getByText('Your program uses 1,234 of 88,000 bytes on a micro:bit V1 (1%).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog', { name: 'Send your program to the micro:bit' })).toBeNull();
  });

  it(
    'names the calls the board cannot run yet, saves the project, and never says to drag it',
    { timeout: 120_000 },
    async () => {
      const footer = await openEditor({
        kind: 'unsupported',
        calls: ['radio.sendNumber', 'music.playMelody'],
        places: [
          { call: 'radio.sendNumber', file: 'main.ts', line: 1, column: 1 },
          { call: 'music.playMelody', file: 'main.ts', line: 2, column: 1 },
        ],
      });
      fireEvent.click(within(footer).getByRole('button', { name: 'Download' }));
      const message = await screen.findByText(
        /^2 calls don’t run on the micro:bit yet \(radio\.sendNumber, music\.playMelody\)/,
        {},
        { timeout: 20_000 },
      );
      expect(message.textContent).toContain('We saved “Dice.hex” with your project inside');
      expect(message.textContent).not.toMatch(/drag/i);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('links each place to its line, and a link puts the cursor there', { timeout: 120_000 }, async () => {
    const footer = await openEditor(
      {
        kind: 'unsupported',
        calls: ['radio.sendMessage'],
        places: [
          { call: 'radio.sendMessage', file: 'main.ts', line: 3, column: 5 },
          { call: 'radio.sendMessage', file: 'main.ts', line: 3, column: 30 },
          // Not in the file being edited: no link (the text still counts it).
          { call: 'radio.sendMessage', file: 'helpers.ts', line: 1, column: 1 },
        ],
      },
      'basic.showNumber(1)\nbasic.showNumber(2)\n    radio.sendMessage(1)\n',
    );
    // The code editor loads lazily.
    const content = await waitFor(() => document.querySelector<HTMLElement>('.cm-content') ?? fail(), {
      timeout: 30_000,
    });
    fireEvent.click(within(footer).getByRole('button', { name: 'Download' }));
    await screen.findByText(/^radio\.sendMessage doesn’t run on the micro:bit yet/, {}, { timeout: 20_000 });
    const links = screen.getAllByRole('button', { name: /^Show (line|helpers)/ });
    expect(links.map((link) => link.textContent)).toEqual(['Show line 3']);
    fireEvent.click(links[0]!);
    const view = EditorView.findFromDOM(content)!;
    const head = view.state.selection.main.head;
    expect(view.state.doc.lineAt(head).number).toBe(3);
    // At the line's first word, past its indent.
    expect(head - view.state.doc.line(3).from).toBe(4);
  });

  it('says "program too big" plainly, naming the board', { timeout: 120_000 }, async () => {
    const footer = await openEditor({
      kind: 'tooBig',
      board: 'micro:bit V1',
      overBy: 40,
      message: 'program too big by 40 bytes!',
    });
    fireEvent.click(within(footer).getByRole('button', { name: 'Download' }));
    await screen.findByText(
      /^Your program is too big for the micro:bit V1 \(program too big by 40 bytes!\)\. Make it smaller/,
      {},
      { timeout: 20_000 },
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
