import { describe, expect, it } from 'vitest';
import { compileWords, PROGRAM_TEXT_CHARS, runtimeWords } from './learner-words.ts';

describe('learner words', () => {
  it('says which kind of value a block or line needs', () => {
    expect(
      compileWords(2345, "Argument of type 'string' is not assignable to parameter of type 'number'.", true),
    ).toEqual({ key: 'wrongKindBlock', values: { expected: 'a number', got: 'text' } });
    expect(compileWords(2322, "Type 'boolean' is not assignable to type 'string'.", false)).toEqual({
      key: 'wrongKindCode',
      values: { expected: 'text', got: 'true or false' },
    });
  });

  it('knows the type words of Python messages', () => {
    expect(compileWords(2322, "Type 'List[int]' is not assignable to type 'str'.", false)).toEqual({
      key: 'wrongKindCode',
      values: { expected: 'text', got: 'a list' },
    });
    expect(
      compileWords(2345, "Argument of type 'bool' is not assignable to parameter of type 'int'.", false),
    ).toMatchObject({ values: { expected: 'a number', got: 'true or false' } });
    expect(
      compileWords(2345, "Argument of type 'int' is not assignable to parameter of type 'Callable[[], None]'.", false),
    ).toMatchObject({ values: { expected: 'a function', got: 'a number' } });
  });

  it('names unknown names and suggestions', () => {
    expect(compileWords(2304, "Cannot find name 'scroe'.", false)).toEqual({
      key: 'unknownName',
      values: { name: 'scroe' },
    });
    expect(
      compileWords(
        2551,
        "Property 'showNumbr' does not exist on type 'typeof basic'. Did you mean 'showNumber'?",
        false,
      ),
    ).toEqual({ key: 'didYouMean', values: { name: 'showNumbr', suggestion: 'showNumber' } });
    expect(compileWords(2554, 'Expected 1-2 arguments, but got 0.', false).values).toEqual({
      expected: '1-2',
      got: '0',
    });
  });

  it('says which side of a sum is not a number', () => {
    const left =
      "The left-hand side of an arithmetic operation must be of type 'any', 'number', 'bigint' or an enum type.";
    const right = left.replace('left', 'right');
    expect(compileWords(2362, left, false)).toEqual({ key: 'mathLeftNotNumber', values: {} });
    expect(compileWords(2363, right, true)).toEqual({ key: 'mathRightNotNumber', values: {} });
  });

  it('keeps messages it has no better words for', () => {
    expect(compileWords(9001, 'Classes with static blocks are not supported.', true)).toEqual({
      key: 'other',
      values: { message: 'Classes with static blocks are not supported.', where: 'block' },
    });
  });

  it('explains the runtime errors of spec 002', () => {
    expect(runtimeWords('Stack overflow').key).toBe('stackOverflow');
    expect(runtimeWords('Dereferencing null/undefined value.').key).toBe('nullValue');
    expect(runtimeWords('bad format').key).toBe('badFormat');
    expect(runtimeWords('PANIC! Code 42')).toEqual({ key: 'panic', values: { code: 42 } });
    expect(runtimeWords('The program stopped answering, so the simulator stopped it.').key).toBe('notAnswering');
    expect(runtimeWords('Something odd')).toEqual({ key: 'programError', values: { message: 'Something odd' } });
  });

  // Issue 21: a forged error put "Your project is corrupted. Visit http://…" into Problems as if
  // Blockyard said it.
  it('labels any other text as the program’s own, on one short line', () => {
    const forged = `Your project is corrupted.\nVisit http://example.invalid ${'x'.repeat(5000)}`;
    const words = runtimeWords(forged);
    expect(words.key).toBe('programError');
    const message = String(words.values.message);
    expect(message.length).toBeLessThanOrEqual(PROGRAM_TEXT_CHARS);
    expect(message).not.toContain('\n');
    expect(message.endsWith('…')).toBe(true);
  });
});
