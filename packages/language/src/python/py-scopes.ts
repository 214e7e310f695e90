// Which names a Python program defines where, as Python decides it: a name set in a function is
// that function's own unless the function says `global`; everything set at the top level is a
// global. TypeScript needs a `let` for each, at the first setting when that is a statement of the
// scope itself, or hoisted to the scope's start when the first setting sits inside a block. Types
// are inferred from values (literals, other variables, arithmetic), as far as that goes without
// the type checker: enough for hoisted defaults and for parameters of functions called with them.
import type { SyntaxNode } from '@lezer/common';
import type { PythonNames } from './python-names.ts';
import { fieldOf, memberNames, PythonClass } from './py-classes.ts';

interface Setting {
  from: number;
  direct: boolean;
  type: string | undefined;
}

export class Scope {
  readonly names = new Set<string>();
  readonly params = new Set<string>();
  readonly globals = new Set<string>();
  /** Loop variables: defined by their `for`, never declared with `let`. */
  readonly loopVariables = new Set<string>();
  readonly firstSetting = new Map<string, Setting>();
  /** Where the first `for` over each loop variable starts. */
  readonly firstLoop = new Map<string, number>();
  /** What the first `for` over each loop variable loops over. */
  readonly loopIterables = new Map<string, SyntaxNode>();
  readonly types = new Map<string, string>();
  readonly hoisted: [string, string | undefined][] = [];
  inferredParams: (string | undefined)[] = [];
  /** A function's parameters in order (for `inferredParams`). */
  readonly paramOrder: string[] = [];
  /** The type a call of the program's own def gives (set on the module scope). */
  callType: ((name: string) => string | undefined) | undefined;
  /** What an API call gives back, by the Python name called (set on the module scope). */
  apiCallType: ((pythonName: string) => string | undefined) | undefined;
  /** The scope of a lambda or list comprehension by its start (set on the module scope). */
  innerScope: ((from: number) => Scope | undefined) | undefined;
  /** A function's scope: where its `def` starts and ends in the text. */
  span: { readonly from: number; readonly to: number } | undefined;
  /** A method's scope: its first parameter's name (`self`) and its class. */
  method: { readonly self: string; readonly owner: PythonClass } | undefined;
  /** The program's classes by name (set on the module scope). */
  classes: ReadonlyMap<string, PythonClass> | undefined;

  constructor(
    readonly parent: Scope | undefined,
    private readonly slice: (node: SyntaxNode) => string,
  ) {}

  /** The program's names seen here: this scope's own and those of the scopes around it. */
  visibleNames(): Set<string> {
    const seen = this.parent?.visibleNames() ?? new Set<string>();
    for (const set of [this.names, this.loopVariables, this.globals]) for (const name of set) seen.add(name);
    return seen;
  }

  /** The class whose instance `name` is here (a method's `self`), unless a lambda's own name hides it. */
  selfClass(name: string): PythonClass | undefined {
    if (this.method?.self === name) return this.method.owner;
    if (this.names.has(name) || this.loopVariables.has(name)) return undefined;
    return this.parent?.selfClass(name);
  }

  /** Whether a method's `self` is reached here only through a def inside the method. */
  selfInNestedDef(name: string): boolean {
    if (this.method?.self === name) return false;
    return this.span !== undefined || (this.parent?.selfInNestedDef(name) ?? false);
  }

  /** The program's class called `name`, when no variable of that name hides it here. */
  classNamed(name: string): PythonClass | undefined {
    if (!this.parent) return this.classes?.get(name);
    if (this.names.has(name) || this.loopVariables.has(name)) return undefined;
    return this.parent.classNamed(name);
  }

  /** Is `name` a variable, parameter or function of the program here (so not an API name)? */
  isDefined(name: string): boolean {
    if (this.names.has(name) || this.loopVariables.has(name) || this.globals.has(name)) return true;
    return this.parent?.isDefined(name) ?? false;
  }

  /** Does a `for` loop over `name` declare it (`for (let name ...)`)? Not when it is set elsewhere. */
  declaresLoopVariable(name: string): boolean {
    return !this.globals.has(name) && !this.names.has(name);
  }

  /** Is the assignment at `node` the one that declares `name` in TypeScript? */
  declaresAt(name: string, node: SyntaxNode): boolean {
    if (this.globals.has(name)) return false;
    const first = this.firstSetting.get(name);
    return !!first && first.direct && first.from === node.from;
  }

  private variableType(name: string): string | undefined {
    if (this.globals.has(name)) return this.root().variableType(name);
    if (this.types.has(name)) return this.types.get(name);
    // A parameter without annotation: the type its calls pass, once they are read.
    if (this.params.has(name)) return this.inferredParams[this.paramOrder.indexOf(name)];
    if (this.names.has(name) || this.loopVariables.has(name)) return undefined;
    return this.parent?.variableType(name);
  }

  private root(): Scope {
    return this.parent ? this.parent.root() : this;
  }

  /** The TypeScript type of a Python expression, when simple inference can tell. */
  typeOf(node: SyntaxNode): string | undefined {
    switch (node.name) {
      case 'Number':
        return 'number';
      case 'String':
      case 'FormatString':
      case 'ContinuedString':
        return 'string';
      case 'Boolean':
        return 'boolean';
      case 'VariableName':
        return this.variableType(this.slice(node));
      case 'ParenthesizedExpression':
        return node.firstChild?.nextSibling ? this.typeOf(node.firstChild.nextSibling) : undefined;
      case 'ArrayExpression': {
        const first = node.firstChild?.nextSibling;
        const element = first && first.name !== ']' ? this.typeOf(first) : undefined;
        return element && !element.endsWith('[]') ? `${element}[]` : undefined;
      }
      case 'UnaryExpression': {
        const op = node.firstChild ? this.slice(node.firstChild) : '';
        return op === 'not' ? 'boolean' : 'number';
      }
      case 'BinaryExpression': {
        const op = node.firstChild?.nextSibling;
        if (!op) return undefined;
        if (op.name === 'CompareOp' || op.name === 'and' || op.name === 'or' || op.name === 'is') return 'boolean';
        const left = this.typeOf(node.firstChild!);
        const right = op.nextSibling ? this.typeOf(op.nextSibling) : undefined;
        if (this.slice(op) === '+' && (left === 'string' || right === 'string')) return 'string';
        if (this.slice(op) === '+' && (left?.endsWith('[]') || right?.endsWith('[]'))) return left ?? right;
        return left === 'number' || right === 'number' ? 'number' : undefined;
      }
      case 'ArrayComprehensionExpression': {
        const parts = comprehensionParts(node);
        const own = this.root().innerScope?.(node.from);
        const element = parts && own ? own.typeOf(parts.value) : undefined;
        return element && !element.endsWith('[]') ? `${element}[]` : undefined;
      }
      case 'MemberExpression': {
        const property = node.getChild('PropertyName');
        if (property && node.firstChild?.name === 'VariableName') {
          // `self.x`: the field's type, once the fields are known.
          const owner = this.selfClass(this.slice(node.firstChild));
          return owner ? fieldOf(owner, this.slice(property))?.type : undefined;
        }
        // A slice has the type of what it slices, an item that of the list's values.
        if (!node.getChild('[') || !node.firstChild) return undefined;
        const whole = this.typeOf(node.firstChild);
        return node.getChild(':') ? whole : elementType(whole);
      }
      case 'CallExpression': {
        const callee = node.firstChild;
        if (callee?.name === 'MemberExpression') {
          // Text methods on a value known to be text.
          const method = callee.getChild('PropertyName');
          const object = callee.firstChild;
          if (!method || !object) return undefined;
          // An API function (`game.create_sprite(...)`), unless the program's own name hides it.
          const path = this.slice(callee).replace(/\s+/g, '');
          if (/^[A-Za-z_][\w.]*$/.test(path) && !this.isDefined(path.split('.')[0]!))
            return this.root().apiCallType?.(path);
          if (this.typeOf(object) !== 'string') return undefined;
          return TEXT_METHOD_TYPES[this.slice(method)];
        }
        if (callee?.name !== 'VariableName') return undefined;
        const name = this.slice(callee);
        if (this.classNamed(name)) return name;
        if (this.isDefined(name)) return this.root().callType?.(name);
        if (['len', 'int', 'float', 'ord', 'abs', 'min', 'max', 'randint', 'round'].includes(name)) return 'number';
        if (name === 'str' || name === 'chr') return 'string';
        if (name === 'bool') return 'boolean';
        if (name === 'sum') return 'number';
        if (name === 'sorted') {
          const first = node.getChild('ArgList')?.firstChild?.nextSibling;
          return first ? this.typeOf(first) : undefined;
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }
}

/** A read of a function's own variable before anything in the function sets it. */
interface UnboundRead {
  readonly name: string;
  readonly from: number;
  readonly to: number;
  /** Whether the top level sets the name too (the learner most likely meant that one). */
  readonly programWide: boolean;
}

const TEXT_METHOD_TYPES: Readonly<Record<string, string>> = {
  upper: 'string',
  lower: 'string',
  strip: 'string',
  replace: 'string',
  join: 'string',
  split: 'string[]',
  find: 'number',
  rfind: 'number',
  count: 'number',
  capitalize: 'string',
  title: 'string',
  rindex: 'number',
  rsplit: 'string[]',
  splitlines: 'string[]',
  swapcase: 'string',
  casefold: 'string',
  lstrip: 'string',
  rstrip: 'string',
  zfill: 'string',
  center: 'string',
  ljust: 'string',
  rjust: 'string',
  isdigit: 'boolean',
  isdecimal: 'boolean',
  isnumeric: 'boolean',
  isalpha: 'boolean',
  isalnum: 'boolean',
  isspace: 'boolean',
  isupper: 'boolean',
  islower: 'boolean',
  index: 'number',
  startswith: 'boolean',
  endswith: 'boolean',
};

export interface ScopeAnalysis {
  readonly module: Scope;
  /**
   * Python's UnboundLocalError, found before the program runs: a name a function sets is the
   * function's own everywhere in it (unless `global`), so reading it before it is set fails.
   * TypeScript would start it at 0 or null instead and run on silently.
   */
  readonly unboundReads: readonly UnboundRead[];
  /** Function scopes by the `def`'s start offset. */
  readonly functions: Map<number, Scope>;
  /** Scopes of lambdas and list comprehensions (their own names), by their start offset. */
  readonly inner: Map<number, Scope>;
  /** A def of the program's top level by name (for keyword arguments and defaults). */
  readonly defs: ReadonlyMap<string, SyntaxNode>;
  /** How often each name is read or passed (a def's own name is not counted). */
  readonly uses: Map<string, number>;
  /** The program's classes (written at the top level) by name, in the order written. */
  readonly classes: ReadonlyMap<string, PythonClass>;
  /** Every member name of those classes: kept as written, not read as an API name. */
  readonly memberNames: ReadonlySet<string>;
  /** What a def gives back: its `->` annotation, else the type all its `return`s agree on. */
  returnTypeOf(def: SyntaxNode): string | undefined;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  int: 'number',
  float: 'number',
  number: 'number',
  str: 'string',
  bool: 'boolean',
};

export function analyzeScopes(top: SyntaxNode, slice: (node: SyntaxNode) => string, names: PythonNames): ScopeAnalysis {
  const module = new Scope(undefined, slice);
  const functions = new Map<number, Scope>();
  const inner = new Map<number, Scope>();
  const classes = new Map<string, PythonClass>();
  module.classes = classes;
  const uses = new Map<string, number>();
  const calls: { name: string; args: SyntaxNode[]; keywords: Map<string, SyntaxNode>; scope: Scope }[] = [];
  /** `x.name(...)` calls: a method of the program's classes of that name may be what runs. */
  const methodCalls: typeof calls = [];
  const globalsSetInFunctions: { name: string; type: string | undefined }[] = [];
  const reads: { name: string; node: SyntaxNode; scope: Scope }[] = [];
  /** Where each function's first setting of a name has happened (after its value is worked out). */
  const setDone = new Map<Scope, Map<string, number>>();

  const annotation = (typeDef: SyntaxNode | null): string | undefined => {
    const type = typeDef?.lastChild;
    if (!type) return undefined;
    const text = slice(type).replace(/\s+/g, '');
    const list = /^List\[(\w+)\]$/.exec(text);
    if (list) return TYPE_NAMES[list[1]!] ? `${TYPE_NAMES[list[1]!]}[]` : `${list[1]}[]`;
    return TYPE_NAMES[text] ?? text;
  };

  const markSet = (scope: Scope, name: string, at: number): void => {
    const done = setDone.get(scope) ?? new Map<string, number>();
    setDone.set(scope, done);
    if (!done.has(name)) done.set(name, at);
  };

  const set = (scope: Scope, name: string, node: SyntaxNode, direct: boolean, type: string | undefined): void => {
    if (scope.globals.has(name)) {
      globalsSetInFunctions.push({ name, type });
      return;
    }
    scope.names.add(name);
    markSet(scope, name, node.to);
    if (!scope.params.has(name) && !scope.firstSetting.has(name)) {
      scope.firstSetting.set(name, { from: node.from, direct, type });
      if (type) scope.types.set(name, type);
    }
  };

  const visitDef = (node: SyntaxNode, scope: Scope, method: Scope['method']): Scope => {
    const own = new Scope(scope, slice);
    own.span = { from: node.from, to: node.to };
    own.method = method;
    functions.set(node.from, own);
    for (const param of parameterNodes(node.getChild('ParamList'))) {
      const name = slice(param.name);
      own.names.add(name);
      own.params.add(name);
      own.paramOrder.push(name);
      const type = annotation(param.typeDef) ?? (param.value ? scope.typeOf(param.value) : undefined);
      if (type) own.types.set(name, type);
      if (param.value) visit(param.value, scope, false);
    }
    // `global` applies to the whole function, wherever it is written.
    const body = node.getChild('Body');
    collectGlobals(body, own);
    for (let c = body?.firstChild; c; c = c.nextSibling) visit(c, own, true);
    return own;
  };

  const visit = (node: SyntaxNode, scope: Scope, direct: boolean): void => {
    switch (node.name) {
      case 'FunctionDefinition': {
        const nameNode = node.getChild('VariableName');
        if (nameNode) scope.names.add(slice(nameNode));
        visitDef(node, scope, undefined);
        return;
      }
      case 'ClassDefinition': {
        const nameNode = node.getChild('VariableName');
        if (!nameNode) break;
        const name = slice(nameNode);
        scope.names.add(name);
        const args = node.getChild('ArgList');
        const base = args?.getChild('VariableName');
        const owner = new PythonClass(name, node, base ? classes.get(slice(base)) : undefined);
        if (scope === module && !classes.has(name)) classes.set(name, owner);
        if (args) visit(args, scope, false);
        for (let c = node.getChild('Body')?.firstChild; c; c = c.nextSibling) {
          if (c.name === 'FunctionDefinition') {
            const method = c.getChild('VariableName');
            if (method && !owner.methods.has(slice(method))) owner.methods.set(slice(method), c);
            const self = parameterNodes(c.getChild('ParamList'))[0];
            visitDef(c, scope, self ? { self: slice(self.name), owner } : undefined);
          } else if (c.name === 'AssignStatement' && c.firstChild?.name === 'VariableName') {
            // `LIMIT = 5` is the class's own (static); `x: int` alone declares a field.
            const value = c.getChildren('AssignOp')[0]?.nextSibling;
            const field = slice(c.firstChild);
            if (value) {
              if (!owner.statics.has(field)) owner.statics.set(field, c);
              visit(value, scope, false);
            } else owner.declared.push({ name: field, type: annotation(c.getChild('TypeDef')), node: c });
          }
        }
        return;
      }
      case 'AssignStatement': {
        const target = node.firstChild;
        const ops = node.getChildren('AssignOp');
        const value = ops[0]?.nextSibling;
        for (let c = node.firstChild; c; c = c.nextSibling)
          if (c.from !== target?.from && c.name !== 'TypeDef') visit(c, scope, false);
        if (target?.name === 'VariableName') {
          const type = annotation(node.getChild('TypeDef')) ?? (value ? scope.typeOf(value) : undefined);
          set(scope, slice(target), node, direct, type);
        } else if (target) visit(target, scope, false);
        return;
      }
      case 'UpdateStatement': {
        const target = node.firstChild;
        if (target?.name === 'VariableName') {
          count(slice(target));
          reads.push({ name: slice(target), node: target, scope });
          set(scope, slice(target), node, false, undefined);
        }
        for (let c = target?.nextSibling; c; c = c.nextSibling) visit(c, scope, false);
        if (target && target.name !== 'VariableName') visit(target, scope, false);
        return;
      }
      case 'ForStatement': {
        const target = node.firstChild?.nextSibling;
        if (target?.name === 'VariableName') {
          const name = slice(target);
          // The loop variable takes the values of what it loops over: numbers from range(), the
          // items of a list, the letters of a text.
          const iterable = node.getChild('in')?.nextSibling ?? null;
          const type = loopValueType(iterable, scope, slice);
          if (iterable && !scope.loopIterables.has(name)) scope.loopIterables.set(name, iterable);
          if (scope.globals.has(name)) globalsSetInFunctions.push({ name, type });
          else {
            scope.loopVariables.add(name);
            markSet(scope, name, target.to);
          }
          if (!scope.firstLoop.has(name)) scope.firstLoop.set(name, node.from);
          if (!scope.types.has(name) && type) scope.types.set(name, type);
        }
        for (let c = target?.nextSibling; c; c = c.nextSibling) visit(c, scope, false);
        return;
      }
      case 'LambdaExpression': {
        const own = new Scope(scope, slice);
        inner.set(node.from, own);
        for (const param of parameterNodes(node.getChild('ParamList'))) {
          own.names.add(slice(param.name));
          own.params.add(slice(param.name));
          if (param.value) visit(param.value, scope, false);
        }
        const body = node.getChild('ParamList')?.nextSibling?.nextSibling ?? node.getChild(':')?.nextSibling;
        if (body) visit(body, own, false);
        return;
      }
      case 'ArrayComprehensionExpression': {
        // `[value for x in items if test]`: x is the comprehension's own (Python 3).
        const parts = comprehensionParts(node);
        if (!parts) break;
        visit(parts.items, scope, false);
        const own = new Scope(scope, slice);
        inner.set(node.from, own);
        own.names.add(slice(parts.variable));
        own.params.add(slice(parts.variable));
        const element = elementType(scope.typeOf(parts.items));
        if (element) own.types.set(slice(parts.variable), element);
        visit(parts.value, own, false);
        if (parts.test) visit(parts.test, own, false);
        return;
      }
      case 'VariableName':
        count(slice(node));
        reads.push({ name: slice(node), node, scope });
        return;
      case 'CallExpression': {
        const callee = node.firstChild;
        const args: SyntaxNode[] = [];
        const keywords = new Map<string, SyntaxNode>();
        for (let a = node.getChild('ArgList')?.firstChild; a; a = a.nextSibling) {
          if (a.name === '(' || a.name === ')' || a.name === ',' || a.name === 'AssignOp') continue;
          if (a.nextSibling?.name === 'AssignOp' && a.name === 'VariableName') {
            // `name=value`: the name is the parameter's, not a read.
            const value = a.nextSibling.nextSibling;
            if (value) keywords.set(slice(a), value);
            if (value) visit(value, scope, false);
            a = value ?? a.nextSibling;
            continue;
          }
          args.push(a);
        }
        if (callee) visit(callee, scope, false);
        for (const a of args) visit(a, scope, false);
        if (callee?.name === 'VariableName') calls.push({ name: slice(callee), args, keywords, scope });
        const method = callee?.name === 'MemberExpression' ? callee.getChild('PropertyName') : null;
        if (method) methodCalls.push({ name: slice(method), args, keywords, scope });
        return;
      }
      case 'Body':
        for (let c = node.firstChild; c; c = c.nextSibling) visit(c, scope, false);
        return;
      case 'StatementGroup':
        // `a = 1; b = 2` sets its names where the group is.
        for (let c = node.firstChild; c; c = c.nextSibling) visit(c, scope, direct);
        return;
    }
    for (let c = node.firstChild; c; c = c.nextSibling) visit(c, scope, false);
  };

  const count = (name: string): void => {
    uses.set(name, (uses.get(name) ?? 0) + 1);
  };

  const collectGlobals = (node: SyntaxNode | null, scope: Scope): void => {
    for (let c = node?.firstChild; c; c = c.nextSibling) {
      if (c.name === 'FunctionDefinition') continue;
      if (c.name === 'ScopeStatement' && c.getChild('global')) {
        for (const n of c.getChildren('VariableName')) scope.globals.add(slice(n));
      } else collectGlobals(c, scope);
    }
  };

  // Defs by name before anything else, so `x = later_def()` can know its type.
  const defs = new Map<string, SyntaxNode>();
  for (let c = top.firstChild; c; c = c.nextSibling) {
    const n = c.name === 'FunctionDefinition' ? c.getChild('VariableName') : null;
    if (n && !defs.has(slice(n))) defs.set(slice(n), c);
  }
  const working = new Set<SyntaxNode>();
  const returnTypeOf = (def: SyntaxNode): string | undefined => {
    const paramsEnd = def.getChild('ParamList')?.to ?? def.from;
    const annotated = annotation(def.getChildren('TypeDef').find((t) => t.from >= paramsEnd) ?? null);
    if (annotated) return annotated === 'None' ? undefined : annotated;
    // The def's own scope, once visited (a def used above where it is written has none yet).
    const own = functions.get(def.from);
    if (!own || working.has(def)) return undefined;
    working.add(def);
    try {
      const types = new Set<string | undefined>();
      for (const value of returnValues(def.getChild('Body'))) types.add(value ? own.typeOf(value) : undefined);
      return types.size === 1 ? [...types][0] : undefined;
    } finally {
      working.delete(def);
    }
  };
  module.innerScope = (from) => inner.get(from);
  module.apiCallType = (pythonName) => {
    const tsName = names.qualifiedToTypeScript(pythonName);
    return tsName ? names.returnType(tsName) : undefined;
  };
  module.callType = (name) => {
    const def = defs.get(name);
    return def ? returnTypeOf(def) : undefined;
  };

  for (let c = top.firstChild; c; c = c.nextSibling) visit(c, module, true);
  // Global statements' own names were counted as uses: take them back.
  for (const scope of functions.values()) for (const name of scope.globals) uses.set(name, (uses.get(name) ?? 1) - 1);

  for (const { name, type } of globalsSetInFunctions) {
    if (module.names.has(name) || module.loopVariables.has(name)) continue;
    module.names.add(name);
    module.firstSetting.set(name, { from: -1, direct: false, type });
    if (type) module.types.set(name, type);
  }
  for (const scope of [module, ...functions.values()]) {
    for (const [name, setting] of scope.firstSetting) {
      // A loop over the variable before its first setting uses it already: declare it at the top.
      const loop = scope.firstLoop.get(name);
      if (loop !== undefined && loop < setting.from) setting.direct = false;
      if (!setting.direct) scope.hoisted.push([name, setting.type]);
    }
  }

  // Parameters without annotations take the types of the values a call passes.
  /** The fields of a class's instances: declared in its body, then `self.x = ...` in `__init__`, then elsewhere. */
  const classFields = (owner: PythonClass): void => {
    const add = (name: string, type: string | undefined, node: SyntaxNode): void => {
      if (owner.fields.some((f) => f.name === name) || (owner.base && fieldOf(owner.base, name))) return;
      owner.fields.push({ name, type: type ?? 'any', node });
    };
    for (const d of owner.declared) add(d.name, d.type, d.node);
    const init = owner.methods.get('__init__');
    const methods = [...(init ? [init] : []), ...[...owner.methods.values()].filter((m) => m !== init)];
    for (const def of methods) {
      const own = functions.get(def.from);
      const self = own?.method?.self;
      if (!own || !self) continue;
      const params = parameterNodes(def.getChild('ParamList')).map((p) => slice(p.name));
      for (const assign of selfAssignments(def.getChild('Body'), self, slice)) {
        const target = assign.firstChild!;
        const value = assign.getChildren('AssignOp')[0]?.nextSibling;
        let type = annotation(assign.getChild('TypeDef'));
        if (!type && value) {
          const param = value.name === 'VariableName' ? params.indexOf(slice(value)) : -1;
          type = param >= 0 && !own.types.has(slice(value)) ? own.inferredParams[param] : own.typeOf(value);
        }
        add(slice(target.getChild('PropertyName')!), type, assign);
      }
    }
  };

  // A class's call (`Point(1, 2)`) passes its values to `__init__`, after `self`; `x.add(1)`
  // to every method called `add` (without the value's type, any of them may be the one).
  const targets = [
    ...calls.map((call) => {
      const owner = call.scope.classNamed(call.name);
      const def = owner ? owner.constructorDef() : defs.get(call.name);
      return { ...call, def: call.scope.isDefined(call.name) ? def : undefined, skip: owner ? 1 : 0 };
    }),
    ...methodCalls.flatMap((call) =>
      [...classes.values()].map((owner) => ({ ...call, def: owner.methods.get(call.name), skip: 1 })),
    ),
  ];
  // A parameter's type can come from another parameter's (`def g(b): f(b)`): again until nothing changes.
  for (let changed = true, round = 0; changed && round < 8; round++) {
    changed = false;
    const infer = (own: Scope, i: number, type: string | undefined): void => {
      if (own.inferredParams[i] !== undefined || type === undefined) return;
      own.inferredParams[i] = type;
      changed = true;
    };
    for (const { args, keywords, scope, def, skip } of targets) {
      if (!def) continue;
      const own = functions.get(def.from)!;
      args.forEach((arg, i) => infer(own, i + skip, scope.typeOf(arg)));
      parameterNodes(def.getChild('ParamList')).forEach((param, i) => {
        const value = keywords.get(slice(param.name));
        if (value) infer(own, i, scope.typeOf(value));
      });
    }
  }
  // After the parameters' types: a loop over a parameter gives its variable the parameter's items.
  declareLoopVariablesReadOutside(reads, slice);
  for (const owner of classes.values()) classFields(owner);
  return {
    module,
    functions,
    inner,
    defs,
    uses,
    classes,
    memberNames: memberNames(classes.values()),
    unboundReads: findUnboundReads(module, reads, setDone),
    returnTypeOf,
  };
}

/** `self.x = ...` statements of a method body, in the order written (not those of defs inside). */
function selfAssignments(body: SyntaxNode | null, self: string, slice: (node: SyntaxNode) => string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const walk = (node: SyntaxNode): void => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.name === 'FunctionDefinition' || c.name === 'ClassDefinition' || c.name === 'LambdaExpression') continue;
      const target = c.firstChild;
      if (
        c.name === 'AssignStatement' &&
        target?.name === 'MemberExpression' &&
        target.firstChild?.name === 'VariableName' &&
        slice(target.firstChild) === self &&
        target.getChild('PropertyName') &&
        c.getChildren('AssignOp').length === 1
      ) {
        out.push(c);
      } else walk(c);
    }
  };
  if (body) walk(body);
  return out;
}

/** The values of a def body's `return`s (undefined for a bare `return`), not those of defs inside. */
function returnValues(body: SyntaxNode | null): (SyntaxNode | undefined)[] {
  const out: (SyntaxNode | undefined)[] = [];
  const walk = (node: SyntaxNode): void => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.name === 'FunctionDefinition') continue;
      if (c.name === 'ReturnStatement') {
        const value = c.lastChild && c.lastChild.name !== 'return' ? c.lastChild : undefined;
        out.push(value);
      } else walk(c);
    }
  };
  if (body) walk(body);
  return out;
}

/**
 * A loop variable read outside every loop over it (`for i in range(3)` then `show_number(i)`)
 * lives on after the loop in Python: TypeScript declares it before the loops (`let i = 0`), and
 * the loops set it, so it keeps the value it ended with, as MakeCode's reading of such Python does.
 */
function declareLoopVariablesReadOutside(
  reads: readonly { name: string; node: SyntaxNode; scope: Scope }[],
  slice: (node: SyntaxNode) => string,
): void {
  for (const { name, node, scope } of reads) {
    let owner: Scope | undefined = scope;
    while (owner && !owner.loopVariables.has(name) && !owner.names.has(name) && !owner.globals.has(name)) {
      owner = owner.parent;
    }
    if (!owner || !owner.loopVariables.has(name) || owner.names.has(name) || owner.globals.has(name)) continue;
    if (insideLoopOver(node, name, slice)) continue;
    owner.names.add(name);
    const iterable = owner.loopIterables.get(name);
    owner.hoisted.push([name, owner.types.get(name) ?? (iterable && loopValueType(iterable, owner, slice))]);
  }
}

/** The type of the values a `for` loop over `iterable` gives its variable. */
function loopValueType(
  iterable: SyntaxNode | null,
  scope: Scope,
  slice: (node: SyntaxNode) => string,
): string | undefined {
  if (!iterable) return undefined;
  const callee = iterable.name === 'CallExpression' ? iterable.firstChild : null;
  if (callee?.name === 'VariableName' && slice(callee) === 'range' && !scope.isDefined('range')) return 'number';
  return elementType(scope.typeOf(iterable));
}

/** Whether `node` sits in a `for` loop over `name` (its body or its own target). */
function insideLoopOver(node: SyntaxNode, name: string, slice: (node: SyntaxNode) => string): boolean {
  for (let p: SyntaxNode | null = node.parent; p; p = p.parent) {
    if (p.name !== 'ForStatement') continue;
    const target = p.firstChild?.nextSibling;
    if (target?.name === 'VariableName' && slice(target) === name) return true;
  }
  return false;
}

/**
 * Reads of a function's own name before the function sets it. Only certain ones: a read inside
 * a loop that also sets the name later may see the value of the loop's previous round.
 */
function findUnboundReads(
  module: Scope,
  reads: readonly { name: string; node: SyntaxNode; scope: Scope }[],
  setDone: ReadonlyMap<Scope, ReadonlyMap<string, number>>,
): UnboundRead[] {
  const out: UnboundRead[] = [];
  const reported = new Set<string>();
  for (const { name, node, scope } of reads) {
    if (scope === module || !scope.span || scope.params.has(name) || scope.globals.has(name)) continue;
    const done = setDone.get(scope)?.get(name);
    if (done === undefined || node.from >= done || !scope.names.has(name)) continue;
    const key = `${scope.span.from}:${name}`;
    if (reported.has(key)) continue;
    if (loopSetsLater(node, scope.span.from, done)) continue;
    reported.add(key);
    out.push({
      name,
      from: node.from,
      to: node.to,
      programWide: module.names.has(name) || module.loopVariables.has(name),
    });
  }
  return out;
}

/** Whether a loop around `node` (inside the function starting at `functionFrom`) also holds `setAt`. */
function loopSetsLater(node: SyntaxNode, functionFrom: number, setAt: number): boolean {
  for (let p = node.parent; p && p.from > functionFrom; p = p.parent) {
    if ((p.name === 'WhileStatement' || p.name === 'ForStatement') && p.to >= setAt) return true;
  }
  return false;
}

/** A parameter of a def or lambda: its name, `: type` and `= default`. */
export interface ParameterNodes {
  readonly name: SyntaxNode;
  readonly typeDef: SyntaxNode | null;
  readonly value: SyntaxNode | null;
  /** `*` or `**` before the name. */
  readonly star: SyntaxNode | null;
}

export function parameterNodes(list: SyntaxNode | null): ParameterNodes[] {
  const out: ParameterNodes[] = [];
  let star: SyntaxNode | null = null;
  for (let p = list?.firstChild; p; p = p.nextSibling) {
    if (p.name === '*' || p.name === '**') star = p;
    if (p.name !== 'VariableName') continue;
    const typeDef = p.nextSibling?.name === 'TypeDef' ? p.nextSibling : null;
    const after = typeDef ?? p;
    const value = after.nextSibling?.name === 'AssignOp' ? after.nextSibling.nextSibling : null;
    out.push({ name: p, typeDef, value, star });
    star = null;
    if (value) p = value;
  }
  return out;
}

/** The parts of `[value for variable in items if test]`, when it has one `for` and one variable. */
export function comprehensionParts(
  node: SyntaxNode,
): { value: SyntaxNode; variable: SyntaxNode; items: SyntaxNode; test: SyntaxNode | undefined } | undefined {
  const kids: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.name !== 'Comment') kids.push(c);
  const [open, value, forWord, variable, inWord, items, ...rest] = kids;
  if (open?.name !== '[' || forWord?.name !== 'for' || inWord?.name !== 'in') return undefined;
  if (!value || variable?.name !== 'VariableName' || !items) return undefined;
  if (rest.length === 1 && rest[0]!.name === ']') return { value, variable, items, test: undefined };
  if (rest.length === 3 && rest[0]!.name === 'if' && rest[2]!.name === ']') {
    return { value, variable, items, test: rest[1]! };
  }
  return undefined;
}

/** `number[]` -> `number`. */
export function elementType(type: string | undefined): string | undefined {
  return type?.endsWith('[]') ? type.slice(0, -2) : type === 'string' ? 'string' : undefined;
}
