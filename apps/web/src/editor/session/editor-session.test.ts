import { ManualClock } from '@blockyard/core';
import type { CompileResult, Diagnostic } from '@blockyard/language';
import type { ServiceAnswers, ServiceRequest } from '@blockyard/compiler-worker';
import type { SimulatorViewState } from '@blockyard/sim';
import { describe, expect, it } from 'vitest';
import { EditorSession } from './editor-session.ts';
import type { SessionAutosave } from './session-types.ts';
import { NEW_PROJECT_BLOCKS } from './project-files.ts';

const blocksConfig =
  JSON.stringify({ name: 'P', dependencies: {}, files: ['main.ts'], preferredEditor: 'blocksprj' }, null, 4) + '\n';
const codeConfig =
  JSON.stringify({ name: 'P', dependencies: {}, files: ['main.ts'], preferredEditor: 'tsprj' }, null, 4) + '\n';

class FakeAutosave implements SessionAutosave {
  files: Record<string, string>;
  contentVersion = 0;
  edits: Record<string, string>[] = [];
  private listeners = new Set<() => void>();
  constructor(files: Record<string, string>) {
    this.files = files;
  }
  getContent() {
    return { name: 'P', files: this.files };
  }
  getState() {
    return { contentVersion: this.contentVersion };
  }
  edit(change: { files?: Readonly<Record<string, string>>; remove?: readonly string[] }) {
    this.files = { ...this.files, ...change.files };
    for (const name of change.remove ?? []) delete this.files[name];
    this.edits.push({ ...change.files });
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  replaceFromOutside(files: Record<string, string>) {
    this.files = files;
    this.contentVersion++;
    for (const l of this.listeners) l();
  }
}

/** Code "is" the XML's text: toCode of `<xml>X</xml>` is `X`, toBlocks wraps it again. */
class FakeCompiler {
  requests: ServiceRequest[] = [];
  greyLines: ServiceAnswers['toBlocks']['greyLines'] = [];
  failNext = false;
  diagnostics: ServiceAnswers['diagnostics'] = [];
  /** How the generator would write code (tidies spacing, as the real one does). */
  tidy = (code: string) => code;
  service<R extends ServiceRequest>(request: R): Promise<ServiceAnswers[R['op']]> {
    // Python "is" `py:` and the code; a class cannot be converted.
    const fromPython = (python: string) => {
      const line = python.split('\n').findIndex((l) => l.startsWith('class'));
      if (line >= 0) {
        const message = 'Classes are not supported yet.';
        return {
          code: null,
          diagnostics: [{ from: 0, to: 5, line: line + 1, column: 1, message, code: 9201, severity: 'error' as const }],
          lineMap: [],
        };
      }
      return { code: python.replace(/^py:/, '').trim(), diagnostics: [], lineMap: [[3, 1]] };
    };
    this.requests.push(request);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('The compiler stopped unexpectedly: boom'));
    }
    const toCode = (xml: string) => {
      const code = /^<xml[^>]*>(.*)<\/xml>$/s.exec(xml)?.[1] ?? '';
      return {
        code:
          code ===
          '<block type="pxt-on-start" id="on-start" x="20" y="20"></block><block type="device_forever" id="forever" x="260" y="20"></block>'
            ? 'basic.forever(function () {\n})\n'
            : this.tidy(code),
        sourceMap: [{ id: 'b1', startLine: 1, startColumn: 1, endLine: 1, endColumn: 30 }],
        diagnostics: [{ blockId: 'b2', kind: 'missing-input' as const, message: 'empty' }],
      };
    };
    const answer = (): unknown => {
      switch (request.op) {
        case 'toCode':
          return toCode(request.xml);
        // One request per edit: the code, the findings and (to run) the "compiled" files.
        case 'edit': {
          const blocks = request.from === 'blocks' ? toCode(request.text) : undefined;
          const made = blocks ? { ...blocks, lineMap: [] } : fromPython(request.text);
          const answer = {
            code: made.code,
            lineMap: made.lineMap,
            sourceMap: blocks?.sourceMap ?? [],
            generatorDiagnostics: blocks?.diagnostics ?? [],
            diagnostics: blocks ? (request.build === 'check' ? this.diagnostics : []) : made.diagnostics,
          };
          if (made.code === null || request.build === 'check' || made.code === request.unlessCode) return answer;
          return { ...answer, compiled: { diagnostics: [], files: { ...request.files, 'main.ts': made.code } } };
        }
        case 'toBlocks':
          return {
            xml: `<xml>${request.files['main.ts'] ?? ''}</xml>`,
            greyBlocks: this.greyLines.length,
            greyLines: this.greyLines,
          };
        case 'diagnostics':
          return this.diagnostics;
        case 'fromPython':
          return fromPython(request.python);
        case 'toPython': {
          const code = request.code ?? toCode(request.xml ?? '').code;
          return code.includes('switch')
            ? {
                python: '# switch',
                code,
                warnings: [
                  {
                    from: 0,
                    to: 6,
                    line: 1,
                    column: 1,
                    message: 'switch cannot be shown in Python yet.',
                    code: 9210,
                    severity: 'warning',
                  },
                ],
              }
            : { python: `py:${code}`, code, warnings: [] };
        }
        default:
          throw new Error(`not faked: ${request.op}`);
      }
    };
    return Promise.resolve(answer() as ServiceAnswers[R['op']]);
  }
}

class FakeSimulator {
  runs: Record<string, string>[] = [];
  view: SimulatorViewState = {
    state: 'unloaded',
    compiling: false,
    diagnostics: [],
    error: undefined,
    muted: false,
    recording: false,
    recordingReady: false,
    lastStartMs: undefined,
    debugging: false,
    stop: undefined,
    trace: undefined,
  };
  private listeners = new Set<() => void>();
  /** run() compiles in the worker: a request of its own. */
  compileRequests = 0;
  run(files: Record<string, string>): Promise<readonly Diagnostic[]> {
    this.ticket++;
    this.compileRequests++;
    this.runs.push(files);
    this.set({ state: 'running' });
    return Promise.resolve([]);
  }
  /** Tickets as the controller gives them: a stop or a newer ticket voids an older one. */
  private ticket = 0;
  runTicket(): number {
    return this.ticket;
  }
  stop(): void {
    this.ticket++;
    this.set({ state: 'stopped' });
  }
  /** The fake compiler's "result" names the files it compiled. */
  runCompiled(result: CompileResult, options: { ticket: number; debug: boolean }): readonly Diagnostic[] {
    if (options.ticket !== this.ticket) return [];
    this.ticket++;
    this.runs.push((result as CompileResult & { files: Record<string, string> }).files);
    this.set({ state: 'running' });
    return [];
  }
  getState() {
    return this.view;
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(changes: Partial<SimulatorViewState>) {
    this.view = { ...this.view, ...changes };
    for (const l of this.listeners) l();
  }
}

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function setup(files: Record<string, string>) {
  const clock = new ManualClock();
  const autosave = new FakeAutosave(files);
  const compiler = new FakeCompiler();
  const simulator = new FakeSimulator();
  const session = new EditorSession({ autosave, compiler, simulator, clock });
  return { clock, autosave, compiler, simulator, session };
}

/** A blocks project whose main.blocks stands for `code` (and main.ts is it), opened and settled. */
async function openBlocks(code: string, files: Record<string, string> = {}) {
  const parts = setup({ 'pxt.json': blocksConfig, 'main.blocks': `<xml>${code}</xml>`, 'main.ts': code, ...files });
  await parts.session.open();
  await settle();
  return parts;
}

describe('EditorSession', () => {
  it('opens a new project in blocks with on start and forever, and runs it', async () => {
    const { session, autosave, simulator } = setup({ 'pxt.json': blocksConfig, 'main.blocks': '', 'main.ts': '' });
    await session.open();
    await settle();
    expect(session.getState()).toMatchObject({ mode: 'blocks', xml: NEW_PROJECT_BLOCKS, status: 'ready' });
    expect(autosave.files['main.blocks']).toBe(NEW_PROJECT_BLOCKS);
    // main.ts follows the blocks, and that is what runs.
    expect(autosave.files['main.ts']).toBe('basic.forever(function () {\n})\n');
    expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'basic.forever(function () {\n})\n' });
  });

  it('runs typing after a quiet moment, once', async () => {
    const { session, autosave, simulator, clock } = setup({ 'pxt.json': codeConfig, 'main.ts': 'a' });
    await session.open();
    await settle();
    expect(simulator.runs).toHaveLength(1);
    session.editCode('b');
    session.editCode('basic.showNumber(1)');
    expect(autosave.files['main.ts']).toBe('basic.showNumber(1)');
    clock.advance(249);
    await settle();
    expect(simulator.runs).toHaveLength(1);
    clock.advance(1);
    await settle();
    expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'basic.showNumber(1)' });
    expect(simulator.runs).toHaveLength(2);
  });

  it('a block edit saves main.blocks and the code made from it, then runs', async () => {
    const { session, autosave, simulator, clock } = await openBlocks('basic.showNumber(1)');
    session.editBlocks('<xml>basic.showNumber(2)</xml>');
    expect(autosave.files['main.blocks']).toBe('<xml>basic.showNumber(2)</xml>');
    clock.advance(0);
    await settle();
    expect(autosave.files['main.ts']).toBe('basic.showNumber(2)');
    expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'basic.showNumber(2)' });
    // The generator's finding is shown on its block.
    expect(session.getState().problems).toEqual([
      expect.objectContaining({ source: 'blocks', blockId: 'b2', words: { key: 'emptyInput', values: {} } }),
    ]);
  });

  it("the block editor's text of a file another writer made is read ahead: nothing saved or run", async () => {
    const { session, autosave, simulator, compiler } = await openBlocks('basic.showNumber(1)');
    const requests = compiler.requests.length;
    const runs = simulator.runs.length;
    const saved = { ...autosave.files };
    const written = '<xml> basic.showNumber(1) </xml>';
    session.readBlocksAhead(written);
    await settle();
    // One read of the text the first edit's save will build on, so that edit reads one stack.
    expect(compiler.requests.slice(requests)).toEqual([{ op: 'toCode', xml: written }]);
    expect(simulator.runs.length).toBe(runs);
    expect(autosave.files).toEqual(saved);
    expect(session.getState().xml).toBe('<xml>basic.showNumber(1)</xml>');
    // Not in the code editors (no blocks there to read).
    await session.switchTo('javascript');
    await settle();
    const later = compiler.requests.length;
    session.readBlocksAhead(written);
    await settle();
    expect(compiler.requests.length).toBe(later);
  });

  it('a block edit is one worker request: code, block map, problems and program in one answer', async () => {
    const { session, autosave, simulator, compiler } = await openBlocks('basic.showNumber(1)', {
      'helpers.ts': 'let h = 1',
    });
    const requests = compiler.requests.length;
    const compiles = simulator.compileRequests;
    session.editBlocks('<xml>basic.showNumber(2)</xml>');
    await settle();
    expect(compiler.requests.slice(requests)).toEqual([
      {
        op: 'edit',
        from: 'blocks',
        text: '<xml>basic.showNumber(2)</xml>',
        files: { 'helpers.ts': 'let h = 1' },
        build: 'run',
        unlessCode: 'basic.showNumber(1)',
      },
    ]);
    expect(simulator.compileRequests).toBe(compiles);
    expect(simulator.runs.at(-1)).toEqual({ 'helpers.ts': 'let h = 1', 'main.ts': 'basic.showNumber(2)' });
    expect(autosave.files['main.ts']).toBe('basic.showNumber(2)');
    expect(session.locate({ file: 'main.ts', line: 1, column: 5 })).toMatchObject({ blockId: 'b1' });
    // The simulator's debug mode asks the same request for a debug build.
    simulator.set({ debugging: true });
    session.editBlocks('<xml>basic.showNumber(3)</xml>');
    await settle();
    expect(compiler.requests.at(-1)).toMatchObject({ op: 'edit', debug: true });
  });

  it('a block edit asks the worker before it saves, and restarts the simulator before it saves the code', async () => {
    const { session, autosave, simulator, compiler } = await openBlocks('basic.showNumber(1)');
    // Saving (the edit journal's write) is main-thread work: it must not hold back the worker
    // or the simulator frame, which run elsewhere.
    const order: string[] = [];
    const edit = autosave.edit.bind(autosave);
    autosave.edit = (change) => {
      order.push(`save ${Object.keys(change.files ?? {}).join()}`);
      edit(change);
    };
    const service = compiler.service.bind(compiler);
    compiler.service = ((request: ServiceRequest) => {
      order.push(`worker ${request.op}`);
      return service(request);
    }) as typeof compiler.service;
    const runCompiled = simulator.runCompiled.bind(simulator);
    simulator.runCompiled = (result, options) => {
      order.push('simulator run');
      return runCompiled(result, options);
    };
    session.editBlocks('<xml>basic.showNumber(2)</xml>');
    // In the edit's own task: asked and saved.
    expect(order).toEqual(['worker edit', 'save main.blocks']);
    await settle();
    expect(order).toEqual(['worker edit', 'save main.blocks', 'simulator run', 'save main.ts']);
    expect(autosave.files['main.ts']).toBe('basic.showNumber(2)');
    expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'basic.showNumber(2)' });
  });

  it('Stop pressed while a block edit compiles keeps the simulator stopped (the code is still saved)', async () => {
    const { session, autosave, simulator, compiler } = await openBlocks('basic.showNumber(1)');
    const runs = simulator.runs.length;
    const answer = compiler.service.bind(compiler);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    compiler.service = (async (request: ServiceRequest) => {
      const result = await answer(request);
      await gate;
      return result;
    }) as typeof compiler.service;
    session.editBlocks('<xml>basic.showNumber(2)</xml>');
    await settle();
    simulator.stop();
    release();
    await settle();
    expect(simulator.runs.length).toBe(runs);
    expect(simulator.getState().state).toBe('stopped');
    expect(autosave.files['main.ts']).toBe('basic.showNumber(2)');
  });

  it('a block edit that leaves the code as it was (a moved stack) does not restart the program', async () => {
    const { session, simulator, clock } = await openBlocks('basic.showNumber(1)');
    clock.advance(0);
    await settle();
    const runs = simulator.runs.length;
    // Same code from different XML (the stack's position changed).
    session.editBlocks('<xml data-moved="yes">basic.showNumber(1)</xml>');
    clock.advance(0);
    await settle();
    expect(simulator.runs).toHaveLength(runs);
    // A real change still restarts, and Restart always does.
    session.editBlocks('<xml>basic.showNumber(3)</xml>');
    clock.advance(0);
    await settle();
    expect(simulator.runs).toHaveLength(runs + 1);
    session.runNow();
    await settle();
    expect(simulator.runs).toHaveLength(runs + 2);
  });

  it('switches to JavaScript with the code of the blocks and records the choice in pxt.json', async () => {
    const { session, autosave } = await openBlocks('basic.showNumber(3)', { 'main.ts': '' });
    await session.switchTo('javascript');
    expect(session.getState()).toMatchObject({ mode: 'javascript', code: 'basic.showNumber(3)', switching: null });
    expect(JSON.parse(autosave.files['pxt.json']!)).toMatchObject({ preferredEditor: 'tsprj', name: 'P' });
  });

  it('asks before code becomes grey blocks; Stay keeps the code, Continue switches', async () => {
    const { session, compiler, autosave } = setup({ 'pxt.json': codeConfig, 'main.ts': 'class A {}' });
    await session.open();
    await settle();
    compiler.greyLines = [{ start: 1, end: 1, reason: 'classes only show in code' }];
    await session.switchTo('blocks');
    expect(session.getState().switching).toMatchObject({ phase: 'confirm', greyLines: [{ start: 1, end: 1 }] });
    session.cancelSwitch();
    expect(session.getState()).toMatchObject({ mode: 'javascript', switching: null, code: 'class A {}' });
    await session.switchTo('blocks');
    session.confirmSwitch();
    expect(session.getState()).toMatchObject({ mode: 'blocks', xml: '<xml>class A {}</xml>' });
    expect(autosave.files['main.blocks']).toBe('<xml>class A {}</xml>');
    expect(autosave.files['main.ts']).toBe('class A {}');
  });

  it('JavaScript -> Blocks -> JavaScript with no block edit gives the learner their own text back', async () => {
    const mine = 'basic.showNumber(1)   // mine';
    const { session, compiler, autosave } = setup({ 'pxt.json': codeConfig, 'main.ts': mine });
    compiler.tidy = (code) => code.replace(/ +/g, ' ');
    await session.open();
    await settle();
    await session.switchTo('blocks');
    await settle();
    // In blocks, main.ts follows the blocks (the generator's spacing)…
    expect(autosave.files['main.ts']).toBe('basic.showNumber(1) // mine');
    await session.switchTo('javascript');
    // …but back in JavaScript the learner's own spacing returns.
    expect(session.getState().code).toBe(mine);
    expect(autosave.files['main.ts']).toBe(mine);

    // After a block edit, the code is the blocks' code.
    await session.switchTo('blocks');
    session.editBlocks('<xml>basic.showNumber(2)   // mine</xml>');
    await settle();
    await session.switchTo('javascript');
    expect(session.getState().code).toBe('basic.showNumber(2) // mine');
  });

  it('Blocks -> JavaScript -> Blocks hands the worker the blocks left behind', async () => {
    const xml = '<xml>basic.showNumber(3)</xml>';
    const { session, compiler } = setup({ 'pxt.json': blocksConfig, 'main.blocks': xml, 'main.ts': '' });
    await session.open();
    await settle();
    await session.switchTo('javascript');
    await session.switchTo('blocks');
    expect(compiler.requests.filter((r) => r.op === 'toBlocks').at(-1)).toMatchObject({ previousXml: xml });
  });

  it('a failed conversion leaves the learner where they were, with a notice', async () => {
    const { session, compiler } = setup({ 'pxt.json': codeConfig, 'main.ts': 'basic.showNumber(1)' });
    await session.open();
    await settle();
    compiler.failNext = true;
    await session.switchTo('blocks');
    expect(session.getState()).toMatchObject({
      mode: 'javascript',
      notice: 'toBlocksFailed',
      code: 'basic.showNumber(1)',
    });
  });

  it('puts compile errors and runtime errors on the block of their line', async () => {
    const { session, simulator } = await openBlocks('basic.showNumber(x)');
    simulator.set({
      diagnostics: [
        {
          file: 'main.ts',
          line: 1,
          column: 18,
          length: 1,
          message: "Cannot find name 'x'.",
          code: 2304,
          category: 'error',
        },
      ],
    });
    expect(session.getState().problems).toContainEqual(
      expect.objectContaining({
        source: 'compile',
        blockId: 'b1',
        words: { key: 'unknownName', values: { name: 'x' } },
      }),
    );
    simulator.set({ diagnostics: [], error: { message: 'Stack overflow', file: 'main.ts', line: 1 } });
    expect(session.getState().problems).toContainEqual(
      expect.objectContaining({ source: 'runtime', blockId: 'b1', words: { key: 'stackOverflow', values: {} } }),
    );
  });

  it('locates a place of the code on its block in blocks, and as it is in code', async () => {
    const { session } = await openBlocks('basic.showNumber(x)');
    expect(session.locate({ file: 'main.ts', line: 1, column: 5 })).toEqual({
      file: 'main.ts',
      line: 1,
      column: 5,
      blockId: 'b1',
    });
    // No block there (another file, or a line no block wrote): the place itself.
    expect(session.locate({ file: 'helpers.ts', line: 1, column: 5 })).toEqual({
      file: 'helpers.ts',
      line: 1,
      column: 5,
    });
    expect(session.locate({ file: 'main.ts', line: 7, column: 1 })).toEqual({ file: 'main.ts', line: 7, column: 1 });
  });

  it('after the learner stops the simulator, edits are checked but do not start it', async () => {
    const { session, simulator, compiler, clock } = setup({ 'pxt.json': codeConfig, 'main.ts': 'a' });
    await session.open();
    await settle();
    simulator.set({ state: 'stopped' });
    compiler.diagnostics = [
      { from: 0, to: 1, line: 1, column: 1, message: "Cannot find name 'b'.", code: 2304, severity: 'error' },
    ];
    session.editCode('b');
    clock.advance(250);
    await settle();
    expect(simulator.runs).toHaveLength(1);
    expect(session.getState().problems).toEqual([
      expect.objectContaining({ line: 1, technical: "Cannot find name 'b'." }),
    ]);
  });

  it('shows what another tab or a restored version put in storage', async () => {
    const { session, autosave } = setup({ 'pxt.json': codeConfig, 'main.ts': 'mine' });
    await session.open();
    await settle();
    const before = session.getState().documentVersion;
    autosave.replaceFromOutside({ 'pxt.json': codeConfig, 'main.ts': 'theirs' });
    expect(session.getState()).toMatchObject({ code: 'theirs', documentVersion: before + 1 });
  });

  it('decompiles a project that prefers blocks but has only code', async () => {
    const { session, autosave } = setup({ 'pxt.json': blocksConfig, 'main.ts': 'basic.showNumber(5)' });
    await session.open();
    expect(session.getState()).toMatchObject({ mode: 'blocks', xml: '<xml>basic.showNumber(5)</xml>' });
    expect(autosave.files['main.blocks']).toBe('<xml>basic.showNumber(5)</xml>');
  });

  it('opens saved blocks by running their saved code at once, then catches main.ts up with them', async () => {
    const { session, autosave, simulator, compiler, clock } = setup({
      'pxt.json': blocksConfig,
      'main.blocks': '<xml>basic.showNumber(9)</xml>',
      'main.ts': 'basic.showNumber(8)',
    });
    await session.prepare();
    expect(simulator.runs).toHaveLength(0); // nothing runs before the editor is on screen
    session.start();
    session.start();
    expect(simulator.runs).toEqual([{ 'main.ts': 'basic.showNumber(8)' }]);
    await settle();
    clock.advance(0);
    await settle();
    expect(autosave.files['main.ts']).toBe('basic.showNumber(9)');
    expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'basic.showNumber(9)' });
    // An edit asks the worker for the code, and to compile it, in the edit's own task: no timer
    // (Chromium runs a 0 ms timer only after the edit's input and frames).
    session.editBlocks('<xml>basic.showNumber(10)</xml>');
    expect(compiler.requests.at(-1)).toMatchObject({
      op: 'edit',
      from: 'blocks',
      text: '<xml>basic.showNumber(10)</xml>',
      files: {},
      build: 'run',
    });
    await settle();
    expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'basic.showNumber(10)' });
  });

  describe('Python', () => {
    const pyConfig =
      JSON.stringify(
        { name: 'P', dependencies: {}, files: ['main.ts', 'main.py'], preferredEditor: 'pyprj' },
        null,
        4,
      ) + '\n';

    it('opens main.py in Python; typing saves it and runs the TypeScript it becomes', async () => {
      const { session, autosave, simulator, clock, compiler } = setup({
        'pxt.json': pyConfig,
        'main.ts': '',
        'main.py': 'py:a',
      });
      await session.open();
      await settle();
      expect(session.getState()).toMatchObject({ mode: 'python', python: 'py:a', code: 'a' });
      expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'a' });
      const requestsBefore = compiler.requests.length;
      const runsBefore = simulator.runs.length;
      const compilesBefore = simulator.compileRequests;
      session.editPython('py:basic.showNumber(2)');
      expect(autosave.files['main.py']).toBe('py:basic.showNumber(2)');
      clock.advance(250);
      await settle();
      expect(autosave.files['main.ts']).toBe('basic.showNumber(2)');
      expect(simulator.runs.at(-1)).toEqual({ 'main.ts': 'basic.showNumber(2)' });
      // One edit, one worker request: the conversion, its compile and the program in one answer,
      // run as it came (no compile request of the simulator's own).
      expect(compiler.requests.slice(requestsBefore).map((r) => r.op)).toEqual(['edit']);
      expect(simulator.runs.length - runsBefore).toBe(1);
      expect(simulator.compileRequests).toBe(compilesBefore);
      // A runtime error of main.ts is shown on the Python line its statement came from.
      simulator.set({ error: { message: 'boom', file: 'main.ts', line: 1 } });
      expect(session.getState().problems.at(-1)).toMatchObject({ source: 'runtime', file: 'main.py', line: 3 });
    });

    it('Python that cannot be converted is kept, stays Python, and nothing runs', async () => {
      const python = 'py:a\nclass Pet:\n    pass';
      const { session, autosave, simulator } = setup({ 'pxt.json': pyConfig, 'main.ts': 'a', 'main.py': python });
      await session.open();
      await settle();
      expect(simulator.runs).toHaveLength(0);
      expect(session.getState().problems[0]).toMatchObject({ file: 'main.py', line: 2, severity: 'error' });
      await session.switchTo('javascript');
      expect(session.getState()).toMatchObject({
        mode: 'python',
        python,
        notice: 'fromPythonCannot',
        noticeReason: { line: 2, message: 'Classes are not supported yet.' },
        switching: null,
      });
      expect(autosave.files['main.py']).toBe(python);
      expect(JSON.parse(autosave.files['pxt.json']!)).toMatchObject({ preferredEditor: 'pyprj' });
    });

    it('Blocks -> Python asks the worker once: blocks -> code -> Python in one request', async () => {
      const { session, compiler } = setup({
        'pxt.json': blocksConfig,
        'main.blocks': '<xml>basic.showNumber(1)</xml>',
        'main.ts': 'basic.showNumber(1)',
      });
      await session.open();
      await settle();
      const requestsBefore = compiler.requests.length;
      await session.switchTo('python');
      expect(session.getState()).toMatchObject({
        mode: 'python',
        python: 'py:basic.showNumber(1)',
        code: 'basic.showNumber(1)',
      });
      // (the `edit` after it is the Python being checked and run, as on every switch)
      expect(compiler.requests.slice(requestsBefore).filter((r) => r.op !== 'edit')).toEqual([
        { op: 'toPython', xml: '<xml>basic.showNumber(1)</xml>' },
      ]);
    });

    it('Python made ahead (page idle) is what the press shows, without asking the worker again', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.preparePython();
      const toPython = () => compiler.requests.filter((r) => r.op === 'toPython');
      expect(toPython()).toEqual([{ op: 'toPython', xml: '<xml>basic.showNumber(1)</xml>' }]);
      await session.switchTo('python');
      expect(session.getState()).toMatchObject({ mode: 'python', python: 'py:basic.showNumber(1)' });
      expect(toPython()).toHaveLength(1);
    });

    it('Python made ahead gives the JavaScript tab the blocks’ code too, without asking the worker', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.preparePython();
      const before = compiler.requests.length;
      await session.switchTo('javascript');
      expect(session.getState()).toMatchObject({ mode: 'javascript', code: 'basic.showNumber(1)' });
      expect(compiler.requests.slice(before).filter((r) => r.op === 'toCode' || r.op === 'toPython')).toEqual([]);
    });

    it('a block edit after the Python was made ahead: the JavaScript tab shows the edit', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.preparePython();
      session.editBlocks('<xml>basic.showNumber(2)</xml>');
      await session.switchTo('javascript');
      expect(session.getState()).toMatchObject({ mode: 'javascript', code: 'basic.showNumber(2)' });
      expect(compiler.requests.filter((r) => r.op === 'toCode').at(-1)).toEqual({
        op: 'toCode',
        xml: '<xml>basic.showNumber(2)</xml>',
      });
    });

    it('a block edit after the Python was made ahead: the press converts the edit, never shows the old', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.preparePython();
      session.editBlocks('<xml>basic.showNumber(2)</xml>');
      await session.switchTo('python');
      expect(session.getState()).toMatchObject({ mode: 'python', python: 'py:basic.showNumber(2)' });
      expect(compiler.requests.filter((r) => r.op === 'toPython').at(-1)).toEqual({
        op: 'toPython',
        xml: '<xml>basic.showNumber(2)</xml>',
      });
    });

    it('made ahead from the workspace as it reads now, when that differs from the file opened', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.preparePython('<xml>basic.showNumber(1) </xml>');
      // The press reads the same text from the workspace: the session takes it, then converts.
      session.editBlocks('<xml>basic.showNumber(1) </xml>');
      await session.switchTo('python');
      expect(session.getState().python).toBe('py:basic.showNumber(1) ');
      expect(compiler.requests.filter((r) => r.op === 'toPython')).toHaveLength(1);
    });

    it('Blocks made ahead of main.py (page idle) are what the Blocks press shows, asking nothing more', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.switchTo('python');
      await settle();
      await session.prepareLeavingPython();
      const before = compiler.requests.length;
      await session.switchTo('blocks');
      expect(session.getState()).toMatchObject({ mode: 'blocks', xml: '<xml>basic.showNumber(1)</xml>' });
      expect(compiler.requests.slice(before).filter((r) => r.op === 'fromPython' || r.op === 'toBlocks')).toEqual([]);
    });

    it('a Python edit after the blocks were made ahead: the press converts the edit, never shows the old', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.switchTo('python');
      await settle();
      await session.prepareLeavingPython();
      session.editPython('py:basic.showNumber(2)');
      await session.switchTo('blocks');
      expect(session.getState()).toMatchObject({ mode: 'blocks', xml: '<xml>basic.showNumber(2)</xml>' });
      expect(compiler.requests.filter((r) => r.op === 'fromPython').at(-1)).toMatchObject({
        python: 'py:basic.showNumber(2)',
      });
    });

    it('a Python edit is converted to blocks ahead a second after its answer', async () => {
      const { session, compiler, clock } = await openBlocks('basic.showNumber(1)');
      await session.switchTo('python');
      await settle();
      session.editPython('py:basic.showNumber(3)');
      clock.advance(250);
      await settle();
      const fromPython = () => compiler.requests.filter((r) => r.op === 'fromPython');
      expect(fromPython()).toHaveLength(0);
      clock.advance(1000);
      await settle();
      expect(fromPython()).toEqual([expect.objectContaining({ python: 'py:basic.showNumber(3)' })]);
      const before = compiler.requests.length;
      await session.switchTo('blocks');
      expect(session.getState().xml).toBe('<xml>basic.showNumber(3)</xml>');
      expect(compiler.requests.slice(before).filter((r) => r.op === 'fromPython' || r.op === 'toBlocks')).toEqual([]);
    });

    it('extensions changed: Python made before them is made again', async () => {
      const { session, compiler } = await openBlocks('basic.showNumber(1)');
      await session.preparePython();
      session.extensionsChanged();
      await session.switchTo('python');
      expect(compiler.requests.filter((r) => r.op === 'toPython')).toHaveLength(2);
    });

    it('Python -> Blocks asks before grey blocks, naming the Python lines; Stay keeps the Python', async () => {
      const python = 'py:a';
      const { session, compiler, autosave } = setup({ 'pxt.json': pyConfig, 'main.ts': '', 'main.py': python });
      await session.open();
      await settle();
      // The fake's code has one line, made from main.py line 3; lines past the map keep their own.
      compiler.greyLines = [
        { start: 1, end: 1, reason: 'classes only show in code' },
        { start: 7, end: 8, reason: 'classes only show in code' },
      ];
      await session.switchTo('blocks');
      expect(session.getState().switching).toMatchObject({
        phase: 'confirm',
        greyLines: [
          { start: 3, end: 3 },
          { start: 7, end: 8 },
        ],
      });
      session.cancelSwitch();
      expect(session.getState()).toMatchObject({ mode: 'python', python, switching: null });
      expect(autosave.files['main.py']).toBe(python);
      await session.switchTo('blocks');
      session.confirmSwitch();
      expect(session.getState()).toMatchObject({ mode: 'blocks', xml: '<xml>a</xml>' });
    });

    it('JavaScript -> Python -> JavaScript: main.py listed while in Python, the learner’s Python given back', async () => {
      const { session, autosave } = setup({ 'pxt.json': codeConfig, 'main.ts': 'a' });
      await session.open();
      await settle();
      await session.switchTo('python');
      expect(session.getState()).toMatchObject({ mode: 'python', python: 'py:a' });
      expect(autosave.files['main.py']).toBe('py:a');
      expect(JSON.parse(autosave.files['pxt.json']!)).toMatchObject({
        preferredEditor: 'pyprj',
        files: ['main.ts', 'main.py'],
      });
      session.editPython('py:a   ');
      await session.switchTo('javascript');
      expect(session.getState()).toMatchObject({ mode: 'javascript', code: 'a' });
      expect(autosave.files['main.py']).toBeUndefined();
      expect(JSON.parse(autosave.files['pxt.json']!)).toMatchObject({ preferredEditor: 'tsprj', files: ['main.ts'] });
      // Unchanged code comes back as the Python the learner wrote, not the converter's.
      await session.switchTo('python');
      expect(session.getState().python).toBe('py:a   ');
    });

    it('code Python cannot show stays JavaScript, with the line and the reason', async () => {
      const { session, autosave } = setup({ 'pxt.json': codeConfig, 'main.ts': 'switch (x) {}' });
      await session.open();
      await settle();
      await session.switchTo('python');
      expect(session.getState()).toMatchObject({
        mode: 'javascript',
        code: 'switch (x) {}',
        notice: 'toPythonLoses',
        noticeReason: { line: 1, message: 'switch cannot be shown in Python yet.' },
      });
      expect(autosave.files['main.py']).toBeUndefined();
    });
  });
});
