// The one schema of debugger messages (issue 18): what each hop accepts, and the sentence a bad
// message is refused with.
import { describe, expect, it } from 'vitest';
import { FrameMessageGate } from '../host/frame-message-gate.ts';
import { WorkerMessageGate } from '../frame/worker/worker-message-gate.ts';
import { checkDebuggerEvent, checkDebuggerRequest } from './debugger-messages.ts';
import { FRAME_TRACE_RATE } from './frame-limits.ts';

/** The refusal's sentence ('' when the message was accepted). */
function errorOf(checked: { ok: true } | { ok: false; error: string }): string {
  return checked.ok ? '' : checked.error;
}

describe('debugger requests', () => {
  it('accepts every request the editor sends, as a fresh copy with only known fields', () => {
    const requests = [
      { type: 'debugger', subtype: 'pause' },
      { type: 'debugger', subtype: 'stepout' },
      { type: 'debugger', subtype: 'config', setBreakpoints: [0, 4] },
      { type: 'debugger', subtype: 'traceConfig', interval: 250 },
      { type: 'debugger', subtype: 'variables', variablesReference: 3, req: 1 },
    ];
    for (const request of requests)
      expect(checkDebuggerRequest({ ...request, extra: 1 })).toEqual({ ok: true, message: request });
  });

  it('refuses a bad one with a sentence naming the message and the field', () => {
    expect(errorOf(checkDebuggerRequest({ type: 'debugger', subtype: 'traceConfig', interval: 'fast' }))).toMatch(
      /^The debugger message "traceConfig" was refused: interval: .*number/,
    );
    expect(errorOf(checkDebuggerRequest({ type: 'debugger', subtype: 'config', setBreakpoints: [1, -2] }))).toContain(
      'setBreakpoints.1',
    );
    expect(errorOf(checkDebuggerRequest({ type: 'debugger', subtype: 'dance' }))).toContain('"dance"');
    expect(errorOf(checkDebuggerRequest(null))).toContain('without a subtype');
    const many = { type: 'debugger', subtype: 'config', setBreakpoints: new Array<number>(10_001).fill(0) };
    expect(errorOf(checkDebuggerRequest(many))).toContain('at most 10000');
  });
});

describe('debugger events', () => {
  it('a trace needs its board, and a valid statement when it has one', () => {
    expect(checkDebuggerEvent({ type: 'debugger', subtype: 'trace', breakpointId: 2, board: 1 }).ok).toBe(true);
    // Without a statement: the lit one's code ended.
    expect(checkDebuggerEvent({ type: 'debugger', subtype: 'trace', board: 1 }).ok).toBe(true);
    expect(checkDebuggerEvent({ type: 'debugger', subtype: 'trace', breakpointId: -1, board: 1 }).ok).toBe(false);
    expect(errorOf(checkDebuggerEvent({ type: 'debugger', subtype: 'trace', breakpointId: 2 }))).toContain('board');
    expect(checkDebuggerEvent({ type: 'debugger', subtype: 'trace', breakpointId: 2, board: 4 }).ok).toBe(false);
  });

  it('the worker and the editor accept the same stop', () => {
    const stop = {
      type: 'debugger',
      subtype: 'breakpoint',
      breakpointId: 5,
      reason: 'step',
      thread: 'forever',
      board: 2,
      globals: [{ name: 'n', value: '1', type: 'number', ref: 0 }],
      threadBlock: { key: 'forever' },
      stackframes: [
        { name: 'bump', file: 'main.ts', line: 3, column: 1, locals: [] },
        { name: 'on button A pressed', block: { key: 'onButtonPressed', values: { button: 'A' } }, line: 5 },
      ],
    };
    const worker = new WorkerMessageGate({ now: () => 0 });
    const editor = new FrameMessageGate({ now: () => 0 });
    expect(worker.admit(stop)).toEqual(stop);
    expect(editor.admit({ ...stop, runtimeid: 'blue-1' })).toEqual({ ...stop, runtimeid: 'blue-1' });
    const bad = { ...stop, globals: [{ name: 'n', value: 1, type: 'number', ref: 0 }] };
    expect(worker.admit(bad)).toBeUndefined();
    expect(editor.admit(bad)).toBeUndefined();
    const badBlock = { ...stop, threadBlock: { key: 'forever', values: { times: 3 } } };
    expect(editor.admit(badBlock)).toBeUndefined();
  });

  it('traces have their own rate, so slow motion neither floods nor starves stops', () => {
    let now = 0;
    const editor = new FrameMessageGate({ now: () => now });
    const trace = { type: 'debugger', subtype: 'trace', breakpointId: 1, board: 1 };
    let passed = 0;
    for (let i = 0; i < 100; i++) if (editor.admit(trace)) passed++;
    expect(passed).toBe(FRAME_TRACE_RATE.burst);
    // Stops still get through while traces are over their rate.
    expect(editor.admit({ type: 'debugger', subtype: 'breakpoint', breakpointId: 1 })).toBeDefined();
    // Three boards at the shortest interval (50 ms) for a second: all pass.
    now = 10_000;
    passed = 0;
    for (let t = 0; t < 1000; t += 50) {
      now = 10_000 + t;
      for (let board = 1; board <= 3; board++) if (editor.admit({ ...trace, board })) passed++;
    }
    expect(passed).toBe(60);
  });
});

describe('the worker side', () => {
  it('answers a request that does not match the schema with a warning, and does nothing else', async () => {
    const { WorkerDebugger } = await import('../frame/worker/worker-debugger.ts');
    const posts: unknown[] = [];
    new WorkerDebugger((message) => posts.push(message)).apply({ type: 'debugger', subtype: 'config' });
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ type: 'debugger', subtype: 'warning' });
    expect((posts[0] as { message: string }).message).toContain(
      'The debugger message "config" was refused: setBreakpoints',
    );
  });
});
