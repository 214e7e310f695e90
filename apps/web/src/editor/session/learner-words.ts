// Compiler and runtime messages in words a learner (8+) can act on. The exact technical message
// stays available next to it (a "details" toggle), so nothing is hidden from those who want it.
// Pure: a message and code in, a translation key and its values out; the UI translates.

import { frameMessages } from '@blockyard/sim';

export interface LearnerWords {
  /** Key under `editor.words` in the translations. */
  key: string;
  values: Record<string, string | number>;
}

/** TypeScript's type names, said the way learners know them ("a number", "text"). */
function typeWord(type: string): string {
  const trimmed = type.trim();
  // Python's words too (`int`, `str`, `bool`, `List[int]`, `Callable[...]`): its diagnostics name types so.
  if (trimmed === 'number' || trimmed === 'int' || trimmed === 'float' || /^-?\d/.test(trimmed)) return 'a number';
  if (trimmed === 'string' || trimmed === 'str' || /^".*"$/.test(trimmed) || /^'.*'$/.test(trimmed)) return 'text';
  if (trimmed === 'boolean' || trimmed === 'bool' || trimmed === 'true' || trimmed === 'false') return 'true or false';
  if (trimmed.endsWith('[]') || /^List\[.*\]$/.test(trimmed)) return 'a list';
  if ((trimmed.startsWith('(') && trimmed.includes('=>')) || trimmed.startsWith('Callable[')) return 'a function';
  return `“${trimmed}”`;
}

const quoted = (text: string) => text.match(/'([^']*)'/g)?.map((q) => q.slice(1, -1)) ?? [];

/** Words for a compiler diagnostic (TypeScript codes and our own 9xxx checks). */
export function compileWords(code: number, message: string, blocks: boolean): LearnerWords {
  const [first = '', second = ''] = quoted(message);
  const where = blocks ? 'block' : 'code';
  switch (code) {
    case 2304: // Cannot find name 'x'.
      return { key: 'unknownName', values: { name: first } };
    case 2552: // Cannot find name 'x'. Did you mean 'y'?
    case 2551: // Property 'x' does not exist on type 'T'. Did you mean 'y'?
      return { key: 'didYouMean', values: { name: first, suggestion: quoted(message).at(-1) ?? '' } };
    case 2339: // Property 'x' does not exist on type 'T'.
      return { key: 'unknownMember', values: { name: first, owner: `“${second.replace(/^typeof /, '')}”` } };
    case 2345: // Argument of type 'A' is not assignable to parameter of type 'P'.
    case 2322: // Type 'A' is not assignable to type 'P'.
      return {
        key: blocks ? 'wrongKindBlock' : 'wrongKindCode',
        values: { expected: typeWord(second), got: typeWord(first) },
      };
    case 2554: // Expected 2 arguments, but got 1.
    case 2555: {
      const [, expected = '?', got = '?'] = /Expected (\S+) arguments?, but got (\S+?)\.?$/.exec(message) ?? [];
      return { key: 'argumentCount', values: { expected, got } };
    }
    case 2448: // Block-scoped variable 'x' used before its declaration.
    case 2454: // Variable 'x' is used before being assigned.
      return { key: 'usedBeforeMade', values: { name: first } };
    case 2349: // This expression is not callable.
      return { key: 'notCallable', values: {} };
    case 2365: // Operator '+' cannot be applied to types 'A' and 'B'.
      return {
        key: 'badOperator',
        values: { operator: first, left: typeWord(second), right: typeWord(quoted(message)[2] ?? '') },
      };
    case 2362: // The left-hand side of an arithmetic operation must be of type 'any', 'number', ...
      return { key: 'mathLeftNotNumber', values: {} };
    case 2363: // The right-hand side of an arithmetic operation must be of type 'any', 'number', ...
      return { key: 'mathRightNotNumber', values: {} };
    case 1005: // ')' expected.
      return { key: 'missing', values: { what: first } };
    case 1109: // Expression expected.
    case 1128: // Declaration or statement expected.
    case 1003: // Identifier expected.
      return { key: 'somethingMissing', values: {} };
    case 1002: // Unterminated string literal.
      return { key: 'unclosedText', values: {} };
    case 2300: // Duplicate identifier 'x'.
    case 2451: // Cannot redeclare block-scoped variable 'x'.
      return { key: 'duplicate', values: { name: first } };
    case 7027: // Unreachable code detected.
      return { key: 'unreachable', values: {} };
    default:
      // Our own checks (9001-9004) already speak plainly; anything else keeps its text.
      return { key: 'other', values: { message, where } };
  }
}

/** Words for a runtime error message (the exact texts of spec 002 and our runtime). */
export function runtimeWords(message: string): LearnerWords {
  if (message === 'Stack overflow') return { key: 'stackOverflow', values: {} };
  if (message === 'Dereferencing null/undefined value.') return { key: 'nullValue', values: {} };
  if (message === 'bad format') return { key: 'badFormat', values: {} };
  if (message === 'Cannot write to a read-only buffer.') return { key: 'readOnlyBuffer', values: {} };
  const panic = /^PANIC! Code (\d+)/.exec(message);
  if (panic) return { key: 'panic', values: { code: Number(panic[1]) } };
  if (message.startsWith('Out of memory')) return { key: 'outOfMemory', values: {} };
  if (message.startsWith('The program computed for too long')) return { key: 'runaway', values: {} };
  // The simulator frame's own reasons for ending a program's worker.
  if (message === frameMessages.notAnswering) return { key: 'notAnswering', values: {} };
  if (message === frameMessages.flooding) return { key: 'flooding', values: {} };
  // Anything else is the program's own text (a value it threw, or a frame's claim): never shown
  // as if Blockyard said it. It is labelled, kept to one short line, and quoted.
  return { key: 'programError', values: { message: programText(message) } };
}

/** Longest program text quoted in a problem. */
export const PROGRAM_TEXT_CHARS = 120;

/** One line of at most PROGRAM_TEXT_CHARS characters, control characters made spaces. */
function programText(message: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const line = message.slice(0, PROGRAM_TEXT_CHARS * 2).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  return line.length > PROGRAM_TEXT_CHARS ? `${line.slice(0, PROGRAM_TEXT_CHARS - 1)}…` : line;
}
