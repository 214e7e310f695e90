import { ManualClock } from '@blockyard/core';
import type { ProgramImage } from '@blockyard/runtime';
import { FrameRunner, type FrameToHostMessage } from '@blockyard/sim';
import { inProcessProgramLinks } from '@blockyard/sim/testing';
import type { ProgramWorker } from '@blockyard/sim/program-worker';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { SimulatorPage } from './SimulatorPage.tsx';

// Hand-written programs in the compiler's output shape (generated line 3 is learner line 1).
function program(lines: string[], hostNames = ['basic', 'input']): ProgramImage {
  return {
    js: [`const { ${hostNames.join(', ')} } = $api;`, 'return function* $main() {', ...lines, '};'].join('\n'),
    positions: { files: ['main.ts'], lines: [[], [], ...lines.map((_, i) => [0, 0, i + 1, 1])] },
    hostNames,
  };
}

const heart = program(['yield* basic.showIcon(0);']);

async function setup() {
  const clock = new ManualClock();
  const posts: FrameToHostMessage[] = [];
  const workers: ProgramWorker[] = [];
  const runner = new FrameRunner({
    frameId: 'sim-frame-1',
    clock,
    post: (message) => posts.push(message),
    links: inProcessProgramLinks(clock, workers),
    policy: { allowedOrigins: [], hostname: 'localhost' },
  });
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <SimulatorPage runner={runner} onBoardSvg={() => undefined} />
    </I18nextProvider>,
  );
  const advance = async (ms: number) => {
    await act(async () => {
      for (let t = 0; t < ms; t += 16) {
        clock.advance(16);
        for (let i = 0; i < 30; i++) await Promise.resolve();
        runner.tick();
      }
    });
  };
  const run = async (image: ProgramImage) => {
    await act(async () => {
      runner.receive(
        {
          type: 'run',
          id: 'blue-1',
          frameCounter: 1,
          code: image.js,
          positions: image.positions,
          hostNames: image.hostNames,
        },
        'http://localhost',
      );
      for (let i = 0; i < 30; i++) await Promise.resolve();
    });
  };
  return { clock, runner, posts, advance, run, workers };
}

describe('SimulatorPage', () => {
  afterEach(cleanup);

  it('shows a loader until a program runs, then the board with its LEDs described', async () => {
    const s = await setup();
    // The frame's one level-one heading, visually hidden, names what it shows.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('micro:bit simulator');
    expect(screen.getByRole('status').textContent).toBe('Starting the simulator…');
    await s.run(heart);
    await s.advance(100);
    const board = screen.getByRole('region', { name: 'micro:bit 1' });
    expect(board.querySelector('[data-leds]')?.getAttribute('data-leds')).toBe('LED display: heart shape');
    expect(board.querySelectorAll('[data-lit]')).toHaveLength(16);
    expect(screen.queryByText('Starting the simulator…')).toBeNull();
  });

  it('shows a play icon when stopped; pressing it asks the editor to run again', async () => {
    const s = await setup();
    await s.run(heart);
    await act(() => s.runner.receive({ type: 'stop' }, 'http://localhost'));
    const play = screen.getByRole('button', { name: 'Run the program' });
    fireEvent.click(play);
    expect(s.posts.at(-1)).toEqual({ type: 'simulator', command: 'restart' });
  });

  it('covers the board with a click-blocking overlay while paused', async () => {
    const s = await setup();
    await s.run(heart);
    await act(() => s.runner.receive({ type: 'debugger', subtype: 'pause' }, 'http://localhost'));
    const overlay = screen.getByText('Paused').closest('[data-blocking]');
    expect(overlay?.getAttribute('data-blocking')).toBe('true');
    expect(overlay?.className).toContain('sim-overlay');
    await act(() => s.runner.receive({ type: 'debugger', subtype: 'resume' }, 'http://localhost'));
    expect(screen.queryByText('Paused')).toBeNull();
  });

  it('the A key presses button A of the first board', async () => {
    const s = await setup();
    await s.run(heart);
    await act(() => fireEvent.keyDown(window, { key: 'a' }));
    expect(s.runner.boards[0]?.getSnapshot().pressed.A).toBe(true);
    expect(screen.getByRole('button', { name: 'Button A' }).getAttribute('aria-pressed')).toBe('true');
    await act(() => fireEvent.keyUp(window, { key: 'a' }));
    expect(s.runner.boards[0]?.getSnapshot().pressed.A).toBe(false);
  });

  it('shows a runtime error with its line', async () => {
    const s = await setup();
    await s.run(program(['let x = null;', 'x.size;']));
    await s.advance(50);
    expect(screen.getByRole('alert').textContent).toBe('Line 2: Dereferencing null/undefined value.');
  });

  it('shows sensor controls only for what the program uses', async () => {
    const s = await setup();
    await s.run(heart);
    expect(screen.queryByRole('group', { name: 'Sensors' })).toBeNull();
    await s.run({ ...heart, js: `${heart.js}\n// input.lightLevel() input.temperature()` });
    await s.advance(20);
    const light = screen.getByRole('slider', { name: 'Light level' });
    expect((light as HTMLInputElement).value).toBe('128');
    expect(screen.getByRole('slider', { name: 'Temperature' })).toBeTruthy();
    expect(screen.queryByRole('slider', { name: 'Compass heading' })).toBeNull();
    fireEvent.change(light, { target: { value: '200' } });
    await s.advance(40);
    expect(s.workers.at(-1)?.session?.boards[0]?.board.sensors.values.lightLevel).toBe(200);
  });

  it('says that a real board calibrates its compass, only when the program reads it', async () => {
    const s = await setup();
    await s.run({ ...heart, js: `${heart.js}\n// input.temperature()` });
    await s.advance(20);
    expect(screen.queryByText(/first compass reading/)).toBeNull();
    await s.run({ ...heart, js: `${heart.js}\n// input.compassHeading()` });
    await s.advance(20);
    expect(screen.getByRole('slider', { name: 'Compass heading' })).toBeTruthy();
    expect(screen.getByText(/On a real micro:bit, the first compass reading asks you to tilt the board/)).toBeTruthy();
  });

  it("draws an LED strip the program lights, each LED's colour also in words", async () => {
    const s = await setup();
    const strip = program(
      [
        'const b = pins.createBuffer(6);',
        'b.data[1] = 255;',
        'light.sendWS2812Buffer(b, 100);',
        'yield* basic.pause(100);',
        'b.data[0] = 255; b.data[1] = 0; b.data[5] = 128;',
        'light.sendWS2812Buffer(b, 100);',
        'yield* basic.pause(100000);',
      ],
      ['basic', 'pins', 'light'],
    );
    await s.run(strip);
    await s.advance(50);
    const figure = screen.getByRole('figure', { name: 'LED strip on pin P0, 2 LEDs' });
    const led = (i: number) => figure.querySelector(`[data-led="${i}"]`)!.getAttribute('fill');
    expect([led(0), led(1)]).toEqual(['#ff0000', '#3a3434']);
    expect([...figure.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'LED 1: red (#ff0000)',
      'LED 2: off (#000000)',
    ]);
    await s.advance(150);
    expect([led(0), led(1)]).toEqual(['#00ff00', '#000080']);
    expect(figure.querySelector('li:last-child')?.textContent).toBe('LED 2: blue (#000080)');
  });
});
