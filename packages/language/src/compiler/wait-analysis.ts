// Which functions must be compiled as generators ("can wait"). A function can wait when it calls
// a library function marked `//% async` (pause, show…), calls something unknown (a function
// value), contains a loop (so it can be preempted), or calls a function that can wait. The answer
// is a fixed point over the call graph. Everything else stays plain JavaScript, so arithmetic and
// recursion run at native speed.

import type ts from 'typescript';
import type { Annotations } from '../annotations/parse-annotations.ts';
import { isFlagSet } from '../annotations/parse-annotations.ts';
import { type Diagnostic, diagnosticAt } from './diagnostics.ts';
import { findEscapeHatch } from './escape-hatches.ts';
import { HEX_LITERAL_CODE, checkHexLiteral, isHexLiteral } from './hex-literals.ts';
import type { StatementRecord, WaitCacheRun } from './wait-cache.ts';

export interface FnInfo {
  /** The function-like node; undefined for the program's top level. */
  readonly node: ts.Node | undefined;
  /** Constructors, accessors, field initializers, parameter defaults: can never be generators. */
  readonly sync: boolean;
  readonly isArrow: boolean;
  hasLoop: boolean;
  waitsDirectly: boolean;
  usesThis: boolean;
  readonly callees: Set<ts.Node>;
  readonly methodGroups: Set<string>;
  readonly waitHelperCalls: CallPlan[];
  /** The result: compile as a generator function. */
  generator: boolean;
  /**
   * Debug builds: a function that a release build would compile without waiting. It also gets a
   * plain twin, called while no debugger watches (no breakpoint, step or pause), so debugging
   * costs little until something is watched (emit-program.ts).
   */
  plainTwin: boolean;
}

export type CallPlan =
  | { kind: 'plain' }
  | { kind: 'host-wait' }
  | { kind: 'user'; target: ts.Node }
  | { kind: 'method-group'; name: string }
  | { kind: 'indirect' }
  | { kind: 'helper'; name: string }
  | { kind: 'wait-helper'; name: string; callbacks: (ts.Node | undefined)[] };

export interface AnalysisContext {
  tsApi: typeof ts;
  checker: ts.TypeChecker;
  isLibrary: (file: ts.SourceFile) => boolean;
  annotationsOf: (declaration: ts.Node) => Annotations;
  displayName: (file: ts.SourceFile) => string;
  /** Debug builds: every function becomes a generator so it can stop at breakpoints. */
  debug: boolean;
}

/** Names compiled code uses; learner code may not declare them. */
const reservedNames = new Set(['$rt', '$h', '$api', '$main']);

export class WaitAnalysis {
  readonly main: FnInfo = newInfo(undefined, false, false);
  readonly calls = new Map<ts.Node, CallPlan>();
  readonly diagnostics: Diagnostic[] = [];
  private readonly infos = new Map<ts.Node, FnInfo>();
  private readonly methodsByName = new Map<string, FnInfo[]>();
  private readonly ts: typeof ts;
  /** What the top-level statement being visited does, for the wait cache (wait-cache.ts). */
  private record: StatementRecord | undefined;

  constructor(private readonly context: AnalysisContext) {
    this.ts = context.tsApi;
  }

  /** `cache`: top-level statements unchanged since the last compile are not visited again. */
  run(files: readonly ts.SourceFile[], cache?: WaitCacheRun): void {
    for (const file of files) this.visitFile(file, cache);
    this.solve();
  }

  infoOf(node: ts.Node): FnInfo | undefined {
    return this.infos.get(node);
  }

  /** Whether a call (after solving) must be `yield*`-ed. */
  waits(plan: CallPlan): boolean {
    switch (plan.kind) {
      case 'host-wait':
      case 'indirect':
        return true;
      case 'user':
        return this.infos.get(plan.target)?.generator ?? false;
      case 'method-group':
        return (this.methodsByName.get(plan.name) ?? []).some((info) => info.generator);
      case 'wait-helper':
        return plan.callbacks.some((node) => node === undefined || (this.infos.get(node)?.generator ?? true));
      default:
        return false;
    }
  }

  private visitFile(file: ts.SourceFile, cache: WaitCacheRun | undefined): void {
    const ts = this.ts;
    if (ts.isExternalModule(file)) {
      const first = file.statements.find(
        (s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s) || ts.isExportAssignment(s),
      );
      this.report(
        first ?? file,
        'Programs are one global script: import and export are not supported (namespaces are).',
        9004,
      );
    }
    const stack: FnInfo[] = [this.main];
    const visit = (node: ts.Node): void => {
      const current = stack[stack.length - 1]!;
      if (this.isFunctionWithBody(node)) {
        const info = this.infoFor(node);
        const parameterContext = newInfo(undefined, true, false);
        stack.push(parameterContext);
        for (const parameter of node.parameters) visit(parameter);
        stack.pop();
        stack.push(info);
        if (node.body) visit(node.body);
        stack.pop();
        if (ts.isMethodDeclaration(node) && !info.sync) this.addMethod(node, info);
        this.checkFunctionModifiers(node);
        return;
      }
      if (ts.isPropertyDeclaration(node) || ts.isClassStaticBlockDeclaration(node)) {
        stack.push(newInfo(undefined, true, false));
        ts.forEachChild(node, visit);
        stack.pop();
        return;
      }
      if (ts.isIterationStatement(node, false)) current.hasLoop = true;
      if (node.kind === ts.SyntaxKind.ThisKeyword) this.markThis(stack);
      if (ts.isCallExpression(node)) this.planCall(node, current);
      this.checkSyntax(node);
      ts.forEachChild(node, visit);
    };
    for (const statement of file.statements) {
      const stored = cache?.lookup(statement);
      if (stored) {
        this.replay(stored);
        continue;
      }
      const reported = this.diagnostics.length;
      this.record = cache ? { functions: [], calls: [], keepable: true } : undefined;
      visit(statement);
      const record = this.record;
      this.record = undefined;
      if (record?.keepable && this.diagnostics.length === reported) cache!.keep(statement, record);
    }
  }

  /** Does what visiting a statement did, from what the wait cache kept of it. */
  private replay(stored: StatementRecord): void {
    for (const { node, hasLoop, usesThis } of stored.functions) {
      const info = this.infoFor(node!);
      info.hasLoop = hasLoop;
      info.usesThis = usesThis;
    }
    const sync = newInfo(undefined, true, false);
    for (const { call, owner, plan } of stored.calls) {
      this.calls.set(call, plan);
      this.applyPlan(call, plan, owner === 'main' ? this.main : owner === 'sync' ? sync : this.infoFor(owner));
    }
  }

  private isFunctionWithBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
    const ts = this.ts;
    return (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node)) &&
      node.body !== undefined
    );
  }

  private infoFor(node: ts.Node): FnInfo {
    let info = this.infos.get(node);
    if (!info) {
      const ts = this.ts;
      const sync =
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node) ||
        this.isConversionMethod(node);
      info = newInfo(node, sync, ts.isArrowFunction(node));
      this.infos.set(node, info);
      this.record?.functions.push(info);
    }
    return info;
  }

  /**
   * `toString` and `valueOf` are called by the engine itself (`"" + x`, `x * 1`), which cannot run
   * a generator: they stay plain functions, so their loops are stopped by the runaway check.
   */
  private isConversionMethod(node: ts.Node): boolean {
    const ts = this.ts;
    if (!ts.isMethodDeclaration(node)) return false;
    const name = node.name;
    const text = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
    return text === 'toString' || text === 'valueOf';
  }

  private addMethod(node: ts.MethodDeclaration, info: FnInfo): void {
    // A method's calling convention depends on every method of its name: not kept per statement.
    if (this.record) this.record.keepable = false;
    const name = node.name.getText();
    const group = this.methodsByName.get(name);
    if (group) group.push(info);
    else this.methodsByName.set(name, [info]);
  }

  /** `this` inside arrows is lexical: arrows converted to generators must bind it. */
  private markThis(stack: FnInfo[]): void {
    for (let i = stack.length - 1; i > 0; i--) {
      const info = stack[i]!;
      info.usesThis = true;
      if (!info.isArrow) break;
    }
  }

  private planCall(call: ts.CallExpression, current: FnInfo): void {
    const plan = this.resolveCall(call);
    this.calls.set(call, plan);
    if (this.record) {
      this.record.calls.push({ call, owner: current === this.main ? 'main' : (current.node ?? 'sync'), plan });
      if (plan.kind === 'method-group') this.record.keepable = false;
    }
    this.applyPlan(call, plan, current);
  }

  /** What a planned call means for the function it is in. */
  private applyPlan(call: ts.CallExpression, plan: CallPlan, current: FnInfo): void {
    switch (plan.kind) {
      case 'host-wait':
        if (current.sync) {
          this.report(
            call,
            `${call.expression.getText()} waits, so it cannot be used in a constructor, getter, setter, toString, valueOf, field or default value.`,
            9002,
          );
        }
        current.waitsDirectly = true;
        break;
      case 'indirect':
        current.waitsDirectly = true;
        break;
      case 'user':
        current.callees.add(plan.target);
        break;
      case 'method-group':
        current.methodGroups.add(plan.name);
        break;
      case 'wait-helper':
        current.waitHelperCalls.push(plan);
        break;
      default:
        break;
    }
  }

  private resolveCall(call: ts.CallExpression): CallPlan {
    const ts = this.ts;
    const { checker } = this.context;
    let callee: ts.Expression = call.expression;
    while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
    if (callee.kind === ts.SyntaxKind.SuperKeyword || callee.kind === ts.SyntaxKind.ImportKeyword) {
      return { kind: 'plain' };
    }
    if (ts.isFunctionExpression(callee) || ts.isArrowFunction(callee)) return { kind: 'user', target: callee };
    // Optional calls (`f?.()`) stay plain calls: a function that waits cannot be called that way.
    if (call.questionDotToken || (ts.isPropertyAccessExpression(callee) && callee.questionDotToken)) {
      return { kind: 'plain' };
    }

    const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
    let symbol = nameNode ? checker.getSymbolAtLocation(nameNode) : undefined;
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declarations = symbol?.declarations ?? [];
    // Overload resolution (getResolvedSignature) checks every argument: the type check of the
    // whole call. A callee with one declaration has one signature, so its name says which.
    const only = declarations.length === 1 ? declarations[0]! : undefined;
    const single =
      only && (ts.isFunctionDeclaration(only) || ts.isMethodSignature(only) || ts.isMethodDeclaration(only))
        ? only
        : undefined;
    if (single && !this.context.isLibrary(single.getSourceFile()) && ts.isFunctionDeclaration(single) && single.body) {
      return { kind: 'user', target: single };
    }
    const declaration = single ?? checker.getResolvedSignature(call)?.declaration;
    if (declaration && this.context.isLibrary(declaration.getSourceFile())) {
      const annotations = this.context.annotationsOf(declaration);
      if (isFlagSet(annotations, 'async')) return { kind: 'host-wait' };
      const waitHelper = annotations.waitHelper;
      if (waitHelper) return { kind: 'wait-helper', name: waitHelper, callbacks: this.callbacksOf(call) };
      const helper = annotations.helper;
      if (helper && (ts.isPropertyAccessExpression(callee) || ts.isIdentifier(callee)))
        return { kind: 'helper', name: helper };
      return { kind: 'plain' };
    }

    if (!nameNode) return { kind: 'indirect' };
    const withBody = declarations.find((d) => this.isFunctionWithBody(d));
    if (withBody && ts.isFunctionDeclaration(withBody)) return { kind: 'user', target: withBody };
    if (withBody && ts.isMethodDeclaration(withBody)) return { kind: 'method-group', name: withBody.name.getText() };
    const variable = declarations[0];
    if (
      variable &&
      ts.isVariableDeclaration(variable) &&
      variable.initializer &&
      (ts.isFunctionExpression(variable.initializer) || ts.isArrowFunction(variable.initializer)) &&
      ts.getCombinedNodeFlags(variable) & ts.NodeFlags.Const
    ) {
      return { kind: 'user', target: variable.initializer };
    }
    return { kind: 'indirect' };
  }

  /** Function arguments of a call: the function node when known statically, else undefined. */
  private callbacksOf(call: ts.CallExpression): (ts.Node | undefined)[] {
    const ts = this.ts;
    const out: (ts.Node | undefined)[] = [];
    for (const argument of call.arguments) {
      let arg: ts.Expression = argument;
      while (ts.isParenthesizedExpression(arg)) arg = arg.expression;
      if (ts.isFunctionExpression(arg) || ts.isArrowFunction(arg)) {
        out.push(arg);
        continue;
      }
      const type = this.context.checker.getTypeAtLocation(arg);
      if (type.getCallSignatures().length === 0) continue;
      const symbol = ts.isIdentifier(arg) ? this.context.checker.getSymbolAtLocation(arg) : undefined;
      const declaration = symbol?.declarations?.find((d) => ts.isFunctionDeclaration(d) && d.body);
      out.push(declaration);
    }
    return out;
  }

  private solve(): void {
    this.main.generator = true;
    const all = [...this.infos.values()];
    this.propagate(all);
    if (!this.context.debug) return;
    // The release answer is consistent on its own: a function that needs no waiting calls only
    // such functions, so the plain twins call only plain twins.
    for (const info of all) {
      if (info.sync) continue;
      info.plainTwin = !info.generator && !info.isArrow && info.node !== undefined;
      info.generator = true;
    }
  }

  /** Marks every function that can wait, until nothing changes. */
  private propagate(all: readonly FnInfo[]): void {
    let changed = true;
    while (changed) {
      changed = false;
      for (const info of all) {
        if (info.generator || info.sync) continue;
        if (
          info.hasLoop ||
          info.waitsDirectly ||
          [...info.callees].some((callee) => this.infos.get(callee)?.generator) ||
          [...info.methodGroups].some((name) => this.waits({ kind: 'method-group', name })) ||
          info.waitHelperCalls.some((plan) => this.waits(plan))
        ) {
          info.generator = true;
          changed = true;
        }
      }
      // One calling convention per method name, whichever class's method a call reaches.
      for (const group of this.methodsByName.values()) {
        if (group.some((info) => info.generator)) {
          for (const info of group) {
            if (!info.generator) {
              info.generator = true;
              changed = true;
            }
          }
        }
      }
    }
  }

  private checkFunctionModifiers(node: ts.FunctionLikeDeclaration): void {
    const ts = this.ts;
    if (node.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) {
      this.report(node, 'async functions are not supported: use basic.pause and events to wait.', 9001);
    }
    if (node.asteriskToken) this.report(node, 'Generator functions (function*) are not supported.', 9001);
  }

  private checkSyntax(node: ts.Node): void {
    const ts = this.ts;
    const hatch = findEscapeHatch(ts, node);
    if (hatch) this.report(hatch.node, hatch.message, hatch.code);
    if (ts.isAwaitExpression(node))
      this.report(node, 'await is not supported: use basic.pause and events to wait.', 9001);
    else if (ts.isYieldExpression(node)) this.report(node, 'yield is not supported.', 9001);
    else if (ts.isDecorator(node)) this.report(node, 'Decorators are not supported.', 9001);
    else if (ts.isMetaProperty(node)) this.report(node, `${node.getText()} is not supported.`, 9001);
    else if (isHexLiteral(ts, this.context.checker, node)) {
      const checked = checkHexLiteral(ts, node);
      if (!checked.ok) {
        const file = node.getSourceFile();
        const { start, length, message } = checked.problem;
        this.diagnostics.push(
          diagnosticAt(file, this.context.displayName(file), start, length, message, HEX_LITERAL_CODE),
        );
      }
    } else if (ts.isIdentifier(node) && this.isDeclarationName(node)) {
      if (reservedNames.has(node.text) || node.text.startsWith('$$')) {
        this.report(
          node,
          `The name ${node.text} is reserved for Blockyard's compiled code; choose another name.`,
          9003,
        );
      }
    }
  }

  private isDeclarationName(node: ts.Identifier): boolean {
    const ts = this.ts;
    const parent = node.parent;
    return (
      (ts.isVariableDeclaration(parent) ||
        ts.isFunctionDeclaration(parent) ||
        ts.isParameter(parent) ||
        ts.isClassDeclaration(parent) ||
        ts.isEnumDeclaration(parent) ||
        ts.isModuleDeclaration(parent) ||
        ts.isBindingElement(parent)) &&
      parent.name === node
    );
  }

  private report(node: ts.Node, message: string, code: number): void {
    const file = node.getSourceFile();
    const start = node.getStart(file);
    this.diagnostics.push(
      diagnosticAt(file, this.context.displayName(file), start, node.getEnd() - start, message, code),
    );
  }
}

function newInfo(node: ts.Node | undefined, sync: boolean, isArrow: boolean): FnInfo {
  return {
    node,
    sync,
    isArrow,
    hasLoop: false,
    waitsDirectly: false,
    usesThis: false,
    callees: new Set(),
    methodGroups: new Set(),
    waitHelperCalls: [],
    generator: false,
    plainTwin: false,
  };
}
