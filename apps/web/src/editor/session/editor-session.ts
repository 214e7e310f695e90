// One open project in the editor, outside React: which editor shows it (Blocks | JavaScript |
// Python), the texts of main.blocks, main.ts and main.py, the live run (each change recompiles in the worker and
// restarts the simulator, debounced), the Blocks <-> JavaScript switch (through the worker's
// generator and decompiler, asking first when code can only become grey blocks; Python goes
// through TypeScript with the worker's converters), and the problems to show, located on their
// line or block. In Python main.py is the learner's text and main.ts follows it (what runs). Every edit goes to autosave at once; nothing here
// ever drops text: a failed conversion leaves the learner where they were, with their work.

import type { Clock, TimerHandle } from '@blockyard/core';
import type { BlockSourceRange, Diagnostic, GeneratorDiagnostic } from '@blockyard/language';
import type { CompileResult } from '@blockyard/language';
import type {
  EditAnswer,
  EditorDiagnostic,
  FromPythonAnswer,
  ServiceAnswers,
  ServiceRequest,
  ToBlocksAnswer,
} from '@blockyard/compiler-worker';
import type { SimulatorError, SimulatorViewState } from '@blockyard/sim';
import { blockAt, blockOnLine } from './block-locations.ts';
import { compileWords, type LearnerWords, runtimeWords } from './learner-words.ts';
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

type Files = Readonly<Record<string, string>>;

/** The parts of AutosaveController the session uses. */
export interface SessionAutosave {
  getContent(): { readonly name: string; readonly files: Files };
  getState(): { readonly contentVersion: number };
  edit(change: { files?: Readonly<Record<string, string>>; remove?: readonly string[] }): void;
  subscribe(listener: () => void): () => void;
}

/** The parts of CompilerClient the session uses. */
export interface SessionCompiler {
  service<R extends ServiceRequest>(request: R): Promise<ServiceAnswers[R['op']]>;
}

/** The parts of SimulatorController the session uses. */
interface SessionSimulator {
  run(files: Record<string, string>): Promise<readonly Diagnostic[]>;
  /** A ticket taken when an `edit` request that builds a program is sent. */
  runTicket(): number;
  /** Runs what an `edit` request compiled, unless the simulator was asked anything since the ticket. */
  runCompiled(result: CompileResult, options: { ticket: number; debug: boolean }): readonly Diagnostic[];
  getState(): SimulatorViewState;
  subscribe(listener: () => void): () => void;
}

export interface Problem {
  readonly source: 'compile' | 'runtime' | 'blocks';
  readonly severity: 'error' | 'warning';
  /** What to tell the learner (a key under editor.words and its values). */
  readonly words: LearnerWords;
  /** The compiler's or runtime's own text, for the details toggle. */
  readonly technical: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly length?: number;
  /** In blocks: the block it belongs to. */
  readonly blockId?: string;
}

/** A place in the program's code, as the compiler reports it. */
export interface SourcePlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Where to take the learner for a place: a block in blocks mode, else a file's line. */
export interface PlaceTarget {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
  readonly blockId?: string;
}

type SwitchState =
  | { readonly to: EditorMode; readonly phase: 'converting' }
  | {
      readonly to: 'blocks';
      readonly phase: 'confirm';
      readonly greyLines: ToBlocksAnswer['greyLines'];
      readonly xml: string;
    };

/** Something the learner should know that is not a problem of their code. */
type Notice =
  | 'toBlocksFailed'
  | 'toCodeFailed'
  | 'openedAsCode'
  | 'toPythonFailed'
  | 'toPythonLoses'
  | 'fromPythonFailed'
  | 'fromPythonCannot'
  | null;

/** Why a switch did not happen: the first line the converter stopped at, in its words. */
interface NoticeReason {
  readonly line: number;
  readonly message: string;
}

export interface EditorSessionState {
  readonly mode: EditorMode;
  /** main.ts as the code editor shows it. */
  readonly code: string;
  /** main.blocks as the block editor shows it. */
  readonly xml: string;
  /** main.py as the Python editor shows it. */
  readonly python: string;
  /** Grows when code or xml were replaced from outside the editors (switch, other tab, restore). */
  readonly documentVersion: number;
  readonly status: 'opening' | 'ready';
  readonly switching: SwitchState | null;
  readonly problems: readonly Problem[];
  readonly notice: Notice;
  readonly noticeReason?: NoticeReason;
}

export interface EditorSessionOptions {
  autosave: SessionAutosave;
  compiler: SessionCompiler;
  simulator: SessionSimulator;
  clock: Clock;
  /** Quiet time after typing before the program runs again (ms). */
  codeDelayMs?: number;
  /** After a block edit (the block editor already waits for edits to settle). */
  blocksDelayMs?: number;
  /** The project's extensions' TypeScript (`pxt_modules/...`), compiled with the program. */
  extensionFiles?: () => Readonly<Record<string, string>>;
}

const CODE_RUN_DELAY_MS = 250;
const BLOCKS_RUN_DELAY_MS = 0;

export class EditorSession {
  private state: EditorSessionState;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: TimerHandle | undefined;
  /** The files of the last program started (see run). */
  private lastRun: Readonly<Record<string, string>> | undefined;
  private runSequence = 0;
  private switchSequence = 0;
  private contentVersion: number;
  /** Where each block's code is in the main.ts last run (blocks mode). */
  private sourceMap: readonly BlockSourceRange[] = [];
  private generatorProblems: readonly Problem[] = [];
  /** The compiler's findings of the last run or check, placed on blocks when problems refresh. */
  private findings: readonly Finding[] = [];
  private runtimeError: SimulatorError | undefined;
  private generateFailure: Problem | undefined;
  private seenDiagnostics: readonly Diagnostic[] | undefined;
  private seenError: SimulatorError | undefined;
  private disposed = false;
  private started = false;
  /**
   * The code the blocks on screen were made from (JavaScript -> Blocks), so that going back to
   * JavaScript without a block edit gives the learner's own text back, not the generator's.
   */
  private convertedFrom: { readonly code: string; readonly xml: string } | undefined;
  private pendingFrom: string | undefined;
  /** The Python the code on screen was made from, to give it back when nothing was changed. */
  private pythonFrom: { readonly python: string; readonly code: string } | undefined;
  /** Python mode: the findings on main.py and where each main.ts line came from. */
  private pythonFindings: readonly Finding[] = [];
  private pythonLines: readonly (readonly [number, number])[] = [];

  constructor(private readonly options: EditorSessionOptions) {
    const { files } = options.autosave.getContent();
    this.contentVersion = options.autosave.getState().contentVersion;
    const mode = openingMode(files);
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
    this.update({ python });
    this.options.autosave.edit({ files: { [PYTHON_FILE]: python } });
    this.schedule(this.options.codeDelayMs ?? CODE_RUN_DELAY_MS);
  }

  /** The block editor reported a change (main.blocks). */
  editBlocks(xml: string): void {
    if (xml === this.state.xml) return;
    this.update({ xml });
    this.options.autosave.edit({ files: { 'main.blocks': xml } });
    const delay = this.options.blocksDelayMs ?? BLOCKS_RUN_DELAY_MS;
    if (delay > 0) {
      this.schedule(delay);
      return;
    }
    // At once, not on a 0 ms timer: after an edit Chromium runs input and frames before timers,
    // and with 1,000 blocks that held the worker's part back by 100-250 ms (profiled); posted
    // now, the worker writes and compiles the code while the page draws the edit.
    this.clearTimer();
    void this.run(true);
  }

  /**
   * Blocks | JavaScript | Python. To blocks, code that can only become grey blocks is confirmed
   * first. Python that cannot be converted stays Python (a notice says why); so does JavaScript
   * that Python cannot show.
   */
  async switchTo(mode: EditorMode): Promise<void> {
    if (mode === this.state.mode || this.state.status !== 'ready') return;
    const sequence = ++this.switchSequence;
    this.update({ switching: { to: mode, phase: 'converting' }, notice: null });
    const { noticeReason: _reason, ...withoutReason } = this.state;
    this.state = withoutReason;
    if (mode === 'python') {
      await this.switchToPython(sequence);
      return;
    }
    if (this.state.mode === 'python' && !(await this.leavePython(sequence))) return;
    if (mode === 'javascript' && this.state.mode === 'python') {
      this.apply('javascript', { code: this.state.code });
      return;
    }
    if (mode === 'javascript') {
      // The code of the blocks as they are now (an edit may still be on its way to the worker).
      let code: string;
      try {
        code = await this.codeOfBlocks(this.state.xml);
      } catch {
        if (sequence === this.switchSequence) this.update({ switching: null, notice: 'toCodeFailed' });
        return;
      }
      if (sequence !== this.switchSequence || this.disposed) return;
      this.apply('javascript', { code });
      return;
    }
    let answer: ToBlocksAnswer;
    const from = this.state.code;
    try {
      // The blocks left for the code come back as they were when the code is unchanged, and
      // keep their places (and loose blocks) when it was edited.
      answer = await this.options.compiler.service({
        op: 'toBlocks',
        files: this.programFiles(),
        ...(this.state.xml ? { previousXml: this.state.xml } : {}),
      });
    } catch {
      if (sequence === this.switchSequence) this.update({ switching: null, notice: 'toBlocksFailed' });
      return;
    }
    if (sequence !== this.switchSequence || this.disposed) return;
    this.pendingFrom = from;
    if (answer.greyLines.length > 0) {
      this.update({ switching: { to: 'blocks', phase: 'confirm', greyLines: answer.greyLines, xml: answer.xml } });
    } else this.apply('blocks', { xml: answer.xml });
  }

  /** Continue to blocks although some code becomes grey blocks. */
  confirmSwitch(): void {
    const switching = this.state.switching;
    if (switching?.phase !== 'confirm') return;
    this.apply('blocks', { xml: switching.xml });
  }

  /** Stay in JavaScript (or Python). */
  cancelSwitch(): void {
    this.switchSequence++;
    this.pendingFrom = undefined;
    this.update({ switching: null });
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
    const { mode } = this.state;
    if (mode === 'blocks' && place.file === 'main.ts') {
      const blockId = blockAt(this.sourceMap, place.line, place.column) ?? blockOnLine(this.sourceMap, place.line);
      return blockId !== undefined ? { ...place, blockId } : place;
    }
    if (mode === 'python' && place.file === 'main.ts') {
      const at = this.pythonLines[place.line - 1];
      return at ? { file: PYTHON_FILE, line: at[0] } : { file: PYTHON_FILE, line: place.line };
    }
    return place;
  }

  /** Where the texts on screen are in the main.ts that runs (the debugger's breakpoints and stops). */
  codeMaps(): {
    readonly sourceMap: readonly BlockSourceRange[];
    readonly pythonLines: readonly (readonly [number, number])[];
  } {
    return { sourceMap: this.sourceMap, pythonLines: this.pythonLines };
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
    this.runSequence++;
    this.switchSequence++;
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

  /** To Python from blocks or JavaScript, through the code of what is on screen. */
  private async switchToPython(sequence: number): Promise<void> {
    const current = () => sequence === this.switchSequence && !this.disposed;
    let python: string;
    let code: string;
    try {
      code = this.state.mode === 'blocks' ? await this.codeOfBlocks(this.state.xml) : this.state.code;
      if (!current()) return;
      const answer = await this.options.compiler.service({ op: 'toPython', code });
      if (!current()) return;
      const lost = answer.warnings[0];
      if (lost) {
        this.update({
          switching: null,
          notice: 'toPythonLoses',
          noticeReason: { line: lost.line, message: lost.message },
        });
        return;
      }
      python = this.pythonFrom?.code === code ? this.pythonFrom.python : answer.python;
    } catch {
      if (current()) this.update({ switching: null, notice: 'toPythonFailed' });
      return;
    }
    this.pythonFrom = undefined;
    this.apply('python', { code, python });
  }

  /**
   * The TypeScript of the Python on screen, before leaving Python; false (and the learner stays
   * in Python with a notice saying why) when it cannot be converted.
   */
  private async leavePython(sequence: number): Promise<boolean> {
    let answer: FromPythonAnswer;
    const python = this.state.python;
    try {
      answer = await this.options.compiler.service({ op: 'fromPython', python, files: this.programFiles() });
    } catch {
      if (sequence === this.switchSequence) this.update({ switching: null, notice: 'fromPythonFailed' });
      return false;
    }
    if (sequence !== this.switchSequence || this.disposed) return false;
    if (answer.code === null) {
      const first = answer.diagnostics[0];
      this.update({
        switching: null,
        notice: 'fromPythonCannot',
        ...(first ? { noticeReason: { line: first.line, message: first.message } } : {}),
      });
      return false;
    }
    this.pythonFrom = { python, code: answer.code };
    if (answer.code !== this.state.code) {
      this.update({ code: answer.code });
      this.options.autosave.edit({ files: { 'main.ts': answer.code } });
    }
    // Blocks are made from this code, not from blocks shown before Python.
    this.convertedFrom = undefined;
    return true;
  }

  /** main.ts for the blocks `xml`: the learner's own code when the blocks are still what it made. */
  private async codeOfBlocks(xml: string): Promise<string> {
    const from = this.convertedFrom;
    const toCode = (blocks: string) => this.options.compiler.service({ op: 'toCode', xml: blocks });
    if (from && from.xml === xml) return from.code;
    const [now, then] = await Promise.all([toCode(xml), from ? toCode(from.xml) : undefined]);
    return from && then && then.code === now.code ? from.code : now.code;
  }

  private apply(mode: EditorMode, text: { code?: string; xml?: string; python?: string }): void {
    if (mode === 'blocks' && text.xml !== undefined && this.pendingFrom !== undefined) {
      this.convertedFrom = { code: this.pendingFrom, xml: text.xml };
    }
    this.pendingFrom = undefined;
    const files: Record<string, string> = {};
    if (text.code !== undefined && text.code !== this.state.code) files['main.ts'] = text.code;
    if (text.xml !== undefined && text.xml !== this.state.xml) files['main.blocks'] = text.xml;
    if (mode === 'python') files[PYTHON_FILE] = text.python ?? this.state.python;
    const config = configFor(this.options.autosave.getContent().files, mode);
    if (config !== undefined) files['pxt.json'] = config;
    // Leaving Python: main.ts now holds the program (MakeCode keeps main.py for Python only).
    const remove = this.state.mode === 'python' && mode !== 'python' ? [PYTHON_FILE] : [];
    this.pythonFindings = [];
    this.pythonLines = [];
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
    this.sourceMap = [];
    this.generatorProblems = [];
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
      if (blocks) {
        const words = { key: 'toCodeFailed', values: {} };
        this.generateFailure = { source: 'blocks', severity: 'error', words, technical };
      } else {
        const at = { file: PYTHON_FILE, line: 1, column: 1, length: 0 };
        this.pythonFindings = [{ ...at, message: technical, code: 0, severity: 'error' }];
      }
      this.refreshProblems();
      return false;
    }
    if (!current()) return false;
    if (blocks) {
      this.generateFailure = undefined;
      this.sourceMap = answer.sourceMap;
      this.generatorProblems = answer.generatorDiagnostics.flatMap(generatorProblem);
      if (build === 'check') this.findings = answer.diagnostics.map((d) => finding(d, 'main.ts'));
    } else {
      this.sourceMap = [];
      this.generatorProblems = [];
      this.pythonFindings = answer.diagnostics.map((d) => finding(d, PYTHON_FILE));
      this.pythonLines = answer.lineMap;
    }
    const code = answer.code;
    if (code !== null && code !== this.state.code) {
      this.update({ code });
      this.options.autosave.edit({ files: { 'main.ts': code } });
    }
    this.refreshProblems();
    if (code !== null && answer.compiled && ticket !== undefined) {
      this.lastRun = { ...others, 'main.ts': code };
      // The compile's own diagnostics come back through the simulator's state (onSimulator).
      this.options.simulator.runCompiled(answer.compiled, { ticket, debug });
    }
    measure('blockyard:session:edit', started);
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
    this.findings = diagnostics.map((d) => finding(d, 'main.ts'));
    this.refreshProblems();
  }

  private compileProblem(d: Finding): Problem {
    const inBlocks = this.state.mode === 'blocks' && d.file === 'main.ts';
    const blockId = inBlocks ? blockAt(this.sourceMap, d.line, d.column) : undefined;
    return {
      source: 'compile',
      severity: d.severity,
      words: compileWords(d.code, d.message, blockId !== undefined),
      technical: d.message,
      file: d.file,
      line: d.line,
      column: d.column,
      length: d.length,
      ...(blockId !== undefined ? { blockId } : {}),
    };
  }

  private onSimulator(): void {
    const view = this.options.simulator.getState();
    let changed = false;
    if (view.diagnostics !== this.seenDiagnostics) {
      this.seenDiagnostics = view.diagnostics;
      this.findings = view.diagnostics.map((d) => ({ ...d, severity: d.category === 'error' ? 'error' : 'warning' }));
      changed = true;
    }
    if (view.error !== this.seenError) {
      this.seenError = view.error;
      this.runtimeError = view.error;
      changed = true;
    }
    if (changed) this.refreshProblems();
  }

  /** A runtime error of main.ts, placed on the main.py line its statement came from. */
  private inPython(error: SimulatorError): SimulatorError {
    if (this.state.mode !== 'python' || (error.file ?? 'main.ts') !== 'main.ts') return error;
    const at = error.line !== undefined ? this.pythonLines[error.line - 1] : undefined;
    const { line: _line, ...rest } = error;
    return { ...rest, file: PYTHON_FILE, ...(at ? { line: at[0] } : {}) };
  }

  private runtimeProblemOf(error: SimulatorError): Problem {
    const inBlocks = this.state.mode === 'blocks' && (error.file ?? 'main.ts') === 'main.ts';
    const blockId = inBlocks && error.line !== undefined ? blockOnLine(this.sourceMap, error.line) : undefined;
    return {
      source: 'runtime',
      severity: 'error',
      words: runtimeWords(error.message),
      technical: error.message,
      ...(error.file !== undefined ? { file: error.file } : {}),
      ...(error.line !== undefined ? { line: error.line } : {}),
      ...(blockId !== undefined ? { blockId } : {}),
    };
  }

  private refreshProblems(): void {
    const blocks = this.state.mode === 'blocks';
    const problems = [
      ...(blocks ? this.generatorProblems : []),
      ...(blocks && this.generateFailure ? [this.generateFailure] : []),
      ...(this.state.mode === 'python' ? this.pythonFindings : this.findings).map((finding) =>
        this.compileProblem(finding),
      ),
      ...(this.runtimeError ? [this.runtimeProblemOf(this.inPython(this.runtimeError))] : []),
    ];
    this.update({ problems });
  }

  private onAutosave(): void {
    const version = this.options.autosave.getState().contentVersion;
    if (version === this.contentVersion) return;
    // Replaced from outside (another tab, a merge, a restored version): show what storage has.
    // An edit answer still on its way was made from the text before: it must not save or run.
    this.runSequence++;
    this.contentVersion = version;
    this.convertedFrom = undefined;
    const { files } = this.options.autosave.getContent();
    this.pythonFrom = undefined;
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

/** A compiler diagnostic of the learner's files (1-based line and column). */
interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly message: string;
  readonly code: number;
  readonly severity: 'error' | 'warning';
}

function finding(d: EditorDiagnostic, file: string): Finding {
  return { ...d, file, length: d.to - d.from };
}

/** Generator findings worth showing on a block: an empty input or a value it cannot use. */
function generatorProblem(d: GeneratorDiagnostic): Problem[] {
  if (d.kind !== 'missing-input' && d.kind !== 'bad-value') return [];
  return [
    {
      source: 'blocks',
      severity: 'warning',
      words: { key: d.kind === 'missing-input' ? 'emptyInput' : 'badValue', values: {} },
      technical: d.message,
      ...(d.blockId !== undefined ? { blockId: d.blockId } : {}),
    },
  ];
}

/** Identifies a program's files, to tell whether a run would start the same program again. */
function runKey(files: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
