// The debugger through the frame and its (in-process) program worker (issue 18): breakpoints set
// with `config`, the breakpoint message with globals, locals and the call stack, variables
// requests, steps, a pause of a debug build, and several boards stopping together.
import type { ProgramImage } from '@blockyard/runtime';
import { describe, expect, it } from 'vitest';
import type { DebuggerBreakpointMessage, DebuggerTraceMessage } from '../protocol/protocol.ts';
import { compile } from '../test/compile.ts';
import { runMessage, setupFrameRunner } from '../test/frame-runner-setup.ts';

const source = `let count = 0
function add(n: number) {
    let doubled = n * 2
    count += doubled
}
basic.forever(function () {
    add(1)
    basic.pause(100)
})`;

function setup() {
  const { runner, posts, origin, flush, advance } = setupFrameRunner();
  const program: ProgramImage = compile(source, { debug: true });
  const lineIds = (line: number) => program.statements!.flatMap(([, l], id) => (l === line ? [id] : []));
  const send = async (message: unknown) => {
    runner.receive(message, origin);
    await flush();
  };
  const run = (boards = 1, debug: { breakpoints?: number[]; traceInterval?: number } = {}) =>
    send(runMessage(program, { boards, ...debug }));
  const stops = () =>
    posts.filter((p): p is DebuggerBreakpointMessage => p.type === 'debugger' && p.subtype === 'breakpoint');
  const traces = () => posts.filter((p): p is DebuggerTraceMessage => p.type === 'debugger' && p.subtype === 'trace');
  // A trace without a statement: the lit statement's code ended.
  const lineOf = (id: number | undefined) => (id === undefined ? 'end' : program.statements![id]![1]);
  return { runner, posts, advance, send, run, stops, traces, lineIds, lineOf, phase: () => runner.getState().phase };
}

describe('the frame debugger (issue 18)', () => {
  it('stops at a breakpoint with globals, locals and the call stack; steps; resumes', async () => {
    const s = setup();
    await s.run(1, { breakpoints: s.lineIds(4) });
    await s.advance(50);
    expect(s.phase()).toBe('paused');
    const stop = s.stops()[0]!;
    expect(stop).toMatchObject({ reason: 'breakpoint', thread: 'forever', board: 1, runtimeid: 'blue-1' });
    expect(stop.globals).toEqual([{ name: 'count', value: '0', type: 'number', ref: 0 }]);
    expect(stop.stackframes?.map((f) => [f.name, f.line])).toEqual([
      ['add', 4],
      ['forever', 7],
    ]);
    // The block's message key crosses the worker and the frame, for the editor's own words.
    expect(stop.threadBlock).toEqual({ key: 'forever' });
    expect(stop.stackframes?.map((f) => f.block?.key)).toEqual([undefined, 'forever']);
    expect(stop.stackframes?.[0]?.locals?.map((v) => `${v.name}=${v.value}`)).toEqual(['n=1', 'doubled=2']);

    await s.send({ type: 'debugger', subtype: 'stepout' });
    await s.advance(20);
    const stepped = s.stops()[1]!;
    expect(stepped).toMatchObject({ reason: 'step' });
    expect(stepped.stackframes?.[0]?.line).toBe(8);
    expect(stepped.globals?.[0]?.value).toBe('2');

    await s.send({ type: 'debugger', subtype: 'config', setBreakpoints: [] });
    await s.send({ type: 'debugger', subtype: 'resume' });
    expect(s.phase()).toBe('running');
    await s.advance(500);
    expect(s.stops()).toHaveLength(2);
  });

  it('answers a variables request for an expandable value while paused', async () => {
    const s = setup();
    const program = compile(`let list = [4, 5]\nbasic.pause(10)\nlist.push(6)`, { debug: true });
    const ids = program.statements!.flatMap(([, l], id) => (l === 3 ? [id] : []));
    await s.send(runMessage(program, { breakpoints: ids }));
    await s.advance(50);
    const list = s.stops()[0]!.globals!.find((v) => v.name === 'list')!;
    expect(list.ref).toBeGreaterThan(0);
    await s.send({ type: 'debugger', subtype: 'variables', variablesReference: list.ref, req: 9 });
    expect(s.posts.at(-1)).toEqual({
      type: 'debugger',
      subtype: 'variables',
      req: 9,
      variables: [
        { name: '0', value: '4', type: 'number', ref: 0 },
        { name: '1', value: '5', type: 'number', ref: 0 },
      ],
    });
  });

  it('a pause of a debug build stops at the next statement and says where', async () => {
    const s = setup();
    await s.run();
    await s.advance(30);
    expect(s.stops()).toHaveLength(0);
    await s.send({ type: 'debugger', subtype: 'pause' });
    expect(s.phase()).toBe('running');
    await s.advance(150);
    expect(s.phase()).toBe('paused');
    expect(s.stops()[0]).toMatchObject({ reason: 'pause', thread: 'forever' });
    expect(s.stops()[0]!.stackframes?.[0]?.line).toBe(7);
  });

  it('holds the other boards while one is stopped, and lets them go with it', async () => {
    const s = setup();
    await s.run(2, { breakpoints: s.lineIds(4) });
    await s.advance(50);
    expect(s.stops()).toHaveLength(1);
    const first = s.stops()[0]!.board;
    await s.advance(1000);
    // The other board reached the same breakpoint only after the first one is released.
    expect(s.stops()).toHaveLength(1);
    await s.send({ type: 'debugger', subtype: 'resume' });
    await s.advance(20);
    expect(s.stops()).toHaveLength(2);
    expect(s.stops()[1]!.board).not.toBe(first);
  });

  it('a config sent while the run is starting is the one its worker starts with', async () => {
    const s = setup();
    await s.send({
      type: 'run',
      id: 'blue-1',
      frameCounter: 1,
      code: compile(source, { debug: true }).js,
      positions: { files: ['main.ts'], lines: [] },
      hostNames: [],
      statements: [],
      boards: 1,
    });
    // The same program again, with a breakpoint set before its worker has answered.
    await s.run();
    await s.send({ type: 'debugger', subtype: 'config', setBreakpoints: s.lineIds(4) });
    await s.advance(50);
    expect(s.stops()).toHaveLength(1);
  });

  it('slow motion: reports each statement with the run id, held for the interval', async () => {
    const s = setup();
    await s.run(1, { traceInterval: 200 });
    await s.advance(30);
    expect(s.traces().map((t) => s.lineOf(t.breakpointId))).toEqual([1]);
    expect(s.traces()[0]).toEqual({
      type: 'debugger',
      subtype: 'trace',
      breakpointId: s.traces()[0]!.breakpointId,
      board: 1,
      runtimeid: 'blue-1',
    });
    await s.advance(700);
    // Line 6 ends the top level: its light goes out ('end') before the forever loop's first line.
    expect(s.traces().map((t) => s.lineOf(t.breakpointId))).toEqual([1, 6, 'end', 7, 3]);
    expect(s.traces()[2]).toEqual({ type: 'debugger', subtype: 'trace', board: 1, runtimeid: 'blue-1' });
    expect(s.phase()).toBe('running');
  });

  it('slow motion: traceConfig changes the interval of the running program, 0 ends it', async () => {
    const s = setup();
    await s.run();
    await s.advance(100);
    expect(s.traces()).toHaveLength(0);
    await s.send({ type: 'debugger', subtype: 'traceConfig', interval: 100 });
    await s.advance(1000);
    const seen = s.traces().length;
    expect(seen).toBeGreaterThanOrEqual(6);
    expect(seen).toBeLessThanOrEqual(11);
    await s.send({ type: 'debugger', subtype: 'traceConfig', interval: 0 });
    await s.advance(1000);
    expect(s.traces()).toHaveLength(seen);
  });

  it('slow motion with two boards: each trace says its board', async () => {
    const s = setup();
    await s.run(2, { traceInterval: 100 });
    await s.advance(400);
    const boards = new Set(s.traces().map((t) => t.board));
    expect(boards).toEqual(new Set([1, 2]));
  });

  it('a bad debugger request from the editor is refused and changes nothing', async () => {
    const s = setup();
    await s.run(1, { breakpoints: s.lineIds(4) });
    expect(
      s.runner.receive({ type: 'debugger', subtype: 'traceConfig', interval: -5 }, 'https://blockyard.example'),
    ).toBe(false);
    expect(
      s.runner.receive({ type: 'debugger', subtype: 'config', setBreakpoints: [1.5] }, 'https://blockyard.example'),
    ).toBe(false);
    await s.advance(50);
    expect(s.traces()).toHaveLength(0);
    expect(s.stops()).toHaveLength(1);
  });
});
