import { ManualClock } from '@blockyard/core';
import type { CompileResult } from '@blockyard/language';
import { CompilerClient, type CompilerRequest, type CompilerWorkerPort } from '@blockyard/compiler-worker';
import { type FrameHost, type HostToFrameMessage, SimulatorController, type SimulatorDownload } from '@blockyard/sim';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { USB_BOARD_SOURCE } from './serial-sources.ts';
import { SimulatorPane } from './SimulatorPane.tsx';

const compiled: CompileResult = {
  diagnostics: [],
  program: { js: 'return function* () {};', positions: { files: ['main.ts'], lines: [] }, hostNames: [] },
};
const broken: CompileResult = {
  diagnostics: [
    {
      file: 'main.ts',
      line: 2,
      column: 7,
      length: 8,
      message: "Cannot find name 'showIcn'.",
      code: 2304,
      category: 'error',
    },
  ],
  program: undefined,
};

/** A compiler worker that answers at once with `result`. */
function cannedWorker(result: () => CompileResult): CompilerWorkerPort {
  let listener: ((event: { data: unknown }) => void) | undefined;
  return {
    postMessage(message: CompilerRequest) {
      if (message.type === 'compile')
        queueMicrotask(() => listener?.({ data: { type: 'result', id: message.id, result: result(), ms: 1 } }));
    },
    addEventListener(type: string, l: (event: { data: unknown }) => void) {
      if (type === 'message') listener = l;
    },
    terminate: () => undefined,
  };
}

async function setup(
  result: () => CompileResult = () => compiled,
  onDownload: (file: SimulatorDownload) => void = () => undefined,
  notices?: readonly string[],
) {
  const posts: HostToFrameMessage[] = [];
  const frames: string[] = [];
  const controller = new SimulatorController({
    clock: new ManualClock(),
    compiler: new CompilerClient(() => cannedWorker(result)),
    onDownload,
    createHost: (): FrameHost => ({
      createFrame: (id) => frames.push(id),
      removeFrame: () => undefined,
      post: (_id, message) => posts.push(message),
    }),
  });
  const container = document.createElement('div');
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <SimulatorPane
        simulator={{ controller, container, save: () => undefined }}
        getFiles={() => ({ 'main.ts': 'basic.showIcon(IconNames.Heart)' })}
        {...(notices ? { notices } : {})}
      />
    </I18nextProvider>,
  );
  const frame = () => frames[0] ?? '';
  /** The frame loads and starts the program. */
  const start = async () => {
    await act(async () => {
      controller.driver.receive(frame(), { type: 'ready', frameid: frame() });
      controller.driver.receive(frame(), {
        type: 'status',
        frameid: frame(),
        runtimeid: controller.driver.runtimeId ?? '',
        state: 'running',
      });
      await Promise.resolve();
    });
  };
  const clickRun = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Run' }));
      for (let i = 0; i < 5; i++) await Promise.resolve();
    });
  };
  return { controller, container, posts, frame, start, clickRun };
}

/** The pane running `compiled`, with the file names of what it downloads. */
async function runningWithDownloads() {
  const downloads: string[] = [];
  const s = await setup(
    () => compiled,
    (file) => downloads.push(file.fileName),
  );
  await s.clickRun();
  await s.start();
  return { s, downloads };
}

describe('SimulatorPane', () => {
  afterEach(cleanup);

  it('puts the frame container on the page and runs the files when Run is pressed', async () => {
    const s = await setup();
    expect(s.container.isConnected).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Not started');
    await s.clickRun();
    expect(screen.getByRole('status').textContent).toBe('Starting');
    await s.start();
    expect(screen.getByRole('status').textContent).toBe('Running');
    expect(s.posts.map((p) => p.type)).toEqual(['run']);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(s.posts.at(-1)?.type).toBe('stop');
    expect(screen.getByRole('button', { name: 'Run' })).toBeTruthy();
  });

  it('shows notes such as a board-only extension next to the board, and still runs', async () => {
    const note = 'The extension “board-only” works only on the board: in the simulator, motor.run does nothing.';
    const s = await setup(undefined, undefined, [note]);
    expect(screen.getByRole('note').textContent).toBe(note);
    await s.clickRun();
    await s.start();
    expect(screen.getByRole('status').textContent).toBe('Running');
    expect(screen.getByRole('note').textContent).toBe(note);
  });

  it('lists compile problems with their lines and does not run', async () => {
    const s = await setup(() => broken);
    await s.clickRun();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your code has 1 problem to fix before it can run:');
    expect(alert.textContent).toContain("Line 2: Cannot find name 'showIcn'.");
    expect(s.posts).toEqual([]);
  });

  it('shows the runtime error that stopped the program, at its line', async () => {
    const s = await setup();
    await s.clickRun();
    await s.start();
    act(() =>
      s.controller.driver.receive(s.frame(), {
        type: 'debugger',
        subtype: 'breakpoint',
        exceptionMessage: 'Dereferencing null/undefined value.',
        stackframes: [{ name: 'main', file: 'main.ts', line: 4 }],
        runtimeid: s.controller.driver.runtimeId ?? '',
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Line 4: Something was empty when the program tried to use it (null or undefined).',
    );
    // What stopped it, not "your code changed" (nothing changed).
    expect(screen.getByRole('status').textContent).toBe(
      'Stopped on line 4: Something was empty when the program tried to use it (null or undefined).',
    );
  });

  // Issue 21: forged frame messages put text into Problems and started downloads.
  it('shows no error of a run it did not start, and labels the program’s own text', async () => {
    const { s, downloads } = await runningWithDownloads();
    const forged = 'Your project is corrupted. Visit http://example.invalid';
    act(() => {
      s.controller.driver.receive(s.frame(), { type: 'debugger', subtype: 'breakpoint', exceptionMessage: forged });
      s.controller.driver.receive(s.frame(), {
        type: 'screenshot',
        data: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
        time: 0,
        width: 1,
        height: 1,
        fromUser: true,
      });
      s.controller.driver.receive(s.frame(), {
        type: 'recorder',
        action: 'stop',
        data: new Uint8Array([0x47, 0x49, 0x46, 0x38]),
      });
    });
    expect(screen.queryByText(/corrupted/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Running');
    expect(downloads).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Save the recording (GIF)' })).toBeNull();
    // A recording the editor started and the frame ended by itself waits for the Save button.
    fireEvent.click(screen.getByRole('button', { name: 'Record a GIF' }));
    act(() =>
      s.controller.driver.receive(s.frame(), {
        type: 'recorder',
        action: 'stop',
        data: new Uint8Array([0x47, 0x49, 0x46, 0x38]),
      }),
    );
    expect(downloads).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save the recording (GIF)' }));
    expect(downloads).toEqual(['blockyard-recording.gif']);
    act(() =>
      s.controller.driver.receive(s.frame(), {
        type: 'debugger',
        subtype: 'breakpoint',
        exceptionMessage: forged,
        runtimeid: s.controller.driver.runtimeId ?? '',
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(`The program stopped with an error it made itself: “${forged}”`);
  });

  it('saves a picture only when its own camera button is pressed', async () => {
    const { s, downloads } = await runningWithDownloads();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Take a picture of the board' }));
      await Promise.resolve();
    });
    const request = s.posts.at(-1);
    expect(request?.type).toBe('screenshot');
    await act(async () => {
      s.controller.driver.receive(s.frame(), {
        type: 'screenshot',
        data: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
        time: 0,
        width: 1,
        height: 1,
        ...(request?.type === 'screenshot' && request.requestId ? { requestId: request.requestId } : {}),
      });
      for (let i = 0; i < 5; i++) await Promise.resolve();
    });
    expect(downloads).toEqual(['blockyard-screenshot.png']);
  });

  it('shows serial lines in the console and numbers on the chart', async () => {
    const s = await setup();
    await s.clickRun();
    await s.start();
    act(() =>
      s.controller.driver.receive(s.frame(), {
        type: 'bulkserial',
        id: s.frame(),
        sim: true,
        data: [
          { time: 0, data: 'hello\r\nx:1\r\n', board: 1 },
          { time: 500, data: 'x:4\r\n', board: 1 },
        ],
      }),
    );
    expect(screen.getByRole('log').textContent).toBe('hello\nx:1\nx:4\n');
    fireEvent.click(screen.getByRole('button', { name: 'Chart' }));
    const chart = screen.getByRole('img', { name: /^Chart of serial values/ });
    expect(chart.getAttribute('aria-label')).toBe('Chart of serial values: x 4');
    expect(chart.querySelector('polyline[data-series="x"]')?.getAttribute('points')?.split(' ')).toHaveLength(2);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download data (CSV)' }).disabled).toBe(false);
  });

  it("names the micro:bit on the cable where its lines and values sit beside the simulator's", async () => {
    const s = await setup();
    await s.clickRun();
    await s.start();
    act(() => {
      s.controller.driver.receive(s.frame(), {
        type: 'bulkserial',
        id: s.frame(),
        sim: true,
        data: [{ time: 0, data: 'x:1\r\n', board: 1 }],
      });
      // What board-serial.ts pushes for the board on the USB cable.
      s.controller.console.push([{ time: 10, data: 'count:5\r\n', board: USB_BOARD_SOURCE }]);
    });
    expect(screen.getByRole('log').textContent).toBe('[1] x:1\n[micro:bit (USB)] count:5\n');
    fireEvent.click(screen.getByRole('button', { name: 'Chart' }));
    expect(screen.getByRole('img', { name: /^Chart of serial values/ }).getAttribute('aria-label')).toBe(
      'Chart of serial values: x (1) 1, count (micro:bit (USB)) 5',
    );
  });

  it('sends typed text to the program', async () => {
    const s = await setup();
    await s.clickRun();
    await s.start();
    // The serial monitor is folded away until something is written; the learner opens it.
    const toggle = screen.getByRole('button', { name: 'Serial output' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText('Send text to the micro:bit'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(s.posts.at(-1)).toEqual({ type: 'serial', data: 'hi\n' });
  });
});
