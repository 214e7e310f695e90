// The state of one lowering: the module's tables as they fill, the program's declarations by
// node, variables and their captures, statement locations, library references. The lowering
// functions (lower-*.ts) read and write it; `finish()` freezes it into an IrModule.

import type ts from 'typescript';
import type { Annotations } from '../../annotations/parse-annotations.ts';
import { isFlagSet } from '../../annotations/parse-annotations.ts';
import { type Diagnostic, diagnosticAt } from '../../compiler/diagnostics.ts';
import type { WaitAnalysis } from '../../compiler/wait-analysis.ts';
import type {
  IrClass,
  IrFunction,
  IrFunctionKind,
  IrLocation,
  IrModule,
  IrVariable,
  IrVtableSlot,
} from '../ir-module.ts';
import type { IrApi, IrStmt } from '../ir-nodes.ts';
import { forEachStatement } from '../ir-walk.ts';
import type { IrType } from '../ir-types.ts';
import { TypeClasses } from './type-classes.ts';

/** Diagnostic code of a construct the IR (and so the native back end) cannot express. */
export const IR_UNSUPPORTED_CODE = 9100;

export interface LowerSetup {
  tsApi: typeof ts;
  checker: ts.TypeChecker;
  analysis: WaitAnalysis;
  annotationsOf: (declaration: ts.Node) => Annotations;
  isLibraryFile: (file: ts.SourceFile) => boolean;
  displayName: (file: ts.SourceFile) => string;
  /** Learner files in run order (declaration files included; they hold no code). */
  files: readonly ts.SourceFile[];
  /**
   * One IrApi per library declaration across lowerings (the compiler's), so IR kept from an
   * earlier lowering (lower-reuse.ts) names the same objects as this one's table.
   */
  apiObjects?: WeakMap<ts.Node, IrApi>;
}

export interface FunctionBuilder {
  id: number;
  name: string;
  kind: IrFunctionKind;
  class?: number;
  static?: boolean;
  parent?: number;
  arrow?: boolean;
  params: number[];
  rest?: number;
  locals: number[];
  captures: number[];
  captureSet: Set<number>;
  capturesThis: boolean;
  body: IrStmt[];
  result: IrType;
  canWait: boolean;
  plainTwin?: true;
  sync: boolean;
  position: IrLocation;
  synthetic?: true;
  temps: number;
  closures: number;
}

export interface VariableBuilder {
  id: number;
  name: string;
  type: IrType;
  storage: IrVariable['storage'];
  fn: number;
  const: boolean;
  captured: boolean;
  /** Assigned somewhere other than its declaration. */
  written: boolean;
  /** Captured where it may not be initialized yet (a closure before its declaration, a hoisted function). */
  capturedEarly: boolean;
  synthetic?: boolean;
}

export interface ClassBuilder {
  id: number;
  name: string;
  node: ts.ClassDeclaration;
  base?: number;
  fields: { name: string; type: IrType }[];
  methods: { name: string; kind: 'method' | 'getter' | 'setter'; fn: number; static: boolean }[];
  staticFields: number[];
  ctor: number;
  loc: number;
}

export interface Breakable {
  label: number;
  kind: 'loop' | 'switch' | 'labeled';
  name?: string;
  named: boolean;
}

/** The function being lowered, with the lexical chain of functions around it (for captures). */
export class FunctionScope {
  readonly breakables: Breakable[] = [];
  /** `var` declarations (with their statement id): declared once at the top of the function, assigned where written. */
  readonly hoistedVars = new Map<VariableBuilder, number>();
  private labels = 0;

  /** How many break/continue targets were made (the next one is numbered one more). */
  get labelCount(): number {
    return this.labels;
  }

  /** Moves the count on past the targets of a statement put back from an earlier lowering. */
  setLabelCount(count: number): void {
    this.labels = count;
  }

  constructor(
    readonly fn: FunctionBuilder,
    readonly parent: FunctionScope | undefined,
    /** Arrow functions see their creator's `this`. */
    readonly arrow: boolean,
    /**
     * A function declared in a block is created on entering the block, before its neighbours
     * run: where that block starts (variables declared after it may be uninitialized then).
     */
    readonly hoistedAt?: number,
  ) {}

  newBreakable(kind: Breakable['kind'], name?: string): Breakable {
    const breakable: Breakable = { label: ++this.labels, kind, named: false, ...(name ? { name } : {}) };
    return breakable;
  }
}

export class LowerContext {
  readonly ts: typeof ts;
  readonly checker: ts.TypeChecker;
  readonly analysis: WaitAnalysis;
  readonly types: TypeClasses;
  readonly diagnostics: Diagnostic[] = [];
  readonly functions: FunctionBuilder[] = [];
  readonly classes: ClassBuilder[] = [];
  readonly variables: VariableBuilder[] = [];
  readonly globals: number[] = [];
  readonly enums: { id: number; name: string; members: { name: string; value: number | string }[] }[] = [];
  readonly apis: IrApi[] = [];
  /** The declaration of each of `apis` (same index): one IrApi per declaration. */
  readonly apiDeclarations: ts.Node[] = [];
  readonly locations: (readonly [number, number, number])[] = [];

  /** Program functions, methods, accessors and closures by their node. */
  readonly functionOf = new Map<ts.Node, number>();
  readonly classOf = new Map<ts.Node, number>();
  readonly enumOf = new Map<ts.Node, number>();
  private readonly variableOf = new Map<ts.Symbol, number>();
  private readonly locationOf = new Map<ts.Node, number>();
  private readonly apiOf = new Map<ts.Node, IrApi>();
  private readonly fileIndex = new Map<ts.SourceFile, number>();
  private readonly overridden = new Map<string, boolean>();
  private readonly knownLater: { target: { known?: number }; node: ts.Node }[] = [];
  /** While a unit is lowered for keeping (lower-reuse.ts): every library declaration it uses. */
  apiUses: ts.Node[] | undefined;

  get knownLaterCount(): number {
    return this.knownLater.length;
  }

  constructor(readonly setup: LowerSetup) {
    this.ts = setup.tsApi;
    this.checker = setup.checker;
    this.analysis = setup.analysis;
    setup.files.forEach((file, index) => this.fileIndex.set(file, index));
    this.types = new TypeClasses({
      tsApi: setup.tsApi,
      checker: setup.checker,
      classOf: (declaration) => {
        const id = this.classOf.get(declaration);
        return id === undefined ? undefined : { id, name: this.classes[id]!.name };
      },
      isLibrary: (node) => this.isLibrary(node),
    });
  }

  /** Declared by a library (or by `declare` in a learner file): provided at run time, not compiled here. */
  isLibrary(node: ts.Node): boolean {
    const file = node.getSourceFile();
    return (
      file.isDeclarationFile || this.setup.isLibraryFile(file) || !this.fileIndex.has(file) || isAmbient(this.ts, node)
    );
  }

  // --- Diagnostics -------------------------------------------------------------------------

  unsupported(node: ts.Node, what: string): void {
    const file = node.getSourceFile();
    const start = node.getStart(file);
    this.diagnostics.push(
      diagnosticAt(
        file,
        this.setup.displayName(file),
        start,
        node.getEnd() - start,
        `${what} cannot be compiled for the micro:bit yet: write it another way.`,
        IR_UNSUPPORTED_CODE,
      ),
    );
  }

  // --- Locations ---------------------------------------------------------------------------

  /** The statement id of `node` (allocated on first use). */
  loc(node: ts.Node): number {
    let id = this.locationOf.get(node);
    if (id === undefined) {
      const file = node.getSourceFile();
      const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
      id = this.locations.length;
      this.locations.push([this.fileIndex.get(file) ?? -1, line + 1, character + 1]);
      this.locationOf.set(node, id);
    }
    return id;
  }

  /** Where `node` starts: [file index, line, column]. */
  position(node: ts.Node): IrLocation {
    const file = node.getSourceFile();
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return [this.fileIndex.get(file) ?? -1, line + 1, character + 1];
  }

  // --- Functions ---------------------------------------------------------------------------

  newFunction(init: {
    name: string;
    kind: IrFunctionKind;
    node?: ts.Node;
    position: IrLocation;
    result: IrType;
    class?: number;
    static?: boolean;
    parent?: number;
    arrow?: boolean;
    synthetic?: boolean;
  }): FunctionBuilder {
    const info = init.node ? this.analysis.infoOf(init.node) : undefined;
    // The wait analysis also keeps `toString`/`valueOf` methods sync: the engine calls them.
    const sync =
      init.kind === 'constructor' || init.kind === 'getter' || init.kind === 'setter' || (info?.sync ?? false);
    const fn: FunctionBuilder = {
      id: this.functions.length,
      name: init.name,
      kind: init.kind,
      params: [],
      locals: [],
      captures: [],
      captureSet: new Set(),
      capturesThis: false,
      body: [],
      result: init.result,
      canWait: init.kind === 'main' ? true : (info?.generator ?? false),
      ...(init.kind === 'function' && info?.plainTwin ? { plainTwin: true as const } : {}),
      sync,
      position: init.position,
      temps: 0,
      closures: 0,
      ...(init.class === undefined ? {} : { class: init.class }),
      ...(init.static ? { static: true } : {}),
      ...(init.parent === undefined ? {} : { parent: init.parent }),
      ...(init.arrow === undefined ? {} : { arrow: init.arrow }),
      ...(init.synthetic ? { synthetic: true as const } : {}),
    };
    this.functions.push(fn);
    if (init.node) this.functionOf.set(init.node, fn.id);
    return fn;
  }

  // --- Variables ---------------------------------------------------------------------------

  newVariable(init: Omit<VariableBuilder, 'id' | 'captured' | 'written' | 'capturedEarly'>): VariableBuilder {
    const variable: VariableBuilder = {
      ...init,
      id: this.variables.length,
      captured: false,
      written: false,
      capturedEarly: false,
    };
    this.variables.push(variable);
    if (init.storage === 'global') this.globals.push(variable.id);
    else if (init.storage !== 'param') this.functions[init.fn]!.locals.push(variable.id);
    return variable;
  }

  temp(fn: FunctionBuilder, type: IrType): VariableBuilder {
    return this.newVariable({
      name: `$t${++fn.temps}`,
      type,
      storage: 'temp',
      fn: fn.id,
      const: false,
      synthetic: true,
    });
  }

  /** The variable a symbol names (created on first sight from its declaration). */
  /** `typeOf`: where the declaration's type may be known from before (lower-cache.ts). */
  variableFor(symbol: ts.Symbol, typeOf?: (compute: () => IrType) => IrType): VariableBuilder | undefined {
    const known = this.variableOf.get(symbol);
    if (known !== undefined) return this.variables[known];
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration || this.isLibrary(declaration)) return undefined;
    const ts = this.ts;
    const place = this.placeOf(declaration);
    if (!place) return undefined;
    const name = ts.isFunctionDeclaration(declaration) ? (declaration.name?.text ?? 'function') : symbol.name;
    const isConst =
      (ts.isVariableDeclaration(declaration) || ts.isBindingElement(declaration)) &&
      (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
    const compute = () =>
      ts.isFunctionDeclaration(declaration)
        ? this.types.of(this.checker.getTypeOfSymbol(symbol))
        : this.types.of(this.checker.getTypeOfSymbolAtLocation(symbol, declaration));
    const type = typeOf ? typeOf(compute) : compute();
    const variable = this.newVariable({
      name: place.storage === 'global' ? this.qualifiedName(declaration, name) : name,
      type,
      storage: place.storage,
      fn: place.fn,
      const: isConst || ts.isFunctionDeclaration(declaration),
    });
    this.variableOf.set(symbol, variable.id);
    return variable;
  }

  /** Registers `symbol` as the given (already created) variable, e.g. a parameter. */
  bindVariable(symbol: ts.Symbol, variable: VariableBuilder): void {
    this.variableOf.set(symbol, variable.id);
  }

  /** Where a declaration's variable lives: a global, or a local/parameter of which function. */
  private placeOf(declaration: ts.Node): { storage: 'global' | 'local' | 'param'; fn: number } | undefined {
    const ts = this.ts;
    if (ts.isParameter(declaration)) {
      const fn = this.functionOf.get(declaration.parent);
      return fn === undefined ? undefined : { storage: 'param', fn };
    }
    // Only variable statements (and binding patterns in them) directly in a file or namespace
    // are globals; a declaration in a block, loop or catch of top-level code is a local of main.
    let topLevel = true;
    for (let node: ts.Node = declaration; node.parent; node = node.parent) {
      const parent = node.parent;
      if (isFunctionWithBody(ts, parent)) {
        const fn = this.functionOf.get(parent);
        return fn === undefined ? undefined : { storage: 'local', fn };
      }
      if (ts.isSourceFile(parent) || ts.isModuleBlock(parent)) return { storage: topLevel ? 'global' : 'local', fn: 0 };
      if (!(
        ts.isVariableDeclarationList(parent) ||
        ts.isVariableStatement(parent) ||
        ts.isBindingElement(parent) ||
        ts.isObjectBindingPattern(parent) ||
        ts.isArrayBindingPattern(parent) ||
        ts.isVariableDeclaration(parent)
      )) {
        topLevel = false;
      }
    }
    return undefined;
  }

  /** `ns.inner.name` for declarations inside namespaces (their globals and functions). */
  qualifiedName(declaration: ts.Node, name: string): string {
    const ts = this.ts;
    const parts = [name];
    for (let node: ts.Node | undefined = declaration.parent; node; node = node.parent) {
      if (ts.isModuleDeclaration(node)) parts.unshift(node.name.text);
      if (isFunctionWithBody(ts, node)) break;
    }
    return parts.join('.');
  }

  /**
   * Notes a use of `variable` from `scope`: a variable of an enclosing function is captured by
   * every function between the two.
   */
  use(variable: VariableBuilder, scope: FunctionScope, at: ts.Node, declaration?: ts.Node): void {
    if (variable.storage === 'global' || variable.fn === scope.fn.id) return;
    variable.captured = true;
    if (declaration && at.pos < declaration.pos) variable.capturedEarly = true;
    for (let s: FunctionScope | undefined = scope; s && s.fn.id !== variable.fn; s = s.parent) {
      if (!s.fn.captureSet.has(variable.id)) {
        s.fn.captureSet.add(variable.id);
        s.fn.captures.push(variable.id);
      }
      if (s.hoistedAt !== undefined && (!declaration || declaration.pos >= s.hoistedAt)) variable.capturedEarly = true;
    }
  }

  /** `this` in an arrow function is its creator's: every arrow up to the first non-arrow captures it. */
  useThis(scope: FunctionScope): void {
    for (let s: FunctionScope | undefined = scope; s && s.arrow; s = s.parent) s.fn.capturesThis = true;
  }

  // --- Classes -----------------------------------------------------------------------------

  /** True when a subclass of `classId` declares an instance member called `name`. */
  isOverridden(classId: number, name: string): boolean {
    const key = `${classId}:${name}`;
    let answer = this.overridden.get(key);
    if (answer === undefined) {
      answer = this.classes.some(
        (c) => c.id !== classId && this.inherits(c.id, classId) && c.methods.some((m) => !m.static && m.name === name),
      );
      this.overridden.set(key, answer);
    }
    return answer;
  }

  private inherits(classId: number, ancestor: number): boolean {
    for (let c = this.classes[classId]?.base; c !== undefined; c = this.classes[c]?.base) {
      if (c === ancestor) return true;
    }
    return false;
  }

  // --- Library references ------------------------------------------------------------------

  /** The library function, method or value a declaration is (one object per declaration). */
  api(declaration: ts.Node): IrApi {
    this.apiUses?.push(declaration);
    let api = this.apiOf.get(declaration);
    if (!api) api = this.setup.apiObjects?.get(declaration);
    if (api) {
      if (!this.apiOf.has(declaration)) {
        this.apiOf.set(declaration, api);
        this.apis.push(api);
        this.apiDeclarations.push(declaration);
      }
    } else {
      const ts = this.ts;
      const annotations = this.setup.annotationsOf(declaration);
      const name = apiName(ts, declaration);
      const member = name.slice(name.lastIndexOf('.') + 1);
      const inTypeLiteral = declaration.parent !== undefined && ts.isTypeLiteralNode(declaration.parent);
      const kind: IrApi['kind'] =
        ts.isConstructSignatureDeclaration(declaration) ||
        ts.isConstructorDeclaration(declaration) ||
        ts.isClassDeclaration(declaration)
          ? 'constructor'
          : ts.isMethodSignature(declaration) || ts.isMethodDeclaration(declaration)
            ? inTypeLiteral
              ? 'function'
              : 'method'
            : ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)
              ? 'property'
              : ts.isFunctionDeclaration(declaration) || ts.isCallSignatureDeclaration(declaration)
                ? 'function'
                : 'value';
      const imageLiteral = Number(annotations.imageLiteral);
      api = {
        name,
        member,
        kind,
        async: isFlagSet(annotations, 'async'),
        ...(annotations.helper ? { helper: annotations.helper } : {}),
        ...(annotations.waitHelper ? { waitHelper: annotations.waitHelper } : {}),
        ...(annotations.shim ? { shim: annotations.shim } : {}),
        ...(imageLiteral > 0 ? { imageLiteral } : {}),
        file: this.setup.displayName(declaration.getSourceFile()),
      };
      this.setup.apiObjects?.set(declaration, api);
      this.apiOf.set(declaration, api);
      this.apis.push(api);
      this.apiDeclarations.push(declaration);
    }
    return api;
  }

  /** Statement ids were handed out in lowering order; renumbered so they follow the source. */
  private renumberInSourceOrder(): void {
    const order = this.locations.map((_, id) => id);
    const at = this.locations;
    order.sort((a, b) => at[a]![0] - at[b]![0] || at[a]![1] - at[b]![1] || at[a]![2] - at[b]![2] || a - b);
    const renamed = new Array<number>(order.length);
    order.forEach((old, id) => (renamed[old] = id));
    const sorted = order.map((old) => at[old]!);
    this.locations.length = 0;
    this.locations.push(...sorted);
    const fix = (s: { loc: number }) => {
      if (s.loc >= 0) s.loc = renamed[s.loc]!;
    };
    for (const fn of this.functions) {
      forEachStatement(fn.body, (s) => {
        fix(s);
        if (s.kind === 'switch') for (const c of s.cases) fix(c);
      });
    }
    for (const c of this.classes) fix(c);
  }

  /** Sets `target.known` to the function of `node` once every function is lowered. */
  resolveKnownLater(target: object, node: ts.Node): void {
    this.knownLater.push({ target: target, node });
  }

  // --- Result ------------------------------------------------------------------------------

  finish(): IrModule {
    for (const { target, node } of this.knownLater) {
      const fn = this.functionOf.get(node);
      if (fn !== undefined) target.known = fn;
    }
    this.renumberInSourceOrder();
    const variables: IrVariable[] = this.variables.map((v) => ({
      id: v.id,
      name: v.name,
      type: v.type,
      storage: v.storage,
      fn: v.fn,
      const: v.const,
      captured: v.captured,
      boxed: v.captured && (v.written || v.capturedEarly),
      ...(v.synthetic ? { synthetic: true as const } : {}),
    }));
    const functions: IrFunction[] = this.functions.map((f) => ({
      id: f.id,
      name: f.name,
      kind: f.kind,
      ...(f.class === undefined ? {} : { class: f.class }),
      ...(f.static ? { static: true } : {}),
      ...(f.parent === undefined ? {} : { parent: f.parent }),
      ...(f.arrow === undefined ? {} : { arrow: f.arrow }),
      params: f.params,
      ...(f.rest === undefined ? {} : { rest: f.rest }),
      locals: f.locals,
      captures: f.captures,
      capturesThis: f.capturesThis,
      body: f.body,
      result: f.result,
      canWait: f.canWait,
      ...(f.plainTwin ? { plainTwin: true as const } : {}),
      sync: f.sync,
      position: f.position,
      ...(f.synthetic ? { synthetic: true as const } : {}),
    }));
    const classes: IrClass[] = [];
    for (const c of this.classes) {
      const base = c.base === undefined ? undefined : classes[c.base];
      const vtable: IrVtableSlot[] = base ? [...base.vtable] : [];
      for (const method of c.methods) {
        if (method.static) continue;
        const slot: IrVtableSlot = { name: method.name, kind: method.kind, fn: method.fn, class: c.id };
        const at = vtable.findIndex((s) => s.name === method.name && s.kind === method.kind);
        if (at >= 0) vtable[at] = slot;
        else vtable.push(slot);
      }
      classes.push({
        id: c.id,
        name: c.name,
        ...(c.base === undefined ? {} : { base: c.base }),
        fields: c.fields,
        layout: [...(base?.layout ?? []), ...c.fields.map((f) => f.name).filter((n) => !base?.layout.includes(n))],
        ctor: c.ctor,
        methods: c.methods,
        vtable,
        staticFields: c.staticFields,
        loc: c.loc,
      });
    }
    return {
      files: this.setup.files.map((file) => this.setup.displayName(file)),
      functions,
      classes,
      variables,
      globals: this.globals,
      enums: this.enums,
      apis: this.apis,
      locations: this.locations,
    };
  }
}

function isFunctionWithBody(tsApi: typeof ts, node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    (tsApi.isFunctionDeclaration(node) ||
      tsApi.isFunctionExpression(node) ||
      tsApi.isArrowFunction(node) ||
      tsApi.isMethodDeclaration(node) ||
      tsApi.isConstructorDeclaration(node) ||
      tsApi.isGetAccessorDeclaration(node) ||
      tsApi.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

/** The qualified name of a library declaration: `basic.showNumber`, `Array.push`, `Object.keys`. */
function apiName(tsApi: typeof ts, declaration: ts.Node): string {
  const parts: string[] = [];
  const named = declaration as ts.Node & { name?: ts.Node };
  if (named.name && (tsApi.isIdentifier(named.name) || tsApi.isStringLiteral(named.name))) {
    parts.push(named.name.text);
  }
  for (let node = declaration.parent as ts.Node | undefined; node; node = node.parent) {
    if (tsApi.isModuleDeclaration(node) || tsApi.isInterfaceDeclaration(node) || tsApi.isClassDeclaration(node)) {
      if (node.name) parts.unshift(node.name.text);
    } else if (tsApi.isTypeLiteralNode(node) && node.parent && tsApi.isVariableDeclaration(node.parent)) {
      if (tsApi.isIdentifier(node.parent.name)) parts.unshift(node.parent.name.text);
      node = node.parent;
    }
  }
  if (parts[0] === 'ReadonlyArray') parts[0] = 'Array';
  return parts.join('.');
}

/** Inside a `declare` declaration (`declare function f(): void`, `declare namespace n { … }`). */
export function isAmbient(tsApi: typeof ts, node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n && !tsApi.isSourceFile(n); n = n.parent) {
    if (tsApi.canHaveModifiers(n) && tsApi.getModifiers(n)?.some((m) => m.kind === tsApi.SyntaxKind.DeclareKeyword)) {
      return true;
    }
  }
  return false;
}
