// TypeScript's language service for the code editor, inside the compiler worker: completions with
// the API's JSDoc, hover docs, signature help and formatting. It sees exactly what the compiler
// sees: the options and library files are read from the compiler's own Program, so the editor
// never suggests something the compiler would refuse.

import type ts from 'typescript';
import type { Compiler } from '@blockyard/language';
import type {
  CompletionDetailsAnswer,
  CompletionsAnswer,
  CompletionKind,
  FormatAnswer,
  QuickInfoAnswer,
  SignatureHelpAnswer,
} from './compiler-protocol.ts';

/** Files by name (`main.ts`), as the compiler takes them. */
type SourceFiles = Readonly<Record<string, string>>;

export interface EditorLanguageService {
  completions(files: SourceFiles, file: string, offset: number): CompletionsAnswer;
  completionDetails(files: SourceFiles, file: string, offset: number, name: string): CompletionDetailsAnswer | null;
  quickInfo(files: SourceFiles, file: string, offset: number): QuickInfoAnswer | null;
  signatureHelp(files: SourceFiles, file: string, offset: number): SignatureHelpAnswer | null;
  format(files: SourceFiles, file: string): FormatAnswer;
}

/** Formatting as the blocks generator writes code: four spaces, MakeCode's spacing. */
function formatSettings(tsApi: typeof ts): ts.FormatCodeSettings {
  return {
    indentSize: 4,
    tabSize: 4,
    convertTabsToSpaces: true,
    newLineCharacter: '\n',
    indentStyle: tsApi.IndentStyle.Smart,
    insertSpaceAfterCommaDelimiter: true,
    insertSpaceAfterSemicolonInForStatements: true,
    insertSpaceBeforeAndAfterBinaryOperators: true,
    insertSpaceAfterKeywordsInControlFlowStatements: true,
    insertSpaceAfterFunctionKeywordForAnonymousFunctions: true,
    insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
    placeOpenBraceOnNewLineForFunctions: false,
    placeOpenBraceOnNewLineForControlBlocks: false,
    semicolons: tsApi.SemicolonPreference.Ignore,
  };
}

const kinds: Readonly<Record<string, CompletionKind>> = {
  function: 'function',
  'local function': 'function',
  method: 'method',
  property: 'property',
  getter: 'property',
  setter: 'property',
  var: 'variable',
  let: 'variable',
  'local var': 'variable',
  parameter: 'variable',
  const: 'constant',
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  'enum member': 'enum',
  module: 'namespace',
  keyword: 'keyword',
};

/** Names learners should not see: compiler helpers and private members. */
function hidden(name: string): boolean {
  return name.startsWith('$') || name.startsWith('_');
}

export function createEditorLanguageService(
  tsApi: typeof ts,
  compiler: Pick<Compiler, 'program'>,
): EditorLanguageService {
  // The compiler's Program tells us its options and library (paths and texts).
  const probe = compiler.program({ 'main.ts': '' });
  const options = probe.getCompilerOptions();
  const library = new Map<string, string>();
  for (const file of probe.getSourceFiles()) {
    if (file.fileName !== '/main.ts') library.set(file.fileName, file.text);
  }
  const user = new Map<string, { text: string; version: number }>();
  let userOrder: string[] = [];

  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [...library.keys(), ...userOrder],
    getScriptVersion: (path) => String(user.get(path)?.version ?? 0),
    getScriptSnapshot: (path) => {
      const text = user.get(path)?.text ?? library.get(path);
      return text === undefined ? undefined : tsApi.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => '/',
    getDefaultLibFileName: () => '/lib/es.d.ts',
    fileExists: (path) => user.has(path) || library.has(path),
    readFile: (path) => user.get(path)?.text ?? library.get(path),
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
  };
  const service = tsApi.createLanguageService(host, tsApi.createDocumentRegistry(true, '/'));

  /** Brings the service's files up to date; returns the path of `file`. */
  const sync = (files: SourceFiles, file: string): string => {
    const names = Object.keys(files);
    // main.ts last, as the compiler orders them.
    userOrder = [...names.filter((n) => n !== 'main.ts'), ...names.filter((n) => n === 'main.ts')].map((n) => `/${n}`);
    for (const [path] of user) if (!userOrder.includes(path)) user.delete(path);
    for (const name of names) {
      const path = `/${name}`;
      const text = files[name]!;
      const known = user.get(path);
      if (!known) user.set(path, { text, version: 1 });
      else if (known.text !== text) user.set(path, { text, version: known.version + 1 });
    }
    if (!Object.hasOwn(files, file)) throw new Error(`There is no file called ${file}.`);
    return `/${file}`;
  };

  const text = tsApi.displayPartsToString;
  const docs = (documentation: readonly ts.SymbolDisplayPart[] | undefined, tags: readonly ts.JSDocTagInfo[] = []) =>
    [
      text(documentation ? [...documentation] : []),
      ...tags
        .filter((tag) => tag.name === 'param' || tag.name === 'returns' || tag.name === 'example')
        .map((tag) => `@${tag.name} ${text(tag.text ? [...tag.text] : [])}`.trim()),
    ]
      .filter((part) => part !== '')
      .join('\n\n');

  return {
    completions(files, file, offset) {
      const path = sync(files, file);
      const result = service.getCompletionsAtPosition(path, offset, {
        includeCompletionsWithInsertText: true,
        includeCompletionsForModuleExports: false,
      });
      if (!result) return { from: offset, options: [] };
      // Where the word being completed starts: TypeScript's span when it gives one.
      const span = result.optionalReplacementSpan;
      const source = files[file]!;
      let from = span ? span.start : offset;
      if (!span) while (from > 0 && /[\w$]/.test(source.charAt(from - 1))) from--;
      const options = result.entries
        .filter((entry) => !hidden(entry.name))
        .map((entry) => ({
          label: entry.name,
          kind: kinds[entry.kind] ?? 'text',
          sortText: entry.sortText,
          ...(entry.insertText !== undefined && entry.insertText !== entry.name
            ? { insertText: entry.insertText }
            : {}),
        }));
      return { from, options, member: result.isMemberCompletion };
    },
    completionDetails(files, file, offset, name) {
      const path = sync(files, file);
      const details = service.getCompletionEntryDetails(path, offset, name, undefined, undefined, undefined, undefined);
      if (!details) return null;
      return { signature: text(details.displayParts), documentation: docs(details.documentation, details.tags) };
    },
    quickInfo(files, file, offset) {
      const path = sync(files, file);
      const info = service.getQuickInfoAtPosition(path, offset);
      if (!info) return null;
      return {
        from: info.textSpan.start,
        to: info.textSpan.start + info.textSpan.length,
        signature: text(info.displayParts ?? []),
        documentation: docs(info.documentation, info.tags),
      };
    },
    signatureHelp(files, file, offset) {
      const path = sync(files, file);
      const help = service.getSignatureHelpItems(path, offset, undefined);
      if (!help || help.items.length === 0) return null;
      return {
        from: help.applicableSpan.start,
        to: help.applicableSpan.start + help.applicableSpan.length,
        activeSignature: help.selectedItemIndex,
        activeParameter: help.argumentIndex,
        signatures: help.items.map((item) => ({
          prefix: text(item.prefixDisplayParts),
          separator: text(item.separatorDisplayParts),
          suffix: text(item.suffixDisplayParts),
          // The parameters' own lines are shown apart (the active one), so no @param tags here.
          documentation: docs(item.documentation),
          parameters: item.parameters.map((p) => ({
            label: text(p.displayParts),
            documentation: docs(p.documentation),
          })),
        })),
      };
    },
    format(files, file) {
      const path = sync(files, file);
      const source = files[file]!;
      const edits = service.getFormattingEditsForDocument(path, formatSettings(tsApi));
      // Apply from the end so earlier offsets stay valid.
      let result = source;
      for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start)) {
        result = result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.start + edit.span.length);
      }
      return { text: result };
    },
  };
}
