// One open project in the editor, outside React: which editor shows it (Blocks | JavaScript |
// Python), the texts of main.blocks, main.ts and main.py, and the live run (each change recompiles
// in the worker and restarts the simulator, debounced). In Python main.py is the learner's text
// and main.ts follows it (what runs). Every edit goes to autosave at once; nothing here ever drops
// text. Two collaborators own the rest: LanguageSwitch (language-switch.ts) converts between
// editors, SessionProblems (session-problems.ts) keeps the problems to show and the maps that
// place them on a line or block.

import type { TimerHandle } from '@blockyard/core';
import type { EditAnswer, EditorDiagnostic } from '@blockyard/compiler-worker';
import { LanguageSwitch } from './language-switch.ts';
import { BlocksAhead } from './blocks-ahead.ts';
import { PythonAhead } from './python-ahead.ts';
import { switchStep } from './switch-timing.ts';
import {
  configFor,
  type EditorMode,
  hasBlocks,
  hasCode,
  NEW_PROJECT_BLOCKS,
  openingMode,
  programFiles,
  PYTHON_FILE,
} from './project-files.ts';
import { SessionProblems } from './session-problems.ts';
import type { EditorSessionOptions, EditorSessionState, PlaceTarget, SourcePlace } from './session-types.ts';

const CODE_RUN_DELAY_MS = 250;
const BLOCKS_RUN_DELAY_MS = 0;
/** After a Python edit's answer: main.py is converted to blocks ahead once typing has paused. */
const BLOCKS_AHEAD_AFTER_MS = 1000;

export class EditorSession {
  private state: EditorSessionState;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: TimerHandle | undefined;
  /** The files of the last program started (see run). */
  private lastRun: Readonly<Record<string, string>> | undefined;
  private runSequence = 0;
  private contentVersion: number;
  private disposed = false;
  private started = false;
  private readonly problems = new SessionProblems();
  private readonly languages: LanguageSwitch;
  private readonly python: PythonAhead;
  private readonly blocksAhead: BlocksAhead;
  /** The conversion to blocks ahead, due a while after the last Python edit's answer. */
  private blocksAheadTimer: TimerHandle | undefined;

  constructor(private readonly options: EditorSessionOptions) {
    const { files } = options.autosave.getContent();
    this.contentVersion = options.autosave.getState().contentVersion;
    const mode = openingMode(files);
    this.python = new PythonAhead((source) => options.compiler.service({ op: 'toPython', ...source }));
    this.blocksAhead = new BlocksAhead(options.compiler);
    this.languages = new LanguageSwitch({
      compiler: options.compiler,
      blocksAhead: this.blocksAhead,
      state: () => this.state,
      update: (changes) => this.update(changes),
      clearNoticeReason: () => {
        const { noticeReason: _reason, ...withoutReason } = this.state;
        this.state = withoutReason;
      },
      disposed: () => this.disposed,
      programFiles: () => this.programFiles(),
      saveCode: (code) => {
        this.update({ code });
        this.options.autosave.edit({ files: { 'main.ts': code } });
      },
      apply: (to, text) => this.apply(to, text),
      toPython: (source) => this.python.convert(source),
      madeAhead: (source) => this.python.made(source),
    });
    this.state = {
      mode,
      code: files['main.ts'] ?? '',
      xml: hasBlocks(files) ? files['main.blocks']! : '',
      python: files[PYTHON_FILE] ?? '',
      documentVersion: 0,
      status: 'ready',
      switching: null,
      problems: [],
      notice: null,
    };
  }

  /** prepare() then start(): for callers that show the editor at once. */
  async open(): Promise<void> {
    await this.prepare();
    this.start();
  }

  /**
   * Makes what the project opens in ready to show (blocks for a new project; code turned into
   * blocks when a project that prefers blocks has none yet). A session closed by dispose() can be
   * prepared again (React runs effects twice in development).
   */
  async prepare(): Promise<void> {
    this.disposed = false;
    this.unsubscribe.push(this.options.autosave.subscribe(() => this.onAutosave()));
    this.unsubscribe.push(this.options.simulator.subscribe(() => this.onSimulator()));
    this.onAutosave();
    await this.prepareBlocks();
  }

  /**
   * Runs the program for the first time. The editor calls it once its blocks or code are on
   * screen, so the compiler worker (TypeScript, about 1 MB) loads after the editor is usable.
   */
  start(): void {
    if (this.started || this.disposed || this.state.status !== 'ready') return;
    this.started = true;
    const { files } = this.options.autosave.getContent();
    if (this.state.mode === 'blocks' && hasBlocks(files) && hasCode(files)) {
      // Saved blocks come with their code: run that at once, and make the code again from the
      // blocks next to it (for the block <-> line map, and in case main.ts was out of step: only
      // then is it compiled and run again).
      const sequence = ++this.runSequence;
      void this.startRun(this.programFiles());
      void this.edit(sequence, 'run', this.state.code);
      return;
    }
    this.runNow();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getState(): EditorSessionState {
    return this.state;
  }

  /** The learner typed in the code editor. */
  editCode(code: string): void {
    if (code === this.state.code) return;
    this.update({ code });
    this.options.autosave.edit({ files: { 'main.ts': code } });
    this.schedule(this.options.codeDelayMs ?? CODE_RUN_DELAY_MS);
  }

  /** The learner typed in the Python editor (main.py). */
  editPython(python: string): void {
    if (python === this.state.python) return;
    this.clearBlocksAhead();
    this.update({ python });
    this.options.autosave.edit({ files: { [PYTHON_FILE]: python } });
    this.schedule(this.options.codeDelayMs ?? CODE_RUN_DELAY_MS);
  }

  /** The block editor reported a change (main.blocks). */
  editBlocks(xml: string): void {
    if (xml === this.state.xml) return;
    this.update({ xml });
    const delay = this.options.blocksDelayMs ?? BLOCKS_RUN_DELAY_MS;
    if (delay > 0) {
      this.options.autosave.edit({ files: { 'main.blocks': xml } });
      this.schedule(delay);
      return;
    }
    // At once, not on a 0 ms timer: after an edit Chromium runs input and frames before timers,
    // and with 1,000 blocks that held the worker's part back by 100-250 ms (profiled); posted
    // now, the worker writes and compiles the code while the page draws the edit. Posted before
    // the save too (same task, so the edit journal still has it at once): the journal's write
    // need not hold the compile back (main.blocks is not among the files the request sends).
    this.clearTimer();
    void this.run(true);
    this.options.autosave.edit({ files: { 'main.blocks': xml } });
  }

  /**
   * The block editor's text of the file just loaded, when another writer made the file (a
   * decompile, an import): the worker reads it now, while the learner looks, so the first edit
   * reads only the stack it changed instead of every stack again (about 150-500 ms at 1,000
   * blocks under load, bench edit-run). Nothing is saved or run: the blocks did not change.
   */
  readBlocksAhead(xml: string): void {
    if (this.disposed || this.state.mode !== 'blocks') return;
    this.options.compiler.service({ op: 'toCode', xml }).catch(() => {
      // Only a head start: the first edit reads the file itself.
    });
  }

  /**
   * Blocks | JavaScript | Python. To blocks, code that can only become grey blocks is confirmed
   * first. Python that cannot be converted stays Python (a notice says why); so does JavaScript
   * that Python cannot show.
   */
  switchTo(mode: EditorMode): Promise<void> {
    return this.languages.switchTo(mode);
  }

  /**
   * Converts the program to Python ahead of a press on the Python tab (the page calls it when
   * idle); the press then shows it unless the program changed since. `blocks`: the workspace's
   * text now (it may be written differently from the file opened, as the press will read it).
   * Where the switch would take two steps, only the worker's converters are warmed.
   */
  preparePython(blocks?: string): Promise<unknown> {
    const source = this.state.status === 'ready' ? this.languages.pythonSource(blocks) : undefined;
    return source ? this.python.ahead(source) : this.options.compiler.service({ op: 'warmPython' });
  }

  /**
   * In Python: converts main.py to blocks ahead of a press on the Blocks tab (the page calls it
   * when idle, and the session a while after each Python edit's answer); the press then only
   * draws them unless main.py (or any file) changed since.
   */
  prepareLeavingPython(): Promise<unknown> {
    this.clearBlocksAhead();
    const state = this.state;
    if (state.status !== 'ready' || state.mode !== 'python' || this.disposed) return Promise.resolve();
    return this.blocksAhead.ahead(state.python, this.programFiles(), state.xml).catch(() => undefined);
  }

  private clearBlocksAhead(): void {
    if (this.blocksAheadTimer !== undefined) this.options.clock.clear(this.blocksAheadTimer);
    this.blocksAheadTimer = undefined;
  }

  /** Continue to blocks although some code becomes grey blocks. */
  confirmSwitch(): void {
    this.languages.confirm();
  }

  /** Stay in JavaScript (or Python). */
  cancelSwitch(): void {
    this.languages.cancel();
  }

  dismissNotice(): void {
    this.update({ notice: null });
  }

  /**
   * Makes sure main.ts holds the code of the blocks shown (before a download): in blocks the
   * code follows the blocks a moment later, so an edit may still be on its way.
   */
  async syncCode(): Promise<void> {
    if (this.state.mode === 'python') {
      await this.edit(++this.runSequence, 'check');
      return;
    }
    if (this.state.mode !== 'blocks') return;
    const xml = this.state.xml;
    const { code } = await this.options.compiler.service({ op: 'toCode', xml });
    if (this.disposed || xml !== this.state.xml || code === this.state.code) return;
    this.update({ code });
    this.options.autosave.edit({ files: { 'main.ts': code } });
  }

  /**
   * Where a place of the program's code (file, 1-based line and column) is in what the learner
   * edits now: the block that holds it in blocks, the main.py line in Python, else the place.
   */
  locate(place: SourcePlace): PlaceTarget {
    return this.problems.locate(this.state.mode, place);
  }

  /** Where the texts on screen are in the main.ts that runs (the debugger's breakpoints and stops). */
  codeMaps(): ReturnType<SessionProblems['codeMaps']> {
    return this.problems.codeMaps();
  }

  /** Runs the program now (after pending edits). */
  runNow(): void {
    this.clearTimer();
    void this.run();
  }

  /** Stops listening and running; pending conversions are dropped. */
  dispose(): void {
    this.disposed = true;
    this.started = false;
    this.clearTimer();
    this.clearBlocksAhead();
    this.runSequence++;
    this.languages.drop();
    for (const stop of this.unsubscribe.splice(0)) stop();
  }

  // ---- internals -----------------------------------------------------------------------------

  private async prepareBlocks(): Promise<void> {
    const { files } = this.options.autosave.getContent();
    if (this.state.mode !== 'blocks' || hasBlocks(files)) return;
    if (!hasCode(files)) {
      this.update({ xml: NEW_PROJECT_BLOCKS, documentVersion: this.state.documentVersion + 1 });
      this.options.autosave.edit({ files: { 'main.blocks': NEW_PROJECT_BLOCKS } });
      return;
    }
    // Code without blocks (a JavaScript file from elsewhere that prefers blocks): decompile.
    this.update({ status: 'opening' });
    try {
      const answer = await this.options.compiler.service({ op: 'toBlocks', files: this.programFiles() });
      if (this.disposed) return;
      this.update({ xml: answer.xml, status: 'ready', documentVersion: this.state.documentVersion + 1 });
      this.options.autosave.edit({ files: { 'main.blocks': answer.xml } });
    } catch {
      if (this.disposed) return;
      this.update({ mode: 'javascript', status: 'ready', notice: 'openedAsCode' });
    }
  }

  private apply(mode: EditorMode, text: { code?: string; xml?: string; python?: string }): void {
    this.languages.applying(mode, text.xml);
    const files: Record<string, string> = {};
    if (text.code !== undefined && text.code !== this.state.code) files['main.ts'] = text.code;
    if (text.xml !== undefined && text.xml !== this.state.xml) files['main.blocks'] = text.xml;
    if (mode === 'python') files[PYTHON_FILE] = text.python ?? this.state.python;
    const config = configFor(this.options.autosave.getContent().files, mode);
    if (config !== undefined) files['pxt.json'] = config;
    // Leaving Python: main.ts now holds the program (MakeCode keeps main.py for Python only).
    const remove = this.state.mode === 'python' && mode !== 'python' ? [PYTHON_FILE] : [];
    this.problems.forgetPython();
    this.update({
      mode,
      code: text.code ?? this.state.code,
      xml: text.xml ?? this.state.xml,
      python: text.python ?? this.state.python,
      switching: null,
      documentVersion: this.state.documentVersion + 1,
    });
    if (Object.keys(files).length > 0 || remove.length > 0)
      this.options.autosave.edit({ files, ...(remove.length > 0 ? { remove } : {}) });
    this.refreshProblems();
    this.runNow();
    switchStep('apply');
  }

  /** The program's files but main.ts (what an `edit` request makes main.ts with). */
  private otherFiles(): Record<string, string> {
    const { 'main.ts': _main, ...others } = this.programFiles();
    return others;
  }

  private programFiles(): Record<string, string> {
    return {
      ...this.options.extensionFiles?.(),
      ...programFiles({ ...this.options.autosave.getContent().files, 'main.ts': this.state.code }),
    };
  }

  /** The extensions changed (added, removed, loaded): the program runs again with them. */
  extensionsChanged(): void {
    // The API (names, blocks) may differ now: Python made before no longer counts.
    this.python.forget();
    this.blocksAhead.forget();
    if (!this.started || this.disposed) return;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.runSequence++; // results of runs before this edit no longer count
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = undefined;
      void this.run(true);
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.options.clock.clear(this.timer);
    this.timer = undefined;
  }

  /**
   * Compiles and (re)starts the program. An automatic run after an edit (`onlyIfChanged`) leaves
   * a running program alone when the code is the same (a stack moved, a comment in the blocks):
   * tidying the workspace must not restart the learner's game.
   */
  private async run(onlyIfChanged = false): Promise<void> {
    if (this.disposed || this.state.status !== 'ready') return;
    const sequence = ++this.runSequence;
    const simulatorState = this.options.simulator.getState().state;
    const stopped = simulatorState === 'stopped';
    const alive = simulatorState === 'running' || simulatorState === 'starting' || simulatorState === 'pending';
    if (this.state.mode !== 'javascript') {
      // The program running now, when the edit can change only main.ts: the same code again
      // (a moved stack) is neither compiled nor restarted.
      const running = onlyIfChanged && alive ? this.lastRun : undefined;
      const { 'main.ts': code, ...before } = running ?? {};
      const unless = running && runKey(before) === runKey(this.otherFiles()) ? code : undefined;
      // After the learner pressed Stop: keep it stopped, but still check the code.
      await this.edit(sequence, stopped ? 'check' : 'run', unless);
      return;
    }
    this.problems.forgetBlocks();
    const files = this.programFiles();
    if (stopped) {
      await this.check(files, sequence);
      return;
    }
    if (onlyIfChanged && alive && this.lastRun && runKey(files) === runKey(this.lastRun)) return;
    await this.startRun(files);
  }

  /**
   * Blocks and Python: ONE worker request per edit makes main.ts from what the learner edits,
   * compiles it, and answers with all of it: the code (saved when it changed), the block <-> line
   * map, the problems and the program, which the simulator then runs. `unlessCode`: the main.ts
   * running now (an edit that makes it again compiles and restarts nothing). False when
   * superseded or when no main.ts could be made.
   */
  private async edit(sequence: number, build: 'run' | 'check', unlessCode?: string): Promise<boolean> {
    const mode = this.state.mode;
    if (mode === 'javascript') return false;
    const blocks = mode === 'blocks';
    const others = this.otherFiles();
    const debug = build === 'run' && this.options.simulator.getState().debugging;
    // Taken now: Stop pressed while this compiles must keep the simulator stopped.
    const ticket = build === 'run' ? this.options.simulator.runTicket() : undefined;
    const current = () => sequence === this.runSequence && !this.disposed && this.state.mode === mode;
    const started = performance.now();
    let answer: EditAnswer;
    try {
      answer = await this.options.compiler.service({
        op: 'edit',
        from: blocks ? 'blocks' : 'python',
        text: blocks ? this.state.xml : this.state.python,
        files: others,
        build,
        ...(debug ? { debug } : {}),
        ...(unlessCode !== undefined ? { unlessCode } : {}),
      });
    } catch (error) {
      if (!current()) return false;
      const technical = error instanceof Error ? error.message : String(error);
      this.problems.takeEditFailure(mode, technical);
      this.refreshProblems();
      return false;
    }
    if (!current()) return false;
    this.problems.takeEditAnswer(mode, answer, build);
    const code = answer.code;
    if (code !== null && answer.compiled && ticket !== undefined) {
      this.lastRun = { ...others, 'main.ts': code };
      // First: the simulator frame (its own process) restarts while this page saves the code
      // and shows the problems below, instead of after them.
      // The compile's own diagnostics come back through the simulator's state (onSimulator).
      this.options.simulator.runCompiled(answer.compiled, { ticket, debug });
    }
    if (code !== null && code !== this.state.code) {
      this.update({ code });
      this.options.autosave.edit({ files: { 'main.ts': code } });
    }
    this.refreshProblems();
    measure('blockyard:session:edit', started);
    if (mode === 'python' && code !== null) {
      this.clearBlocksAhead();
      this.blocksAheadTimer = this.options.clock.setTimeout(() => {
        this.blocksAheadTimer = undefined;
        void this.prepareLeavingPython();
      }, BLOCKS_AHEAD_AFTER_MS);
    }
    return code !== null;
  }

  private async startRun(files: Record<string, string>): Promise<void> {
    this.lastRun = files;
    try {
      const started = performance.now();
      await this.options.simulator.run(files);
      measure('blockyard:session:compile', started);
    } catch {
      // The simulator reports its own failures in its state (shown by its pane).
    }
  }

  private async check(files: Record<string, string>, sequence: number): Promise<void> {
    let diagnostics: EditorDiagnostic[];
    try {
      diagnostics = await this.options.compiler.service({ op: 'diagnostics', files, file: 'main.ts' });
    } catch {
      return;
    }
    if (sequence !== this.runSequence || this.disposed) return;
    this.problems.takeChecked(diagnostics);
    this.refreshProblems();
  }

  private onSimulator(): void {
    if (this.problems.takeSimulator(this.options.simulator.getState())) this.refreshProblems();
  }

  private refreshProblems(): void {
    this.update({ problems: this.problems.list(this.state.mode) });
  }

  private onAutosave(): void {
    const version = this.options.autosave.getState().contentVersion;
    if (version === this.contentVersion) return;
    // Replaced from outside (another tab, a merge, a restored version): show what storage has.
    // An edit answer still on its way was made from the text before: it must not save or run.
    this.runSequence++;
    this.contentVersion = version;
    this.languages.forget();
    const { files } = this.options.autosave.getContent();
    this.update({
      code: files['main.ts'] ?? '',
      xml: hasBlocks(files) ? files['main.blocks']! : this.state.xml,
      python: files[PYTHON_FILE] ?? this.state.python,
      documentVersion: this.state.documentVersion + 1,
    });
    if (this.state.mode === 'blocks' && !hasBlocks(files) && hasCode(files)) {
      void this.prepareBlocks().then(() => this.runNow());
    } else this.schedule(0);
  }

  private update(changes: Partial<EditorSessionState>): void {
    this.state = { ...this.state, ...changes };
    for (const listener of [...this.listeners]) listener();
  }
}

/** A step of the live run as a performance measure, for the editor benchmark's breakdown. */
function measure(name: string, start: number): void {
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // Timing is a nicety: never let it break a run.
  }
}

/** Identifies a program's files, to tell whether a run would start the same program again. */
function runKey(files: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
