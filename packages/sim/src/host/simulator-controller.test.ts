import { ManualClock } from '@blockyard/core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CompilerClient } from '@blockyard/compiler-worker';
import { inProcessCompilerWorker } from '@blockyard/compiler-worker/testing';
import type { FrameRunner } from '../frame/frame-runner.ts';
import { inProcessFrameHost } from '../testing/in-process.ts';
import { type DebugProgram, type SimulatorDownload, SimulatorController } from './simulator-controller.ts';

// The editor side and the frame side wired together in one process: messages are structured
// clones, delivered a microtask later, like postMessage between windows.

function setup() {
  const clock = new ManualClock();
  const runners = new Map<string, FrameRunner>();
  const downloads: SimulatorDownload[] = [];
  const compiler = new CompilerClient(() => inProcessCompilerWorker(ts));
  const controller = new SimulatorController({
    clock,
    compiler,
    onDownload: (d) => downloads.push(d),
    createHost: (onMessage) => inProcessFrameHost(clock, runners, onMessage),
  });
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += 20) {
      clock.advance(20);
      await settle();
      for (const runner of runners.values()) runner.tick();
    }
  };
  return { clock, compiler, controller, runners, downloads, settle, advance };
}

describe('SimulatorController (editor and frame together)', () => {
  it('compiles, runs, and reaches running; serial lines fill the console and the plotter', async () => {
    const s = setup();
    const diagnostics = await s.controller.run({
      'main.ts': 'basic.forever(function () {\n  serial.writeValue("x", 3)\n  basic.pause(100)\n})\n',
    });
    expect(diagnostics).toEqual([]);
    await s.settle();
    expect(s.controller.getState().state).toBe('running');
    expect(s.controller.getState().lastStartMs).toBeDefined();
    await s.advance(1000);
    const lines = s.controller.console.getSnapshot().lines.map((l) => l.text);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines[0]).toBe('x:3');
    const series = s.controller.plotter.getSnapshot().series;
    expect(series.map((x) => x.name)).toEqual(['x']);
    expect(series[0]!.points.length).toBe(lines.length);
  });

  it('runs what one edit request compiled, without a compile of its own', async () => {
    const s = setup();
    const answer = await s.compiler.service({
      op: 'edit',
      from: 'python',
      text: 'basic.show_string("hi")\n',
      files: {},
      build: 'run',
    });
    expect(answer.compiled?.program?.js).toContain('showString');
    expect(s.controller.runCompiled(answer.compiled!)).toEqual([]);
    await s.settle();
    expect(s.controller.getState()).toMatchObject({ state: 'running', compiling: false, diagnostics: [] });
    const [runner] = [...s.runners.values()];
    expect(runner).toBeDefined();
    // Its errors are shown as a run's are, and the frame is suspended.
    const broken = await s.compiler.compile({ 'main.ts': 'basic.showNumbr(1)\n' });
    expect(s.controller.runCompiled(broken)[0]?.message).toContain('showNumbr');
    expect(s.controller.getState().diagnostics).toHaveLength(1);
    await s.settle();
    expect(s.controller.getState().state).toBe('suspended');
  });

  it("an edit's program reaches the frame through the compiler worker's port before the page runs it", async () => {
    const s = setup();
    s.controller.preload();
    await s.settle();
    performance.clearMarks('blockyard:frame:prepare');
    performance.clearMarks('blockyard:frame:prepared');
    const ticket = s.controller.runTicket();
    const answer = await s.compiler.service({
      op: 'edit',
      from: 'python',
      text: 'basic.show_number(5)\n',
      files: {},
      build: 'run',
    });
    await s.settle();
    // The frame has the program's worker loaded; nothing runs until the page says so.
    expect(performance.getEntriesByName('blockyard:frame:prepared')).toHaveLength(1);
    expect(s.controller.getState().state).not.toBe('running');
    s.controller.runCompiled(answer.compiled!, { ticket, debug: false });
    await s.settle();
    expect(s.controller.getState().state).toBe('running');
    // A check (the simulator stopped) announces nothing.
    await s.compiler.service({ op: 'edit', from: 'python', text: 'basic.show_number(6)\n', files: {}, build: 'check' });
    await s.settle();
    expect(performance.getEntriesByName('blockyard:frame:prepare')).toHaveLength(1);
  });

  it('a program compiled for an edit does not run when Stop came after its request', async () => {
    const s = setup();
    const ticket = s.controller.runTicket();
    const answer = await s.compiler.service({
      op: 'edit',
      from: 'python',
      text: 'basic.show_number(1)\n',
      files: {},
      build: 'run',
    });
    s.controller.stop();
    s.controller.runCompiled(answer.compiled!, { ticket, debug: false });
    await s.settle();
    expect(s.controller.getState().state).not.toBe('running');
    expect(s.runners.size).toBe(0);
    // Taking a ticket cancels nothing; a program started since voids it.
    const first = s.controller.runTicket();
    const second = s.controller.runTicket();
    s.controller.runCompiled(answer.compiled!, { ticket: second, debug: false });
    await s.settle();
    expect(s.controller.getState().state).toBe('running');
    expect(s.controller.runCompiled(answer.compiled!, { ticket: first, debug: false })).toEqual([]);
    expect(s.runners.size).toBe(1);
  });

  it('shows compile errors and does not run', async () => {
    const s = setup();
    const diagnostics = await s.controller.run({ 'main.ts': 'basic.showNumbr(1)\n' });
    await s.settle();
    expect(diagnostics[0]?.message).toContain('showNumbr');
    expect(s.controller.getState().diagnostics).toHaveLength(1);
    expect(s.controller.getState().state).toBe('unloaded');
  });

  it('a runtime error suspends the simulator and says where', async () => {
    const s = setup();
    await s.controller.run({ 'main.ts': 'let a: number[] = null\nbasic.pause(10)\nbasic.showNumber(a[0])\n' });
    await s.settle();
    await s.advance(100);
    expect(s.controller.getState().state).toBe('suspended');
    expect(s.controller.getState().error).toEqual({
      message: 'Dereferencing null/undefined value.',
      file: 'main.ts',
      line: 3,
      board: 1,
    });
  });

  it('stop, then restart, in the same frame', async () => {
    const s = setup();
    await s.controller.run({ 'main.ts': 'basic.showIcon(IconNames.Heart)\n' });
    await s.settle();
    s.controller.stop();
    await s.settle();
    expect(s.controller.getState().state).toBe('stopped');
    s.controller.restart();
    await s.settle();
    expect(s.controller.getState().state).toBe('running');
    expect(s.runners.size).toBe(1);
  });

  it('a screenshot request resolves with the frame reply', async () => {
    const s = setup();
    await s.controller.run({ 'main.ts': 'basic.showIcon(IconNames.Heart)\n' });
    await s.settle();
    const shot = s.controller.screenshot(240);
    await s.settle();
    await expect(shot).resolves.toMatchObject({ type: 'screenshot', width: 240 });
  });

  it('a recording stopped in the frame becomes a GIF download', async () => {
    const s = setup();
    await s.controller.run({ 'main.ts': 'basic.showIcon(IconNames.Heart)\n' });
    await s.settle();
    s.controller.startRecording();
    await s.settle();
    expect(s.controller.getState().recording).toBe(true);
    await s.advance(200);
    s.controller.stopRecording();
    await s.settle();
    expect(s.downloads.map((d) => [d.fileName, d.mimeType])).toEqual([['blockyard-recording.gif', 'image/gif']]);
    expect(s.controller.getState().recording).toBe(false);
  });
});

describe('SimulatorController debugging (issue 18)', () => {
  const source =
    'let total = 0\nfor (let i = 0; i < 3; i++) {\n    total += i\n    basic.pause(10)\n}\nlet words = "hi"\n';
  /** The statement ids on `line` of main.ts. */
  const onLine = (line: number) => (program: DebugProgram) =>
    program.statements.flatMap((row, id) => (program.files[row[0]] === 'main.ts' && row[1] === line ? [id] : []));

  it('a debug build stops at a breakpoint, says where, steps and goes on', async () => {
    const s = setup();
    s.controller.setDebugging(true);
    s.controller.setBreakpointSource(onLine(3));
    await s.controller.run({ 'main.ts': source });
    await s.settle();
    await s.advance(40);
    const view = s.controller.getState();
    expect(view.state).toBe('paused');
    expect(view.stop).toMatchObject({ reason: 'breakpoint', file: 'main.ts', line: 3, board: 1, thread: 'on start' });
    expect(view.stop?.globals.find((v) => v.name === 'total')?.value).toBe('0');
    s.controller.resume('stepover');
    await s.advance(60);
    expect(s.controller.getState().stop).toMatchObject({ reason: 'step', line: 4 });
    // No breakpoints: it runs to the end.
    s.controller.setBreakpointSource(() => []);
    s.controller.refreshBreakpoints();
    s.controller.resume();
    await s.settle();
    expect(s.controller.getState().stop).toBeUndefined();
    await s.advance(100);
    expect(s.controller.getState().state).toBe('running');
  });

  it('a release build ignores the breakpoints and has no statement table', async () => {
    const s = setup();
    s.controller.setBreakpointSource(onLine(3));
    await s.controller.run({ 'main.ts': source });
    await s.settle();
    await s.advance(100);
    expect(s.controller.program).toBeUndefined();
    expect(s.controller.getState().state).toBe('running');
  });

  it('expands a string while paused; the answer is cancelled once the program goes on', async () => {
    const s = setup();
    s.controller.setDebugging(true);
    s.controller.setBreakpointSource(onLine(6));
    await s.controller.run({ 'main.ts': source.replace('"hi"', '"' + 'ab'.repeat(300) + '"') + 'words = "x"\n' });
    await s.settle();
    await s.advance(100);
    s.controller.resume('stepover');
    await s.advance(60);
    const words = s.controller.getState().stop?.globals.find((v) => v.name === 'words');
    expect(words?.ref).toBeGreaterThan(0);
    const children = s.controller.variables(words!.ref);
    await s.settle();
    expect((await children).length).toBeGreaterThan(0);
    s.controller.resume();
    await expect(s.controller.variables(words!.ref)).rejects.toThrow('Debugging cancelled');
  });

  it('slow motion lights each statement, and the light goes out when the program ends', async () => {
    const s = setup();
    s.controller.setDebugging(true);
    s.controller.setTrace(100);
    await s.controller.run({ 'main.ts': 'let a = 1\na += 2\n' });
    await s.settle();
    await s.advance(40);
    expect(s.controller.getState().trace).toMatchObject({ file: 'main.ts', line: 1, board: 1 });
    await s.advance(100);
    expect(s.controller.getState().trace).toMatchObject({ line: 2 });
    await s.advance(200);
    // The simulator runs on (a board never stops by itself), but nothing of the program is lit.
    expect(s.controller.getState().state).toBe('running');
    expect(s.controller.getState().trace).toBeUndefined();
  });
});
