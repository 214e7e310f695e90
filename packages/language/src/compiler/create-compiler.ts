// The compiler's public surface, the same in Node (CLI, tests) and in a Web Worker (editor):
//   const compiler = createCompiler({ ts, library });
//   const { diagnostics, program } = compiler.compile({ 'main.ts': text });
// The TypeScript module is passed in so each host loads it its fastest way, and library texts
// are strings, so nothing here touches a file system. One compiler instance keeps its parsed
// library and the previous Program, which makes later compiles fast.

import type ts from 'typescript';
import { type Annotations, parseAnnotations } from '../annotations/parse-annotations.ts';
import { coreLibraryFiles } from '../generated/core-library.ts';
import { InMemoryHost } from './compiler-host.ts';
import { withBoardOnlyStubs } from './board-only-stubs.ts';
import { CheckScope } from './check-scope.ts';
import { DeclarationTypes } from './declaration-types.ts';
import { EmitCache, type EmitCacheStats } from './emit-cache.ts';
import { LowerCache, type LowerCacheStats } from './lower-cache.ts';
import { type Diagnostic, fromTsDiagnostic } from './diagnostics.ts';
import { type LibraryFile, topLevelValueNames } from './library.ts';
import { type EmittedFile, linkProgram, type PositionTableData } from './positions.ts';
import { createProgramTransformer } from './transform.ts';
import { WaitAnalysis } from './wait-analysis.ts';
import { WaitCache, type WaitCacheStats } from './wait-cache.ts';
import type { IrModule } from '../ir/ir-module.ts';
import type { IrApi } from '../ir/ir-nodes.ts';
import { type LowerResult, lowerProgram } from '../ir/lower/lower-module.ts';
import { joinLowered } from '../ir/lower/join-lowered.ts';
import { emitJavaScript } from '../ir/emit-js/emit-program.ts';

export interface CompilerSetup {
  /** The TypeScript 6 module (`import ts from 'typescript'`, or `require` in Node for speed). */
  ts: typeof ts;
  /** The board's API declarations; the language's own library is always included. */
  library: readonly LibraryFile[];
}

export interface CompileOptions {
  /** Debug build: every function can stop at a statement hook (slower; for the debugger). */
  debug?: boolean;
  /** Also produce a standard v3 source map of the program text (for browser developer tools). */
  sourceMap?: boolean;
  /** A clock (ms) to time the compile's phases with; the result then carries `timings`. */
  now?: () => number;
  /**
   * Which JavaScript back end emits the program: `ir` (default) prints it from the typed IR, the
   * same IR the native back end compiles; `transform` is the earlier TypeScript transformer.
   */
  emitter?: 'ir' | 'transform';
  /**
   * Reuse the JavaScript of top-level statements unchanged since the last compile (default true;
   * emit-cache.ts). `false` compiles everything and leaves the cache as it was (benchmarks).
   */
  emitCache?: boolean;
}

/** What the runtime runs (structurally the runtime's ProgramImage) plus a standard source map. */
export interface CompiledProgram {
  readonly js: string;
  readonly positions: PositionTableData;
  readonly hostNames: readonly string[];
  readonly statements?: readonly (readonly [number, number, number])[];
  /** Source map v3 of `js`, when asked for with `compile(files, { sourceMap: true })`. */
  readonly sourceMap?: string;
}

export interface CompileResult {
  /** Errors and warnings, sorted by file order, line and column. */
  readonly diagnostics: readonly Diagnostic[];
  /** Undefined when any diagnostic is an error. */
  readonly program: CompiledProgram | undefined;
  /** Milliseconds per phase (program, syntax, check, analysis, emit), when asked for with `now`. */
  readonly timings?: Readonly<Record<string, number>>;
  /** Top-level statements reused from the emit cache and compiled anew (absent: compiled in full). */
  readonly emitCache?: EmitCacheStats;
  /** Top-level statements whose wait analysis was reused and visited anew (wait-cache.ts). */
  readonly waitCache?: WaitCacheStats;
}

interface LowerOptions {
  /** Lower with the debug build's wait analysis (every function can wait, for statement hooks). */
  debug?: boolean;
  /** A clock (ms) to time the phases with; the result then carries `timings` (as `compile`). */
  now?: () => number;
  /**
   * Files compiled before the learner's, which never change (the native back end's device
   * library): checked and lowered once per compiler and joined to each build's lowering of the
   * learner's files (join-lowered.ts), the same module as lowering them all together. Learner
   * files that name anything the prelude declares are lowered together with it instead.
   */
  prelude?: Readonly<Record<string, string>>;
  /**
   * Reuse the IR of top-level statements unchanged since the last lowering (default true;
   * lower-cache.ts; release builds only). `false` lowers everything and leaves the cache as it was.
   */
  cache?: boolean;
}

interface LowerCompileResult {
  /** The compile diagnostics, plus code 9100 for each construct the IR cannot express. */
  readonly diagnostics: readonly Diagnostic[];
  /** The program's IR; undefined when any diagnostic is an error. */
  readonly module: IrModule | undefined;
  /** Milliseconds per phase (program, syntax, check, analysis, lower), when asked for with `now`. */
  readonly timings?: Readonly<Record<string, number>>;
  /** Top-level statements whose IR was reused from the last lowering, and kept for the next (absent: not cached). */
  readonly lowerCache?: LowerCacheStats;
}

export interface Compiler {
  /**
   * Type-checks and compiles learner files (name -> text). Files run in the order given, except
   * `main.ts`, which runs last as in MakeCode (so helpers in other files are ready).
   */
  compile(files: Readonly<Record<string, string>>, options?: CompileOptions): CompileResult;
  /**
   * The TypeScript Program of these files with the library, sharing this compiler's parsed library
   * and previous Program (warm), for tools that read code next to the compiler, such as the blocks
   * decompiler. Learner files are at `/<name>` (`/main.ts`). Nothing is emitted.
   */
  program(files: Readonly<Record<string, string>>): ts.Program;
  /**
   * Type-checks the files like `compile` (same warm Program and checker) and lowers them to the
   * typed IR that back ends consume (docs/ARCHITECTURE.md, "The IR").
   */
  lower(files: Readonly<Record<string, string>>, options?: LowerOptions): LowerCompileResult;
}

const libraryRoot = '/node_modules/.blockyard/';
const defaultEmitter: 'ir' | 'transform' = 'ir';

export function createCompiler(setup: CompilerSetup): Compiler {
  const tsApi = setup.ts;
  const library = [...coreLibraryFiles, ...setup.library];
  const libraryPaths = new Map(library.map((file) => [libraryRoot + file.name, file]));
  const options: ts.CompilerOptions = {
    target: tsApi.ScriptTarget.ES2022,
    module: tsApi.ModuleKind.ESNext,
    noLib: true,
    types: [],
    strict: false,
    // Emits "use strict": `this` in a plain call is undefined, never the global object.
    alwaysStrict: true,
    noImplicitAny: false,
    strictNullChecks: false,
    noImplicitReturns: false,
    noImplicitThis: false,
    useUnknownInCatchVariables: false,
    allowUnreachableCode: true,
    allowUnusedLabels: true,
    skipLibCheck: true,
    isolatedModules: false,
    preserveConstEnums: false,
    // Comments stay on: the position markers are comments (see positions.ts).
    removeComments: false,
    newLine: tsApi.NewLineKind.LineFeed,
    noEmitOnError: false,
  };
  const host = new InMemoryHost(tsApi, tsApi.ScriptTarget.ES2022);
  for (const [path, file] of libraryPaths) host.setFile(path, file.text);
  const compilerHost = host.compilerHost();
  const annotationCache = new WeakMap<ts.Node, Annotations>();
  let hostNames: string[] | undefined;
  let previous: ts.Program | undefined;
  const emitCache = new EmitCache();
  const lowerCache = new LowerCache();
  /** One IrApi per library declaration, so IR kept by the lower cache names this table's objects. */
  const apiObjects = new WeakMap<ts.Node, IrApi>();
  let prelude: LoweredPrelude | undefined;
  const checkScope = new CheckScope();
  const waitCache = new WaitCache();
  const declarationTypes = new DeclarationTypes();

  const annotationsOf = (declaration: ts.Node): Annotations => {
    let annotations = annotationCache.get(declaration);
    if (!annotations) {
      const text = declaration.getSourceFile().text;
      const ranges = tsApi.getLeadingCommentRanges(text, declaration.pos) ?? [];
      annotations = parseAnnotations(ranges.map((range) => text.slice(range.pos, range.end)).join('\n'));
      annotationCache.set(declaration, annotations);
    }
    return annotations;
  };

  const displayName = (file: ts.SourceFile): string => {
    const libraryFile = libraryPaths.get(file.fileName);
    return libraryFile ? libraryFile.name : file.fileName.replace(/^\//, '');
  };

  const programFor = (given: Readonly<Record<string, string>>) => {
    // Extensions' C++ declarations become functions that do nothing (board-only-stubs.ts).
    const files = withBoardOnlyStubs(tsApi, given);
    const names = Object.keys(files);
    const ordered = [...names.filter((n) => n !== 'main.ts'), ...names.filter((n) => n === 'main.ts')];
    const userPaths = ordered.map((name) => `/${name}`);
    for (const name of ordered) host.setFile(`/${name}`, files[name]!);
    host.retainOnly(new Set(userPaths), (path) => libraryPaths.has(path));
    const program = tsApi.createProgram({
      rootNames: [...libraryPaths.keys(), ...userPaths],
      options,
      host: compilerHost,
      ...(previous ? { oldProgram: previous } : {}),
    });
    previous = program;
    return { program, ordered, userPaths };
  };

  /** Shared by compile and lower: Program, diagnostics, type check, wait analysis. */
  const frontEnd = (files: Readonly<Record<string, string>>, debug: boolean, timer: ReturnType<typeof phaseTimer>) => {
    const made = programFor(files);
    const { ordered, userPaths } = made;
    let program = made.program;
    timer.lap('program');

    let sourceFiles = userPaths.map((path) => program.getSourceFile(path)!);
    // The types of unchanged declarations, for the keys below (declaration-types.ts).
    let types = declarationTypes.run(tsApi, program.getTypeChecker(), sourceFiles);
    const toDiagnostic = (d: ts.Diagnostic) => fromTsDiagnostic(tsApi, d, displayName);
    const diagnostics: Diagnostic[] = [
      ...program.getOptionsDiagnostics().map(toDiagnostic),
      ...program.getGlobalDiagnostics().map(toDiagnostic),
    ];
    for (const file of sourceFiles) {
      diagnostics.push(...program.getSyntacticDiagnostics(file).map(toDiagnostic));
    }
    timer.lap('syntax');
    let scoped = false;
    let waitStats: WaitCacheStats | undefined;
    if (!diagnostics.some((d) => d.category === 'error')) {
      // After a clean compile, only the statements an edit changed (check-scope.ts).
      const scope = checkScope.plan(tsApi, program.getTypeChecker(), sourceFiles, types);
      let semantic = sourceFiles.flatMap((file, index) => {
        const nodes = scope.nodes[index];
        return nodes?.length === 0 ? [] : checkFile(program, file, nodes);
      });
      if (scope.scoped && semantic.length > 0) {
        // A problem in what changed: the whole check again, with a new checker (types asked for
        // before a check can change what it reports), so the learner reads what a cold compile says.
        program = programFor(files).program;
        sourceFiles = userPaths.map((path) => program.getSourceFile(path)!);
        types = undefined;
        semantic = sourceFiles.flatMap((file) => program.getSemanticDiagnostics(file));
      }
      diagnostics.push(...semantic.map(toDiagnostic));
      scope.done(diagnostics.length === 0);
      scoped = scope.scoped && diagnostics.length === 0;
    }
    timer.lap('check');

    const checker = program.getTypeChecker();

    const analysis = new WaitAnalysis({
      tsApi,
      checker,
      isLibrary: (file) => libraryPaths.has(file.fileName),
      annotationsOf,
      displayName,
      debug,
    });
    if (!diagnostics.some((d) => d.category === 'error')) {
      // Learner .d.ts files are checked too: a declaration there could name any host global.
      // Statements the check left unchecked are not visited again either (wait-cache.ts).
      const cache = waitCache.run({
        tsApi,
        files: sourceFiles,
        keyOf: (node) => checkScope.keyOf(node),
        reuse: scoped,
        debug,
      });
      analysis.run(sourceFiles, cache);
      waitStats = cache.done();
      diagnostics.push(...analysis.diagnostics);
    }
    sortDiagnostics(diagnostics, ordered);
    timer.lap('analysis');
    const ok = !diagnostics.some((d) => d.category === 'error');
    return { ok, diagnostics, program, checker, analysis, sourceFiles, ordered, userPaths, waitStats, types };
  };

  /** Lowers the checked files; `cached`: reusing unchanged statements' IR (lower-cache.ts). */
  const lowerFront = (
    front: ReturnType<typeof frontEnd>,
    cached: boolean,
  ): LowerResult & { stats?: LowerCacheStats } => {
    const plan = cached
      ? lowerCache.plan({
          tsApi,
          checker: front.checker,
          analysis: front.analysis,
          files: front.sourceFiles,
          types: front.types,
        })
      : undefined;
    const lowered = lowerProgram(
      {
        tsApi,
        checker: front.checker,
        analysis: front.analysis,
        annotationsOf,
        isLibraryFile: (file) => libraryPaths.has(file.fileName),
        displayName,
        files: front.sourceFiles,
        apiObjects,
      },
      plan ? { reuse: plan } : {},
    );
    const stats = plan?.done();
    return stats ? { ...lowered, stats } : lowered;
  };

  /** The prelude lowered alone, once per compiler (and again if its text or `debug` changes). */
  const loweredPrelude = (files: Readonly<Record<string, string>>, debug: boolean): LoweredPrelude => {
    const same =
      prelude &&
      prelude.debug === debug &&
      Object.keys(files).length === Object.keys(prelude.files).length &&
      Object.entries(files).every(([name, text]) => prelude!.files[name] === text);
    if (same) return prelude!;
    const front = frontEnd(files, debug, phaseTimer(undefined));
    const lowered = front.diagnostics.length === 0 ? lowerFront(front, false) : undefined;
    const names = new Set<string>();
    for (const file of front.sourceFiles) for (const name of declaredNames(tsApi, file)) names.add(name);
    prelude = {
      files,
      debug,
      names: [...names],
      ...(lowered && lowered.diagnostics.length === 0 ? { lowered } : {}),
    };
    return prelude;
  };

  /** `lower` with a prelude, joining the learner's lowering to the prelude's; undefined: lower them together. */
  const lowerAfterPrelude = (
    files: Readonly<Record<string, string>>,
    preludeFiles: Readonly<Record<string, string>>,
    debug: boolean,
    cached: boolean,
    timer: ReturnType<typeof phaseTimer>,
  ): LowerCompileResult | undefined => {
    const before = prelude;
    const first = loweredPrelude(preludeFiles, debug);
    if (first !== before) timer.lap('prelude');
    if (!first.lowered) return undefined;
    for (const [name, text] of Object.entries(files)) {
      if (name in preludeFiles || first.names.some((declared) => text.includes(declared))) return undefined;
    }
    const front = frontEnd(files, debug, timer);
    if (!front.ok) return { diagnostics: front.diagnostics, module: undefined, ...timer.result() };
    const lowered = lowerFront(front, !debug && cached);
    const diagnostics = [...front.diagnostics, ...lowered.diagnostics];
    sortDiagnostics(diagnostics, front.ordered);
    if (diagnostics.some((d) => d.category === 'error')) {
      timer.lap('lower');
      return { diagnostics, module: undefined, ...timer.result() };
    }
    const module = joinLowered(first.lowered, lowered);
    timer.lap('lower');
    return module
      ? { diagnostics, module, ...timer.result(), ...(lowered.stats ? { lowerCache: lowered.stats } : {}) }
      : undefined;
  };

  return {
    program(files) {
      return programFor(files).program;
    },
    lower(files, lowerOptions = {}) {
      const timer = phaseTimer(lowerOptions.now);
      const debug = lowerOptions.debug ?? false;
      const cached = lowerOptions.cache ?? true;
      if (lowerOptions.prelude) {
        const joined = lowerAfterPrelude(files, lowerOptions.prelude, debug, cached, timer);
        if (joined) return joined;
        files = { ...lowerOptions.prelude, ...files };
      }
      const front = frontEnd(files, debug, timer);
      if (!front.ok) return { diagnostics: front.diagnostics, module: undefined, ...timer.result() };
      const lowered = lowerFront(front, !debug && cached);
      const diagnostics = [...front.diagnostics, ...lowered.diagnostics];
      sortDiagnostics(diagnostics, front.ordered);
      const failed = diagnostics.some((d) => d.category === 'error');
      timer.lap('lower');
      return {
        diagnostics,
        module: failed ? undefined : lowered.module,
        ...timer.result(),
        ...(lowered.stats ? { lowerCache: lowered.stats } : {}),
      };
    },
    compile(files, compileOptions = {}) {
      const timer = phaseTimer(compileOptions.now);
      const front = frontEnd(files, compileOptions.debug ?? false, timer);
      const { diagnostics } = front;
      if (!front.ok) return { diagnostics, program: undefined, ...timer.result() };
      const { program, checker, analysis, sourceFiles, ordered, userPaths, waitStats, types } = front;

      hostNames ??= collectHostNames(tsApi, program, libraryPaths);
      if ((compileOptions.emitter ?? defaultEmitter) === 'ir') {
        // Release builds reuse the text of unchanged top-level statements (emit-cache.ts).
        const cached = !compileOptions.debug && compileOptions.emitCache !== false;
        const plan = cached ? emitCache.plan({ tsApi, checker, analysis, files: sourceFiles, types }) : undefined;
        timer.lap('plan');
        const lowered = lowerProgram(
          {
            tsApi,
            checker,
            analysis,
            annotationsOf,
            isLibraryFile: (file) => libraryPaths.has(file.fileName),
            displayName,
            files: sourceFiles,
          },
          plan ? { skip: plan.skip } : {},
        );
        timer.lap('lower');
        // A construct the IR cannot express yet (lower() reports it, code 9100) still runs in the
        // simulator: such programs are emitted by the TypeScript transformer below.
        if (lowered.diagnostics.length === 0) {
          const emitted = emitJavaScript(lowered.module, {
            hostNames,
            debug: compileOptions.debug ?? false,
            sourceMap: compileOptions.sourceMap ?? false,
            ...(plan ? { units: plan.units(lowered.units) } : {}),
          });
          const stats = plan && emitted.pieces ? plan.store(lowered.units, emitted.pieces) : undefined;
          timer.lap('emit');
          return {
            ...timer.result(),
            ...(stats ? { emitCache: stats } : {}),
            ...(waitStats ? { waitCache: waitStats } : {}),
            diagnostics,
            program: {
              js: emitted.js,
              positions: emitted.positions,
              hostNames,
              ...(emitted.sourceMap === undefined ? {} : { sourceMap: emitted.sourceMap }),
              ...(emitted.statements ? { statements: emitted.statements } : {}),
            },
          };
        }
      }
      const statements: [number, number, number][] = [];
      const markers: [number, number, number][] = [];
      const transformer = createProgramTransformer({
        tsApi,
        checker,
        analysis,
        debug: compileOptions.debug ?? false,
        statements,
        markers,
        fileIndex: (file) => userPaths.indexOf(file.fileName),
      });
      const emitted: EmittedFile[] = [];
      for (const file of sourceFiles) {
        if (file.isDeclarationFile) continue;
        let js = '';
        program.emit(
          file,
          (_name, text) => {
            js = text;
          },
          undefined,
          false,
          { before: [transformer] },
        );
        emitted.push({ js });
      }
      const linked = linkProgram(ordered, emitted, hostNames, markers, compileOptions.sourceMap ?? false);
      timer.lap('emit');
      return {
        ...timer.result(),
        diagnostics,
        program: {
          js: linked.js,
          positions: linked.positions,
          hostNames,
          ...(linked.sourceMap === undefined ? {} : { sourceMap: linked.sourceMap }),
          ...(compileOptions.debug ? { statements } : {}),
        },
      };
    },
  };
}

interface LoweredPrelude {
  readonly files: Readonly<Record<string, string>>;
  readonly debug: boolean;
  /** Names its files declare at the top level: a learner file that mentions one is lowered with it. */
  readonly names: readonly string[];
  /** Absent when the prelude alone has any diagnostic (it is then lowered with the learner's files). */
  readonly lowered?: LowerResult;
}

/** Names a file declares at its top level (namespaces, functions, classes, variables, types). */
function declaredNames(tsApi: typeof ts, file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.statements) {
    if (tsApi.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (tsApi.isIdentifier(declaration.name)) names.push(declaration.name.text);
        else names.push(...declaration.name.getText(file).match(/[\w$]+/g)!);
      }
    } else {
      const name = (statement as ts.Statement & { name?: ts.Node }).name;
      if (name && (tsApi.isIdentifier(name) || tsApi.isStringLiteral(name))) names.push(name.text);
    }
  }
  return names;
}

/** Times consecutive phases with an optional clock (no clock: nothing is timed or reported). */
/** TypeScript's semantic check of a file, or of some of its statements only (an internal parameter). */
function checkFile(program: ts.Program, file: ts.SourceFile, nodes: readonly ts.Statement[] | undefined) {
  if (!nodes) return program.getSemanticDiagnostics(file);
  // TypeScript's own region check (its language service's) takes the nodes as a third argument.
  const scoped = program as unknown as {
    getSemanticDiagnostics(
      file: ts.SourceFile,
      token: undefined,
      nodesToCheck: readonly ts.Node[],
    ): readonly ts.Diagnostic[];
  };
  return scoped.getSemanticDiagnostics(file, undefined, nodes);
}

function phaseTimer(now: (() => number) | undefined) {
  const timings: Record<string, number> = {};
  let last = now?.() ?? 0;
  return {
    lap(phase: string): void {
      if (!now) return;
      const at = now();
      timings[phase] = at - last;
      last = at;
    },
    result(): { timings?: Readonly<Record<string, number>> } {
      return now ? { timings } : {};
    },
  };
}

function collectHostNames(
  tsApi: typeof ts,
  program: ts.Program,
  libraryPaths: ReadonlyMap<string, LibraryFile>,
): string[] {
  const names = new Set<string>();
  for (const [path, file] of libraryPaths) {
    if (file.provides !== 'host') continue;
    const sourceFile = program.getSourceFile(path);
    if (sourceFile) for (const name of topLevelValueNames(tsApi, sourceFile)) names.add(name);
  }
  return [...names];
}

function sortDiagnostics(diagnostics: Diagnostic[], fileOrder: readonly string[]): void {
  const rank = (file: string) => {
    const i = fileOrder.indexOf(file);
    return i < 0 ? -1 : i;
  };
  diagnostics.sort((a, b) => rank(a.file) - rank(b.file) || a.line - b.line || a.column - b.column);
}
