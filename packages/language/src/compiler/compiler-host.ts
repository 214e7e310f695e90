// An in-memory CompilerHost: no file system, so the compiler runs the same in Node and in a Web
// Worker. Parsed SourceFiles are kept between compiles (library files for the compiler's
// lifetime, learner files while their text is unchanged), which with TypeScript's `oldProgram`
// reuse makes warm and incremental compiles cheap.

import type ts from 'typescript';

interface CachedFile {
  text: string;
  file: ts.SourceFile;
}

/** How many left-out files' parses are kept (see `removed`). */
const MAX_REMOVED_FILES = 4;

export class InMemoryHost {
  private readonly files = new Map<string, string>();
  private readonly cache = new Map<string, CachedFile>();
  /**
   * Parsed files of the last few paths a compile left out, in case they come back unchanged: the
   * native build adds its device library (60 KB) to the learner's files, the simulator's compile
   * between two Downloads does not, and parsing it again each time cost a build 10-20 ms.
   */
  private readonly removed = new Map<string, CachedFile>();

  constructor(
    private readonly tsApi: typeof ts,
    private readonly languageVersion: ts.ScriptTarget,
  ) {}

  /** Sets the text of a file; the path is absolute (`/main.ts`). */
  setFile(path: string, text: string): void {
    this.files.set(path, text);
  }

  /** Forgets files not in `keep` (learner files removed since the last compile). */
  retainOnly(keep: ReadonlySet<string>, isLibrary: (path: string) => boolean): void {
    for (const path of [...this.files.keys()]) {
      if (!keep.has(path) && !isLibrary(path)) {
        this.files.delete(path);
        const cached = this.cache.get(path);
        this.cache.delete(path);
        if (cached) {
          this.removed.delete(path);
          this.removed.set(path, cached);
          if (this.removed.size > MAX_REMOVED_FILES) this.removed.delete(this.removed.keys().next().value!);
        }
      }
    }
  }

  getSourceFile(path: string): ts.SourceFile | undefined {
    const text = this.files.get(path);
    if (text === undefined) return undefined;
    const cached = this.cache.get(path);
    if (cached && cached.text === text) return cached.file;
    const returned = cached ? undefined : this.removed.get(path);
    if (returned && returned.text === text) {
      this.removed.delete(path);
      this.cache.set(path, returned);
      return returned.file;
    }
    // After an edit, reparse only around the change (what TypeScript's language service does).
    const file = cached
      ? this.tsApi.updateSourceFile(cached.file, text, changeRange(this.tsApi, cached.text, text))
      : this.tsApi.createSourceFile(path, text, this.languageVersion, true);
    this.cache.set(path, { text, file });
    return file;
  }

  compilerHost(): ts.CompilerHost {
    return {
      getSourceFile: (fileName) => this.getSourceFile(fileName),
      getDefaultLibFileName: () => '/lib/es.d.ts',
      writeFile: () => undefined,
      getCurrentDirectory: () => '/',
      getCanonicalFileName: (fileName) => fileName,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => '\n',
      fileExists: (fileName) => this.files.has(fileName),
      readFile: (fileName) => this.files.get(fileName),
      directoryExists: () => true,
      getDirectories: () => [],
      realpath: (path) => path,
      hasInvalidatedResolutions: () => false,
      // Programs are global scripts: there is nothing to resolve.
      resolveModuleNameLiterals: (literals) => literals.map(() => ({ resolvedModule: undefined })),
      resolveTypeReferenceDirectiveReferences: (references) =>
        references.map(() => ({ resolvedTypeReferenceDirective: undefined })),
      getParsedCommandLine: () => undefined,
    };
  }
}

/** The span of `before` that changed into `after`: common prefix and suffix are kept. */
function changeRange(tsApi: typeof ts, before: string, after: string): ts.TextChangeRange {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  return tsApi.createTextChangeRange(tsApi.createTextSpanFromBounds(start, endBefore), endAfter - start);
}
