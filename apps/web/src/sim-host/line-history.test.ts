import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineHistory } from './line-history.ts';

describe('LineHistory', () => {
  it('Up walks to older lines and stops at the oldest; Down walks back to the draft', () => {
    const history = new LineHistory();
    history.add('one');
    history.add('two');
    expect(history.older('typing')).toBe('two');
    expect(history.older('two')).toBe('one');
    expect(history.older('one')).toBe('one');
    expect(history.newer('one')).toBe('two');
    expect(history.newer('two')).toBe('typing');
    expect(history.newer('typing')).toBe('typing');
  });

  it('with nothing sent, Up and Down leave the box as it is', () => {
    const history = new LineHistory();
    expect(history.older('abc')).toBe('abc');
    expect(history.newer('abc')).toBe('abc');
  });

  it('the same line twice in a row is kept once; empty lines are not kept', () => {
    const history = new LineHistory();
    history.add('go');
    history.add('go');
    history.add('');
    expect(history.older('')).toBe('go');
    expect(history.older('go')).toBe('go');
  });

  it('sending goes back to the newest end', () => {
    const history = new LineHistory();
    history.add('a');
    history.add('b');
    history.older('');
    history.older('b');
    history.add('a');
    expect(history.older('')).toBe('a');
    expect(history.older('a')).toBe('b');
  });

  it('keeps at most its limit, dropping the oldest', () => {
    const history = new LineHistory(3);
    for (const line of ['1', '2', '3', '4']) history.add(line);
    expect([history.older(''), history.older('4'), history.older('3'), history.older('2')]).toEqual([
      '4',
      '3',
      '2',
      '2',
    ]);
  });

  it('any walk of Ups then as many Downs comes back to the draft', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { maxLength: 20 }),
        fc.nat(30),
        fc.string(),
        (lines, ups, draft) => {
          const history = new LineHistory();
          for (const line of lines) history.add(line);
          let box = draft;
          for (let i = 0; i < ups; i++) box = history.older(box);
          for (let i = 0; i < ups + 1; i++) box = history.newer(box);
          expect(box).toBe(draft);
        },
      ),
    );
  });
});
