// The Python name of every API function, enum member, class and member, derived from the same
// declaration files the compiler checks (the board's `api/*.d.ts` and the language library), so
// the two languages can never disagree. Rules as MakeCode's: functions, variables, methods and
// properties in snake case, enum members in capitals, namespaces, enums, classes and interfaces
// unchanged; `//% py.name=...` on a declaration overrides its name (`//% py.name=append` on
// `push`). Built once per library (cached), then only looked up.
import type ts from 'typescript';
import { parseAnnotations } from '../annotations/parse-annotations.ts';
import type { LibraryFile } from '../compiler/library.ts';
import { coreLibraryFiles } from '../generated/core-library.ts';
import { enumMemberCase, snakeCase } from './snake-case.ts';

export type PythonNameKind =
  'namespace' | 'enum' | 'class' | 'interface' | 'function' | 'variable' | 'enumMember' | 'method' | 'property';

export interface PythonNameEntry {
  readonly kind: PythonNameKind;
  /** Qualified TypeScript name: `basic.showNumber`, `IconNames.Heart`, `Array.push`. */
  readonly ts: string;
  readonly py: string;
}

export interface PythonNames {
  /** Every name, in declaration order (the table test prints them). */
  readonly entries: readonly PythonNameEntry[];
  /** `basic.showNumber` -> `basic.show_number` (namespaces, enums, classes and what they hold). */
  qualifiedToPython(tsName: string): string | undefined;
  qualifiedToTypeScript(pyName: string): string | undefined;
  /** Instance members by bare name: `showImage` -> `show_image`, `push` -> `append`. */
  memberToPython(tsName: string): string | undefined;
  memberToTypeScript(pyName: string): string | undefined;
  /** Is this top-level name a namespace, enum, class or interface of the API? */
  isContainer(name: string): boolean;
  /** The TypeScript parameter names of an API function or method (`basic.showString`). */
  parameterNames(tsName: string): readonly string[] | undefined;
  /**
   * What an API function gives back, when it is a plain type: `number`, `string`, `boolean`, an
   * API class or interface (`game.createSprite` -> `game.LedSprite`) or a list of one of those.
   */
  returnType(tsName: string): string | undefined;
}

/**
 * Overrides MakeCode makes without an annotation (pxt's ts2PyFunNameMap): list methods by their
 * Python names. Instance members are looked up by bare name (no types), so they apply to text too
 * (`text.index(...)`, which Python has as well).
 */
const MEMBER_OVERRIDES: Readonly<Record<string, string>> = {
  push: 'append',
  indexOf: 'index',
  insertAt: 'insert',
  removeElement: 'remove',
  // Text methods learners use, by Python's names (MakeCode's pxt-python library has the same).
  toUpperCase: 'upper',
  toLowerCase: 'lower',
  trim: 'strip',
  startsWith: 'startswith',
  endsWith: 'endswith',
};

function pythonName(kind: PythonNameKind, name: string): string {
  switch (kind) {
    case 'enumMember':
      return enumMemberCase(name);
    case 'function':
    case 'variable':
    case 'method':
    case 'property':
      return snakeCase(name);
    default:
      return name;
  }
}

class NameTable implements PythonNames {
  readonly entries: PythonNameEntry[] = [];
  private readonly toPy = new Map<string, string>();
  private readonly toTs = new Map<string, string>();
  private readonly membersToPy = new Map<string, string>();
  private readonly membersToTs = new Map<string, string>();
  private readonly containers = new Set<string>();
  private readonly kinds = new Map<string, PythonNameKind>();
  readonly params = new Map<string, readonly string[]>();
  /** Return types as written, with the namespace they were written in: `game.createSprite` -> [game, LedSprite]. */
  readonly returns = new Map<string, readonly [string, string]>();

  add(kind: PythonNameKind, qualified: string, override: string | undefined, instanceMember: boolean): void {
    const dot = qualified.lastIndexOf('.');
    const bare = qualified.slice(dot + 1);
    // Own keys only: `toString` must not find Object.prototype's.
    const listed = instanceMember && Object.hasOwn(MEMBER_OVERRIDES, bare) ? MEMBER_OVERRIDES[bare] : undefined;
    const pyBare = override ?? listed ?? pythonName(kind, bare);
    const container = dot < 0 ? '' : qualified.slice(0, dot);
    const pyContainer = container ? (this.toPy.get(container) ?? container) : '';
    const py = pyContainer ? `${pyContainer}.${pyBare}` : pyBare;
    if (this.toPy.has(qualified)) return; // interfaces merge (String, Array): first wins
    this.entries.push({ kind, ts: qualified, py });
    this.kinds.set(qualified, kind);
    this.toPy.set(qualified, py);
    if (!this.toTs.has(py)) this.toTs.set(py, qualified);
    if (dot < 0 && (kind === 'namespace' || kind === 'enum' || kind === 'class' || kind === 'interface')) {
      this.containers.add(qualified);
    }
    if (instanceMember) {
      if (!this.membersToPy.has(bare)) this.membersToPy.set(bare, pyBare);
      if (!this.membersToTs.has(pyBare)) this.membersToTs.set(pyBare, bare);
      // MakeCode writes and reads the plain snake-case names (`remove_at`, `index_of`,
      // `to_upper_case`): programs written with them run unchanged.
      const plain = pythonName(kind, bare);
      if (!this.membersToTs.has(plain)) this.membersToTs.set(plain, bare);
    }
  }

  qualifiedToPython(tsName: string): string | undefined {
    return this.toPy.get(tsName);
  }
  qualifiedToTypeScript(pyName: string): string | undefined {
    return this.toTs.get(pyName);
  }
  memberToPython(tsName: string): string | undefined {
    return this.membersToPy.get(tsName);
  }
  memberToTypeScript(pyName: string): string | undefined {
    return this.membersToTs.get(pyName);
  }
  isContainer(name: string): boolean {
    return this.containers.has(name);
  }
  parameterNames(tsName: string): readonly string[] | undefined {
    return this.params.get(tsName);
  }
  returnType(tsName: string): string | undefined {
    const written = this.returns.get(tsName);
    if (!written) return undefined;
    const [prefix, type] = written;
    const list = type.endsWith('[]');
    const element = list ? type.slice(0, -2) : type;
    let resolved: string | undefined;
    if (element === 'number' || element === 'string' || element === 'boolean') resolved = element;
    else if (/^[A-Za-z_][\w.]*$/.test(element)) {
      // A name is looked up from the namespace it was written in outwards, as TypeScript does.
      const parts = prefix ? prefix.split('.') : [];
      for (let n = parts.length; n >= 0 && !resolved; n--) {
        const qualified = [...parts.slice(0, n), element].join('.');
        const entry = this.kinds.get(qualified);
        if (entry === 'class' || entry === 'interface') resolved = qualified;
      }
    }
    return resolved && list ? `${resolved}[]` : resolved;
  }
}

function parameterNamesOf(tsApi: typeof ts, params: readonly ts.ParameterDeclaration[]): string[] {
  return params.map((p) => (tsApi.isIdentifier(p.name) ? p.name.text : ''));
}

function overrideOf(tsApi: typeof ts, node: ts.Node, text: string): string | undefined {
  const ranges = tsApi.getLeadingCommentRanges(text, node.pos) ?? [];
  const comments = ranges.map((r) => text.slice(r.pos, r.end)).join('\n');
  if (!comments.includes('//%')) return undefined;
  const value = parseAnnotations(comments)['py.name'];
  return value && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? value : undefined;
}

function memberName(tsApi: typeof ts, name: ts.PropertyName | undefined): string | undefined {
  return name && (tsApi.isIdentifier(name) || tsApi.isStringLiteral(name)) ? name.text : undefined;
}

function isStatic(tsApi: typeof ts, node: ts.Node): boolean {
  return (
    (tsApi.canHaveModifiers(node) &&
      tsApi.getModifiers(node)?.some((m) => m.kind === tsApi.SyntaxKind.StaticKeyword)) ??
    false
  );
}

function collect(
  tsApi: typeof ts,
  table: NameTable,
  file: ts.SourceFile,
  statements: readonly ts.Statement[],
  prefix: string,
): void {
  const text = file.text;
  const q = (name: string): string => (prefix ? `${prefix}.${name}` : name);
  for (const statement of statements) {
    if (tsApi.isModuleDeclaration(statement) && tsApi.isIdentifier(statement.name)) {
      const name = q(statement.name.text);
      table.add('namespace', name, undefined, false);
      let body = statement.body;
      let inner = name;
      while (body && tsApi.isModuleDeclaration(body)) {
        inner = `${inner}.${body.name.text}`;
        table.add('namespace', inner, undefined, false);
        body = body.body;
      }
      if (body && tsApi.isModuleBlock(body)) collect(tsApi, table, file, body.statements, inner);
    } else if (tsApi.isFunctionDeclaration(statement) && statement.name) {
      table.add('function', q(statement.name.text), overrideOf(tsApi, statement, text), false);
      if (!table.params.has(q(statement.name.text))) {
        table.params.set(q(statement.name.text), parameterNamesOf(tsApi, statement.parameters));
        if (statement.type) table.returns.set(q(statement.name.text), [prefix, statement.type.getText(file)]);
      }
    } else if (tsApi.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (tsApi.isIdentifier(declaration.name)) {
          table.add('variable', q(declaration.name.text), overrideOf(tsApi, statement, text), false);
          // `declare var String: { fromCharCode(...) }`: its members are `String.from_char_code`.
          const type = declaration.type;
          if (type && tsApi.isTypeLiteralNode(type)) {
            for (const member of type.members) {
              const bare = memberName(tsApi, member.name);
              if (!bare) continue;
              const kind = tsApi.isMethodSignature(member) ? 'method' : 'property';
              table.add(kind, q(`${declaration.name.text}.${bare}`), overrideOf(tsApi, member, text), false);
            }
          }
        }
      }
    } else if (tsApi.isEnumDeclaration(statement)) {
      const name = q(statement.name.text);
      table.add('enum', name, undefined, false);
      for (const member of statement.members) {
        const bare = memberName(tsApi, member.name);
        if (bare) table.add('enumMember', `${name}.${bare}`, overrideOf(tsApi, member, text), false);
      }
    } else if (tsApi.isClassDeclaration(statement) || tsApi.isInterfaceDeclaration(statement)) {
      if (!statement.name) continue;
      const name = q(statement.name.text);
      table.add(tsApi.isClassDeclaration(statement) ? 'class' : 'interface', name, undefined, false);
      for (const member of statement.members) {
        const bare = memberName(tsApi, member.name);
        if (!bare) continue;
        const method = tsApi.isMethodDeclaration(member) || tsApi.isMethodSignature(member);
        const property =
          tsApi.isPropertyDeclaration(member) ||
          tsApi.isPropertySignature(member) ||
          tsApi.isGetAccessor(member) ||
          tsApi.isSetAccessor(member);
        if (!method && !property) continue;
        if (method && !table.params.has(`${name}.${bare}`)) {
          table.params.set(`${name}.${bare}`, parameterNamesOf(tsApi, member.parameters));
        }
        table.add(
          method ? 'method' : 'property',
          `${name}.${bare}`,
          overrideOf(tsApi, member, text),
          !isStatic(tsApi, member),
        );
      }
    }
  }
}

const cache = new WeakMap<readonly LibraryFile[], PythonNames>();

/**
 * The names of `library` plus the language library (`coreLibraryFiles`). Cached per library
 * array, so pass the same array each time (the board's `microbitLibraryFiles`).
 */
export function pythonNames(tsApi: typeof ts, library: readonly LibraryFile[]): PythonNames {
  const cached = cache.get(library);
  if (cached) return cached;
  const table = new NameTable();
  for (const file of [...library, ...coreLibraryFiles]) {
    const source = tsApi.createSourceFile(file.name, file.text, tsApi.ScriptTarget.Latest, false);
    collect(tsApi, table, source, source.statements, '');
  }
  cache.set(library, table);
  return table;
}
