import type { DebugProgram } from '@blockyard/sim';
import { describe, expect, it } from 'vitest';
import { type DebuggerSession, type DebuggerSimulator, EditorDebugger } from './editor-debugger.ts';

const program: DebugProgram = {
  files: ['main.ts'],
  statements: [
    [0, 1, 1],
    [0, 2, 1],
    [0, 3, 5],
  ],
};

function setup(mode: 'blocks' | 'javascript' | 'python' = 'javascript') {
  const calls: string[] = [];
  let source: (p: DebugProgram) => readonly number[] = () => [];
  const simulator: DebuggerSimulator = {
    setDebugging: (on) => calls.push(`debugging ${on}`),
    setBreakpointSource: (s) => {
      source = s;
    },
    refreshBreakpoints: () => calls.push(`breakpoints ${source(program).join(',')}`),
    setTrace: (ms) => calls.push(`trace ${ms}`),
    pause: () => calls.push('pause'),
    resume: (command) => calls.push(command ?? 'resume'),
    stop: () => calls.push('stop'),
  };
  const session: DebuggerSession = {
    getState: () => ({ mode }),
    codeMaps: () => ({
      sourceMap: [{ id: 'show', startLine: 3, startColumn: 5, endLine: 3, endColumn: 20 }],
      pythonLines: [],
    }),
    runNow: () => calls.push('run'),
  };
  return { debug: new EditorDebugger(simulator, session), calls, source: () => source(program) };
}

describe('EditorDebugger', () => {
  it('Debug on builds for the debugger and runs again; off, no breakpoint reaches the program', () => {
    const s = setup();
    s.debug.setLines('javascript', [2]);
    expect(s.calls).toEqual(['breakpoints ']);
    s.debug.setDebugging(true);
    expect(s.calls.slice(1)).toEqual(['debugging true', 'run']);
    expect(s.source()).toEqual([1]);
    s.debug.setDebugging(false);
    expect(s.source()).toEqual([]);
  });

  it('toggles block breakpoints and sends their statements at once', () => {
    const s = setup('blocks');
    s.debug.setDebugging(true);
    s.debug.toggleBlock('show');
    expect(s.debug.getState().breakpoints.blocks).toEqual(['show']);
    expect(s.calls.at(-1)).toBe('breakpoints 2');
    s.debug.toggleBlock('show');
    expect(s.debug.getState().breakpoints.blocks).toEqual([]);
    expect(s.calls.at(-1)).toBe('breakpoints ');
  });

  it('the same lines again change nothing; steps and continue go to the simulator', () => {
    const s = setup();
    s.debug.setLines('javascript', [1, 3]);
    const before = s.calls.length;
    s.debug.setLines('javascript', [1, 3]);
    expect(s.calls).toHaveLength(before);
    s.debug.step('stepinto');
    s.debug.continue();
    s.debug.stop();
    expect(s.calls.slice(before)).toEqual(['stepinto', 'resume', 'stop']);
  });

  it('slow motion turns Debug on at its speed, changes speed on the fly, and ends with Debug off', () => {
    const s = setup();
    s.debug.setSlowMotion('medium');
    expect(s.calls).toEqual(['trace 500', 'debugging true', 'run']);
    expect(s.debug.getState()).toMatchObject({ debugging: true, slowMotion: 'medium' });
    s.calls.length = 0;
    s.debug.setSlowMotion('fast');
    s.debug.setSlowMotion('fast');
    expect(s.calls).toEqual(['trace 200']);
    s.debug.setSlowMotion('off');
    expect(s.calls).toEqual(['trace 200', 'trace 0']);
    expect(s.debug.getState().debugging).toBe(true);
    s.debug.setSlowMotion('slow');
    s.calls.length = 0;
    s.debug.setDebugging(false);
    expect(s.calls).toEqual(['trace 0', 'debugging false', 'run']);
    expect(s.debug.getState().slowMotion).toBe('off');
  });
});
