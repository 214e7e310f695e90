// The worker's answers to `service` requests: the language service (built on first use, after the
// compiler is warm) and blocks <-> code. Everything is built lazily and once per worker.

import type ts from 'typescript';
import { microbitLibraryFiles } from '@blockyard/board-microbit';
import {
  apiPythonName,
  type ApiMetadata,
  type BlockRegistry,
  type CompileOptions,
  type CompileResult,
  type Compiler,
  compilePython,
  createBlockRegistry,
  definitionSignature,
  type Diagnostic,
  type LibraryFile,
  mergeApiMetadata,
  readExtensionApi,
  type PythonCompletionKind,
  pythonApiNameAt,
  pythonCallAt,
  pythonCallNameAt,
  pythonCompletions,
  pythonDocWords,
  pythonNames,
  type PythonNames,
  pythonOnlyMethodNames,
  pythonParameterWords,
  pythonReturnWords,
  pythonProgramCallAt,
  pythonProgramNameAt,
  pythonSignature,
  pythonSignatureWords,
  pythonToTypeScript,
  type PythonToTypeScriptResult,
  typeScriptToPython,
  wordPattern,
} from '@blockyard/language';
import { createBlocksService, type BlocksService } from './blocks-service.ts';
import { callCut } from './python-call-cut.ts';
import {
  fallbackSignature,
  onlyMethodSignature,
  programDisplay,
  programMethod,
  pythonHelp,
  pythonMemberSignature,
  pythonOnlyMethodOf,
  pythonOwner,
} from './python-help-text.ts';
import type {
  CompletionDetailsAnswer,
  CompletionKind,
  CompletionsAnswer,
  EditAnswer,
  EditorDiagnostic,
  EditRequest,
  QuickInfoAnswer,
  SignatureHelpAnswer,
  ExtensionsAnswer,
  FromPythonAnswer,
  ServiceAnswers,
  ServiceRequest,
  ToPythonAnswer,
} from './compiler-protocol.ts';
import { createEditorLanguageService, type EditorLanguageService } from './language-service.ts';

export interface EditorServices {
  answer<R extends ServiceRequest>(request: R): ServiceAnswers[R['op']];
  /** Compiles, or hands over the result compiled ahead for exactly these files (after fromPython). */
  compile(files: Readonly<Record<string, string>>, options?: CompileOptions): CompileResult;
  /** Builds the language service and block registry now (the worker does it when idle). */
  warm(): void;
  /** Milliseconds per step of the last answer or compile (for the editor's timing breakdown). */
  takeTimings(): Record<string, number>;
}

// Small programs touching what a converter does with most programs (handlers, loops, globals).
const WARM_TYPESCRIPT = `let count = 0
function tally(n: number): number {
    return n + 1
}
input.onButtonPressed(Button.A, function () {
    count = tally(count)
    basic.showNumber(count)
})
basic.forever(function () {
    for (let i = 0; i < 3; i++) {
        if (count > i) {
            basic.showIcon(IconNames.Heart)
        }
    }
})
`;
const WARM_PYTHON = `count = 0
def tally(n: number):
    return n + 1
def on_button_pressed_a():
    global count
    count = tally(count)
    basic.show_number(count)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_forever():
    for i in range(3):
        if count > i:
            basic.show_icon(IconNames.HEART)
basic.forever(on_forever)
`;

function sameFiles(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && a[name] === b[name]);
}

export function createEditorServices(
  tsApi: typeof ts,
  compiler: () => Compiler,
  metadata?: ApiMetadata,
  now: () => number = () => performance.now(),
): EditorServices {
  let timings: Record<string, number> = {};
  const record = (prefix: string, steps: Readonly<Record<string, number>> | undefined) => {
    for (const [step, ms] of Object.entries(steps ?? {})) timings[`${prefix}:${step}`] = ms;
  };
  let language: EditorLanguageService | undefined;
  let blocks: BlocksService | undefined;
  let registry: BlockRegistry | undefined;
  /** The compile fromPython made (a switch out of Python), for the compile request expected next. */
  let ahead: { files: Readonly<Record<string, string>>; result: CompileResult } | undefined;
  /** The project's extensions: their API (merged into the board's) and their sources for Python. */
  let extension: { metadata: ApiMetadata; library: readonly LibraryFile[] } | undefined;
  const boardMetadata = () => metadata ?? createBlockRegistry({ ts: tsApi, library: microbitLibraryFiles }).metadata;
  const getRegistry = () =>
    (registry ??= extension
      ? createBlockRegistry({ metadata: mergeApiMetadata(boardMetadata(), extension.metadata) })
      : metadata
        ? createBlockRegistry({ metadata })
        : createBlockRegistry({ ts: tsApi, library: microbitLibraryFiles }));
  const getLanguage = () => (language ??= createEditorLanguageService(tsApi, compiler()));
  const getBlocks = () => (blocks ??= createBlocksService(tsApi, compiler(), getRegistry));

  const diagnostics = (files: Record<string, string>, file: string): EditorDiagnostic[] =>
    located(files[file] ?? '', compiler().compile(files).diagnostics, file);

  const names = () => pythonNames(tsApi, extension?.library ?? microbitLibraryFiles);
  /** The board's library with extension sources, as the Python converter reads them. */
  const libraryWith = (files: Readonly<Record<string, string>>): LibraryFile[] => [
    ...microbitLibraryFiles,
    ...Object.entries(files)
      .filter(([name]) => name.endsWith('.ts'))
      .map(([name, text]): LibraryFile => ({ name, text, provides: 'host' })),
  ];
  /** The last help page's extensions and library: its names and its examples' Python share one table. */
  let help: { files: Readonly<Record<string, string>>; library: LibraryFile[] } | undefined;
  const helpNames = (files: Readonly<Record<string, string>>) => {
    if (!help || !sameFiles(help.files, files)) help = { files, library: libraryWith(files) };
    return pythonNames(tsApi, help.library);
  };
  /** Help pages' Python, with the extensions' names, the editor's names left as they are. */
  const readPython = (files: Readonly<Record<string, string>>, code: readonly string[]): (string | null)[] => {
    const read = helpNames(files);
    return code.map((program) => {
      const result = typeScriptToPython(tsApi, program, read);
      return result.diagnostics.length ? null : result.code.trimEnd();
    });
  };
  /** What the extensions add, read without changing what the editor knows (`readExtensions`). */
  const readExtensions = (files: Readonly<Record<string, string>>): ExtensionsAnswer => {
    if (Object.keys(files).length === 0) {
      return {
        metadata: { namespaces: {}, functions: {}, enums: {}, enumConstants: {} },
        boardOnly: {},
        packageOf: {},
      };
    }
    const api = readExtensionApi(tsApi, files);
    const byPackage = new Map<string, Record<string, string>>();
    for (const [name, text] of Object.entries(files)) {
      const id = /^pxt_modules\/([^/]+)\//.exec(name)?.[1] ?? '';
      byPackage.set(id, { ...byPackage.get(id), [name]: text });
    }
    const boardOnly: Record<string, string[]> = {};
    const packageOf: Record<string, string> = {};
    for (const [id, own] of byPackage) {
      // One package alone: its own functions (the first package to declare a name keeps it).
      const alone = byPackage.size === 1 ? api : readExtensionApi(tsApi, own);
      if (alone.boardOnly.length > 0) boardOnly[id] = [...alone.boardOnly];
      for (const qName of Object.keys(alone.metadata.functions)) {
        if (!Object.hasOwn(packageOf, qName)) packageOf[qName] = id;
      }
    }
    return { metadata: api.metadata, boardOnly, packageOf };
  };
  /** readExtensions with each function's Python name, for the help pages. */
  const readExtensionsForHelp = (files: Readonly<Record<string, string>>): ExtensionsAnswer => {
    const answer = readExtensions(files);
    if (Object.keys(files).length === 0) return { ...answer, pythonNames: {} };
    const read = helpNames(files);
    const named = Object.values(answer.metadata.functions).map((fn): [string, string] => [
      fn.qName,
      apiPythonName(read, fn),
    ]);
    return { ...answer, pythonNames: Object.fromEntries(named) };
  };
  const setExtensions = (files: Readonly<Record<string, string>>): ExtensionsAnswer => {
    registry = undefined;
    blocks = undefined;
    const answer = readExtensions(files);
    if (Object.keys(files).length === 0) {
      extension = undefined;
      return answer;
    }
    // A new array each time: pythonNames caches by the library it is given.
    extension = { metadata: answer.metadata, library: libraryWith(files) };
    return answer;
  };
  // One conversion and one compile per edit: the compile of the converted files is kept as the
  // result ahead, so the live run that follows (the same files) is answered without compiling.
  const fromPython = (python: string, files: Readonly<Record<string, string>>): FromPythonAnswer => {
    const { 'main.ts': _main, ...others } = files;
    const result = compilePython(compiler(), names(), { ...others, 'main.py': python }, { now });
    const lineMap = (result.lineMaps['main.ts'] ?? []).map(([line, column]): [number, number] => [line, column]);
    const diagnostics = located(python, result.diagnostics, 'main.py');
    const compiled = result.compiledTypeScript;
    if (!compiled) return { code: null, diagnostics, lineMap };
    ahead = { files: compiled.files, result: compiled.result };
    return { code: result.typeScript['main.ts'] ?? '', diagnostics, lineMap };
  };
  // A live-run edit: main.ts made once from what the learner edits, compiled once, one answer.
  const edit = (request: EditRequest): EditAnswer => {
    const { 'main.ts': _main, ...others } = request.files;
    ahead = undefined;
    if (request.from === 'python') {
      const debug = request.build === 'run' && request.debug === true;
      const result = compilePython(
        compiler(),
        names(),
        { ...others, 'main.py': request.text },
        {
          now,
          ...(debug ? { debug } : {}),
        },
      );
      record('edit', result.compiledTypeScript?.result.timings);
      const code = result.typeScript['main.ts'] ?? '';
      const answer: EditAnswer = {
        code: result.compiledTypeScript ? code : null,
        sourceMap: [],
        generatorDiagnostics: [],
        lineMap: (result.lineMaps['main.ts'] ?? []).map(([line, column]): [number, number] => [line, column]),
        diagnostics: located(request.text, result.diagnostics, 'main.py'),
      };
      const compiled = result.compiledTypeScript;
      if (!compiled || request.build !== 'run' || code === request.unlessCode) return answer;
      return { ...answer, compiled: withoutTimings(compiled.result) };
    }
    const generated = getBlocks().toCode(request.text, (step, ms) => (timings[`toCode:${step}`] = ms));
    const answer: EditAnswer = {
      code: generated.code,
      sourceMap: generated.sourceMap,
      generatorDiagnostics: generated.diagnostics,
      lineMap: [],
      diagnostics: [],
    };
    const files = { ...others, 'main.ts': generated.code };
    if (request.build === 'check') {
      const result = compiler().compile(files, { now });
      record('edit', result.timings);
      return { ...answer, diagnostics: located(generated.code, result.diagnostics, 'main.ts') };
    }
    if (generated.code === request.unlessCode) return answer;
    return { ...answer, compiled: compileRun(files, request.debug === true) };
  };
  const compileRun = (files: Readonly<Record<string, string>>, debug: boolean): CompileResult => {
    const result = compiler().compile(files, { ...(debug ? { debug } : {}), now });
    record('edit', result.timings);
    return withoutTimings(result);
  };
  const toPython = (request: { code?: string; xml?: string }): ToPythonAnswer => {
    const code =
      request.code ?? getBlocks().toCode(request.xml ?? '', (step, ms) => (timings[`toCode:${step}`] = ms)).code;
    const result = typeScriptToPython(tsApi, code, names());
    const problems = result.diagnostics.map((d) => ({ ...d, file: 'main.ts', category: 'warning' as const }));
    return { python: result.code, code, warnings: located(code, problems, 'main.ts') };
  };
  const warmPython = (): null => {
    const table = names();
    typeScriptToPython(tsApi, WARM_TYPESCRIPT, table);
    pythonToTypeScript(WARM_PYTHON, table);
    return null;
  };

  // Python (a `.py` file): completions from the name table; signatures and docs from
  // TypeScript's language service on the API name alone, written back in Python names.
  const apiDocs = (typeScript: string): CompletionDetailsAnswer | null => {
    const info = getLanguage().quickInfo({ 'main.ts': typeScript }, 'main.ts', typeScript.length - 1);
    const python = names().qualifiedToPython(typeScript);
    if (!info || !python) return null;
    return {
      signature: pythonSignatureWords(pythonSignature(info.signature, typeScript, python)),
      documentation: apiDocWords(info.documentation),
    };
  };
  const pythonComplete = (files: Readonly<Record<string, string>>, text: string, offset: number): CompletionsAnswer => {
    const found = pythonCompletions(names(), text, offset, true);
    if (!found || (found.member && found.options.length === 0)) {
      const from = found?.from ?? memberWordStart(text, offset);
      const members = valueMembers(files, text, from);
      if (members) return { from, member: true, options: members };
    }
    if (!found) return { from: offset, options: [] };
    return {
      from: found.from,
      member: found.member,
      options: found.options.map((o) => ({
        label: o.label,
        kind: PYTHON_KINDS[o.kind],
        sortText: PYTHON_SORT[o.kind],
      })),
    };
  };
  const pythonDetails = (
    files: Readonly<Record<string, string>>,
    text: string,
    offset: number,
    name: string,
  ): CompletionDetailsAnswer | null => {
    const found = pythonCompletions(names(), text, offset, true);
    const option = found?.options.find((o) => o.label === name);
    if (option?.typeScript) return apiDocs(option.typeScript);
    // A member of the program's own class (`dot.draw`) is explained like any value's member.
    if (found && !found.member) return null;
    const from = found?.from ?? memberWordStart(text, offset);
    return valueMemberDocs(files, text, from, wordEnd(text, from), name);
  };
  const pythonQuickInfo = (text: string, offset: number): QuickInfoAnswer | null => {
    const at = pythonApiNameAt(names(), text, offset);
    const docs = at ? apiDocs(at.typeScript) : null;
    return at && docs ? { from: at.from, to: at.to, ...docs } : null;
  };
  // The call's TypeScript with as many arguments as the Python has before the cursor: TypeScript
  // then names the same parameter; its words come back with the Python name of the function.
  const pythonSignatureHelp = (text: string, offset: number): SignatureHelpAnswer | null => {
    const call = pythonCallAt(names(), text, offset);
    if (!call) return null;
    const snippet = `${call.typeScript}(${'undefined, '.repeat(call.argument)}`;
    const help = getLanguage().signatureHelp({ 'main.ts': snippet }, 'main.ts', snippet.length);
    return help && pythonHelp(help, call, offset, (prefix) => pythonPrefix(prefix, call.typeScript, call.python));
  };
  // The learner's own defs, variables and parameters: TypeScript, asked about the converted
  // program, knows their full types (a def's inferred return type too); the docs are the Python's
  // (docstring or comment above). Where the converter left no name to ask about (a handler
  // written inline), the Python's own reading stands in.
  let twin: { text: string; names: PythonNames; result: PythonToTypeScriptResult } | undefined;
  const converted = (text: string): PythonToTypeScriptResult => {
    const table = names();
    if (twin?.text !== text || twin.names !== table)
      twin = { text, names: table, result: pythonToTypeScript(text, table) };
    return twin.result;
  };
  const twinFiles = (files: Readonly<Record<string, string>>, code: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, text] of Object.entries(files)) if (!isPython(name)) out[name] = text;
    return { ...out, 'main.ts': code };
  };
  const pythonProgramQuickInfo = (
    files: Readonly<Record<string, string>>,
    text: string,
    offset: number,
  ): QuickInfoAnswer | null => {
    const at = pythonProgramNameAt(names(), text, offset);
    if (!at) return null;
    const { code, lineMap } = converted(text);
    const tsOffset = twinOffset(code, lineMap, at.line, at.name, at.occurrence);
    const info = tsOffset === undefined ? null : getLanguage().quickInfo(twinFiles(files, code), 'main.ts', tsOffset);
    const signature = pythonSignatureWords(
      info
        ? programDisplay(info.signature)
        : at.definition
          ? definitionSignature(at.definition)
          : `${at.name}${at.type ? `: ${at.type}` : ''}`,
      true,
    );
    return { from: at.from, to: at.to, signature, documentation: at.docs };
  };
  const pythonProgramSignatureHelp = (
    files: Readonly<Record<string, string>>,
    text: string,
    offset: number,
  ): SignatureHelpAnswer | null => {
    const call = pythonProgramCallAt(names(), text, offset);
    if (!call) return null;
    const { definition, argument } = call;
    let help: SignatureHelpAnswer | null = null;
    const { code } = converted(text);
    // A call written after the converted program reaches a top-level def by its name.
    if (definition.topLevel && new RegExp(`^function ${definition.name}\\(`, 'm').test(code)) {
      const snippet = `${code}\n${definition.name}(${'undefined, '.repeat(argument)}`;
      help = getLanguage().signatureHelp(twinFiles(files, snippet), 'main.ts', snippet.length);
    }
    const signatures = help?.signatures ?? [fallbackSignature(definition)];
    return {
      from: call.from,
      to: offset,
      activeSignature: 0,
      activeParameter: argument,
      signatures: signatures.map((s) => ({ ...s, documentation: definition.docs })),
    };
  };
  // After a dot on a value the name table does not know (a list, a text, a sprite made by
  // `game.create_sprite`, `self.x`, what a call gives back): the member word is swapped for a
  // marker the converter passes through, and TypeScript, asked after the dot in the converted
  // program, knows the value's type. Its members are offered, explained and hovered in their
  // Python spelling.
  const memberTwin = (
    files: Readonly<Record<string, string>>,
    text: string,
    from: number,
    end: number,
  ): { files: Record<string, string>; offset: number } | undefined => {
    // A value must end just before the dot: a name, a call, an index or a text (not `1.`).
    const before = text.slice(0, from);
    if (!/(?:[\w)\]"']|^)\.$/.test(before) || /(?:^|[^\w.])\d+\.$/.test(before) || before === '.') return undefined;
    const { code } = converted(before + MEMBER_MARK + text.slice(end));
    const at = code.indexOf(`.${MEMBER_MARK}`);
    if (at < 0) return undefined;
    const withDot = code.slice(0, at + 1) + code.slice(at + 1 + MEMBER_MARK.length);
    return { files: twinFiles(files, withDot), offset: at + 1 };
  };
  /** The last members asked for (with the name table they were spelt with). */
  let members:
    | {
        table: PythonNames;
        files: Record<string, string>;
        offset: number;
        list: { label: string; typeScript: string; kind: CompletionKind; sortText: string }[] | undefined;
      }
    | undefined;
  /** The members TypeScript offers there, each with its TypeScript name and Python spelling. */
  const twinMembers = (twin: { files: Record<string, string>; offset: number }) => {
    // Signature help asks again about the same twin at each keystroke in a call's arguments.
    const table = names();
    const last = members;
    if (last?.table === table && last.offset === twin.offset && sameFiles(last.files, twin.files)) return last.list;
    const list = askMembers(twin, table);
    members = { table, files: twin.files, offset: twin.offset, list };
    return list;
  };
  const askMembers = (twin: { files: Record<string, string>; offset: number }, table: PythonNames) => {
    const answer = getLanguage().completions(twin.files, 'main.ts', twin.offset);
    if (!answer.member) return undefined;
    const seen = new Set<string>();
    return answer.options.flatMap((o) => {
      const label = table.memberToPython(o.label) ?? o.label;
      // Members only reached with brackets (`[Symbol.iterator]`) have no Python spelling.
      if (o.insertText !== undefined || seen.has(label)) return [];
      seen.add(label);
      return [{ label, typeScript: o.label, kind: o.kind, sortText: o.sortText }];
    });
  };
  const wordEnd = (text: string, from: number) => {
    let end = from;
    while (end < text.length && /\w/.test(text.charAt(end))) end++;
    return end;
  };
  const valueMembers = (
    files: Readonly<Record<string, string>>,
    text: string,
    from: number,
  ): CompletionsAnswer['options'] | undefined => {
    const twin = memberTwin(files, text, from, wordEnd(text, from));
    const members = twin && twinMembers(twin);
    if (!members) return undefined;
    const options = members.map(({ label, kind, sortText }) => ({ label, kind, sortText }));
    // Python's own text and list methods TypeScript has no member for (`find`, a list's `count`),
    // ranked with the value's other methods.
    const owner = pythonOwner(members);
    const own = owner ? pythonOnlyMethodNames(owner).filter((name) => !members.some((m) => m.label === name)) : [];
    const sortText = members.find((m) => m.kind === 'method')?.sortText ?? '11';
    return [...options, ...own.map((label) => ({ label, kind: 'method' as const, sortText }))];
  };
  /** The signature and JSDoc of the member `name` (Python spelling) of the value before `from`. */
  const valueMemberDocs = (
    files: Readonly<Record<string, string>>,
    text: string,
    from: number,
    end: number,
    name: string,
  ): CompletionDetailsAnswer | null => {
    const twin = memberTwin(files, text, from, end);
    const list = twin && twinMembers(twin);
    const member = list?.find((m) => m.label === name);
    if (!twin || !list) return null;
    if (!member) {
      const own = pythonOnlyMethodOf(list, name);
      return own ? { signature: onlyMethodSignature(own, name), documentation: own.documentation } : null;
    }
    const details = getLanguage().completionDetails(twin.files, 'main.ts', twin.offset, member.typeScript);
    if (!details) return null;
    return {
      // A method of the learner's own class keeps the names and the docs they wrote.
      signature: pythonSignatureWords(
        pythonMemberSignature(details.signature, member.typeScript, name),
        programMethod(text, name),
      ),
      documentation: programMethod(text, name) ? details.documentation : apiDocWords(details.documentation),
    };
  };
  const memberWordStart = (text: string, offset: number) => {
    let from = offset;
    while (from > 0 && /\w/.test(text.charAt(from - 1))) from--;
    return from;
  };
  const valueMemberQuickInfo = (
    files: Readonly<Record<string, string>>,
    text: string,
    offset: number,
  ): QuickInfoAnswer | null => {
    const from = memberWordStart(text, offset);
    const to = wordEnd(text, offset);
    if (from === to || text.charAt(from - 1) !== '.') return null;
    const docs = valueMemberDocs(files, text, from, to, text.slice(from, to));
    return docs ? { from, to, ...docs } : null;
  };
  // A call of a value's member (`scores.insert(`, `self.body.turn(`, `f(1).move(`, `a[0].find(`):
  // TypeScript's help on the member's TypeScript name after the same dot.
  const valueMemberSignatureHelp = (
    files: Readonly<Record<string, string>>,
    text: string,
    offset: number,
  ): SignatureHelpAnswer | null => {
    const call = pythonCallNameAt(text, offset);
    if (!call) return null;
    let end = call.from - 1;
    while (end > 0 && /[ \t]/.test(text.charAt(end - 1))) end--;
    const from = memberWordStart(text, end);
    if (from === end || text.charAt(from - 1) !== '.') return null;
    const name = text.slice(from, end);
    const twin = memberTwin(files, callCut(text, call.from - 1, end, offset), from, end);
    if (!twin) return null;
    // TypeScript asked right after `member(`, whatever the arguments: the same question at every
    // keystroke in them (answered from the language service's program as it stands); the Python
    // counts the argument. The member's TypeScript name by the name table first, else by the
    // members TypeScript offers there (a class's own `append`).
    const code = twin.files['main.ts'] ?? '';
    const ask = (typeScript: string): SignatureHelpAnswer | null => {
      const snippet = `${code.slice(0, twin.offset)}${typeScript}(`;
      const help = getLanguage().signatureHelp({ ...twin.files, 'main.ts': snippet }, 'main.ts', snippet.length);
      return help && pythonHelp(help, call, offset, (prefix) => pythonMemberSignature(prefix, typeScript, name));
    };
    const byName = names().memberToTypeScript(name) ?? name;
    const help = ask(byName);
    if (help) return help;
    const list = twinMembers(twin);
    const member = list?.find((m) => m.label === name);
    if (member) return member.typeScript === byName ? null : ask(member.typeScript);
    const own = list && pythonOnlyMethodOf(list, name);
    if (!own) return null;
    const signature = { prefix: `${name}(`, separator: ', ', suffix: `) -> ${own.returns}` };
    return {
      from: call.from,
      to: offset,
      activeSignature: 0,
      activeParameter: call.argument,
      signatures: [
        { ...signature, documentation: own.documentation, parameters: own.parameters.map((p) => ({ ...p })) },
      ],
    };
  };
  const isPython = (file: string) => file.endsWith('.py');
  /** The API's JSDoc in the words of its signature (`@param frame_offset`, `IconNames.HEART`). */
  const apiDocWords = (documentation: string) =>
    pythonDocWords(documentation, (name) => names().qualifiedToPython(name));
  /** Signature help's docs and words in Python's (the learner's own def: its names as written). */
  const inPythonWords = (help: SignatureHelpAnswer, ownNames = false): SignatureHelpAnswer => {
    const docs = ownNames ? (text: string) => text : apiDocWords;
    return {
      ...help,
      signatures: help.signatures.map((s) => ({
        ...s,
        documentation: docs(s.documentation),
        suffix: pythonReturnWords(s.suffix),
        parameters: s.parameters.map((p) => ({
          label: pythonParameterWords(p.label, ownNames),
          documentation: docs(p.documentation),
        })),
      })),
    };
  };

  const answer = (request: ServiceRequest): ServiceAnswers[ServiceRequest['op']] => {
    if (request.op === 'completions' && isPython(request.file))
      return pythonComplete(request.files, request.files[request.file] ?? '', request.offset);
    if (request.op === 'completionDetails' && isPython(request.file))
      return pythonDetails(request.files, request.files[request.file] ?? '', request.offset, request.name);
    if (request.op === 'quickInfo' && isPython(request.file)) {
      const text = request.files[request.file] ?? '';
      return (
        pythonQuickInfo(text, request.offset) ??
        pythonProgramQuickInfo(request.files, text, request.offset) ??
        valueMemberQuickInfo(request.files, text, request.offset)
      );
    }
    if (request.op === 'signatureHelp' && isPython(request.file)) {
      const text = request.files[request.file] ?? '';
      const api = pythonSignatureHelp(text, request.offset);
      if (api) return inPythonWords(api);
      // The learner's own def keeps the parameter names they wrote.
      const own = pythonProgramSignatureHelp(request.files, text, request.offset);
      if (own) return inPythonWords(own, true);
      const member = valueMemberSignatureHelp(request.files, text, request.offset);
      const name = /^(\w+)\(/.exec(member?.signatures[0]?.prefix ?? '')?.[1];
      return member && inPythonWords(member, name !== undefined && programMethod(text, name));
    }
    switch (request.op) {
      case 'completions':
        return getLanguage().completions(request.files, request.file, request.offset);
      case 'completionDetails':
        return getLanguage().completionDetails(request.files, request.file, request.offset, request.name);
      case 'quickInfo':
        return getLanguage().quickInfo(request.files, request.file, request.offset);
      case 'signatureHelp':
        return getLanguage().signatureHelp(request.files, request.file, request.offset);
      case 'format':
        return getLanguage().format(request.files, request.file);
      case 'diagnostics':
        return diagnostics(request.files, request.file);
      case 'toBlocks':
        return getBlocks().toBlocks(request.files, request.previousXml);
      case 'toCode':
        return getBlocks().toCode(request.xml, (step, ms) => (timings[`toCode:${step}`] = ms));
      case 'edit':
        return edit(request);
      case 'fromPython':
        return fromPython(request.python, request.files);
      case 'toPython':
        return toPython(request);
      case 'warmPython':
        return warmPython();
      case 'extensions':
        return setExtensions(request.files);
      case 'readExtensions':
        return readExtensionsForHelp(request.files);
      case 'readExtensionsPython':
        return readPython(request.files, request.code);
    }
  };

  return {
    answer: answer as EditorServices['answer'],
    compile(files, options) {
      const ready = ahead;
      ahead = undefined;
      if (ready && !options?.debug && sameFiles(ready.files, files)) {
        record('ahead', ready.result.timings);
        return withoutTimings(ready.result);
      }
      const result = compiler().compile(files, { ...options, now });
      record('compile', result.timings);
      return withoutTimings(result);
    },
    takeTimings() {
      const taken = timings;
      timings = {};
      return taken;
    },
    warm() {
      getRegistry();
      getLanguage().completions({ 'main.ts': 'basic.' }, 'main.ts', 6);
    },
  };
}

/**
 * A signature's opening words with the function's Python name as the learner writes it
 * (TypeScript gives `showString(`; Python shows `basic.show_string(`).
 */
function pythonPrefix(prefix: string, typeScript: string, python: string): string {
  if (prefix.includes(`${typeScript}(`)) return pythonSignature(prefix, typeScript, python);
  const own = typeScript.slice(typeScript.lastIndexOf('.') + 1);
  return prefix.split(`${own}(`).join(`${python}(`);
}

/** Passed through by the Python converter as a member name, where the learner's word was. */
const MEMBER_MARK = 'zzblockyardmemberzz';

/** Where the `occurrence`th `name` made from Python line `line` is in the TypeScript twin. */
function twinOffset(
  code: string,
  lineMap: readonly (readonly [number, number])[],
  line: number,
  name: string,
  occurrence: number,
): number | undefined {
  const starts = lineStarts(code);
  const found: number[] = [];
  lineMap.forEach(([pythonLine], index) => {
    if (pythonLine !== line) return;
    const start = starts[index] ?? code.length;
    const end = starts[index + 1] ?? code.length;
    for (const match of code.slice(start, end).matchAll(wordPattern(name))) found.push(start + match.index);
  });
  return found[Math.min(occurrence, found.length - 1)];
}

/** The result as the editor gets it (timings travel next to it). */
function withoutTimings(result: CompileResult): CompileResult {
  if (!result.timings) return result;
  const { timings: _timings, ...rest } = result;
  return rest;
}

const PYTHON_KINDS: Readonly<Record<PythonCompletionKind, CompletionKind>> = {
  namespace: 'namespace',
  enum: 'enum',
  class: 'class',
  interface: 'interface',
  function: 'function',
  variable: 'variable',
  enumMember: 'constant',
  method: 'method',
  property: 'property',
  keyword: 'keyword',
  builtin: 'function',
  program: 'variable',
};

/** The program's names first, then the API, built-ins and keywords (as TypeScript's sortText). */
const PYTHON_SORT: Readonly<Record<PythonCompletionKind, string>> = {
  program: '10',
  namespace: '11',
  enum: '11',
  class: '11',
  interface: '11',
  function: '11',
  variable: '11',
  enumMember: '11',
  method: '11',
  property: '11',
  builtin: '12',
  keyword: '15',
};

/** The diagnostics of `file`, with offsets into its `text`. */
function located(text: string, diagnostics: readonly Diagnostic[], file: string): EditorDiagnostic[] {
  const starts = lineStarts(text);
  return diagnostics
    .filter((d) => d.file === file)
    .map((d) => {
      const from = Math.min(text.length, (starts[d.line - 1] ?? text.length) + d.column - 1);
      return {
        from,
        to: Math.min(text.length, from + Math.max(0, d.length)),
        line: d.line,
        column: d.column,
        message: d.message,
        code: d.code,
        severity: d.category === 'error' ? 'error' : 'warning',
      };
    });
}

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
