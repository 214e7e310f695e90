import { ManualClock } from '@blockyard/core';
import { CompilerClient, type CompilerWorkerPort } from '@blockyard/compiler-worker';
import { SimulatorController } from '@blockyard/sim';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { SerialPanel, type SerialBoard } from './SerialPanel.tsx';

afterEach(cleanup);

const idleWorker: CompilerWorkerPort = {
  postMessage: () => undefined,
  addEventListener: () => undefined,
  terminate: () => undefined,
};

async function setup(board?: Partial<SerialBoard> | null, bluetooth?: SerialBoard) {
  const controller = new SimulatorController({
    clock: new ManualClock(),
    compiler: new CompilerClient(() => idleWorker),
    onDownload: () => undefined,
    createHost: () => ({ createFrame: () => undefined, removeFrame: () => undefined, post: () => undefined }),
  });
  const toSimulator = vi.spyOn(controller, 'sendSerial').mockImplementation(() => undefined);
  const send = vi.fn((_text: string) => Promise.resolve());
  const shown: SerialBoard | null = board === null ? null : { state: 'ready', flashing: false, send, ...(board ?? {}) };
  const i18n = await createI18n('en');
  const view = (b: SerialBoard | null) => (
    <I18nextProvider i18n={i18n}>
      <SerialPanel controller={controller} save={() => undefined} board={b} bluetooth={bluetooth ?? null} />
    </I18nextProvider>
  );
  const { rerender } = render(view(shown));
  // The panel is folded while nothing was written: open it.
  fireEvent.click(screen.getByRole('button', { name: 'Serial output' }));
  return { toSimulator, send: shown?.send ?? send, rerender: (b: SerialBoard | null) => rerender(view(b)) };
}

const box = () => screen.getByRole('textbox');
const chooseBoard = () => fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'board' } });
async function type(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await Promise.resolve();
  });
}

describe('the serial box', () => {
  it('sends to the simulator unless the micro:bit is chosen; then to the board, with a newline', async () => {
    const s = await setup();
    expect(screen.getByLabelText<HTMLSelectElement>('Send to').value).toBe('simulator');
    await type('hello');
    expect(s.toSimulator).toHaveBeenCalledWith('hello\n');
    chooseBoard();
    expect(screen.getByRole('textbox', { name: 'Send text to the micro:bit on the USB cable' })).toBeTruthy();
    await type('to board');
    expect(s.send).toHaveBeenCalledWith('to board\n');
    expect(s.toSimulator).toHaveBeenCalledTimes(1);
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('no board on the cable: says what to do, keeps the line, sends nothing; the message goes once one is there', async () => {
    const s = await setup({ state: 'disconnected' });
    chooseBoard();
    await type('keep me');
    expect(screen.getByText(/^No micro:bit is connected by USB\. Press Connect/)).toBeTruthy();
    expect((box() as HTMLInputElement).value).toBe('keep me');
    expect(box().getAttribute('aria-describedby')).toBeTruthy();
    expect(s.send).not.toHaveBeenCalled();
    s.rerender({ state: 'ready', flashing: false, send: s.send });
    expect(screen.queryByText(/^No micro:bit is connected/)).toBeNull();
  });

  it('while a program goes to the board: wait; a failed send says to check the cable', async () => {
    await setup({ flashing: true });
    chooseBoard();
    await type('x');
    expect(screen.getByText(/^Your program is still going to the micro:bit/)).toBeTruthy();
    cleanup();
    await setup({ send: () => Promise.reject(new Error('gone')) });
    chooseBoard();
    await type('y');
    expect(screen.getByText(/^We couldn’t send that to the micro:bit/)).toBeTruthy();
  });

  it('sends to the micro:bit connected by Bluetooth, within what it takes at once', async () => {
    const send = vi.fn((_text: string) => Promise.resolve());
    const s = await setup(null, { state: 'ready', flashing: false, send, maxBytes: 60 });
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'bluetooth' } });
    expect(screen.getByRole('textbox', { name: 'Send text to the micro:bit connected by Bluetooth' })).toBeTruthy();
    await type('x'.repeat(60));
    expect(
      screen.getByText('That’s too long to send by Bluetooth in one go. Send at most 59 letters at a time.'),
    ).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    expect((box() as HTMLInputElement).value).toBe('x'.repeat(60));
    await type('hi there');
    expect(send).toHaveBeenCalledWith('hi there\n');
    expect(screen.queryByText(/too long/)).toBeNull();
    expect(s.toSimulator).not.toHaveBeenCalled();
  });

  it('Bluetooth: no board says how to connect one; a program that does not listen is named as the cause', async () => {
    await setup(null, { state: 'disconnected', flashing: false, send: () => Promise.resolve() });
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'bluetooth' } });
    await type('x');
    expect(screen.getByText(/^No micro:bit is connected by Bluetooth\. Press Connect by Bluetooth/)).toBeTruthy();
    cleanup();
    const notListening = Object.assign(new Error('does not listen'), { code: 'unavailable' });
    await setup(null, { state: 'ready', flashing: false, send: () => Promise.reject(notListening) });
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'bluetooth' } });
    await type('y');
    expect(screen.getByText(/^The program on the micro:bit isn’t listening over Bluetooth/)).toBeTruthy();
    cleanup();
    await setup(null, { state: 'ready', flashing: false, send: () => Promise.reject(new Error('link lost')) });
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'bluetooth' } });
    await type('z');
    expect(screen.getByText(/^We couldn’t send that to the micro:bit\. Move it closer/)).toBeTruthy();
  });

  it('Up and Down bring back earlier lines and then the draft', async () => {
    await setup();
    await type('first');
    await type('second');
    fireEvent.change(box(), { target: { value: 'draft' } });
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect((box() as HTMLInputElement).value).toBe('second');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect((box() as HTMLInputElement).value).toBe('first');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect((box() as HTMLInputElement).value).toBe('draft');
  });

  it('without a board service (the share page): no choice, the simulator only', async () => {
    await setup(null);
    expect(screen.queryByLabelText('Send to')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Send text to the micro:bit' })).toBeTruthy();
  });
});
