// What the session knows about the program's problems and where its code came from: the
// compiler's findings, the block generator's, a runtime error, and the maps from main.ts back to
// blocks (the generator's source map) and to main.py lines. It turns them into the Problems the
// panes show, each placed on the block or line the learner edits, and locates any place of
// main.ts the same way (download notes, the debugger).

import type { BlockSourceRange, GeneratorDiagnostic } from '@blockyard/language';
import type { EditAnswer, EditorDiagnostic } from '@blockyard/compiler-worker';
import type { SimulatorError, SimulatorViewState } from '@blockyard/sim';
import { blockAt, blockOnLine } from './block-locations.ts';
import { compileWords, runtimeWords } from './learner-words.ts';
import { type EditorMode, PYTHON_FILE } from './project-files.ts';
import type { PlaceTarget, Problem, SourcePlace } from './session-types.ts';

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

export class SessionProblems {
  /** Where each block's code is in the main.ts last run (blocks mode). */
  private sourceMap: readonly BlockSourceRange[] = [];
  private generatorProblems: readonly Problem[] = [];
  /** The compiler's findings of the last run or check, placed on blocks when problems refresh. */
  private findings: readonly Finding[] = [];
  private runtimeError: SimulatorError | undefined;
  private generateFailure: Problem | undefined;
  private seenDiagnostics: SimulatorViewState['diagnostics'] | undefined;
  private seenError: SimulatorError | undefined;
  /** Python mode: the findings on main.py and where each main.ts line came from. */
  private pythonFindings: readonly Finding[] = [];
  private pythonLines: readonly (readonly [number, number])[] = [];

  /** A JavaScript run: no blocks made the code, so no block map nor generator problems. */
  forgetBlocks(): void {
    this.sourceMap = [];
    this.generatorProblems = [];
  }

  /** Left Python (or entered it anew): its findings and line map no longer apply. */
  forgetPython(): void {
    this.pythonFindings = [];
    this.pythonLines = [];
  }

  /** The compiler's findings on main.ts of a check (no run, so the simulator does not report them). */
  takeChecked(diagnostics: readonly EditorDiagnostic[]): void {
    this.findings = diagnostics.map((d) => finding(d, 'main.ts'));
  }

  /** An `edit` request could not make main.ts: say so on blocks, or at the top of main.py. */
  takeEditFailure(mode: 'blocks' | 'python', technical: string): void {
    if (mode === 'blocks') {
      const words = { key: 'toCodeFailed', values: {} };
      this.generateFailure = { source: 'blocks', severity: 'error', words, technical };
    } else {
      const at = { file: PYTHON_FILE, line: 1, column: 1, length: 0 };
      this.pythonFindings = [{ ...at, message: technical, code: 0, severity: 'error' }];
    }
  }

  /** What an `edit` request answered: the maps back to the learner's text and its problems. */
  takeEditAnswer(mode: 'blocks' | 'python', answer: EditAnswer, build: 'run' | 'check'): void {
    if (mode === 'blocks') {
      this.generateFailure = undefined;
      this.sourceMap = answer.sourceMap;
      this.generatorProblems = answer.generatorDiagnostics.flatMap(generatorProblem);
      if (build === 'check') this.takeChecked(answer.diagnostics);
    } else {
      this.forgetBlocks();
      this.pythonFindings = answer.diagnostics.map((d) => finding(d, PYTHON_FILE));
      this.pythonLines = answer.lineMap;
    }
  }

  /** The simulator's compile diagnostics and runtime error; true when either changed. */
  takeSimulator(view: SimulatorViewState): boolean {
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
    return changed;
  }

  /** Every problem to show in `mode`, placed on what the learner edits there. */
  list(mode: EditorMode): Problem[] {
    const blocks = mode === 'blocks';
    return [
      ...(blocks ? this.generatorProblems : []),
      ...(blocks && this.generateFailure ? [this.generateFailure] : []),
      ...(mode === 'python' ? this.pythonFindings : this.findings).map((f) => this.compileProblem(mode, f)),
      ...(this.runtimeError ? [this.runtimeProblemOf(mode, this.inPython(mode, this.runtimeError))] : []),
    ];
  }

  /**
   * Where a place of the program's code (file, 1-based line and column) is in what the learner
   * edits now: the block that holds it in blocks, the main.py line in Python, else the place.
   */
  locate(mode: EditorMode, place: SourcePlace): PlaceTarget {
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

  private compileProblem(mode: EditorMode, d: Finding): Problem {
    const inBlocks = mode === 'blocks' && d.file === 'main.ts';
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

  /** A runtime error of main.ts, placed on the main.py line its statement came from. */
  private inPython(mode: EditorMode, error: SimulatorError): SimulatorError {
    if (mode !== 'python' || (error.file ?? 'main.ts') !== 'main.ts') return error;
    const at = error.line !== undefined ? this.pythonLines[error.line - 1] : undefined;
    const { line: _line, ...rest } = error;
    return { ...rest, file: PYTHON_FILE, ...(at ? { line: at[0] } : {}) };
  }

  private runtimeProblemOf(mode: EditorMode, error: SimulatorError): Problem {
    const inBlocks = mode === 'blocks' && (error.file ?? 'main.ts') === 'main.ts';
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
