import { ManualClock } from '@blockyard/core';
import type { ProgramImage } from '@blockyard/runtime';
import { describe, expect, it } from 'vitest';
import type { FrameToHostMessage, HostToFrameMessage } from '../protocol/protocol.ts';
import { type FrameHost, SimulatorDriver } from './simulator-driver.ts';
import {
  FRAME_CLEANUP_DELAY_MS,
  type SimulatorState,
  blocksClicks,
  showsLoader,
  showsPlayIcon,
} from './simulator-state.ts';

const program: ProgramImage = {
  js: 'return function* () {};',
  positions: { files: ['main.ts'], lines: [] },
  hostNames: [],
};

class RecordingHost implements FrameHost {
  readonly frames: string[] = [];
  readonly removed: string[] = [];
  readonly posts: { frame: string; message: HostToFrameMessage }[] = [];
  createFrame(frameId: string): void {
    this.frames.push(frameId);
  }
  removeFrame(frameId: string): void {
    this.removed.push(frameId);
    this.frames.splice(this.frames.indexOf(frameId), 1);
  }
  post(frame: string, message: HostToFrameMessage): void {
    this.posts.push({ frame, message });
  }
  types(): string[] {
    return this.posts.map((p) => p.message.type + ('subtype' in p.message ? `:${p.message.subtype}` : ''));
  }
}

function setup() {
  const clock = new ManualClock();
  const host = new RecordingHost();
  let id = 0;
  const changes: [SimulatorState, SimulatorState][] = [];
  const problems: string[] = [];
  const messages: FrameToHostMessage[] = [];
  const driver = new SimulatorDriver({
    clock,
    host,
    nextId: () => String(++id),
    onStateChange: (state, previous) => changes.push([previous, state]),
    onProblem: (problem) => problems.push(problem),
    onMessage: (message) => messages.push(message),
  });
  const frame = () => driver.frameIds[0] ?? '';
  const ready = () => driver.receive(frame(), { type: 'ready', frameid: frame() });
  const status = (state: 'running' | 'killed', runtimeid = driver.runtimeId ?? '') =>
    driver.receive(frame(), { type: 'status', frameid: frame(), runtimeid, state });
  const breakpoint = (exceptionMessage?: string, runtimeid = driver.runtimeId) =>
    driver.receive(frame(), {
      type: 'debugger',
      subtype: 'breakpoint',
      ...(runtimeid !== undefined ? { runtimeid } : {}),
      ...(exceptionMessage !== undefined ? { exceptionMessage } : {}),
    });
  return { clock, host, driver, changes, problems, messages, frame, ready, status, breakpoint };
}

/** Brings a fresh driver into `state` the way the editor would. */
function reach(state: SimulatorState) {
  const s = setup();
  const { driver } = s;
  if (state === 'unloaded') return s;
  driver.run({ program });
  if (state === 'pending') return s;
  s.ready();
  if (state === 'starting') return s;
  s.status('running');
  if (state === 'running') return s;
  if (state === 'paused') {
    driver.pause();
    s.breakpoint();
  }
  if (state === 'stopped') driver.stop();
  if (state === 'suspended') driver.suspend();
  return s;
}

describe('SimulatorDriver transitions (spec 002 §4)', () => {
  type Step = (s: ReturnType<typeof setup>) => void;
  const table: [SimulatorState, string, Step, SimulatorState][] = [
    ['unloaded', 'run', (s) => s.driver.run({ program }), 'pending'],
    ['pending', 'ready message starts the frame', (s) => s.ready(), 'starting'],
    ['starting', 'status running from the current runtime', (s) => s.status('running'), 'running'],
    ['starting', 'status running from a stale runtime', (s) => s.status('running', 'old'), 'starting'],
    ['running', 'status killed from the current runtime', (s) => s.status('killed'), 'stopped'],
    ['running', 'status killed from a stale runtime', (s) => s.status('killed', 'old'), 'running'],
    [
      'running',
      'breakpoint hit after a pause',
      (s) => {
        s.driver.pause();
        s.breakpoint();
      },
      'paused',
    ],
    ['running', 'a breakpoint nobody asked for is ignored', (s) => s.breakpoint(), 'running'],
    ['running', 'an exception of another run is ignored', (s) => s.breakpoint('boom', 'forged'), 'running'],
    ['running', 'an exception without a runtime id is ignored', (s) => s.breakpoint('boom', ''), 'running'],
    ['running', 'exception breakpoint', (s) => s.breakpoint('boom'), 'suspended'],
    ['paused', 'resume', (s) => s.driver.resume('resume'), 'running'],
    ['paused', 'step into', (s) => s.driver.resume('stepinto'), 'running'],
    ['paused', 'step over', (s) => s.driver.resume('stepover'), 'running'],
    ['paused', 'step out', (s) => s.driver.resume('stepout'), 'running'],
    ['running', 'pause (sent, no state change)', (s) => s.driver.pause(), 'running'],
    ['running', 'stop', (s) => s.driver.stop(), 'stopped'],
    ['running', 'stop with a restart requested', (s) => s.driver.stop(false, true), 'starting'],
    ['running', 'restart', (s) => s.driver.restart(), 'starting'],
    ['paused', 'stop', (s) => s.driver.stop(), 'stopped'],
    ['starting', 'stop', (s) => s.driver.stop(), 'stopped'],
    ['running', 'suspend (project changed)', (s) => s.driver.suspend(), 'suspended'],
    ['running', 'unload', (s) => s.driver.unload(), 'unloaded'],
    ['stopped', 'unload', (s) => s.driver.unload(), 'unloaded'],
    ['stopped', 'run again in the same frame', (s) => s.driver.run({ program }), 'starting'],
    ['suspended', 'run again', (s) => s.driver.run({ program }), 'starting'],
    [
      'stopped',
      'restart command from the frame',
      (s) => s.driver.receive(s.frame(), { type: 'simulator', command: 'restart' }),
      'starting',
    ],
    ['unloaded', 'stop does nothing', (s) => s.driver.stop(), 'unloaded'],
    ['unloaded', 'suspend does nothing', (s) => s.driver.suspend(), 'unloaded'],
    ['stopped', 'a late status running is ignored', (s) => s.status('running'), 'stopped'],
    ['stopped', 'breakpoint while stopped', (s) => s.breakpoint(), 'stopped'],
    ['stopped', 'resume while stopped', (s) => s.driver.resume(), 'stopped'],
  ];

  it.each(table)('%s --%s--> %s', (from, _event, step, to) => {
    const s = reach(from);
    expect(s.driver.state).toBe(from);
    step(s);
    expect(s.driver.state).toBe(to);
  });

  it('posts run with the program, theme, ids and counter when the frame is ready', () => {
    const s = reach('pending');
    expect(s.host.frames).toHaveLength(1);
    expect(s.host.frames[0]).toMatch(/^sim-frame-/);
    expect(s.host.posts).toEqual([]);
    s.ready();
    const run = s.host.posts[0]?.message;
    expect(run?.type).toBe('run');
    if (run?.type !== 'run') return;
    expect(run.code).toBe(program.js);
    expect(run.theme).toBe('blue');
    expect(run.options?.theme).toBe('blue');
    expect(run.frameCounter).toBe(1);
    expect(run.id).toBe(s.driver.runtimeId);
    expect(run.mute).toBe(false);
  });

  it('preload makes the frame ahead of the first run, which then starts at once', () => {
    const s = setup();
    s.driver.preload();
    s.driver.preload();
    expect(s.host.frames).toHaveLength(1);
    expect(s.driver.state).toBe('unloaded');
    s.ready();
    expect(s.host.posts).toEqual([]);
    s.driver.run({ program });
    expect(s.driver.state).toBe('starting');
    expect(s.host.posts.map((p) => p.message.type)).toEqual(['run']);
    s.status('running');
    expect(s.driver.state).toBe('running');
    expect(s.host.frames).toHaveLength(1);
  });

  it('a run before the preloaded frame is ready waits for it, in the same frame', () => {
    const s = setup();
    s.driver.preload();
    s.driver.run({ program });
    expect(s.driver.state).toBe('pending');
    s.ready();
    expect(s.host.posts.map((p) => p.message.type)).toEqual(['run']);
    expect(s.host.frames).toHaveLength(1);
  });

  it("keeps a frame's theme across restarts and gives each new frame the next theme", () => {
    const s = reach('running');
    const ids = [s.driver.runtimeId];
    for (let i = 0; i < 3; i++) {
      s.driver.restart();
      ids.push(s.driver.runtimeId);
    }
    for (let i = 0; i < 4; i++) {
      s.driver.run({ program }, { freshFrame: true });
      s.ready();
      ids.push(s.driver.runtimeId);
    }
    const themes = s.host.posts.flatMap((p) => (p.message.type === 'run' ? [p.message.theme] : []));
    expect(themes).toEqual(['blue', 'blue', 'blue', 'blue', 'red', 'green', 'yellow', 'blue']);
    expect(new Set(ids).size).toBe(8);
  });

  it('restart posts stop, then run in the same frame, and reaches running on the new status', () => {
    const s = reach('running');
    const frame = s.frame();
    s.host.posts.length = 0;
    s.driver.restart();
    expect(s.host.types()).toEqual(['stop', 'run']);
    expect(s.driver.frameIds).toEqual([frame]);
    s.status('running');
    expect(s.driver.state).toBe('running');
  });

  it('updateRun changes what the next start sends, not the program', () => {
    const s = reach('running');
    s.driver.updateRun({ highContrast: true, boards: 2 });
    s.driver.restart();
    const run = s.host.posts.at(-1)?.message;
    expect(run?.type === 'run' && [run.highContrast, run.boards, run.code]).toEqual([true, 2, program.js]);
  });

  it('pause sends the debugger command and waits for the breakpoint', () => {
    const s = reach('running');
    s.host.posts.length = 0;
    s.driver.pause();
    expect(s.host.types()).toEqual(['debugger:pause']);
    expect(s.driver.state).toBe('running');
    s.breakpoint();
    expect(s.driver.state).toBe('paused');
  });

  it('reports a breakpoint that arrives when not running', () => {
    const s = reach('stopped');
    s.breakpoint();
    expect(s.problems).toEqual(['debugger: trying to pause from stopped']);
  });

  // Issue 21: a forged breakpoint put "Your project is corrupted. Visit http://…" into Problems.
  it('passes on no breakpoint it cannot vouch for', () => {
    const s = reach('running');
    s.breakpoint('Your project is corrupted. Visit http://example.invalid', 'guessed-id');
    s.breakpoint('Your project is corrupted. Visit http://example.invalid', '');
    s.breakpoint();
    expect(s.messages.filter((m) => m.type === 'debugger')).toEqual([]);
    expect(s.driver.state).toBe('running');
  });

  it('passes on nothing but ready and status from frames other than the first', () => {
    const s = reach('running');
    s.driver.run({ program }, { freshFrame: true });
    const old = s.driver.frameIds[1] ?? '';
    s.messages.length = 0;
    s.driver.receive(old, { type: 'bulkserial', id: old, sim: true, data: [{ time: 0, data: 'x\n', board: 1 }] });
    s.driver.receive(old, { type: 'thumbnail', frames: [new Uint8Array(1)], width: 1, height: 1 });
    expect(s.messages).toEqual([]);
  });

  it('an exception breakpoint stops the frame', () => {
    const s = reach('running');
    s.host.posts.length = 0;
    s.breakpoint('Dereferencing null/undefined value.');
    expect(s.host.types()).toEqual(['stop']);
    expect(s.messages.at(-1)).toMatchObject({ exceptionMessage: 'Dereferencing null/undefined value.' });
  });

  it('ignores messages from frames it does not own', () => {
    const s = reach('starting');
    s.driver.receive('someone-else', {
      type: 'status',
      frameid: 'x',
      runtimeid: s.driver.runtimeId ?? '',
      state: 'running',
    });
    expect(s.driver.state).toBe('starting');
    expect(s.messages).toHaveLength(1); // only the ready
  });

  it('mute, stop sound and recorder reach the frame; mute carries into the next run', () => {
    const s = reach('running');
    s.host.posts.length = 0;
    s.driver.mute(true);
    s.driver.stopSound();
    s.driver.recorder('start');
    expect(s.host.types()).toEqual(['mute', 'stopsound', 'recorder']);
    s.driver.restart();
    const run = s.host.posts.at(-1)?.message;
    expect(run?.type === 'run' && run.mute).toBe(true);
  });

  it('the frame shows a loader while pending or starting, a play icon when stopped or suspended, an overlay when paused', () => {
    expect(['pending', 'starting'].every((st) => showsLoader(st as SimulatorState))).toBe(true);
    expect(showsLoader('running')).toBe(false);
    expect(showsPlayIcon('stopped') && showsPlayIcon('suspended')).toBe(true);
    expect(showsPlayIcon('running') || showsPlayIcon('paused')).toBe(false);
    expect(blocksClicks('paused')).toBe(true);
    expect(blocksClicks('running')).toBe(false);
  });
});

describe('SimulatorDriver.reloadFrames (the simulator page changed, e.g. its language)', () => {
  it('replaces the frame and starts a running program again in the new one', () => {
    const s = reach('running');
    const old = s.frame();
    s.driver.reloadFrames();
    expect(s.host.removed).toEqual([old]);
    expect(s.host.frames).toHaveLength(1);
    expect(s.frame()).not.toBe(old);
    expect(s.driver.state).toBe('pending');
    s.ready();
    expect(s.host.posts.at(-1)).toMatchObject({ frame: s.frame(), message: { type: 'run', code: program.js } });
    s.status('running');
    expect(s.driver.state).toBe('running');
  });

  it('restarts a paused program too, but leaves a stopped one stopped in a fresh, waiting frame', () => {
    const paused = reach('paused');
    paused.driver.reloadFrames();
    expect(paused.driver.state).toBe('pending');
    const stopped = reach('stopped');
    const old = stopped.frame();
    stopped.driver.reloadFrames();
    expect(stopped.driver.state).toBe('unloaded');
    expect(stopped.host.frames).toHaveLength(1);
    expect(stopped.frame()).not.toBe(old);
  });

  it('does nothing before the simulator has a frame', () => {
    const s = setup();
    s.driver.reloadFrames();
    expect(s.host.frames).toEqual([]);
  });
});

describe('SimulatorDriver frame cleanup (5000 ms)', () => {
  function withStaleFrame() {
    const s = reach('running');
    const old = s.frame();
    s.driver.run({ program }, { freshFrame: true });
    s.ready();
    s.status('running');
    return { ...s, old };
  }

  it('a fresh frame takes the lead; the old one is removed 5000 ms later, not before', () => {
    const s = withStaleFrame();
    expect(s.driver.frameIds).toHaveLength(2);
    expect(s.driver.frameIds[1]).toBe(s.old);
    s.clock.advance(FRAME_CLEANUP_DELAY_MS - 1);
    expect(s.host.removed).toEqual([]);
    s.clock.advance(1);
    expect(s.host.removed).toEqual([s.old]);
    expect(s.driver.frameIds).toHaveLength(1);
  });

  it('stopped frames beyond the first are cleaned up 5000 ms after the stop', () => {
    const s = withStaleFrame();
    s.clock.advance(1000);
    s.driver.stop();
    s.clock.advance(FRAME_CLEANUP_DELAY_MS - 1);
    expect(s.host.removed).toEqual([]);
    s.clock.advance(1);
    expect(s.host.removed).toEqual([s.old]);
    expect(s.driver.frameIds).toEqual([s.frame()]);
  });

  it('suspended frames are cleaned up 5000 ms after the suspend', () => {
    const s = withStaleFrame();
    s.clock.advance(2000);
    s.driver.suspend();
    s.clock.advance(FRAME_CLEANUP_DELAY_MS);
    expect(s.host.removed).toEqual([s.old]);
  });

  it('running again before the 5000 ms cancels the cleanup of the current run', () => {
    const s = reach('running');
    s.driver.stop();
    s.clock.advance(4000);
    s.driver.run({ program });
    s.clock.advance(FRAME_CLEANUP_DELAY_MS * 2);
    expect(s.host.removed).toEqual([]);
    expect(s.clock.pending).toBe(0);
  });

  it('the first frame stays after cleanup, so the play icon can show', () => {
    const s = reach('running');
    s.driver.stop();
    s.clock.advance(FRAME_CLEANUP_DELAY_MS);
    expect(s.driver.frameIds).toHaveLength(1);
    expect(s.host.removed).toEqual([]);
  });

  it('unload removes every frame at once and cancels the cleanup timer', () => {
    const s = withStaleFrame();
    s.driver.stop();
    s.driver.unload();
    expect(s.host.frames).toEqual([]);
    expect(s.clock.pending).toBe(0);
  });
});

describe('SimulatorDriver debugger (issue 18, spec 002 §3-§4, §8)', () => {
  const hit = (s: ReturnType<typeof setup>, extra: Partial<FrameToHostMessage> = {}) =>
    s.driver.receive(s.frame(), {
      type: 'debugger',
      subtype: 'breakpoint',
      breakpointId: 4,
      reason: 'breakpoint',
      runtimeid: s.driver.runtimeId,
      ...extra,
    } as FrameToHostMessage);

  it('refuses to pause from any state but running, with the spec message, and sends nothing', () => {
    for (const state of ['unloaded', 'pending', 'starting', 'paused', 'stopped', 'suspended'] as const) {
      const s = reach(state);
      s.host.posts.length = 0;
      s.driver.pause();
      expect(s.problems.at(-1)).toBe(`debugger: trying to pause from ${state}`);
      expect(s.host.types()).toEqual([]);
      expect(s.driver.state).toBe(state);
    }
  });

  it('sends breakpoints to the running frame and keeps them for later runs; a breakpoint hit pauses', () => {
    const s = reach('running');
    s.host.posts.length = 0;
    s.driver.setBreakpoints([4, 9, 4]);
    expect(s.host.posts.map((p) => p.message)).toEqual([
      { type: 'debugger', subtype: 'config', setBreakpoints: [4, 9] },
    ]);
    hit(s);
    expect(s.driver.state).toBe('paused');
    expect(s.messages.at(-1)).toMatchObject({ subtype: 'breakpoint', breakpointId: 4 });
    s.host.posts.length = 0;
    s.driver.restart();
    // A release build has nothing to stop at: its run message carries no breakpoints.
    expect(s.host.types()).toEqual(['stop', 'run']);
    expect(s.host.posts[1]!.message).not.toHaveProperty('breakpoints');
    s.driver.run({ program: { ...program, statements: [[0, 1, 1]] } });
    expect(s.host.posts.at(-1)!.message).toMatchObject({ type: 'run', breakpoints: [4, 9], traceInterval: 0 });
  });

  it('accepts the stop a step asks for, and drops an unasked one once breakpoints are cleared', () => {
    const s = reach('running');
    s.driver.setBreakpoints([4]);
    hit(s);
    s.driver.resume('stepover');
    expect(s.host.types().at(-1)).toBe('debugger:stepover');
    s.driver.setBreakpoints([]);
    hit(s, { reason: 'step' });
    expect(s.driver.state).toBe('paused');
    s.driver.resume('resume');
    hit(s);
    expect(s.driver.state).toBe('running');
    expect(s.problems).toEqual(['debugger: a breakpoint nobody asked for was ignored']);
  });

  it('answers variables requests from the frame while paused', async () => {
    const s = reach('paused');
    s.host.posts.length = 0;
    const answer = s.driver.variables(7);
    const request = s.host.posts[0]!.message;
    expect(request).toMatchObject({ type: 'debugger', subtype: 'variables', variablesReference: 7 });
    const req = (request as { req: number }).req;
    s.driver.receive(s.frame(), {
      type: 'debugger',
      subtype: 'variables',
      req,
      variables: [{ name: '0', value: '1', type: 'number', ref: 0 }],
    });
    await expect(answer).resolves.toEqual([{ name: '0', value: '1', type: 'number', ref: 0 }]);
  });

  it.each([
    ['resume', (s: ReturnType<typeof setup>) => s.driver.resume('resume')],
    ['a step', (s: ReturnType<typeof setup>) => s.driver.resume('stepinto')],
    ['stop', (s: ReturnType<typeof setup>) => s.driver.stop()],
    ['unload', (s: ReturnType<typeof setup>) => s.driver.unload()],
    ['restart', (s: ReturnType<typeof setup>) => s.driver.restart()],
  ])('rejects pending requests with "Debugging cancelled" on %s', async (_name, leave) => {
    const s = reach('paused');
    const first = s.driver.variables(1);
    const second = s.driver.variables(2);
    leave(s);
    await expect(first).rejects.toThrow('Debugging cancelled');
    await expect(second).rejects.toThrow('Debugging cancelled');
    await expect(s.driver.variables(3)).rejects.toThrow('Debugging cancelled');
  });
});

describe('SimulatorDriver and debug builds', () => {
  it('hands a debug build its statement table in the run message (release builds have none)', () => {
    const s = setup();
    s.driver.run({ program: { ...program, statements: [[0, 1, 1]] } });
    s.ready();
    expect(s.host.posts.find((p) => p.message.type === 'run')?.message).toMatchObject({ statements: [[0, 1, 1]] });
    const plain = setup();
    plain.driver.run({ program });
    plain.ready();
    expect(plain.host.posts.find((p) => p.message.type === 'run')?.message).not.toHaveProperty('statements');
  });
});

describe('SimulatorDriver slow motion (spec 002 §3 trace, traceConfig)', () => {
  const debugProgram: ProgramImage = { ...program, statements: [[0, 1, 1]] };
  const trace = (s: ReturnType<typeof setup>, runtimeid: string | null | undefined = s.driver.runtimeId) =>
    s.driver.receive(s.frame(), {
      type: 'debugger',
      subtype: 'trace',
      breakpointId: 3,
      board: 1,
      ...(typeof runtimeid === 'string' ? { runtimeid } : {}),
    });

  it('sends traceConfig to the frame at once and puts the interval in every later run message', () => {
    const s = reach('running');
    s.host.posts.length = 0;
    s.driver.setTrace(400);
    expect(s.host.posts.map((p) => p.message)).toEqual([{ type: 'debugger', subtype: 'traceConfig', interval: 400 }]);
    s.driver.setTrace(400);
    expect(s.host.posts).toHaveLength(1);
    s.driver.run({ program: debugProgram });
    expect(s.host.posts.at(-1)!.message).toMatchObject({ type: 'run', traceInterval: 400, breakpoints: [] });
    s.driver.setTrace(0);
    expect(s.driver.traceIntervalMs).toBe(0);
    s.driver.setTrace(Number.NaN);
    expect(s.driver.traceIntervalMs).toBe(0);
  });

  it('passes on traces of the run it started while it runs, and drops the others', () => {
    const s = reach('running');
    s.driver.setTrace(100);
    trace(s);
    expect(s.messages.at(-1)).toMatchObject({ subtype: 'trace', breakpointId: 3 });
    const seen = s.messages.length;
    trace(s, 'someone-else');
    trace(s, null);
    expect(s.messages).toHaveLength(seen);
    s.driver.stop();
    trace(s);
    expect(s.messages).toHaveLength(seen);
    // A trace never changes the state (the program keeps running).
    expect(s.driver.state).toBe('stopped');
  });
});
