// Messages between the editor and the compiler worker. Requests carry the learner's files;
// replies carry the compiler's CompileResult unchanged (plain data, structured-clone safe; see
// docs/ARCHITECTURE.md "Programs: compiler and runtime"). The same worker answers the code
// editor's language-service questions and converts between blocks and code (`service`).

import type { ApiMetadata, BlockSourceRange, CompileResult, GeneratorDiagnostic } from '@blockyard/language';
import type { DeviceBuildOutcome, DeviceBuildRequest, DeviceBuildStep } from './device-builder.ts';

export interface CompileOptions {
  debug?: boolean;
}

/**
 * The page's message handing the worker a port to the simulator frame (transferred with it, not
 * a request: nothing answers it). Each edit with `build: 'run'` then says on it which program the
 * page will run, so the frame starts that program's worker early (see FrameRunner.prepare).
 */
export const PROGRAM_PORT_MESSAGE = 'programport';

export type CompilerRequest =
  /** Load TypeScript and parse the library now, so the first real compile is warm. */
  | { type: 'warm' }
  | { type: 'compile'; id: number; files: Record<string, string>; options?: CompileOptions }
  | { type: 'service'; id: number; request: ServiceRequest }
  /** Download's .hex: the program for the board itself (see device-builder.ts). */
  | ({ type: 'device'; id: number } & DeviceBuildRequest);

/** Milliseconds per step of the work behind an answer (e.g. `toCode:read`, `compile:check`). */
type WorkerTimings = Record<string, number>;
/** When the worker took the request up (ms since the Unix epoch), for the edit's timing breakdown. */
type StartedAt = number;

export type CompilerResponse =
  | { type: 'warmed'; ms: number }
  | { type: 'result'; id: number; result: CompileResult; ms: number; timings?: WorkerTimings; startedAt?: StartedAt }
  | { type: 'answer'; id: number; answer: unknown; ms: number; timings?: WorkerTimings; startedAt?: StartedAt }
  | { type: 'device'; id: number; outcome: DeviceBuildOutcome; ms: number }
  /** A slow step of a device build has started (sent before its answer). */
  | { type: 'progress'; id: number; step: DeviceBuildStep }
  | { type: 'failed'; id: number; message: string };

// ---- Editor services: language service and blocks <-> code -------------------------------------

type Files = Record<string, string>;

/** Questions the code editor and the blocks switch ask; offsets are UTF-16 offsets into `file`. */
export type ServiceRequest =
  | { op: 'completions'; files: Files; file: string; offset: number }
  | { op: 'completionDetails'; files: Files; file: string; offset: number; name: string }
  | { op: 'quickInfo'; files: Files; file: string; offset: number }
  | { op: 'signatureHelp'; files: Files; file: string; offset: number }
  /** Everything the compiler would say about `file` (its own checks included). */
  | { op: 'diagnostics'; files: Files; file: string }
  | { op: 'format'; files: Files; file: string }
  /**
   * main.ts (with the other files for types) -> Blockly XML. With `previousXml` (the blocks the
   * learner left for the code): unchanged code gives those blocks back exactly, edited code keeps
   * their layout and loose blocks (`keepLayout`).
   */
  | { op: 'toBlocks'; files: Files; previousXml?: string }
  /** Blockly XML -> TypeScript (the switch to JavaScript, a download). */
  | { op: 'toCode'; xml: string }
  /** One live-run edit of blocks or Python: see EditRequest. */
  | EditRequest
  /**
   * main.py -> main.ts. `files` are the project's other program files (main.ts left out): the
   * converted program is compiled with them and the compiler's findings come back on main.py.
   * That compile is kept for the compile request expected next (the live run of those files).
   */
  | { op: 'fromPython'; python: string; files: Files }
  /** main.ts -> main.py in MakeCode's layout. */
  /**
   * main.ts -> main.py; with `xml` instead of `code`, the blocks' main.ts first, in the same
   * request (the tab switch from Blocks: one worker round trip, not two).
   */
  | { op: 'toPython'; code?: string; xml?: string }
  /**
   * Builds the Python name table and runs both converters once on a small program, so the
   * first switch to Python is warm (the page sends it when idle, once a project is open).
   */
  | { op: 'warmPython' }
  /**
   * The project's extensions changed: their TypeScript (`pxt_modules/<id>/<file>.ts`). From now on
   * blocks <-> code and Python know their blocks and names; the answer is what the page's toolbox
   * adds. An empty map takes every extension away.
   */
  | { op: 'extensions'; files: Files }
  /**
   * What these extension files add, as the `extensions` answer, without changing the blocks and
   * names the editor knows (the extension help pages, /pkg/...).
   */
  | { op: 'readExtensions'; files: Files }
  /**
   * Programs (`code`) said in Python with these extension files' names, for their help pages'
   * examples, without changing the names the editor knows. An entry is null when a program
   * cannot be said in Python.
   */
  | { op: 'readExtensionsPython'; files: Files; code: string[] };

/**
 * One edit of the live run, in one request: the learner's text (`main.blocks` or `main.py`) is
 * made into main.ts once, and that main.ts compiled once, and the one answer carries what every
 * consumer needs (the editor's code and block map, the problems, the simulator's program).
 */
export interface EditRequest {
  op: 'edit';
  /** What the learner edits: Blockly XML (main.blocks) or Python (main.py). */
  from: 'blocks' | 'python';
  text: string;
  /** The project's other program files (main.ts left out). */
  files: Files;
  /**
   * 'run': compile for the simulator (a debug build with `debug`); 'check': only the compiler's
   * findings (the learner stopped the simulator).
   */
  build: 'run' | 'check';
  debug?: boolean;
  /** The main.ts running now: an edit that makes exactly this code (a moved stack) compiles nothing. */
  unlessCode?: string;
}

export interface EditAnswer {
  /** main.ts; null when the Python could not be converted (nothing compiled, see `diagnostics`). */
  code: string | null;
  /** Blocks: where each block's code is in main.ts, and the generator's findings. */
  sourceMap: BlockSourceRange[];
  generatorDiagnostics: GeneratorDiagnostic[];
  /** Python: for each line of main.ts, the main.py [line, column] it came from. */
  lineMap: [number, number][];
  /**
   * The findings on what the learner edits: Python's on main.py (converter or compiler); for
   * blocks with `build: 'check'`, the compiler's on main.ts. Empty for a blocks run (the
   * compile's own diagnostics are in `compiled`).
   */
  diagnostics: EditorDiagnostic[];
  /** 'run': the compiled program, unless `unlessCode` matched or main.ts could not be made. */
  compiled?: CompileResult;
}

export type CompletionKind =
  | 'function'
  | 'method'
  | 'property'
  | 'variable'
  | 'constant'
  | 'class'
  | 'interface'
  | 'type'
  | 'enum'
  | 'namespace'
  | 'keyword'
  | 'text';

export interface CompletionsAnswer {
  /** Where the word being completed starts. */
  from: number;
  options: { label: string; kind: CompletionKind; sortText: string; insertText?: string }[];
  /** After a dot (`basic.`): members only. */
  member?: boolean;
}

export interface CompletionDetailsAnswer {
  signature: string;
  documentation: string;
}

export interface QuickInfoAnswer {
  from: number;
  to: number;
  signature: string;
  documentation: string;
}

export interface SignatureHelpAnswer {
  from: number;
  to: number;
  activeSignature: number;
  activeParameter: number;
  signatures: {
    prefix: string;
    separator: string;
    suffix: string;
    documentation: string;
    parameters: { label: string; documentation: string }[];
  }[];
}

export interface EditorDiagnostic {
  from: number;
  to: number;
  /** 1-based, as the compiler's Diagnostic. */
  line: number;
  column: number;
  message: string;
  code: number;
  severity: 'error' | 'warning';
}

export interface FormatAnswer {
  text: string;
}

export interface ToBlocksAnswer {
  /** Compact Blockly XML (main.blocks). */
  xml: string;
  greyBlocks: number;
  /** Lines of main.ts that became grey code blocks, as ranges (1-based, inclusive), in order. */
  greyLines: { start: number; end: number; reason: string }[];
}

export interface ToCodeAnswer {
  code: string;
  sourceMap: BlockSourceRange[];
  diagnostics: GeneratorDiagnostic[];
}

export interface FromPythonAnswer {
  /** The TypeScript, or null when the Python could not be converted (see diagnostics). */
  code: string | null;
  /** On main.py: the converter's problems, or the compiler's moved onto the Python. */
  diagnostics: EditorDiagnostic[];
  /** For each line of `code`: the main.py [line, column] it came from (runtime errors). */
  lineMap: [number, number][];
}

export interface ExtensionsAnswer {
  /** The extensions' own API metadata (their namespaces, blocks and enums), for the page's blocks. */
  metadata: ApiMetadata;
  /**
   * Per extension (the `<id>` of `pxt_modules/<id>/`): qualified names of its functions that exist
   * only as C++ on the board ("works only on the board"); extensions without any are left out.
   */
  boardOnly: Record<string, string[]>;
  /** Per qualified name in `metadata.functions`: the extension (`<id>`) that declares it. */
  packageOf: Record<string, string>;
  /**
   * Per qualified name in `metadata.functions`: its Python name, as the Python converter has it
   * (`readExtensions` only: the extension help pages show it).
   */
  pythonNames?: Record<string, string>;
}

export interface ToPythonAnswer {
  python: string;
  /** The main.ts converted (made from the blocks when the request gave `xml`). */
  code: string;
  /** On main.ts: what Python cannot show (kept as comments in `python`). */
  warnings: EditorDiagnostic[];
}

/** The answer type of each service operation. */
export interface ServiceAnswers {
  completions: CompletionsAnswer;
  completionDetails: CompletionDetailsAnswer | null;
  quickInfo: QuickInfoAnswer | null;
  signatureHelp: SignatureHelpAnswer | null;
  diagnostics: EditorDiagnostic[];
  format: FormatAnswer;
  toBlocks: ToBlocksAnswer;
  toCode: ToCodeAnswer;
  edit: EditAnswer;
  fromPython: FromPythonAnswer;
  toPython: ToPythonAnswer;
  warmPython: null;
  extensions: ExtensionsAnswer;
  readExtensions: ExtensionsAnswer;
  readExtensionsPython: (string | null)[];
}

// The checks of these messages (valibot) are in compiler-protocol-schema.ts.
