import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { RESTART_DELAY_MS } from '../driver/simulator-state.ts';
import type { FrameToHostMessage } from '../protocol/protocol.ts';
import { compile } from '../test/compile.ts';
import { fakeCapture, png, runMessage, setupFrameRunner as setup } from '../test/frame-runner-setup.ts';
import { inProcessProgramLinks } from '../testing/in-process.ts';
import { frameMessages } from './frame-messages.ts';
import { WATCHDOG_MS } from './frame-runner.ts';
import type { ProgramLinkFactory, ProgramLinkHandlers } from './worker/program-link.ts';

const heart = compile('basic.showIcon(IconNames.Heart)');

describe('FrameRunner: messages in', () => {
  it('says ready with its frame id', () => {
    const s = setup();
    s.runner.start();
    expect(s.posts).toEqual([{ type: 'ready', frameid: 'sim-frame-1' }]);
  });

  it('ignores messages from an origin outside the allow-list', async () => {
    const s = setup();
    const handled = s.runner.receive(
      { type: 'run', id: 'x', frameCounter: 1, code: heart.js, positions: heart.positions, hostNames: heart.hostNames },
      'https://evil.example',
    );
    await s.flush();
    expect(handled).toBe(false);
    expect(s.posts).toEqual([]);
    expect(s.runner.getState().phase).toBe('waiting');
  });

  it('accepts any origin when served from a local host', () => {
    const s = setup({ policy: { allowedOrigins: [], hostname: 'localhost' } });
    expect(s.runner.receive({ type: 'stopsound' }, 'http://localhost:5173')).toBe(true);
  });

  it('ignores invalid messages', () => {
    const s = setup();
    expect(s.runner.receive({ type: 'run', code: 42 }, s.origin)).toBe(false);
    expect(s.runner.receive('stop', s.origin)).toBe(false);
  });
});

describe('FrameRunner: running programs', () => {
  it('reports running, shows the heart, and says when the top level finished', async () => {
    const s = setup();
    await s.run(heart);
    expect(s.posts[0]).toEqual({ type: 'status', frameid: 'sim-frame-1', runtimeid: 'blue-1', state: 'running' });
    expect(s.runner.getState().phase).toBe('running');
    await s.advance(700);
    expect(s.leds()).toEqual(['.#.#.', '#####', '#####', '.###.', '..#..']);
    expect(s.types()).toContain('toplevelcodefinished');
  });

  it('streams serial batches with the board number', async () => {
    const s = setup();
    await s.run(compile('serial.writeLine("hello")\nserial.writeValue("x", 5)'));
    await s.advance(500);
    const serial = s.posts.flatMap((p) => (p.type === 'bulkserial' ? p.data : []));
    expect(serial.map((e) => e.data).join('')).toContain('hello');
    expect(serial.map((e) => e.data).join('')).toContain('x:5');
    expect(serial.every((e) => e.board === 1)).toBe(true);
  });

  it("stamps serial on the epoch clock (the worker's time origin plus its clock), as the page stamps a real board's", async () => {
    const s = setup({}, 1_000_000);
    await s.run(compile('serial.writeLine("hello")'));
    await s.advance(500);
    const serial = s.posts.flatMap((p) => (p.type === 'bulkserial' ? p.data : []));
    expect(serial.length).toBeGreaterThan(0);
    for (const entry of serial) {
      expect(entry.time).toBeGreaterThanOrEqual(1_000_000);
      expect(entry.time).toBeLessThanOrEqual(1_000_000 + 500);
    }
  });

  it('a button press from the view runs the handler', async () => {
    const s = setup();
    await s.run(compile('input.onButtonPressed(Button.A, function () {\n  basic.showIcon(IconNames.Yes)\n})'));
    await s.advance(100);
    const board = s.runner.boards[0]!;
    board.press('A');
    await s.advance(50);
    expect(board.getSnapshot().pressed.A).toBe(true);
    board.release('A');
    await s.advance(700);
    expect(s.leds()).toEqual(['.....', '....#', '...#.', '#.#..', '.#...']);
  });

  it('an eventbus message raises the event on the board', async () => {
    const s = setup();
    await s.run(compile('input.onButtonPressed(Button.B, function () {\n  serial.writeLine("B!")\n})'));
    await s.advance(50);
    s.runner.receive({ type: 'eventbus', id: 2, eventid: 3 }, s.origin);
    await s.advance(300);
    expect(s.posts.some((p) => p.type === 'bulkserial' && p.data.some((e) => e.data.includes('B!')))).toBe(true);
  });

  it('serial input from the editor waits for the program', async () => {
    const s = setup();
    await s.run(heart);
    s.runner.receive({ type: 'serial', data: 'hi\n' }, s.origin);
    await s.flush();
    expect(s.board()?.board.serial.input.available).toBe('hi\n');
  });

  it('a runtime error becomes an exception breakpoint with the line', async () => {
    const s = setup();
    await s.run(compile('let list: number[] = null\nbasic.showNumber(list.length)'));
    await s.advance(100);
    const breakpoint = s.posts.find((p) => p.type === 'debugger');
    expect(breakpoint).toMatchObject({
      subtype: 'breakpoint',
      exceptionMessage: 'Dereferencing null/undefined value.',
      stackframes: [{ file: 'main.ts', line: 2 }],
      board: 1,
    });
    expect(s.runner.getState().error).toMatchObject({ line: 2 });
  });

  it('a program that cannot be loaded is reported, not thrown', async () => {
    const failing: ProgramLinkFactory = (_js, handlers) => {
      queueMicrotask(() => handlers.onFailure('Unexpected token'));
      return { post: () => undefined, terminate: () => undefined };
    };
    const s = setup({ links: failing });
    await s.run(heart);
    expect(s.posts[0]).toMatchObject({
      type: 'debugger',
      exceptionMessage: 'The program could not be loaded: Unexpected token',
    });
    expect(s.runner.getState().phase).toBe('stopped');
  });

  it('a newer run wins over one still loading', async () => {
    const clock = new ManualClock();
    const real = inProcessProgramLinks(clock);
    let late: ProgramLinkHandlers | undefined;
    // The first program's worker is slow to load: it says ready only after the second run.
    const links: ProgramLinkFactory = (js, handlers) => {
      if (js !== heart.js) return real(js, handlers);
      late = handlers;
      return { post: () => undefined, terminate: () => undefined };
    };
    const s = setup({ clock, links });
    void s.run(heart, { id: 'blue-1' });
    await s.run(compile('basic.showIcon(IconNames.Happy)'), { id: 'red-2' });
    late?.onMessage({ type: 'ready' });
    late?.onMessage({ type: 'running' });
    await s.flush();
    const statuses = s.posts.filter((p) => p.type === 'status');
    expect(statuses).toEqual([{ type: 'status', frameid: 'sim-frame-1', runtimeid: 'red-2', state: 'running' }]);
  });

  it('stop kills the program, flushes serial and reports killed', async () => {
    const s = setup();
    await s.run(compile('serial.writeString("abc")'));
    await s.advance(50);
    s.runner.receive({ type: 'stop' }, s.origin);
    expect(s.posts.at(-1)).toEqual({ type: 'status', frameid: 'sim-frame-1', runtimeid: 'blue-1', state: 'killed' });
    await s.flush();
    expect(s.posts.some((p) => p.type === 'bulkserial' && p.data[0]?.data === 'abc')).toBe(true);
    expect(s.runner.getState().phase).toBe('stopped');
    expect(s.board()?.board.runtime.status).toBe('stopped');
  });

  it('a restart asked for by the program posts its command after 500 ms, not before', async () => {
    const s = setup();
    await s.run(heart);
    s.runner.restartProgram();
    expect(s.types()).toContain('status');
    s.clock.advance(RESTART_DELAY_MS - 1);
    expect(s.posts.some((p) => p.type === 'simulator')).toBe(false);
    s.clock.advance(1);
    expect(s.posts.at(-1)).toEqual({ type: 'simulator', command: 'restart' });
  });

  it('pause freezes the program and reports a breakpoint; resume continues', async () => {
    const s = setup();
    await s.run(
      compile('let n = 0\nbasic.forever(function () {\n  n += 1\n  serial.writeNumber(n)\n  basic.pause(100)\n})'),
    );
    await s.advance(250);
    s.runner.receive({ type: 'debugger', subtype: 'pause' }, s.origin);
    expect(s.posts.at(-1)).toEqual({ type: 'debugger', subtype: 'breakpoint', breakpointId: 0, runtimeid: 'blue-1' });
    expect(s.runner.getState().phase).toBe('paused');
    await s.flush();
    const before = s.board()!.board.serial.pending;
    await s.advance(1000);
    expect(s.board()!.board.serial.pending).toBe(before);
    s.runner.receive({ type: 'debugger', subtype: 'resume' }, s.origin);
    expect(s.runner.getState().phase).toBe('running');
    await s.advance(300);
    expect(s.board()!.board.serial.pending).not.toBe(before);
  });
});

describe('FrameRunner: inputs from the view reach the program', () => {
  const serialText = (posts: FrameToHostMessage[], board = 1) =>
    posts
      .flatMap((p) => (p.type === 'bulkserial' ? p.data.filter((e) => e.board === board).map((e) => e.data) : []))
      .join('');

  it('logo and pin touches, gestures and sensor values', async () => {
    const s = setup();
    await s.start([
      'input.onLogoEvent(TouchButtonEvent.Pressed, function () {',
      '    serial.writeLine("logo")',
      '})',
      'input.onPinPressed(TouchPin.P1, function () {',
      '    serial.writeLine("pin1")',
      '})',
      'input.onGesture(Gesture.Shake, function () {',
      '    serial.writeLine("shake")',
      '})',
      'input.onButtonPressed(Button.B, function () {',
      '    serial.writeValue("light", input.lightLevel())',
      '})',
    ]);
    const board = s.runner.boards[0]!;
    board.touchLogo(true);
    await s.advance(40);
    expect(board.getSnapshot().logoTouched).toBe(true);
    board.touchLogo(false);
    await s.advance(250);
    board.touchPin(1, true);
    await s.advance(40);
    expect(board.getSnapshot().pinsTouched).toEqual([false, true, false]);
    board.touchPin(1, false);
    await s.advance(250);
    board.gesture(11);
    await s.advance(250);
    board.setSensor('lightLevel', 200);
    s.click('B');
    await s.advance(250);
    expect(serialText(s.posts)).toMatch(/logo.*pin1.*shake.*light:200/s);
  });

  it('applies a level to an edge pin that the program reads', async () => {
    const s = setup();
    await s.start([
      'input.onButtonPressed(Button.A, function () {',
      '    serial.writeValue("p1", pins.analogReadPin(AnalogPin.P1))',
      '    serial.writeValue("d1", pins.digitalReadPin(DigitalPin.P1))',
      '})',
    ]);
    const board = s.runner.boards[0]!;
    expect(s.runner.getState().usage.pinRead).toBe(true);
    board.setPinLevel(1, 700.4);
    expect(board.getSnapshot().pinLevels).toEqual([0, 700, 0]);
    board.setPinLevel(1, 5000);
    expect(board.getSnapshot().pinLevels).toEqual([0, 1023, 0]);
    s.click('A');
    await s.advance(250);
    expect(serialText(s.posts)).toMatch(/p1:1023.*d1:1/s);
  });

  it('radio numbers travel between the boards of the frame by group', async () => {
    const s = setup();
    await s.start(
      [
        'radio.setGroup(7)',
        'input.onButtonPressed(Button.A, function () {',
        '    radio.sendNumber(42)',
        '})',
        'radio.onReceivedNumber(function (receivedNumber) {',
        '    serial.writeValue("got", receivedNumber)',
        '})',
      ],
      { boards: 3 },
    );
    s.click('A', 0);
    await s.advance(300);
    expect(serialText(s.posts, 2)).toContain('got:42');
    expect(serialText(s.posts, 3)).toContain('got:42');
    expect(serialText(s.posts, 1)).toBe('');
    // A board on another group hears nothing.
    expect(s.runner.boards[2]).toBeDefined();
    s.board(2)!.board.radio.group = 8;
    s.click('A', 1);
    await s.advance(300);
    expect(serialText(s.posts, 1)).toContain('got:42');
    expect(serialText(s.posts, 3).match(/got/g)).toHaveLength(1);
  });
});

describe('FrameRunner: a new run keeps the boards drawn', () => {
  const cross = compile('basic.showIcon(IconNames.No)');

  it('the same board views go on, blank at once, then show the new program', async () => {
    const s = setup();
    await s.run(heart);
    await s.advance(700);
    const [view] = s.runner.boards;
    const drawn = s.runner.getState().boards;
    expect(s.leds()).toEqual(['.#.#.', '#####', '#####', '.###.', '..#..']);
    s.runner.receive(runMessage(cross, { id: 'blue-2', frameCounter: 2 }), s.origin);
    // Loading: the board is still there (nothing to draw again), with its LEDs off.
    expect(s.runner.getState().phase).toBe('loading');
    expect(s.runner.getState().boards).toBe(drawn);
    expect(s.leds()).toEqual(['.....', '.....', '.....', '.....', '.....']);
    await s.flush();
    await s.advance(700);
    expect(s.runner.getState().phase).toBe('running');
    expect(s.runner.boards[0]).toBe(view);
    expect(s.leds()).toEqual(['#...#', '.#.#.', '..#..', '.#.#.', '#...#']);
  });

  it("the old program's last LEDs, arriving after the new run, do not show", async () => {
    const handlers: ProgramLinkHandlers[] = [];
    const links: ProgramLinkFactory = (_js, h) => {
      handlers.push(h);
      return { post: () => {}, terminate: () => {} };
    };
    const s = setup({ links });
    const on = new Uint8Array(25).fill(255);
    const start = async (id: string) => {
      await s.run(heart, { id, code: `${heart.js}\n// ${id}` });
      const h = handlers.at(-1)!;
      h.onMessage({ type: 'ready' });
      h.onMessage({ type: 'boards', count: 1 });
      h.onMessage({ type: 'running' });
      return h;
    };
    const first = await start('blue-1');
    first.onMessage({ type: 'leds', board: 1, states: on });
    s.runner.tick();
    expect(s.leds()[0]).toBe('#####');
    await s.run(heart, { id: 'blue-2', code: `${heart.js}\n// blue-2` });
    // The same program again would reuse its worker, whose old session may still be flushing.
    const second = handlers.at(-1)!;
    second.onMessage({ type: 'leds', board: 1, states: on });
    s.runner.tick();
    expect(s.leds()[0]).toBe('.....');
    second.onMessage({ type: 'ready' });
    second.onMessage({ type: 'boards', count: 1 });
    second.onMessage({ type: 'leds', board: 1, states: on });
    s.runner.tick();
    expect(s.leds()[0]).toBe('#####');
  });

  it('leaves one performance mark per step of the latest run, for the edit benchmark', async () => {
    performance.clearMarks();
    const s = setup();
    await s.run(heart);
    await s.run(compile('basic.showIcon(IconNames.No)'), { id: 'blue-2' });
    await s.advance(100);
    const names = performance
      .getEntriesByType('mark')
      .map((m) => m.name)
      .filter((name) => name.startsWith('blockyard:frame:'));
    expect(names.sort()).toEqual(
      [
        'blockyard:frame:link',
        'blockyard:frame:ready',
        'blockyard:frame:received',
        'blockyard:frame:run',
        'blockyard:frame:running',
      ].sort(),
    );
  });
});

describe('FrameRunner: several boards', () => {
  const radioProgram = { ...heart, js: `${heart.js}\n// radio.sendNumber(1)` };

  it('runs the program on each board, all on one radio medium', async () => {
    const s = setup();
    await s.run(heart, { boards: 2 });
    await s.advance(700);
    expect(s.runner.boards).toHaveLength(2);
    expect(s.leds(1)).toEqual(s.leds(0));
    const [a, b] = [s.board(0), s.board(1)];
    expect(a!.board.radioMedium).toBe(b!.board.radioMedium);
    a!.board.radioMedium.transmit(a!.board.radio, { payload: { kind: 'number', value: 7 }, time: 0, serial: 0 });
    expect(b!.board.radioInbox.map((p) => p.payload)).toEqual([{ kind: 'number', value: 7 }]);
  });

  it('adds boards up to three, removes down to one, and a radio program keeps the count on restart', async () => {
    const s = setup();
    await s.run(radioProgram);
    for (let i = 0; i < 3; i++) {
      s.runner.addBoard();
      await s.flush();
    }
    expect(s.runner.boards.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(s.runner.getState().boards).toHaveLength(3);
    s.runner.removeBoard();
    await s.flush();
    expect(s.runner.boards).toHaveLength(2);
    await s.run(radioProgram, { id: 'red-2' });
    expect(s.runner.boards).toHaveLength(2);
    expect(s.workers.at(-1)?.session?.boards).toHaveLength(2);
  });
});

describe('FrameRunner: sound and pictures', () => {
  it('mute and stop sound reach the audio output; the frame button tells the editor', () => {
    const s = setup();
    s.runner.receive({ type: 'mute', mute: true }, s.origin);
    s.runner.receive({ type: 'stopsound' }, s.origin);
    expect(s.audio).toEqual({ muted: [true], stops: 1 });
    expect(s.runner.getState().muted).toBe(true);
    s.runner.setMuted(false, true);
    expect(s.posts.at(-1)).toEqual({ type: 'setmutebuttonstate', state: 'unmuted' });
  });

  it('answers a screenshot request with the PNG, its size and the request id', async () => {
    const s = setup();
    s.runner.receive({ type: 'screenshot', width: 400, requestId: 'r7' }, s.origin);
    await s.flush();
    expect(s.posts.at(-1)).toMatchObject({ type: 'screenshot', data: png, width: 400, requestId: 'r7' });
  });

  it('a failed screenshot logs and yields nothing', async () => {
    const s = setup({ capture: fakeCapture(true) });
    s.runner.receive({ type: 'screenshot' }, s.origin);
    await s.flush();
    expect(s.logs).toEqual(['screenshot failed: image did not load']);
    expect(s.posts.some((p) => p.type === 'screenshot')).toBe(false);
  });

  it('records a GIF between recorder start and stop, and a stop of the program ends it', async () => {
    const s = setup();
    await s.run(heart);
    s.runner.receive({ type: 'recorder', action: 'start' }, s.origin);
    expect(s.runner.getState().recording).toBe(true);
    await s.advance(300);
    s.runner.receive({ type: 'stop' }, s.origin);
    const stop = s.posts.find((p) => p.type === 'recorder' && p.action === 'stop');
    expect(stop).toMatchObject({ width: 4, height: 4 });
    expect(stop?.type === 'recorder' && stop.data && new TextDecoder().decode(stop.data.subarray(0, 6))).toBe('GIF89a');
    expect(s.runner.getState().recording).toBe(false);
  });

  it('sends thumbnails of the run for the project card', async () => {
    const s = setup();
    await s.run(heart);
    await s.advance(11_000);
    const thumbnail = s.posts.find((p) => p.type === 'thumbnail');
    expect(thumbnail).toMatchObject({ width: 120, height: 98 });
    expect(thumbnail?.type === 'thumbnail' && thumbnail.frames.length).toBeGreaterThan(0);
  });
});

// Issue 21: the program runs in a worker the page can end; the page checks what it sends.
describe('FrameRunner: the program worker is untrusted', () => {
  /** A worker that says ready and running, then does what `act` says with the page's handlers. */
  function hostile(act: (handlers: ProgramLinkHandlers) => void): ProgramLinkFactory {
    return (_js, handlers) => {
      queueMicrotask(() => handlers.onMessage({ type: 'ready' }));
      return {
        post: (message) => {
          if ((message as { type?: string }).type === 'start') {
            queueMicrotask(() => {
              handlers.onMessage({ type: 'running' });
              act(handlers);
            });
          }
        },
        terminate: () => undefined,
      };
    };
  }

  it('keeps a program that answers when the computer wakes from sleep', async () => {
    const s = setup();
    await s.run(heart);
    await s.advance(2000);
    s.clock.sleep(60_000);
    await s.advance(3000);
    expect(s.runner.getState().phase).toBe('running');
    expect(s.posts.find((p) => p.type === 'debugger')).toBeUndefined();
  });

  it('still ends a silent worker after the computer wakes', async () => {
    const s = setup({ links: hostile(() => undefined) });
    await s.run(heart);
    s.clock.sleep(60_000);
    await s.advance(WATCHDOG_MS + 1100);
    expect(s.posts.find((p) => p.type === 'debugger')).toMatchObject({
      exceptionMessage: frameMessages.notAnswering,
    });
  });

  it('ends a worker that stops answering and says so', async () => {
    const s = setup({ links: hostile(() => undefined) });
    await s.run(heart);
    expect(s.runner.getState().phase).toBe('running');
    await s.advance(WATCHDOG_MS + 1100);
    expect(s.posts.find((p) => p.type === 'debugger')).toMatchObject({
      exceptionMessage: frameMessages.notAnswering,
      runtimeid: 'blue-1',
    });
    expect(s.runner.getState().phase).toBe('stopped');
  });

  it('ends a worker that floods the page, and passes on none of the flood', async () => {
    const s = setup({
      links: hostile((h) => {
        for (let i = 0; i < 5000; i++) h.onMessage({ type: 'serial', board: 1, time: 0, data: 'x'.repeat(16_000) });
      }),
    });
    await s.run(heart);
    const serial = s.posts.filter((p) => p.type === 'bulkserial').length;
    expect(serial).toBeLessThan(60);
    expect(s.posts.find((p) => p.type === 'debugger')).toMatchObject({ exceptionMessage: frameMessages.flooding });
  });

  it('drops what is not a valid worker message (forged screenshots, oversized text, wrong boards)', async () => {
    const s = setup({
      links: hostile((h) => {
        h.onMessage({ type: 'screenshot', data: new Uint8Array(8), fromUser: true });
        h.onMessage({ type: 'serial', board: 1, time: 0, data: 'y'.repeat(1_000_000) });
        h.onMessage({ type: 'leds', board: 9, states: new Uint8Array(25) });
        h.onMessage({ type: 'error', board: 1, message: 'z'.repeat(5000), stack: '' });
        h.onMessage({ type: 'status', frameid: 'x', runtimeid: 'blue-1', state: 'killed' });
      }),
    });
    await s.run(heart);
    expect(s.types()).toEqual(['status']);
  });
});

describe("FrameRunner: a program prepared through the compiler worker's port (issue 12)", () => {
  /** In-process workers, counting those made (by program) and ended. */
  function counted() {
    const made: string[] = [];
    let ended = 0;
    const wrap =
      (inner: ProgramLinkFactory): ProgramLinkFactory =>
      (js, handlers) => {
        made.push(js);
        const link = inner(js, handlers);
        return {
          post: (message, transfer) => link.post(message, transfer),
          terminate: () => {
            ended++;
            link.terminate();
          },
        };
      };
    return { made, ended: () => ended, wrap };
  }

  it('starts the worker ahead, runs nothing before the run, then runs that worker', async () => {
    const c = counted();
    const s = setup({}, 0, c.wrap);
    const runner = s.runner;
    runner.prepare(heart.js);
    await s.flush();
    expect(c.made).toEqual([heart.js]);
    // Loaded and waiting: no status, no phase change, no boards.
    expect(s.posts).toEqual([]);
    expect(runner.getState().phase).toBe('waiting');
    expect(s.workers.at(-1)?.session).toBeUndefined();
    runner.receive(runMessage(heart), s.origin);
    await s.flush();
    expect(c.made).toHaveLength(1);
    expect(s.posts[0]).toEqual({ type: 'status', frameid: 'sim-frame-1', runtimeid: 'blue-1', state: 'running' });
    expect(runner.getState().phase).toBe('running');
  });

  it('takes programs from a port the editor sends, and only from an allowed origin', async () => {
    const c = counted();
    const s = setup({}, 0, c.wrap);
    const runner = s.runner;
    const stranger = new MessageChannel();
    expect(runner.receive({ type: 'programport' }, 'https://evil.example', [stranger.port1])).toBe(false);
    stranger.port2.postMessage({ type: 'prepare', code: heart.js });
    const channel = new MessageChannel();
    expect(runner.receive({ type: 'programport' }, s.origin, [channel.port1])).toBe(true);
    channel.port2.postMessage({ type: 'prepare', code: heart.js });
    channel.port2.postMessage({ type: 'prepare', code: 42 });
    for (let i = 0; i < 50 && c.made.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(c.made).toEqual([heart.js]);
    runner.dispose();
    stranger.port2.close();
    channel.port2.close();
  });

  it('drops a prepared program that is not run: Stop, another program, a newer one', async () => {
    const c = counted();
    const s = setup({}, 0, c.wrap);
    const runner = s.runner;
    const other = compile('basic.showNumber(7)');
    runner.prepare(heart.js);
    runner.prepare(other.js);
    expect(c.ended()).toBe(1);
    runner.stop();
    expect(c.ended()).toBe(2);
    runner.prepare(heart.js);
    await s.flush();
    runner.receive(runMessage(other), s.origin);
    await s.flush();
    // The run's own worker; the prepared heart is ended, never started.
    expect(c.made).toEqual([heart.js, other.js, heart.js, other.js]);
    expect(c.ended()).toBe(3);
    expect(runner.getState().phase).toBe('running');
  });

  it('drops a prepared worker that fails to load; the run then reports its own failure', async () => {
    let made = 0;
    const failing: ProgramLinkFactory = (_js, handlers) => {
      made++;
      queueMicrotask(() => handlers.onFailure('SyntaxError'));
      return { post: () => undefined, terminate: () => undefined };
    };
    const s = setup({ links: failing });
    const runner = s.runner;
    runner.prepare(heart.js);
    await s.flush();
    expect(s.posts).toEqual([]);
    runner.receive(runMessage(heart), s.origin);
    await s.flush();
    expect(made).toBe(2);
    expect(s.posts.find((p) => p.type === 'debugger')).toMatchObject({
      exceptionMessage: frameMessages.couldNotLoad('SyntaxError'),
    });
  });
});
