// A small example program for a block's help page, made from the API metadata: the block with the
// values a new block starts with, placed so that it does something you can see (a value is shown
// on the screen, a condition picks an icon, an event shows a picture). Every example is compiled
// by a test, so a change in the library that breaks one is caught.
import { hasBlock, type ApiFunction, type ApiMetadata, type ApiParameter } from '@blockyard/language';

const INDENT = '    ';
/** How deep value blocks may nest (a note inside a melody inside `play`). */
const MAX_DEPTH = 3;
const LEDS = ['`', '. # . # .', '# # # # #', '# # # # #', '. # # # .', '. . # . .', '`'].join(`\n${INDENT}`);

const shortName = (type: string) => type.split('.').pop() ?? type;

/**
 * The variable an example keeps an object of this class in: its last word (`LedSprite` ->
 * `sprite`), `list` and `text` for lists and text, never the name of a namespace.
 */
export function receiverName(meta: ApiMetadata, owner: string): string {
  const name = shortName(owner);
  if (name === 'Array') return 'list';
  if (name === 'String') return 'text';
  const word = (/[A-Z][a-z0-9]*$/.exec(name)?.[0] ?? name).toLowerCase();
  return Object.hasOwn(meta.namespaces, word) ? `my${word.charAt(0).toUpperCase()}${word.slice(1)}` : word;
}
const isQuoted = (text: string) => /^(["'`])[\s\S]*\1$/.test(text);

function indent(code: string): string {
  return code
    .split('\n')
    .map((line) => (line ? INDENT + line : line))
    .join('\n');
}

class ExampleWriter {
  constructor(private readonly meta: ApiMetadata) {}

  /** A function with a block, no receiver, that makes a value of this type (`game.createSprite`). */
  private maker(type: string): ApiFunction | undefined {
    const wanted = shortName(type);
    return Object.values(this.meta.functions)
      .filter((fn) => fn.kind === 'function' && hasBlock(fn) && !fn.deprecated && shortName(fn.returnType) === wanted)
      .sort((a, b) => b.weight - a.weight)[0];
  }

  /** `Note.C` for a default written as the member's name or its value (`262`). */
  private enumMember(enumType: string, value: string): string | undefined {
    const members = this.meta.enums[enumType]?.members ?? [];
    const member = members.find((m) => m.name === value) ?? members.find((m) => String(m.value) === value);
    return member?.qName ?? members[0]?.qName;
  }

  private handler(parameter: ApiParameter): string {
    const params = parameter.handler?.parameters ?? [];
    const first = params[0];
    const body =
      first?.type === 'number'
        ? `basic.showNumber(${first.name})`
        : first?.type === 'string'
          ? `basic.showString(${first.name})`
          : 'basic.showIcon(IconNames.Heart)';
    return `function (${params.map((p) => p.name).join(', ')}) {\n${indent(body)}\n}`;
  }

  value(fn: ApiFunction, parameter: ApiParameter, depth: number): string | undefined {
    const { type, defaultValue } = parameter;
    if (parameter.handler) return this.handler(parameter);
    if (fn.imageLiteral && type === 'string') return LEDS;
    if (defaultValue !== undefined && defaultValue !== '') {
      if (type === 'string' && !isQuoted(defaultValue)) return JSON.stringify(defaultValue);
      if (parameter.enumType && !defaultValue.includes('.')) return this.enumMember(parameter.enumType, defaultValue);
      return defaultValue;
    }
    if (parameter.enumType) return this.meta.enums[parameter.enumType]?.members[0]?.qName;
    if (type === 'number') return String(parameter.min ?? (parameter.name === 'ms' ? 100 : 1));
    if (type === 'boolean') return 'true';
    if (type === 'string') return '"Hello"';
    if (type === 'T' || type === 'any') return '1';
    if (type.endsWith('[]')) return type.startsWith('string') ? '["a", "b"]' : '[1, 2, 3]';
    if (depth >= MAX_DEPTH) return undefined;
    const shadow = parameter.shadow
      ? Object.values(this.meta.functions).find((f) => f.blockId === parameter.shadow && f.kind === 'function')
      : undefined;
    const maker = shadow ?? this.maker(type);
    return maker ? this.call(maker, depth + 1, '') : undefined;
  }

  /** The arguments a new block starts with: parameters the block shows, up to the last one. */
  arguments(fn: ApiFunction, depth: number): string[] | undefined {
    const used = fn.parameters.map((p) => !p.optional || (p.blockName !== undefined && !p.expandable));
    const last = used.lastIndexOf(true);
    const values: string[] = [];
    for (const parameter of fn.parameters.slice(0, last + 1)) {
      const value = this.value(fn, parameter, depth);
      if (value === undefined) return undefined;
      values.push(value);
    }
    return values;
  }

  call(fn: ApiFunction, depth: number, receiver: string): string | undefined {
    const args = this.arguments(fn, depth);
    if (!args) return undefined;
    if (fn.kind === 'property') return `${receiver}.${fn.name}`;
    const target = fn.kind === 'method' ? `${receiver}.${fn.name}` : fn.qName;
    return `${target}(${args.join(', ')})`;
  }

  /** `let sprite = game.createSprite(2, 2)` for a method of a class; lists and text are literals. */
  receiver(fn: ApiFunction): { name: string; declaration: string } | undefined {
    const owner = shortName(fn.owner);
    if (owner === 'Array') return { name: 'list', declaration: 'let list = [4, 8, 15]' };
    if (owner === 'String') return { name: 'text', declaration: 'let text = "micro:bit"' };
    const maker = this.maker(fn.owner);
    const made = maker && this.call(maker, 1, '');
    if (!made) return undefined;
    const name = receiverName(this.meta, fn.owner);
    return { name, declaration: `let ${name} = ${made}` };
  }

  example(fn: ApiFunction): string | undefined {
    const receiver = fn.kind === 'function' ? undefined : this.receiver(fn);
    if (fn.kind !== 'function' && !receiver) return undefined;
    const call = this.call(fn, 0, receiver?.name ?? '');
    if (!call) return undefined;
    const lines = receiver ? [receiver.declaration] : [];
    const type = shortName(fn.returnType);
    if (type === 'void') lines.push(call);
    else if (type === 'boolean')
      lines.push(
        `if (${call}) {\n${indent('basic.showIcon(IconNames.Yes)')}\n} else {\n${indent('basic.showIcon(IconNames.No)')}\n}`,
      );
    else if (type === 'number') lines.push(`basic.showNumber(${call})`);
    else if (type === 'string') lines.push(`basic.showString(${call})`);
    else lines.push(`let result = ${call}`);
    return lines.join('\n');
  }
}

/** An example program using the function, or undefined when we cannot make one by rule. */
export function referenceExample(meta: ApiMetadata, fn: ApiFunction): string | undefined {
  return new ExampleWriter(meta).example(fn);
}
