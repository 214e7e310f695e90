// The editor session's vocabulary: the parts of autosave, compiler and simulator it uses, the
// state it shows, and the problems and places it hands to the panes. Shared by the session and
// its collaborators (live-run problems, language switching), so none of them imports another
// for a type.

import type { Clock } from '@blockyard/core';
import type { Diagnostic } from '@blockyard/language';
import type { CompileResult } from '@blockyard/language';
import type { ServiceAnswers, ServiceRequest, ToBlocksAnswer } from '@blockyard/compiler-worker';
import type { SimulatorViewState } from '@blockyard/sim';
import type { LearnerWords } from './learner-words.ts';
import type { EditorMode } from './project-files.ts';

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
