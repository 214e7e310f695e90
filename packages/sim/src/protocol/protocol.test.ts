import { describe, expect, it } from 'vitest';
import { parseFrameToHostMessage } from './frame-to-host-schema.ts';
import type { FrameToHostMessage, HostToFrameMessage } from './protocol.ts';
import { checkHostToFrameMessage, parseHostToFrameMessage } from './host-to-frame-schema.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/** One of every message the editor sends (spec 002 §7 incoming list), with optional fields set. */
const hostToFrame: HostToFrameMessage[] = [
  {
    type: 'run',
    id: 'blue-1',
    frameCounter: 3,
    code: 'return function* () {};',
    positions: { files: ['main.ts'], lines: [[0, 0, 1, 1], []] },
    hostNames: ['basic'],
    boards: 2,
    mute: true,
    highContrast: false,
    light: true,
    theme: 'red',
    options: { theme: 'red', mpRole: 'server' },
    localizedStrings: { hello: 'bonjour' },
    storedState: { score: 3, name: 'x', on: true },
    version: '1.0.0',
    clickTrigger: false,
    breakOnStart: false,
    single: true,
    activePlayer: 1,
    boardDefinition: { id: 'microbit' },
    parts: ['ledmatrix'],
    builtinParts: ['buttonpair'],
    fnArgs: { a: 1 },
    partDefinitions: {},
    cdnUrl: '/cdn',
    refCountingDebug: false,
    ipc: false,
    dependencies: { core: '*' },
  },
  { type: 'stop' },
  { type: 'mute', mute: false },
  { type: 'stopsound' },
  { type: 'instructions' },
  { type: 'print' },
  { type: 'recorder', action: 'start', width: 300 },
  { type: 'recorder', action: 'stop' },
  { type: 'screenshot', width: 400, requestId: 'r1' },
  { type: 'screenshot' },
  { type: 'custom', content: { anything: [1, 2] } },
  { type: 'debugger', subtype: 'pause' },
  { type: 'debugger', subtype: 'resume' },
  { type: 'debugger', subtype: 'stepover' },
  { type: 'debugger', subtype: 'stepinto' },
  { type: 'debugger', subtype: 'stepout' },
  { type: 'debugger', subtype: 'config', setBreakpoints: [0, 4, 9] },
  { type: 'debugger', subtype: 'variables', variablesReference: 3, req: 12 },
  { type: 'simulator', command: 'focus' },
  { type: 'simulator', command: 'blur' },
  { type: 'eventbus', id: 1, eventid: 3, board: 2 },
  { type: 'serial', data: 'hello\n', board: 1 },
];

/** One of every message a frame sends (spec 002 §7 outgoing list). */
const frameToHost: FrameToHostMessage[] = [
  { type: 'ready', frameid: 'sim-frame-1' },
  { type: 'status', frameid: 'sim-frame-1', runtimeid: 'blue-1', state: 'running' },
  { type: 'status', frameid: 'sim-frame-1', runtimeid: 'blue-1', state: 'killed' },
  { type: 'toplevelcodefinished', frameid: 'sim-frame-1', runtimeid: 'blue-1' },
  { type: 'bulkserial', id: 'sim-frame-1', sim: true, data: [{ time: 12, data: 'x:1\r\n', board: 1 }] },
  { type: 'screenshot', data: png, time: 5, delay: 0, width: 400, height: 328, requestId: 'r1', fromUser: true },
  { type: 'thumbnail', frames: [png, png], width: 100, height: 82 },
  {
    type: 'debugger',
    subtype: 'breakpoint',
    breakpointId: 0,
    exceptionMessage: 'Stack overflow',
    exceptionStack: 'at main.ts:3',
    stackframes: [{ name: 'main', file: 'main.ts', line: 3, column: 5 }],
    board: 1,
  },
  {
    type: 'debugger',
    subtype: 'breakpoint',
    breakpointId: 7,
    reason: 'step',
    thread: 'forever',
    globals: [{ name: 'list', value: '[1, 2]', type: 'list', ref: 1 }],
    stackframes: [
      {
        name: 'bump',
        file: 'main.ts',
        line: 3,
        column: 5,
        locals: [{ name: 'n', value: '4', type: 'number', ref: 0 }],
      },
      { name: 'main', file: 'main.ts', line: 8, column: 1 },
    ],
    runtimeid: 'blue-1',
  },
  { type: 'debugger', subtype: 'variables', req: 12, variables: [{ name: '0', value: '1', type: 'number', ref: 0 }] },
  { type: 'debugger', subtype: 'warning', message: 'The debugger needs a debug build.' },
  { type: 'simulator', command: 'setstate', stateKey: 'score', stateValue: 4 },
  { type: 'simulator', command: 'reload' },
  { type: 'simulator', command: 'restart' },
  { type: 'setmutebuttonstate', state: 'muted' },
  { type: 'recorder', action: 'start' },
  { type: 'recorder', action: 'stop', data: png, width: 200, height: 164 },
  { type: 'tick', category: 'simulator', message: 'run', data: { boards: 1 } },
  { type: 'error', category: 'simulator', message: 'screenshot failed' },
];

describe('frame protocol round trips', () => {
  it.each(hostToFrame.map((m) => [m.type, m] as const))(
    'editor -> frame %s survives postMessage and parsing',
    (_t, message) => {
      const received = structuredClone(message);
      expect(parseHostToFrameMessage(received)).toEqual(message);
    },
  );

  it.each(frameToHost.map((m) => [m.type, m] as const))(
    'frame -> editor %s survives postMessage and parsing',
    (_t, message) => {
      const received = structuredClone(message);
      expect(parseFrameToHostMessage(received)).toEqual(message);
    },
  );

  it('covers every incoming and outgoing type of spec 002 §7', () => {
    expect(new Set(hostToFrame.map((m) => m.type))).toEqual(
      new Set([
        'run',
        'instructions',
        'stop',
        'mute',
        'stopsound',
        'print',
        'recorder',
        'screenshot',
        'custom',
        'debugger',
        'simulator',
        'eventbus',
        'serial',
      ]),
    );
    expect(new Set(frameToHost.map((m) => m.type))).toEqual(
      new Set([
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
      ]),
    );
  });

  it('drops unknown fields instead of passing them on', () => {
    const parsed = parseHostToFrameMessage({ type: 'stop', evil: 'x' });
    expect(parsed).toEqual({ type: 'stop' });
    const run = parseHostToFrameMessage({ ...hostToFrame[0], __proto__: { polluted: true }, extra: 1 });
    expect(run && 'extra' in run).toBe(false);
  });

  it('defaults a run to one board', () => {
    const { boards: _boards, ...run } = hostToFrame[0] as Extract<HostToFrameMessage, { type: 'run' }>;
    expect(parseHostToFrameMessage(run)).toMatchObject({ boards: 1 });
  });
});

describe('frame protocol validation', () => {
  const invalidForFrame: [string, unknown][] = [
    ['null', null],
    ['a string', 'run'],
    ['an array', ['run']],
    ['no type', { code: '' }],
    ['an unknown type', { type: 'format-disk' }],
    ['a run without code', { ...hostToFrame[0], code: undefined }],
    ['a run with code that is not text', { ...hostToFrame[0], code: 42 }],
    ['a run with broken positions', { ...hostToFrame[0], positions: { files: [], lines: [['x']] } }],
    ['a run for 4 boards', { ...hostToFrame[0], boards: 4 }],
    ['a run with a broken statement table', { ...hostToFrame[0], statements: [[0, 1]] }],
    ['a run with an unknown theme', { ...hostToFrame[0], theme: 'purple' }],
    ['a run with a wrongly typed option', { ...hostToFrame[0], mute: 'yes' }],
    ['mute without a flag', { type: 'mute' }],
    ['a recorder with no action', { type: 'recorder' }],
    ['a screenshot with a text width', { type: 'screenshot', width: '100' }],
    ['an unknown debugger command', { type: 'debugger', subtype: 'format' }],
    ['breakpoints that are not statement ids', { type: 'debugger', subtype: 'config', setBreakpoints: [1.5, -1] }],
    ['too many breakpoints', { type: 'debugger', subtype: 'config', setBreakpoints: new Array(10_001).fill(0) }],
    ['a variables request without a request number', { type: 'debugger', subtype: 'variables', variablesReference: 1 }],
    ['an eventbus without a value', { type: 'eventbus', id: 1 }],
    ['an eventbus for board 0', { type: 'eventbus', id: 1, eventid: 2, board: 0 }],
    ['serial without text', { type: 'serial', data: 3 }],
  ];
  it.each(invalidForFrame)('the frame ignores %s', (_name, data) => {
    expect(parseHostToFrameMessage(data)).toBeUndefined();
  });

  const run = hostToFrame[0]!;
  it.each([
    ['null', null, 'Invalid type: Expected Object'],
    ['an unknown type', { type: 'format-disk' }, 'format-disk: type: Invalid type'],
    ['a run without code', { ...run, code: undefined }, 'run: code: Invalid type: Expected string'],
    ['code over the cap', { ...run, code: 'x'.repeat(16 * 1024 * 1024 + 1) }, 'run: code: Invalid length'],
    [
      'broken positions',
      { ...run, positions: { files: [], lines: [['x']] } },
      'run: positions.lines.0.0: Invalid type',
    ],
    ['too many host names', { ...run, hostNames: new Array(1001).fill('a') }, 'run: hostNames: too many items'],
    ['4 boards', { ...run, boards: 4 }, 'run: boards: Invalid value'],
    ['a short statement row', { ...run, statements: [[0, 1]] }, 'run: statements.0.2: Invalid type'],
    ['a purple theme', { ...run, theme: 'purple' }, 'run: theme: Invalid type'],
    ['mute as text', { type: 'mute', mute: 'yes' }, 'mute: mute: Invalid type'],
    ['serial for board 0', { type: 'serial', data: 'a', board: 0 }, 'serial: board: Invalid value'],
    ['a debugger config', { type: 'debugger', subtype: 'config', setBreakpoints: [1.5] }, 'debugger: setBreakpoints.0'],
  ])('the frame says why it refuses %s', (_name, data, error) => {
    const checked = checkHostToFrameMessage(data);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error).toContain(error);
  });

  const invalidForEditor: [string, unknown][] = [
    ['ready without a frame id', { type: 'ready' }],
    ['a status with an unknown state', { type: 'status', frameid: 'f', runtimeid: 'r', state: 'exploded' }],
    [
      'bulk serial with a bad entry',
      { type: 'bulkserial', id: 'f', sim: true, data: [{ time: 'x', data: '', board: 1 }] },
    ],
    ['a screenshot whose data is text', { type: 'screenshot', data: 'data:image/png', time: 0, width: 1, height: 1 }],
    ['a thumbnail with text frames', { type: 'thumbnail', frames: ['x'], width: 1, height: 1 }],
    ['an unknown debugger subtype', { type: 'debugger', subtype: 'explode' }],
    ['a debugger message with a bad stack', { type: 'debugger', subtype: 'breakpoint', stackframes: [{}] }],
    ['an unknown simulator command', { type: 'simulator', command: 'format' }],
    ['setstate with an object value', { type: 'simulator', command: 'setstate', stateKey: 'k', stateValue: {} }],
    ['a mute state that is not one', { type: 'setmutebuttonstate', state: 'loud' }],
    ['an error event without a message', { type: 'error', category: 'x' }],
  ];
  it.each(invalidForEditor)('the editor ignores %s', (_name, data) => {
    expect(parseFrameToHostMessage(data)).toBeUndefined();
  });

  it('never throws on hostile input', () => {
    const hostile: unknown[] = [
      undefined,
      0,
      Symbol('x'),
      { type: 'run', positions: { files: null } },
      { type: 'bulkserial', data: { length: 1e9 } },
      Object.create(null),
      {
        get type() {
          throw new Error('trap');
        },
      },
    ];
    for (const data of hostile) {
      try {
        parseHostToFrameMessage(data);
        parseFrameToHostMessage(data);
      } catch (error) {
        // A getter that throws is the one thing we cannot read: it must surface as that error only.
        expect(String(error)).toContain('trap');
      }
    }
  });
});
