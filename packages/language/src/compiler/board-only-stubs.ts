// Extensions from a code host often describe their C++ parts in TypeScript declarations
// (`shims.d.ts`: `declare namespace motor { //% shim=motor::run \n function run(speed: number): void; }`).
// The simulator cannot run C++, and a program may not use `declare` (escape-hatches.ts: it could
// name any global of the host). So before compiling, each extension file (`pxt_modules/<id>/…`)
// gets its declarations turned into ordinary code: `declare` is blanked out, members of a declared
// namespace are exported (they were implicitly), and every function without a body gets one that
// does nothing and returns an empty value of its type (`TD_ID` returns its argument). The result
// is compiled with every check learner code gets, so an extension gains no power by this: whatever
// it could write here it could have written in a .ts file. The editor says which functions work
// only on the board (extension-api.ts `boardOnly`). Learner files are never rewritten.

import type ts from 'typescript';

type TsApi = typeof ts;

const EXTENSION_FILE = /^pxt_modules\/[^/]+\/.+\.ts$/;
const DECLARATION_SUFFIX = '.d.ts';
/** What a rewritten `.d.ts` is called: TypeScript refuses bodies in a file ending in `.d.ts`. */
const BOARD_ONLY_SUFFIX = '.board-only.ts';

interface Edit {
  pos: number;
  end: number;
  text: string;
}

const cache = new Map<string, string>();
const CACHE_LIMIT = 64;

/** The compiler's file name for an extension file: `x/shims.d.ts` -> `x/shims.board-only.ts`. */
export function stubbedFileName(name: string): string {
  return EXTENSION_FILE.test(name) && name.endsWith(DECLARATION_SUFFIX)
    ? name.slice(0, -DECLARATION_SUFFIX.length) + BOARD_ONLY_SUFFIX
    : name;
}

/**
 * The program's files with every extension file's declarations made runnable (see above). Files
 * keep their order; a file that needs no change is passed through as it is.
 */
export function withBoardOnlyStubs(
  tsApi: TsApi,
  files: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  if (!Object.keys(files).some((name) => EXTENSION_FILE.test(name))) return files;
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    if (!EXTENSION_FILE.test(name) || !/\bdeclare\b|;/.test(text)) {
      out[name] = text;
      continue;
    }
    out[stubbedFileName(name)] = stubText(tsApi, text);
  }
  return out;
}

function stubText(tsApi: TsApi, text: string): string {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const stubbed = rewrite(tsApi, text);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(text, stubbed);
  return stubbed;
}

/** The text with the edits described above; exported for tests. */
export function rewrite(tsApi: TsApi, text: string): string {
  const ts = tsApi;
  const file = ts.createSourceFile('extension.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const edits: Edit[] = [];

  const declareModifier = (node: ts.Node): ts.Modifier | undefined =>
    ts.canHaveModifiers(node) ? ts.getModifiers(node)?.find((m) => m.kind === ts.SyntaxKind.DeclareKeyword) : undefined;
  const isExported = (node: ts.Node): boolean =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false);

  const visitStatements = (statements: readonly ts.Statement[], ambient: boolean, inNamespace: boolean): void => {
    // Overloads: only the last signature of a name gets a body, the others stay signatures.
    const lastOfName = new Map<string, ts.FunctionDeclaration>();
    for (const statement of statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) lastOfName.set(statement.name.text, statement);
    }
    const implemented = new Set(
      statements
        .filter((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && !!s.name && !!s.body)
        .map((s) => s.name!.text),
    );
    for (const statement of statements) {
      const declare = declareModifier(statement);
      const isAmbient = ambient || declare !== undefined;
      if (declare)
        edits.push({
          pos: declare.getStart(file),
          end: declare.end,
          text: ' '.repeat(declare.end - declare.getStart(file)),
        });
      // Members of a declared namespace are exported without saying so; ordinary ones are not.
      if (ambient && inNamespace && !isExported(statement) && exportable(ts, statement)) {
        edits.push({ pos: statement.getStart(file), end: statement.getStart(file), text: 'export ' });
      }
      if (ts.isModuleDeclaration(statement)) {
        let body = statement.body;
        while (body && ts.isModuleDeclaration(body)) body = body.body;
        if (body && ts.isModuleBlock(body)) visitStatements(body.statements, isAmbient, true);
      } else if (ts.isFunctionDeclaration(statement) && !statement.body && statement.name) {
        const name = statement.name.text;
        const shim = shimOf(ts, statement, text);
        // In ordinary code a body-less function is an overload unless nothing implements it.
        const needsBody = isAmbient ? lastOfName.get(name) === statement : !implemented.has(name) && shim !== undefined;
        if (needsBody && lastOfName.get(name) === statement) {
          const signatures = statements.filter((s) => ts.isFunctionDeclaration(s) && s.name?.text === name).length;
          if (signatures === 1) addBody(ts, file, statement, shim, edits);
          else {
            // Several signatures: they stay overloads, and one implementation that takes them all follows.
            const exported = (ambient && inNamespace) || isExported(statement);
            edits.push({
              pos: statement.end,
              end: statement.end,
              text: ` ${exported ? 'export ' : ''}function ${name}(...args: any[]): any { ${stubStatement(ts, statement, undefined)}}`,
            });
          }
        }
      } else if (ts.isClassDeclaration(statement) && isAmbient) {
        for (const member of statement.members) {
          if (
            (ts.isMethodDeclaration(member) ||
              ts.isConstructorDeclaration(member) ||
              ts.isGetAccessorDeclaration(member) ||
              ts.isSetAccessorDeclaration(member)) &&
            !member.body
          ) {
            addBody(ts, file, member, shimOf(ts, member, text), edits);
          }
        }
      }
    }
  };
  visitStatements(file.statements, false, false);
  if (edits.length === 0) return text;
  edits.sort((a, b) => b.pos - a.pos || b.end - a.end);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.pos) + edit.text + out.slice(edit.end);
  return out;
}

function exportable(ts: TsApi, statement: ts.Statement): boolean {
  return (
    ts.isFunctionDeclaration(statement) ||
    ts.isModuleDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isVariableStatement(statement)
  );
}

/** The `//% shim=` of a declaration, read from the comments just before it. */
function shimOf(ts: TsApi, node: ts.Node, text: string): string | undefined {
  const ranges = ts.getLeadingCommentRanges(text, node.pos) ?? [];
  let shim: string | undefined;
  for (const range of ranges) {
    const match = /\bshim\s*=\s*("([^"]*)"|[^\s]+)/.exec(text.slice(range.pos, range.end));
    if (match) shim = match[2] ?? match[1];
  }
  return shim;
}

/** Replaces the declaration's closing `;` (or its end) with a body that does nothing. */
function addBody(
  ts: TsApi,
  file: ts.SourceFile,
  node: ts.SignatureDeclarationBase,
  shim: string | undefined,
  edits: Edit[],
): void {
  const body = ` { ${stubStatement(ts, node, shim)}}`;
  const last = node.getLastToken(file);
  if (last && last.kind === ts.SyntaxKind.SemicolonToken) {
    edits.push({ pos: last.getStart(file), end: last.end, text: body });
  } else {
    edits.push({ pos: node.end, end: node.end, text: body });
  }
}

function stubStatement(ts: TsApi, node: ts.SignatureDeclarationBase, shim: string | undefined): string {
  if (ts.isConstructorDeclaration(node) || ts.isSetAccessorDeclaration(node)) return '';
  const first = node.parameters[0];
  if (shim === 'TD_ID' && first && ts.isIdentifier(first.name)) return `return ${first.name.text}; `;
  const type = node.type;
  if (!type || type.kind === ts.SyntaxKind.VoidKeyword) return '';
  switch (type.kind) {
    case ts.SyntaxKind.NumberKeyword:
      return 'return 0; ';
    case ts.SyntaxKind.BooleanKeyword:
      return 'return false; ';
    case ts.SyntaxKind.StringKeyword:
      return 'return ""; ';
    default:
      return 'return undefined; ';
  }
}
