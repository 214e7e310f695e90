// The debugger panel on its own (issue 18): what it shows while paused (status, board, thread,
// variables, call stack with learner frame names), lists that open on demand, and the buttons
// and F-keys reaching the editor's debugger. The debugger and the simulator are small fakes.
import type { DebuggerVariable, DebugStop, SimulatorController, SimulatorViewState } from '@blockyard/sim';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { DebugPanel } from './DebugPanel.tsx';
import type { EditorDebugger, EditorDebuggerState } from './editor-debugger.ts';

afterEach(cleanup);

const STOP: DebugStop = {
  reason: 'breakpoint',
  statementId: 7,
  file: 'main.ts',
  line: 6,
  board: 2,
  thread: 'on button A pressed',
  threadBlock: { key: 'onButtonPressed', values: { button: 'A' } },
  globals: [
    { name: 'score', value: '3', type: 'number', ref: 0 },
    { name: 'names', value: '["Ada", "Tim"]', type: 'array', ref: 11 },
  ],
  frames: [
    { name: 'add', line: 3, locals: [{ name: 'n', value: '1', type: 'number', ref: 0 }] },
    { name: 'on button A pressed', block: { key: 'onButtonPressed', values: { button: 'A' } }, line: 6 },
  ],
};

function fakes(stop: DebugStop | undefined) {
  const debugState: EditorDebuggerState = {
    debugging: true,
    breakpoints: { blocks: [], lines: [] } as unknown as EditorDebuggerState['breakpoints'],
    slowMotion: 'off',
  };
  const debug = {
    subscribe: () => () => undefined,
    getState: () => debugState,
    setDebugging: vi.fn(),
    setSlowMotion: vi.fn(),
    continue: vi.fn(),
    step: vi.fn(),
    pause: vi.fn(),
    stop: vi.fn(),
  };
  const view = { state: stop ? 'paused' : 'running', stop, trace: undefined } as unknown as SimulatorViewState;
  const children: DebuggerVariable[] = [
    { name: '0', value: '"Ada"', type: 'string', ref: 0 },
    { name: '1', value: '"Tim"', type: 'string', ref: 0 },
  ];
  const controller = {
    subscribe: () => () => undefined,
    getState: () => view,
    variables: vi.fn(() => Promise.resolve(children)),
  };
  return { debug, controller };
}

async function renderPanel(stop: DebugStop | undefined, translate?: Record<string, string>) {
  const { debug, controller } = fakes(stop);
  const i18n = await createI18n('en');
  if (translate) i18n.addResourceBundle('en', 'translation', { editor: { debug: { blocks: translate } } }, true, true);
  render(
    <I18nextProvider i18n={i18n}>
      <DebugPanel
        debugger={debug as unknown as EditorDebugger}
        controller={controller as unknown as SimulatorController}
        placeName={(at) => `line ${at.line}`}
        hasBreakpoints
      />
    </I18nextProvider>,
  );
  return { debug, controller };
}

describe('DebugPanel', () => {
  it('shows where it paused, the board, the variables and the call stack by learner names', async () => {
    await renderPanel(STOP);
    expect(screen.getByRole('status').textContent).toBe('Paused at line 6 on board 2');
    const panel = screen.getByRole('region', { name: 'Debugger' });
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Board 2 · in “on button A pressed”');
    const stack = within(panel)
      .getAllByRole('list')
      .find((list) => list.tagName === 'OL')!;
    const frames = within(stack)
      .getAllByText(/line \d/)
      .map((frame) => frame.textContent);
    // The handler's own frame is named by its block, quoted like a block elsewhere.
    expect(frames).toEqual(['add, line 3', '“on button A pressed”, line 6']);
    expect(within(stack).getByText('n').parentElement?.textContent).toBe('n = 1');
    expect(panel.textContent).toContain('score = 3');
  });

  it("names a handler's frames and thread by its block through the translations, with its choices", async () => {
    await renderPanel(STOP, { onButtonPressed: 'wenn Knopf {{button}} gedrückt' });
    const panel = screen.getByRole('region', { name: 'Debugger' });
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Board 2 · in “wenn Knopf A gedrückt”');
    expect(within(panel).getByText(/wenn Knopf A gedrückt”, line 6/)).toBeTruthy();
    // An unknown key (an older editor) says the English name the debugger gave.
    cleanup();
    const odd = { ...STOP, threadBlock: { key: 'onSomethingNew' } };
    await renderPanel(odd);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Board 2 · in “on button A pressed”');
  });

  it('opens a list on demand, asking the paused program for its items', async () => {
    const { controller } = await renderPanel(STOP);
    const names = screen.getByRole('button', { name: /names =/ });
    expect(names.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(names);
    expect(controller.variables).toHaveBeenCalledWith(11);
    expect(await screen.findByText('"Tim"')).toBeTruthy();
    expect(names.getAttribute('aria-expanded')).toBe('true');
  });

  it('sends continue and the steps from its buttons and from F5, F10, F11, Shift+F11, Shift+F5', async () => {
    const { debug } = await renderPanel(STOP);
    const toolbar = screen.getByRole('toolbar', { name: 'Debugger buttons' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Next step' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Step inside' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Step out' }));
    expect(debug.continue).toHaveBeenCalledTimes(1);
    expect(debug.step.mock.calls).toEqual([['stepover'], ['stepinto'], ['stepout']]);

    fireEvent.keyDown(window, { key: 'F5' });
    fireEvent.keyDown(window, { key: 'F10' });
    fireEvent.keyDown(window, { key: 'F11' });
    fireEvent.keyDown(window, { key: 'F11', shiftKey: true });
    fireEvent.keyDown(window, { key: 'F5', shiftKey: true });
    expect(debug.continue).toHaveBeenCalledTimes(2);
    expect(debug.step.mock.calls.slice(3)).toEqual([['stepover'], ['stepinto'], ['stepout']]);
    expect(debug.stop).toHaveBeenCalledTimes(1);
  });

  it('offers Pause, not the steps, while the program runs', async () => {
    const { debug } = await renderPanel(undefined);
    const toolbar = screen.getByRole('toolbar', { name: 'Debugger buttons' });
    expect(within(toolbar).queryByRole('button', { name: 'Next step' })).toBeNull();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Pause' }));
    expect(debug.pause).toHaveBeenCalledTimes(1);
    // F10 does nothing while running: there is no statement to step from.
    fireEvent.keyDown(window, { key: 'F10' });
    expect(debug.step).not.toHaveBeenCalled();
  });
});
