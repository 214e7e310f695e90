// Random programs written the way the generator writes them (its own style: 4-space indents,
// typed variables declared at the top, events before on start, `forever` after it, the fewest
// parentheses), printed here independently of the generator, so that TypeScript -> blocks ->
// TypeScript can be checked for exactness.
import type { Chooser } from './random-programs.ts';

type Type = 'number' | 'string' | 'boolean';

interface Expr {
  readonly text: string;
  readonly prec: number;
  readonly type: Type;
  /** A text literal (a join starting with a non-empty one needs no leading ""). */
  readonly textLiteral?: boolean;
}

interface Scope {
  readonly depth: number;
  readonly loopVariables: readonly string[];
  readonly inLoop: boolean;
  readonly inFunction: boolean;
  readonly reporters: readonly { name: string; type: Type }[];
}

const PRIMARY = 20;
const variables: readonly { name: string; type: Type }[] = [
  { name: 'count', type: 'number' },
  { name: 'total', type: 'number' },
  { name: 'word', type: 'string' },
  { name: 'done', type: 'boolean' },
];
const strings = ['', 'a', 'Hi!', 'quote "q"', 'tab\tend', 'line\nbreak', 'ünï'];

export function randomProgramText(g: Chooser): string {
  return new CodeBuilder(g).build();
}

class CodeBuilder {
  private readonly assigned = new Set<string>();
  private readonly read = new Set<string>();
  private readonly targets = new Set<string>();
  private readonly functions: { name: string; args: { name: string; type: Type }[]; returns: boolean }[] = [];

  constructor(private readonly g: Chooser) {}

  private pick<T>(list: readonly T[]): T {
    return list[this.g.int(0, list.length - 1)]!;
  }

  private chance(percent: number): boolean {
    return this.g.int(1, 100) <= percent;
  }

  build(): string {
    const out: string[] = [];
    if (this.chance(20)) out.push('// about this program', '');
    const topScope: Scope = { depth: 0, loopVariables: [], inLoop: false, inFunction: false, reporters: [] };
    for (let i = 1; i <= this.g.int(0, 2); i++) {
      const args = [];
      for (let a = 1; a <= this.g.int(0, 2); a++)
        args.push({ name: `arg${a}`, type: this.pick(['number', 'string', 'boolean'] as const) });
      this.functions.push({ name: `task${i}`, args, returns: this.chance(40) });
    }
    const functions = this.functions.map((fn) => {
      const scope: Scope = { ...topScope, inFunction: true, reporters: fn.args };
      const body = this.body(scope, 1);
      if (fn.returns) body.push(`    return ${this.number({ ...scope, depth: 1 }, 2).text}`);
      return [`function ${fn.name}(${fn.args.map((a) => `${a.name}: ${a.type}`).join(', ')}) {`, ...body, '}'];
    });
    const events: string[][] = [];
    const later: string[][] = [];
    for (let i = this.g.int(0, 3); i > 0; i--) {
      const kind = this.g.int(0, 3);
      if (kind === 0) {
        const button = this.pick(['A', 'B', 'AB']);
        events.push([`input.onButtonPressed(Button.${button}, function () {`, ...this.body(topScope, 1), '})']);
      } else if (kind === 1) {
        const scope: Scope = { ...topScope, reporters: [{ name: 'receivedNumber', type: 'number' }] };
        events.push(['radio.onReceivedNumber(function (receivedNumber) {', ...this.body(scope, 1), '})']);
      } else if (kind === 2) later.push(['basic.forever(function () {', ...this.body(topScope, 1), '})']);
      else later.push(['control.inBackground(function () {', ...this.body(topScope, 1), '})']);
    }
    const onStart = this.statements(topScope, 0, true);
    // Every variable read is assigned somewhere, so its declared type is the one blocks infer.
    const unassigned = variables
      .map((v) => v.name)
      .filter((name) => (this.read.has(name) || this.targets.has(name)) && !this.assigned.has(name));
    // A leading assignment would declare the variable in place: start with something else.
    if (onStart.length === 0 && unassigned.length > 0) onStart.push('basic.showNumber(0)');
    for (const name of unassigned) {
      const variable = variables.find((v) => v.name === name)!;
      onStart.push(`${name} = ${this.literal(variable.type).text}`);
      this.assigned.add(name);
    }
    const used = variables.filter(
      (v) => this.assigned.has(v.name) || this.read.has(v.name) || this.targets.has(v.name),
    );
    for (const v of used) {
      out.push(`let ${v.name}: ${v.type} = ${v.type === 'number' ? '0' : v.type === 'string' ? '""' : 'false'}`);
    }
    for (const lines of [...functions, ...events]) out.push(...lines);
    out.push(...onStart);
    for (const lines of later) out.push(...lines);
    return out.length ? out.join('\n') + '\n' : '';
  }

  /** Statements of a body, indented one level: never starting with an assignment. */
  private body(scope: Scope, level: number): string[] {
    return this.statements(scope, level, true);
  }

  private statements(scope: Scope, level: number, leadingCall: boolean): string[] {
    const lines: string[] = [];
    const count = this.g.int(0, scope.depth > 2 ? 1 : 3);
    const pad = '    '.repeat(level);
    if (leadingCall && count > 0) lines.push(`${pad}basic.showNumber(${this.number(scope, 2).text})`);
    for (let i = leadingCall ? 1 : 0; i < count; i++) {
      if (this.chance(10)) lines.push(`${pad}// ${this.pick(['note', 'two words', 'x = 1;'])}`);
      lines.push(...this.statement(scope, level));
    }
    return lines;
  }

  private statement(scope: Scope, level: number): string[] {
    const pad = '    '.repeat(level);
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    const block = (head: string, bodyScope: Scope, tail = '}') => [
      `${pad}${head} {`,
      ...this.statements(bodyScope, level + 1, false),
      `${pad}${tail}`,
    ];
    switch (this.g.int(0, scope.depth > 2 ? 3 : 11)) {
      case 0: {
        const v = this.pick(variables);
        const value = this.value(v.type, scope, 2).text;
        // Copying a variable tells nothing about its type; any other value does.
        this.targets.add(v.name);
        if (!variables.some((other) => other.name === value)) this.assigned.add(v.name);
        return [`${pad}${v.name} = ${value}`];
      }
      case 1:
        this.assigned.add('count');
        return [`${pad}count += ${this.number(scope, 2).text}`];
      case 2:
        return [`${pad}basic.showString(${this.text(scope, 2).text})`];
      case 3:
        return [`${pad}serial.writeValue(${JSON.stringify(this.pick(strings))}, ${this.number(scope, 2).text})`];
      case 4: {
        const lines = [`${pad}if (${this.boolean(scope, 2).text}) {`, ...this.statements(inner, level + 1, false)];
        for (let i = this.g.int(0, 2); i > 0; i--) {
          lines.push(`${pad}} else if (${this.boolean(scope, 2).text}) {`, ...this.statements(inner, level + 1, false));
        }
        if (this.chance(50)) lines.push(`${pad}} else {`, ...this.statements(inner, level + 1, false));
        lines.push(`${pad}}`);
        return lines;
      }
      case 5:
        return block(`while (${this.boolean(scope, 2).text})`, { ...inner, inLoop: true });
      case 6:
        // `index` is never a variable, so the generator names repeat loops `index`.
        return block(`for (let index = 0; index < ${this.number(scope, 11).text}; index++)`, {
          ...inner,
          inLoop: true,
        });
      case 7: {
        const free = ['step', 'row'].filter((v) => !scope.loopVariables.includes(v));
        if (free.length === 0) return [`${pad}basic.pause(${this.number(scope, 2).text})`];
        const v = this.pick(free);
        const to = this.number(scope, 11).text;
        return block(`for (let ${v} = 0; ${v} <= ${to}; ${v}++)`, {
          ...inner,
          inLoop: true,
          loopVariables: [...scope.loopVariables, v],
        });
      }
      case 8: {
        if (scope.loopVariables.includes('value')) return [`${pad}basic.clearScreen()`];
        const items = [];
        for (let i = this.g.int(1, 3); i > 0; i--) items.push(String(this.g.int(0, 9)));
        return block(`for (let value of [${items.join(', ')}])`, {
          ...inner,
          inLoop: true,
          loopVariables: [...scope.loopVariables, 'value'],
        });
      }
      case 9:
        if (scope.inLoop) return [`${pad}${this.pick(['break', 'continue'])}`];
        return [`${pad}basic.showIcon(IconNames.${this.pick(['Heart', 'Happy', 'Yes'])})`];
      case 10: {
        if (this.functions.length === 0)
          return [`${pad}led.plot(${this.number(scope, 2).text}, ${this.number(scope, 2).text})`];
        const fn = this.pick(this.functions);
        return [`${pad}${fn.name}(${fn.args.map((a) => this.value(a.type, scope, 2).text).join(', ')})`];
      }
      default:
        if (scope.inFunction && this.chance(30)) return [`${pad}return ${this.number(scope, 2).text}`];
        return [`${pad}basic.pause(${this.number(scope, 2).text})`];
    }
  }

  private wrap(expr: Expr, min: number): Expr {
    return expr.prec < min ? { text: `(${expr.text})`, prec: PRIMARY, type: expr.type } : expr;
  }

  private value(type: Type, scope: Scope, min: number): Expr {
    return type === 'number'
      ? this.number(scope, min)
      : type === 'string'
        ? this.text(scope, min)
        : this.boolean(scope, min);
  }

  private literal(type: Type): Expr {
    if (type === 'number') {
      const n = this.pick(['0', '7', '-2', '3.5', String(this.g.int(0, 50))]);
      return { text: n, prec: n.startsWith('-') ? 15 : PRIMARY, type };
    }
    if (type === 'string') return { text: JSON.stringify(this.pick(strings)), prec: PRIMARY, type, textLiteral: true };
    return { text: this.chance(50) ? 'true' : 'false', prec: PRIMARY, type };
  }

  private variable(type: Type, scope: Scope): Expr {
    const names = [
      ...variables.filter((v) => v.type === type).map((v) => v.name),
      ...scope.reporters.filter((r) => r.type === type).map((r) => r.name),
      ...(type === 'number' ? scope.loopVariables : []),
    ];
    const name = this.pick(names);
    if (variables.some((v) => v.name === name)) this.read.add(name);
    return { text: name, prec: PRIMARY, type };
  }

  private number(scope: Scope, min: number): Expr {
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    const choice = this.g.int(0, scope.depth > 2 ? 2 : 7);
    let expr: Expr;
    if (choice <= 1) expr = this.literal('number');
    else if (choice === 2) expr = this.variable('number', scope);
    else if (choice === 3 || choice === 4) {
      const [op, prec] = this.pick([
        ['+', 12],
        ['-', 12],
        ['*', 13],
        ['/', 13],
        ['%', 13],
        ['**', 14],
      ] as const);
      const left = this.number(inner, op === '**' ? 16 : prec);
      const right = this.number(inner, op === '**' ? prec : prec + 1);
      expr = { text: `${left.text} ${op} ${right.text}`, prec, type: 'number' };
    } else if (choice === 5) {
      const fn = this.pick(['abs', 'round', 'sqrt', 'floor', 'min', 'max', 'idiv']);
      const args =
        fn === 'min' || fn === 'max' || fn === 'idiv'
          ? [this.number(inner, 2), this.number(inner, 2)]
          : [this.number(inner, 2)];
      expr = { text: `Math.${fn}(${args.map((a) => a.text).join(', ')})`, prec: PRIMARY, type: 'number' };
    } else if (choice === 6) {
      expr = {
        text: `randint(${this.number(inner, 2).text}, ${this.number(inner, 2).text})`,
        prec: PRIMARY,
        type: 'number',
      };
    } else {
      const receiver = this.wrap(this.text(inner, 19), 19);
      expr = { text: `${receiver.text}.length`, prec: PRIMARY, type: 'number' };
    }
    return this.wrap(expr, min);
  }

  private boolean(scope: Scope, min: number): Expr {
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    const choice = this.g.int(0, scope.depth > 2 ? 1 : 5);
    let expr: Expr;
    if (choice === 0) expr = this.literal('boolean');
    else if (choice === 1) expr = this.variable('boolean', scope);
    else if (choice === 2) {
      const [op, prec] = this.pick([
        ['==', 9],
        ['!=', 9],
        ['<', 10],
        ['<=', 10],
        ['>', 10],
        ['>=', 10],
      ] as const);
      expr = {
        text: `${this.number(inner, prec).text} ${op} ${this.number(inner, prec + 1).text}`,
        prec,
        type: 'boolean',
      };
    } else if (choice === 3) {
      const [op, prec] = this.pick([
        ['&&', 5],
        ['||', 4],
      ] as const);
      expr = {
        text: `${this.boolean(inner, prec).text} ${op} ${this.boolean(inner, prec + 1).text}`,
        prec,
        type: 'boolean',
      };
    } else if (choice === 4) expr = { text: `!${this.boolean(inner, 15).text}`, prec: 15, type: 'boolean' };
    else expr = { text: `input.buttonIsPressed(Button.${this.pick(['A', 'B'])})`, prec: PRIMARY, type: 'boolean' };
    return this.wrap(expr, min);
  }

  private text(scope: Scope, min: number): Expr {
    const inner: Scope = { ...scope, depth: scope.depth + 1 };
    const choice = this.g.int(0, scope.depth > 2 ? 1 : 3);
    if (choice === 0) return this.literal('string');
    if (choice === 1) return this.variable('string', scope);
    // A join: written with a leading "" unless its first item is a non-empty text.
    const items: Expr[] = [];
    for (let i = this.g.int(2, 3); i > 0; i--) {
      const type = this.pick(['string', 'number', 'string'] as const);
      items.push(this.wrap(this.value(type, inner, 13), 13));
    }
    const first = items[0]!;
    const bare = first.textLiteral === true && first.text !== '""';
    const text = `${bare ? '' : '"" + '}${items.map((i) => i.text).join(' + ')}`;
    return this.wrap({ text, prec: 12, type: 'string' }, min);
  }
}
