// Issue 21: a frame (untrusted) posts random, malformed, forged and oversized messages; the
// editor's gate and controller must stay bounded: no throw, no download, no error or pause it
// did not ask for, a console of bounded size. (How fast the editor answers under such a flood
// is an e2e assertion: e2e/journeys/simulator-security.e2e.ts.)

import { ManualClock } from '@blockyard/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompilerClient } from '@blockyard/compiler-worker';
import type { FrameHost } from '../driver/simulator-driver.ts';
import { MAX_CONSOLE_LINES, MAX_LINE_CHARS } from '../serial/serial-console.ts';
import { FrameMessageGate } from './frame-message-gate.ts';
import { SimulatorController, type SimulatorDownload } from './simulator-controller.ts';

const program = { js: 'return function* () {};', positions: { files: ['main.ts'], lines: [] }, hostNames: [] };

function setup() {
  const clock = new ManualClock(1000);
  const downloads: SimulatorDownload[] = [];
  const thumbnails: number[] = [];
  const frames: string[] = [];
  let deliver: (data: unknown) => void = () => undefined;
  const compiler = {
    compile: () => Promise.resolve({ diagnostics: [], program }),
  } as unknown as CompilerClient;
  const controller = new SimulatorController({
    clock,
    compiler,
    onDownload: (d) => downloads.push(d),
    onThumbnail: (f) => thumbnails.push(f.length),
    createHost: (onMessage, onSerialDropped): FrameHost => {
      const gates = new Map<string, FrameMessageGate>();
      deliver = (data) => {
        const id = frames[0] ?? '';
        let gate = gates.get(id);
        if (!gate) gates.set(id, (gate = new FrameMessageGate(clock)));
        const before = gate.stats.serialDropped;
        const message = gate.admit(data);
        if (message) onMessage(id, message);
        else if (gate.stats.serialDropped > before) onSerialDropped(id, gate.stats.serialDropped - before);
      };
      return { createFrame: (id) => frames.push(id), removeFrame: () => undefined, post: () => undefined };
    },
  });
  return { clock, controller, downloads, thumbnails, frames, deliver: (data: unknown) => deliver(data) };
}

const big = (n: number) => 'A'.repeat(n);
const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(big(2_000_000), big(20_000), ''));
const anyValue = fc.oneof(
  anyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 16 }),
  fc.constant(new Uint8Array(20 * 1024 * 1024)),
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.constant(Array.from({ length: 20_000 }, () => ({ time: 0, data: 'x', board: 1 }))),
);
const types = [
  'ready',
  'status',
  'toplevelcodefinished',
  'bulkserial',
  'screenshot',
  'thumbnail',
  'debugger',
  'simulator',
  'setmutebuttonstate',
  'recorder',
  'tick',
  'error',
  'run',
  'constructor',
  '__proto__',
];
const fields = [
  'frameid',
  'runtimeid',
  'state',
  'id',
  'sim',
  'data',
  'time',
  'width',
  'height',
  'requestId',
  'fromUser',
  'frames',
  'subtype',
  'exceptionMessage',
  'exceptionStack',
  'stackframes',
  'board',
  'command',
  'action',
  'category',
  'message',
];
/** Messages shaped like the protocol's, with random and oversized fields. */
const nearMessage = fc
  .tuple(fc.constantFrom(...types), fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: 8 }))
  .map(([type, rest]) => ({ ...rest, type }));
/** Serial that looks right: long texts without newlines, many entries. */
const serial = fc.record({
  type: fc.constant('bulkserial'),
  id: fc.constant('x'),
  sim: fc.constant(true),
  data: fc.array(
    fc.record({
      time: fc.integer(),
      data: fc.oneof(fc.string({ maxLength: 100 }), fc.constant(big(16_384))),
      board: fc.integer({ min: 1, max: 3 }),
    }),
    { maxLength: 40 },
  ),
});
const message = fc.oneof(nearMessage, serial, fc.anything());

describe('frame messages, fuzzed (issue 21)', () => {
  it('never throw, download, pause, show an error or grow the console beyond its bounds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(message, fc.integer({ min: 0, max: 50 })), { maxLength: 60 }),
        async (steps) => {
          const s = setup();
          await s.controller.run({ 'main.ts': '' });
          s.deliver({ type: 'ready', frameid: s.frames[0] });
          for (const [data, wait] of steps) {
            s.clock.advance(wait);
            expect(() => s.deliver(data)).not.toThrow();
          }
          const view = s.controller.getState();
          expect(s.downloads).toEqual([]);
          expect(view.error).toBeUndefined();
          expect(['starting', 'running', 'stopped']).toContain(view.state);
          const console = s.controller.console.getSnapshot();
          expect(console.lines.length).toBeLessThanOrEqual(MAX_CONSOLE_LINES);
          for (const line of console.lines) expect(line.text.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
          for (const open of console.open.values()) expect(open.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
          s.controller.dispose();
        },
      ),
      { numRuns: 100 },
    );
    // Many runs with megabytes each: slow on a busy machine, not a speed goal.
  }, 120_000);

  it('drops a flood beyond the rates instead of queueing it', () => {
    const s = setup();
    const gate = new FrameMessageGate(s.clock);
    let admitted = 0;
    const entry = { time: 0, data: 'x'.repeat(16_384), board: 1 };
    for (let i = 0; i < 10_000; i++) {
      if (gate.admit({ type: 'bulkserial', id: 'f', sim: true, data: [entry, entry] })) admitted++;
    }
    // 256 KiB of serial per second: at most 8 such messages in the first instant.
    expect(admitted).toBeLessThanOrEqual(8);
    expect(gate.stats.limited).toBeGreaterThan(9_900);
    s.clock.advance(1000);
    expect(gate.admit({ type: 'bulkserial', id: 'f', sim: true, data: [entry] })).toBeDefined();
  });

  it('refuses oversized messages whole (10,000 entries of 1 MB, a 20 MB thumbnail)', () => {
    const s = setup();
    const gate = new FrameMessageGate(s.clock);
    const megabyte = 'x'.repeat(1024 * 1024);
    const entries = Array.from({ length: 10_000 }, () => ({ time: 0, data: megabyte, board: 1 }));
    expect(gate.admit({ type: 'bulkserial', id: 'f', sim: true, data: entries })).toBeUndefined();
    const png = new Uint8Array(20 * 1024 * 1024);
    png.set([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(gate.admit({ type: 'thumbnail', frames: [png], width: 160, height: 131 })).toBeUndefined();
    expect(gate.stats.invalid).toBe(2);
  });
});
