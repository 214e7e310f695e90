import { describe, expect, it } from 'vitest';
import { captureStack, declaredClasses, programCallFrames } from './call-stack.ts';

describe('programCallFrames', () => {
  it('reads V8 traces: learner names kept, engine receivers and aliases dropped, host frames skipped', () => {
    const stack = [
      'Error: debugger',
      '    at captureStack (/x/call-stack.ts:40:12)',
      '    at bump (blockyard-program.js:7:13)',
      '    at bump.next (<anonymous>)',
      '    at Sprite.move (blockyard-program.js:20:5)',
      '    at Object.<anonymous> (blockyard-program.js:30:1)',
      '    at Fiber.$main [as start] (blockyard-program.js:12:5)',
      '    at blockyard-program.js:14:2',
      '    at eval (blockyard-program.js:16:3)',
      '    at Scheduler.step (/x/scheduler.ts:120:30)',
    ].join('\n');
    expect(programCallFrames(stack)).toEqual([
      { name: 'bump', line: 7, column: 13 },
      { name: 'Sprite.move', line: 20, column: 5 },
      { name: '', line: 30, column: 1 },
      { name: '$main', line: 12, column: 5 },
      { name: '', line: 14, column: 2 },
      { name: '', line: 16, column: 3 },
    ]);
  });

  it("keeps only the learner's classes as receivers, so a built page's minified ones go", () => {
    const classes = declaredClasses('class Sprite {\n}\nconst klass = 1; class  Boss$2 extends Sprite {}');
    expect([...classes]).toEqual(['Sprite', 'Boss$2']);
    const stack = [
      '    at Sprite.move (blockyard-program.js:7:13)',
      '    at Boss$2.hit (blockyard-program.js:8:13)',
      '    at Xy.bump [as handler] (blockyard-program.js:9:5)',
      '    at Object.<anonymous> (blockyard-program.js:10:1)',
      '    at ft.$main [as start] (blockyard-program.js:12:5)',
    ].join('\n');
    expect(programCallFrames(stack, classes).map((f) => f.name)).toEqual([
      'Sprite.move',
      'Boss$2.hit',
      'bump',
      '',
      '$main',
    ]);
  });

  it('reads SpiderMonkey and JavaScriptCore traces', () => {
    expect(
      programCallFrames('bump@blockyard-program.js:7:13\n@blockyard-program.js:9:1\nstep@scheduler.js:1:1'),
    ).toEqual([
      { name: 'bump', line: 7, column: 13 },
      { name: '', line: 9, column: 1 },
    ]);
  });

  it('captures deeper stacks than the engine keeps by default, and restores the limit', () => {
    const holder = Error as { stackTraceLimit?: number };
    const before = holder.stackTraceLimit;
    const deep = (n: number): string => (n === 0 ? captureStack(30) : deep(n - 1));
    expect(
      deep(25)
        .split('\n')
        .filter((l) => l.includes('deep')).length,
    ).toBeGreaterThanOrEqual(26);
    expect(holder.stackTraceLimit).toBe(before);
  });
});
