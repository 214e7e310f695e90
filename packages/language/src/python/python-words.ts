// A program's own names that are Python words get another name in Python, as MakeCode's
// converter gives them: a variable `list` is `list2`. Python lets a program reuse a built-in's
// name, but MakeCode's Python reads `list.pop()` as the built-in list's method and refuses it,
// and a keyword (`pass`, `lambda`) cannot be a name at all. The renaming happens on the
// TypeScript before it is printed, so every use of the name changes together.
import type ts from 'typescript';

/** Python's keywords, and the built-ins a program's name must not hide. */
export const PYTHON_WORDS: ReadonlySet<string> = new Set(
  [
    'False None True and as assert async await break class continue def del elif else except',
    'finally for from global if import in is lambda nonlocal not or pass raise return try while',
    'with yield',
    'abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile',
    'complex delattr dict dir divmod enumerate eval exec exit filter float format frozenset',
    'getattr globals hasattr hash help hex id int isinstance issubclass iter len list',
    'locals map max memoryview min next object oct open ord pow print property quit range repr',
    'reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip',
  ]
    .join(' ')
    .split(' '),
);

export interface RenamedSource {
  /** The TypeScript with the program's Python words renamed (the same text when none was). */
  readonly text: string;
  /** The name each renamed word got. */
  readonly renames: ReadonlyMap<string, string>;
  /** Where `offset` of `text` was in the original text. */
  originalOffset(offset: number): number;
}

/** Names the program declares: variables, parameters, functions, classes. */
function declaredNames(tsApi: typeof ts, file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      (tsApi.isVariableDeclaration(node) ||
        tsApi.isParameter(node) ||
        tsApi.isFunctionDeclaration(node) ||
        tsApi.isFunctionExpression(node) ||
        tsApi.isClassDeclaration(node)) &&
      node.name &&
      tsApi.isIdentifier(node.name)
    ) {
      names.add(node.name.text);
    }
    tsApi.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** Whether `node` names a member (`x.list`, a class's `list` field), not a variable. */
function isMemberName(tsApi: typeof ts, node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (tsApi.isPropertyAccessExpression(parent) && parent.name === node) ||
    (tsApi.isPropertyAssignment(parent) && parent.name === node) ||
    tsApi.isShorthandPropertyAssignment(parent) ||
    ((tsApi.isPropertyDeclaration(parent) ||
      tsApi.isMethodDeclaration(parent) ||
      tsApi.isPropertySignature(parent) ||
      tsApi.isMethodSignature(parent) ||
      tsApi.isGetAccessor(parent) ||
      tsApi.isSetAccessor(parent) ||
      tsApi.isEnumMember(parent)) &&
      parent.name === node)
  );
}

export function renamePythonWords(tsApi: typeof ts, file: ts.SourceFile): RenamedSource {
  const clashing = [...declaredNames(tsApi, file)].filter((name) => PYTHON_WORDS.has(name));
  const unchanged: RenamedSource = { text: file.text, renames: new Map(), originalOffset: (offset) => offset };
  if (!clashing.length) return unchanged;
  const taken = new Set<string>();
  const identifiers: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (tsApi.isIdentifier(node)) {
      taken.add(node.text);
      identifiers.push(node);
    }
    tsApi.forEachChild(node, visit);
  };
  visit(file);
  const renames = new Map<string, string>();
  for (const name of clashing) {
    let n = 2;
    while (taken.has(`${name}${n}`)) n++;
    renames.set(name, `${name}${n}`);
    taken.add(`${name}${n}`);
  }
  // Each renamed identifier grows at its end: (offset in the original, characters added).
  const edits = identifiers
    .filter((id) => renames.has(id.text) && !isMemberName(tsApi, id))
    .map((id) => ({ at: id.getEnd(), added: renames.get(id.text)!.slice(id.text.length) }))
    .sort((a, b) => a.at - b.at);
  let text = '';
  let from = 0;
  for (const edit of edits) {
    text += file.text.slice(from, edit.at) + edit.added;
    from = edit.at;
  }
  text += file.text.slice(from);
  return {
    text,
    renames,
    originalOffset(offset) {
      let shift = 0;
      for (const edit of edits) {
        if (edit.at + shift + edit.added.length > offset) break;
        shift += edit.added.length;
      }
      return offset - shift;
    },
  };
}
