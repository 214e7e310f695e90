// Python written the way MakeCode's Python tab writes it for the micro:bit (handlers as named defs
// before the call that registers them, globals at the top, `name: game.LedSprite = None`, lists,
// images, music, radio, `while True`), in makecode/: each converts to TypeScript with no problem,
// and our own Python for it converts back to the same TypeScript (the round trip is stable).
// `blockyard run` runs each of them (apps/cli/src/commands/python-makecode.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { py2ts, roundTrip, ts2py } from './harness.ts';

const dir = join(import.meta.dirname, 'makecode');
const programs = readdirSync(dir).filter((name) => name.endsWith('.py'));
// Short programs a learner writes in MakeCode's Python tab, which MakeCode's own reading runs as
// ours does (packages/native/test/makecode/python-with-makecode.test.ts).
const learnerDir = join(import.meta.dirname, 'learner-programs');
const learnerPrograms = readdirSync(learnerDir).filter((name) => name.endsWith('.py'));

/**
 * Programs that read a range loop's variable after the loop: TypeScript -> Python writes that loop
 * as a while loop (Python's own `for` would end one lower than MakeCode's reading of it).
 */
const WHILE_LOOP_BACK = new Set(['loop-range-vars.py', 'loop-var-after.py']);

describe('MakeCode-style Python programs', () => {
  it('has at least ten', () => expect(programs.length).toBeGreaterThanOrEqual(10));

  it.each(programs)('%s converts and round-trips', (name) => {
    const source = readFileSync(join(dir, name), 'utf8');
    expect(py2ts(source).diagnostics).toEqual([]);
    roundTrip(source);
  });

  it.each(learnerPrograms)('learner-programs/%s converts and round-trips', (name) => {
    const source = readFileSync(join(learnerDir, name), 'utf8');
    expect(py2ts(source).diagnostics).toEqual([]);
    if (!WHILE_LOOP_BACK.has(name)) return void roundTrip(source);
    // The first trip turns the loop into a while loop; from then on nothing changes.
    const again = py2ts(ts2py(py2ts(source).code).code);
    expect(again.diagnostics).toEqual([]);
    expect(py2ts(ts2py(again.code).code).code).toBe(again.code);
  });

  it('reads the plain snake_case names MakeCode also accepts for list and text methods', () => {
    const { code, diagnostics } = py2ts(
      'items = [1, 2]\nitems.remove_at(0)\nitems.insert_at(0, 3)\nn = items.index_of(3)\nt = "a".to_upper_case()\n',
    );
    expect(diagnostics).toEqual([]);
    expect(code).toContain('items.removeAt(0)');
    expect(code).toContain('items.insertAt(0, 3)');
    expect(code).toContain('items.indexOf(3)');
    expect(code).toContain('"a".toUpperCase()');
  });
});
