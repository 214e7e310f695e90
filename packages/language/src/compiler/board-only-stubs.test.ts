import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { rewrite, stubbedFileName, withBoardOnlyStubs } from './board-only-stubs.ts';
import { ESCAPE_HATCH_CODE } from './escape-hatches.ts';
import { compileOk, runWithStub, testCompiler } from './test-harness.ts';

// A MakeCode-style extension whose C++ parts are described in shims.d.ts (issue 17).
const shims = `// The C++ functions in motor.cpp.
declare namespace motor {
    /** Drive the motor. */
    //% blockId=motor_run block="run motor at %speed" shim=motor::run
    function run(speed: number): void;
    //% shim=motor::speed
    function speed(): number;
    //% shim=motor::ready
    function ready(): boolean;
    //% shim=motor::label
    function label(): string;
    //% shim=TD_ID
    function same(value: number): number;
    namespace inner {
        //% shim=motor::depth
        function depth(): number;
    }
}
declare const enum Direction { Forward = 1, Back = 2 }
`;
const motor = `namespace motor {
    //% blockId=motor_stop block="stop motor"
    export function stop(): void {
        run(0)
        board.log("stopped")
    }
}`;
const extension = { 'pxt_modules/board-only/shims.d.ts': shims, 'pxt_modules/board-only/motor.ts': motor };

describe('board-only stubs', () => {
  it('renames an extension .d.ts, never a learner file', () => {
    expect(stubbedFileName('pxt_modules/x/shims.d.ts')).toBe('pxt_modules/x/shims.board-only.ts');
    expect(stubbedFileName('pxt_modules/x/motor.ts')).toBe('pxt_modules/x/motor.ts');
    expect(stubbedFileName('custom.d.ts')).toBe('custom.d.ts');
    const files = { 'custom.d.ts': 'declare var process: any', 'main.ts': '' };
    expect(withBoardOnlyStubs(ts, files)).toBe(files);
  });

  it('keeps every line where it was, so problems point at the right line', () => {
    const out = rewrite(ts, shims);
    expect(out.split('\n').length).toBe(shims.split('\n').length);
    expect(out).not.toMatch(/\bdeclare\b/);
    expect(out).toContain('export function run(speed: number): void { }');
    expect(out).toContain('export function speed(): number { return 0; }');
    expect(out).toContain('export function ready(): boolean { return false; }');
    expect(out).toContain('export function label(): string { return ""; }');
    expect(out).toContain('export function same(value: number): number { return value; }');
    expect(out).toContain('export namespace inner');
  });

  it('compiles an extension with C++ parts, and its functions do nothing in the simulator', () => {
    const program = compileOk(
      'motor.run(50)\nboard.log(motor.speed())\nboard.log(motor.ready())\nboard.log(motor.same(7))\n' +
        'board.log(motor.inner.depth())\nboard.log(Direction.Back)\nmotor.stop()\n',
      extension,
    );
    expect(runWithStub(program).log).toEqual([0, false, 7, 0, 2, 'stopped']);
  });

  it('leaves overloads with a body alone and gives only the last signature a body', () => {
    const overloads = `declare namespace pick {
    function one(a: number): number;
    function one(a: string): number;
}
namespace pick {
    export function two(a: number): number;
    export function two(a: any): number { return 2 }
}`;
    const out = rewrite(ts, overloads);
    expect(out).toContain('function one(a: string): number; export function one(...args: any[]): any { return 0; }');
    expect(out).toContain('export function two(a: number): number;');
    const program = compileOk('board.log(pick.one("x"))\nboard.log(pick.two(1))', {
      'pxt_modules/pick/pick.ts': overloads,
    });
    expect(runWithStub(program).log).toEqual([0, 2]);
  });

  it('still refuses the escape hatches in an extension', () => {
    const hostile = 'declare var process: any\nnamespace leak { export function go() { (0 as any).constructor } }';
    const result = testCompiler().compile({ 'pxt_modules/bad/bad.ts': hostile, 'main.ts': 'leak.go()' });
    expect(result.program).toBeUndefined();
    expect(result.diagnostics.some((d) => d.code === ESCAPE_HATCH_CODE)).toBe(true);
  });

  it('still refuses declare in the learner own files', () => {
    const result = testCompiler().compile({ 'main.ts': 'declare function leak(): void\nleak()' });
    expect(result.program).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toContain(ESCAPE_HATCH_CODE);
  });
});
