// Calls of Python -> TypeScript: Python's built-in functions as the TypeScript library spells
// them (`len`, `print`, `int`, `hex("..")`...), a call of one of the program's classes as `new`,
// and the list and text methods whose Python form differs from TypeScript's by more than the name
// (`sep.join(items)`, `replace`, `pop(i)`, `count`, and the text methods TypeScript's strings lack,
// written on the string API the device has). Sits between the expression converter and
// py-functional.ts. Pure: no DOM, no Node APIs.
import type { SyntaxNode } from '@lezer/common';
import { ExpressionConverter } from './py-expressions.ts';
import { PREC, type Emitted } from './py-syntax.ts';

export abstract class CallConverter extends ExpressionConverter {
  protected call(node: SyntaxNode): Emitted {
    const callee = node.firstChild!;
    const args = this.arguments(node.getChild('ArgList'));
    const argText = (): string => args.map((a) => this.expr(a).text).join(', ');
    if (callee.name === 'VariableName' && !this.scope.isDefined(this.slice(callee))) {
      const builtin = this.builtin(this.slice(callee), args, node);
      if (builtin) return builtin;
    }
    const method = this.method(callee, args, node);
    if (method) return method;
    return { text: `${this.calleeText(callee)}(${argText()})`, prec: PREC.call };
  }

  /** The callee of `call`, as written (bracketed where a call needs it). */
  protected callee(call: SyntaxNode): string {
    return this.wrap(this.expr(call.firstChild!), PREC.call);
  }

  /** What is called: `new Point` for one of the program's classes. */
  protected calleeText(callee: SyntaxNode): string {
    if (callee.name === 'VariableName' && this.scope.classNamed(this.slice(callee))) return `new ${this.slice(callee)}`;
    return this.wrap(this.expr(callee), PREC.call);
  }

  /** Python's built-in functions, as the TypeScript library spells them. */
  protected builtin(name: string, args: SyntaxNode[], node: SyntaxNode): Emitted | undefined {
    const one = (): SyntaxNode => {
      if (args.length !== 1) this.unsupported(node, `${name}() with other than one value`);
      return args[0]!;
    };
    const all = (): string => args.map((a) => this.expr(a).text).join(', ');
    switch (name) {
      case 'len':
        return { text: `${this.wrap(this.expr(one()), PREC.call)}.length`, prec: PREC.call };
      case 'print':
        return { text: `console.log(${all()})`, prec: PREC.call };
      case 'abs':
      case 'min':
      case 'max':
        return { text: `Math.${name}(${all()})`, prec: PREC.call };
      case 'round':
        // Python's round(x, digits) has no TypeScript twin; round(x) is Math.round (halves up).
        return { text: `Math.round(${this.expr(one()).text})`, prec: PREC.call };
      case 'bool':
        return { text: `!!${this.wrap(this.expr(one()), PREC.unary)}`, prec: PREC.unary };
      case 'int': {
        const arg = one();
        const type = this.scope.typeOf(arg);
        return { text: `${type === 'string' ? 'parseInt' : 'Math.trunc'}(${this.expr(arg).text})`, prec: PREC.call };
      }
      case 'float':
        return { text: `parseFloat(${this.expr(one()).text})`, prec: PREC.call };
      case 'hex': {
        // hex("0a 0b") is the buffer literal hex`0a 0b`.
        const arg = one();
        if (arg.name !== 'String') this.unsupported(arg, 'hex() with anything but text');
        const text = this.string(arg);
        const value: string = text.startsWith('`') ? text.slice(1, -1) : (JSON.parse(text) as string);
        return { text: `hex\`${value}\``, prec: PREC.call };
      }
      case 'str':
        return { text: `String(${this.expr(one()).text})`, prec: PREC.call };
      case 'ord':
        return { text: `${this.wrap(this.expr(one()), PREC.call)}.charCodeAt(0)`, prec: PREC.call };
      case 'chr':
        return { text: `String.fromCharCode(${this.expr(one()).text})`, prec: PREC.call };
      case 'range':
        this.unsupported(node, 'range() outside a for loop');
        break;
      case 'eval':
      case 'exec':
      case 'open':
      case 'input':
      case 'globals':
      case 'locals':
      case 'getattr':
      case 'setattr':
      case '__import__':
        this.unsupported(node, `${name}()`);
    }
    return undefined;
  }

  /**
   * Methods whose Python form differs from TypeScript's by more than the name: `sep.join(items)`
   * is `items.join(sep)`; Python's `replace` changes every match (`replaceAll`), `replace(a, b, 1)`
   * only the first (TypeScript's `replace`); `pop(i)` is `removeAt(i)`, `pop()` stays `pop()`.
   */
  protected method(callee: SyntaxNode, args: SyntaxNode[], node: SyntaxNode): Emitted | undefined {
    const property = callee.name === 'MemberExpression' ? callee.getChild('PropertyName') : null;
    if (!property || this.apiName(callee)) return undefined;
    const object = (): string => this.wrap(this.expr(callee.firstChild!), PREC.call);
    const argText = (): string => args.map((a) => this.expr(a).text).join(', ');
    switch (this.slice(property)) {
      case 'pop':
        return args.length === 1 ? { text: `${object()}.removeAt(${argText()})`, prec: PREC.call } : undefined;
      case 'join':
        if (args.length !== 1) this.unsupported(node, 'join() with other than one list');
        return { text: `${this.wrap(this.expr(args[0]!), PREC.call)}.join(${object()})`, prec: PREC.call };
      case 'replace': {
        if (args.length === 2) return { text: `${object()}.replaceAll(${argText()})`, prec: PREC.call };
        if (args.length === 3 && this.slice(args[2]!) === '1') {
          return {
            text: `${object()}.replace(${this.expr(args[0]!).text}, ${this.expr(args[1]!).text})`,
            prec: PREC.call,
          };
        }
        this.unsupported(node, 'replace() with a count other than 1');
        break;
      }
      case 'find':
        // Text's find (-1 when missing) is TypeScript's indexOf; a list has no find in Python.
        return args.length === 1 ? { text: `${object()}.indexOf(${argText()})`, prec: PREC.call } : undefined;
      case 'rfind':
        // Text's rfind is TypeScript's lastIndexOf (-1 when missing).
        if (args.length !== 1 || !this.isText(callee.firstChild!)) return undefined;
        return { text: `${object()}.lastIndexOf(${argText()})`, prec: PREC.call };
      case 'count':
        // Non-overlapping matches, as Python counts them: one fewer than the pieces between them.
        // The empty text is found before each character and at the end: length + 1 (split("")
        // would give length - 1).
        if (args.length === 1 && this.scope.typeOf(callee.firstChild!)?.endsWith('[]')) {
          // A list's count: the values equal to it. The value is read once per item.
          const value = args[0]!;
          if (!['VariableName', 'String', 'Number', 'Boolean'].includes(value.name))
            this.unsupported(node, "a list's count() of other than a variable or a value written out");
          return { text: `${object()}.filter((v_) => v_ == ${argText()}).length`, prec: PREC.call };
        }
        if (args.length !== 1 || !this.isText(callee.firstChild!)) return undefined;
        if (args[0]!.name === 'String' && this.expr(args[0]!).text === '""')
          return { text: `${object()}.length + 1`, prec: PREC.additive };
        if (args[0]!.name === 'VariableName') {
          // A variable may hold the empty text: two more pieces' worth then.
          const sub = argText();
          return {
            text: `${object()}.split(${sub}).length - 1 + (${sub} == "" ? 2 : 0)`,
            prec: PREC.additive,
          };
        }
        return { text: `${object()}.split(${argText()}).length - 1`, prec: PREC.additive };
      case 'capitalize': {
        if (args.length || !this.isText(callee.firstChild!)) return undefined;
        // The text is read twice: only a name or a literal, so nothing runs twice.
        const text = callee.firstChild!;
        if (text.name !== 'VariableName' && text.name !== 'String')
          this.unsupported(node, 'capitalize() of other than a variable or a text in quotes');
        return {
          text: `${object()}.charAt(0).toUpperCase() + ${object()}.slice(1).toLowerCase()`,
          prec: PREC.additive,
        };
      }
      default: {
        const text = this.isText(callee.firstChild!)
          ? this.textMethod(this.slice(property), callee, args, node)
          : undefined;
        if (text) return text;
        break;
      }
      case 'clear':
        if (args.length) this.unsupported(node, 'clear() with a value');
        return { text: `${object()}.splice(0, ${object()}.length)`, prec: PREC.call };
    }
    return undefined;
  }

  /**
   * Python's text methods that TypeScript's strings lack, as expressions on the string API the
   * device has (split, every, map, reduce, repeat, trim), so the program needs no helper library.
   * `chars` tests run per character on `c_`. A value read more than once must be a name or a
   * literal, so nothing runs twice.
   */
  private textMethod(name: string, callee: SyntaxNode, args: SyntaxNode[], node: SyntaxNode): Emitted | undefined {
    const target = callee.firstChild!;
    const object = (): string => this.wrap(this.expr(target), PREC.call);
    const simple = (value: SyntaxNode): string => {
      if (!['VariableName', 'String', 'Number'].includes(value.name))
        this.unsupported(node, `${name}() of or with other than a variable or a value written out`);
      return value.name === 'Number' ? this.expr(value).text : this.wrap(this.expr(value), PREC.call);
    };
    const call = (text: string): Emitted => ({ text, prec: PREC.call });
    // True for text of at least one character, every one passing `test` (on `c_`).
    const all = (test: string): Emitted => ({
      text: `${object()}.split("").reduce((n_, c_) => n_ >= 0 && ${test} ? 1 : -1, 0) > 0`,
      prec: PREC.relational,
    });
    const letter = 'c_.toUpperCase() != c_.toLowerCase()';
    const digit = '"0123456789".includes(c_)';
    // Python's isupper/islower: some letter, and none of the other case.
    const onlyCase = (other: string): Emitted => ({
      text: `${object()}.split("").reduce((n_, c_) => n_ < 0 || c_ != c_.${other}() ? -1 : ${letter} ? 1 : n_, 0) > 0`,
      prec: PREC.relational,
    });
    // Drops leading characters found in `chars` (of `text`).
    const dropLeading = (text: string, chars: string): string =>
      `${text}.split("").reduce((r_, c_) => r_ == "" && ${chars}.includes(c_) ? "" : r_ + c_, "")`;
    const dropTrailing = (text: string, chars: string): string =>
      `${text}.split("").reverse().reduce((r_, c_) => r_ == "" && ${chars}.includes(c_) ? "" : c_ + r_, "")`;
    const fillArg = (): string => (args[1] ? simple(args[1]) : '" "');
    switch (name) {
      case 'isdigit':
      case 'isdecimal':
      case 'isnumeric':
        return args.length ? undefined : all(digit);
      case 'isalpha':
        return args.length ? undefined : all(letter);
      case 'isalnum':
        return args.length ? undefined : all(`(${letter} || ${digit})`);
      case 'isspace':
        return args.length ? undefined : all('" \\t\\n\\r\\v\\f".includes(c_)');
      case 'isupper':
        return args.length ? undefined : onlyCase('toUpperCase');
      case 'islower':
        return args.length ? undefined : onlyCase('toLowerCase');
      case 'rindex':
        // Python's rindex fails where lastIndexOf gives -1, as index() is read as indexOf.
        return args.length === 1 ? call(`${object()}.lastIndexOf(${this.expr(args[0]!).text})`) : undefined;
      case 'rsplit':
        // Without a count, cutting from the right gives the same pieces.
        return args.length === 1 ? call(`${object()}.split(${this.expr(args[0]!).text})`) : undefined;
      case 'splitlines': {
        // Lines end at "\n"; a last line ending does not start another line, and "" has none.
        if (args.length) return undefined;
        const text = simple(target);
        return {
          text: `(${text}.length == 0 ? [] : ${text}.slice(0, ${text}.endsWith("\\n") ? -1 : ${text}.length).split("\\n"))`,
          prec: PREC.primary,
        };
      }
      case 'casefold':
        return args.length ? undefined : call(`${object()}.toLowerCase()`);
      case 'swapcase':
        return args.length
          ? undefined
          : call(
              `${object()}.split("").map((c_) => (c_ == c_.toUpperCase() ? c_.toLowerCase() : c_.toUpperCase())).join("")`,
            );
      case 'title':
        // A letter after a letter is lower case; any other letter starts a word. The text built
        // so far ends with the character before (its case changed, still a letter or not).
        return args.length
          ? undefined
          : call(
              `${object()}.split("").reduce((r_, c_) => r_ + (r_.charAt(r_.length - 1).toUpperCase() != r_.charAt(r_.length - 1).toLowerCase() ? c_.toLowerCase() : c_.toUpperCase()), "")`,
            );
      case 'strip':
        // strip() is trim(), an API name; only strip(chars) comes here.
        if (args.length !== 1) return undefined;
        return call(dropTrailing(dropLeading(object(), simple(args[0]!)), simple(args[0]!)));
      case 'lstrip':
        // Trimming the text with a mark after it trims only its start.
        if (args.length > 1) return undefined;
        return call(
          args.length
            ? dropLeading(object(), simple(args[0]!))
            : `(${this.expr(target).text} + "x").trim().slice(0, -1)`,
        );
      case 'rstrip':
        if (args.length > 1) return undefined;
        return call(
          args.length ? dropTrailing(object(), simple(args[0]!)) : `("x" + ${this.expr(target).text}).trim().slice(1)`,
        );
      case 'ljust':
        if (args.length < 1 || args.length > 2) return undefined;
        return {
          text: `${simple(target)} + ${fillArg()}.repeat(${simple(args[0]!)} - ${simple(target)}.length)`,
          prec: PREC.additive,
        };
      case 'rjust':
        if (args.length < 1 || args.length > 2) return undefined;
        return {
          text: `${fillArg()}.repeat(${simple(args[0]!)} - ${simple(target)}.length) + ${simple(target)}`,
          prec: PREC.additive,
        };
      case 'center': {
        if (args.length < 1 || args.length > 2) return undefined;
        // Python puts the odd space on the left only when both the padding and the width are odd.
        const text = simple(target);
        const width = simple(args[0]!);
        const pad = `(${width} - ${text}.length)`;
        const left = `Math.idiv(${pad}, 2) + (${pad} & ${width} & 1)`;
        return {
          text: `${fillArg()}.repeat(${left}) + ${text} + ${fillArg()}.repeat(${pad} - (${left}))`,
          prec: PREC.additive,
        };
      }
      case 'zfill': {
        if (args.length !== 1) return undefined;
        // Zeros go after a leading sign.
        const text = simple(target);
        const zeros = `"0".repeat(${simple(args[0]!)} - ${text}.length)`;
        return {
          text: `(${text}.charAt(0) == "-" || ${text}.charAt(0) == "+" ? ${text}.charAt(0) + ${zeros} + ${text}.slice(1) : ${zeros} + ${text})`,
          prec: PREC.primary,
        };
      }
    }
    return undefined;
  }

  /** Whether `node` is surely text (a literal, or a value the scope knows is text). */
  private isText(node: SyntaxNode): boolean {
    return node.name === 'String' || this.scope.typeOf(node) === 'string';
  }
}
