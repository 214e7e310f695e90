// One IR function -> Thumb-1 assembly text, following the firmware's binary interface
// (docs/firmware-interface.md §6-§8; the frame and calling convention are described in
// code-emitter.ts). FunctionGen is built in layers, one concern per file: code-emitter.ts (frame,
// variables, emitting), call-gen.ts (calls), expression-gen.ts (conditions, expressions), and
// here the function itself: prologue, epilogue and statements (if, loops, switch, labelled
// break/continue, return), going on past a refusal so that every one is named.

import { statementExpressions, type IrExpr, type IrStmt } from '@blockyard/language';
import { MAX_FRAME_WORDS, TRUE } from './code-emitter.ts';
import { ExpressionGen } from './expression-gen.ts';
import { NativeUnsupported, unsupportedCall, unsupportedFeature } from './native-diagnostics.ts';
import { childStatementLists, unsupportedApiNames } from './unsupported-calls.ts';

export class FunctionGen extends ExpressionGen {
  /** The function's code: its label, prologue, body, epilogue. */
  generate(): string[] {
    // A boxed parameter (captured and assigned) lives in a cell shared with its closures.
    for (const id of this.fn.params) {
      if (!this.isBoxed(id)) continue;
      this.call('pxtrt::mklocRef');
      this.push();
      this.emit(`ldr r1, [sp, #${this.offset(this.frameWord(id))}]`);
      this.call('pxtrt::stlocRef');
      this.emit('pop {r0}');
      this.depth--;
      this.emit(`str r0, [sp, #${this.offset(this.frameWord(id))}]`);
    }
    for (const stmt of this.fn.body) this.stmt(stmt);
    const frame = this.slotCount;
    if (frame + this.fn.params.length + (this.hasThis ? 2 : 1) > MAX_FRAME_WORDS) {
      throw unsupportedFeature(`A function with this many variables (${this.fn.name})`, undefined);
    }
    const out = [`${this.ctx.functionLabel(this.fn.id)}: @ ${this.fn.name}`, 'push {lr}'];
    if (frame > 0) {
      out.push('movs r0, #0', 'movs r1, #0', 'movs r2, #0', 'movs r3, #0');
      let left = frame;
      while (left >= 4) {
        out.push('push {r0, r1, r2, r3}');
        left -= 4;
      }
      if (left > 0) out.push(`push {${['r0', 'r1', 'r2'].slice(0, left).join(', ')}}`);
    }
    out.push(...this.body, 'movs r0, #0', `${this.exit}:`);
    let drop = frame * 4;
    while (drop > 0) {
      const step = Math.min(drop, 508);
      out.push(`add sp, #${step}`);
      drop -= step;
    }
    out.push('pop {pc}', '.ltorg');
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  protected stmts(list: readonly IrStmt[]): void {
    for (const s of list) this.stmt(s);
  }

  /**
   * What the function uses that the device cannot run, each once, in the order met. Code
   * generation goes on past a refusal (the code is then never used) so that all are named.
   */
  readonly problems: NativeUnsupported[] = [];
  protected readonly problemKeys = new Set<string>();

  protected problem(error: NativeUnsupported): void {
    const key = `${error.loc}:${error.message}`;
    if (this.problemKeys.has(key)) return;
    this.problemKeys.add(key);
    this.problems.push(error);
  }

  /** One statement; a refusal is recorded with the statement's other refusals and nested ones. */
  protected stmt(s: IrStmt): void {
    const depth = this.depth;
    const loops = this.loops.length;
    try {
      this.statement(s);
    } catch (error) {
      if (!(error instanceof NativeUnsupported)) throw error;
      this.problem(error.loc === undefined ? new NativeUnsupported(error.message, s.loc) : error);
      for (const name of unsupportedApiNames(statementExpressions(s), this.ctx.flavor)) {
        this.problem(unsupportedCall(name, s.loc));
      }
      this.depth = depth;
      this.loops.length = loops;
      // The statements inside, for their own refusals (break/continue find their target).
      if ('label' in s && s.kind !== 'break' && s.kind !== 'continue') {
        this.loops.push({ label: s.label, breakTo: this.exit, continueTo: this.exit });
      }
      for (const list of childStatementLists(s)) this.stmts(list);
      this.loops.length = loops;
      this.depth = depth;
    }
  }

  protected statement(s: IrStmt): void {
    this.loc = s.loc;
    this.literalPoolIsland();
    const where = this.ctx.module.locations[s.loc];
    if (where) this.emit(`@ ${this.ctx.module.files[where[0]]}:${where[1]}`);
    switch (s.kind) {
      case 'expr':
        this.effect(s.expr);
        return;
      case 'let':
        if (this.isBoxed(s.var) && !this.captured.has(s.var)) {
          this.call('pxtrt::mklocRef');
          this.emit(`str r0, [sp, #${this.offset(this.frameWord(s.var))}]`);
        }
        if (s.init) this.expr(s.init);
        else this.emit('movs r0, #0');
        this.store(s.var);
        return;
      case 'localFunction':
        this.functionValue(s.fn);
        this.store(s.var);
        return;
      case 'if': {
        const otherwise = this.ctx.label('else');
        const end = this.ctx.label('endif');
        this.branchUnless(s.test, otherwise);
        this.stmts(s.then);
        if (s.else) this.jump(end);
        this.mark(otherwise);
        if (s.else) this.stmts(s.else);
        this.mark(end);
        return;
      }
      case 'block':
        this.stmts(s.body);
        return;
      case 'loop':
        this.loopStmt(s);
        return;
      case 'switch':
        this.switchStmt(s);
        return;
      case 'labeled': {
        const end = this.ctx.label('label_end');
        this.loops.push({ label: s.label, breakTo: end });
        this.stmts(s.body);
        this.loops.pop();
        this.mark(end);
        return;
      }
      case 'break':
      case 'continue': {
        const target = [...this.loops].reverse().find((l) => l.label === s.label);
        const to = s.kind === 'break' ? target?.breakTo : target?.continueTo;
        if (!to) throw unsupportedFeature(`This ${s.kind}`, s.loc);
        this.jump(to);
        return;
      }
      case 'return':
        if (s.value) this.expr(s.value);
        else this.emit('movs r0, #0');
        this.jump(this.exit);
        return;
      case 'throw':
        throw unsupportedFeature('throw', s.loc);
      case 'try':
        throw unsupportedFeature('try/catch', s.loc);
      case 'class':
        // Vtables are data in flash; static fields are globals set by the statements after it.
        return;
    }
  }

  protected loopStmt(s: Extract<IrStmt, { kind: 'loop' }>): void {
    if (s.init) this.stmts(s.init);
    const top = this.ctx.label('loop');
    const next = this.ctx.label('next');
    const end = this.ctx.label('loop_end');
    this.loops.push({ label: s.label, breakTo: end, continueTo: next });
    if (s.loop === 'do') {
      this.mark(top);
      this.stmts(s.body);
      this.mark(next);
      if (s.test) this.branchIf(s.test, top);
      else this.jump(top);
    } else {
      this.mark(top);
      if (s.test) this.branchUnless(s.test, end);
      this.stmts(s.body);
      this.mark(next);
      if (s.update) this.effect(s.update);
      this.jump(top);
    }
    this.loops.pop();
    this.mark(end);
  }

  protected switchStmt(s: Extract<IrStmt, { kind: 'switch' }>): void {
    const slot = this.switchSlot++;
    this.expr(s.value);
    this.emit(`str r0, [sp, #${this.offset(this.depth + slot)}]`);
    const end = this.ctx.label('switch_end');
    const bodies = s.cases.map(() => this.ctx.label('case'));
    let fallback = end;
    s.cases.forEach((c, i) => {
      if (!c.test) {
        fallback = bodies[i]!;
        return;
      }
      const literal = this.smallIntLiteral(c.test);
      // Not `case 0`: a boxed -0 is 0 too (_num_eqq sees it).
      if (literal !== undefined && literal !== 1) {
        this.emit(`ldr r0, [sp, #${this.offset(this.depth + slot)}]`, `cmp r0, #${literal}`);
        this.jumpIf('eq', bodies[i]!);
        return;
      }
      this.expr(c.test);
      // _num_eqq keeps both on the stack if it calls the runtime.
      this.emit('mov r1, r0', `ldr r0, [sp, #${this.offset(this.depth + slot)}]`);
      this.helper('_num_eqq');
      this.emit(`cmp r0, #${TRUE}`);
      this.jumpIf('eq', bodies[i]!);
    });
    this.jump(fallback);
    this.loops.push({ label: s.label, breakTo: end });
    s.cases.forEach((c, i) => {
      this.mark(bodies[i]!);
      this.stmts(c.body);
    });
    this.loops.pop();
    this.mark(end);
  }

  /** An expression whose value nobody reads: `i++` is then `++i` (no old value computed back). */
  protected effect(e: IrExpr): void {
    this.expr(e.kind === 'update' && !e.prefix ? { ...e, prefix: true } : e);
    // The undefined a call without a result leaves in r0: nobody reads it.
    if (this.body.at(-1) === 'movs r0, #0') this.body.pop();
  }
}
