// Round trips through Python. For our example projects: TypeScript -> Python matches the golden
// file next to this test (regenerate with UPDATE_PYTHON_BASELINES=1 and review the diff), and the
// Python runs exactly as the TypeScript did (the same JavaScript comes out of the compiler). For
// every blocks golden case: ts -> py -> ts -> py -> ts changes nothing the second time, the
// program still compiles, and programs in the generator's form come back exactly.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiler } from '../blocks/harness.ts';
import { py2ts, renamedForPython, ts2py } from './harness.ts';

const examplesDir = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'examples');
const casesDir = join(import.meta.dirname, '..', 'blocks', 'cases');
const baselineDir = join(import.meta.dirname, 'baselines', 'examples');

function js(code: string): string | undefined {
  return compiler.compile({ 'main.ts': code }).program?.js;
}

describe('example projects in Python', () => {
  const examples = readdirSync(examplesDir).filter((name) => existsSync(join(examplesDir, name, 'main.ts')));
  it('has examples', () => expect(examples.length).toBeGreaterThan(5));
  it.each(examples)('%s', (name) => {
    const source = readFileSync(join(examplesDir, name, 'main.ts'), 'utf8');
    const python = ts2py(source);
    expect(python.diagnostics).toEqual([]);
    const baseline = join(baselineDir, `${name}.py`);
    if (process.env['UPDATE_PYTHON_BASELINES']) {
      mkdirSync(baselineDir, { recursive: true });
      writeFileSync(baseline, python.code);
    }
    expect(python.code).toBe(readFileSync(baseline, 'utf8'));
    const back = py2ts(python.code);
    expect(back.diagnostics).toEqual([]);
    expect(ts2py(back.code).code).toBe(python.code);
    expect(js(back.code)).toBe(js(source));
  });
});

/** Cases whose TypeScript comes back different (but stable), and why. */
const NOT_EXACT: Readonly<Record<string, string>> = {
  'grey-array-map.ts': 'the arrow function becomes a named def',
  'grey-class.ts': "a field's value moves into __init__",
  'grey-declaration-without-value.ts': 'a declaration without a value gets None',
  'grey-function-without-types.ts': 'parameters get the types of the values passed',
  'lenient-var-declaration.ts': 'var becomes let',
  'lenient-comments-block-style.ts': 'block comments become line comments',
  'lenient-comments-inside-expression.ts': 'comments inside expressions are dropped',
  'lenient-events-arrow-functions.ts': 'arrow functions become function expressions',
  'lenient-variables-increments.ts': 'x++ becomes x += 1',
  'lenient-variables-multiple-declarators.ts': 'one let per variable',
  'lenient-variables-var-and-const.ts': 'const becomes let',
  'loops-for-variable-used-after.ts': 'a counting loop over a variable declared before it becomes a while loop',
  'lenient-loops-var-read-after.ts': 'a counting loop over a var becomes a while loop',
  'lenient-loops-var-read-after-in-function.ts': 'a counting loop over a var becomes a while loop',
  'lenient-functions-set-parameter-recursive.ts': 'x-- becomes x -= 1',
  'grey-do-while.ts': 'do...while becomes while (true) ending with if (!(c)) break',
  'grey-optional-parameter.ts': 'name?: string becomes name: string = null (Python has no ?)',
  'grey-switch.ts': 'switch becomes if/else (Python has no switch)',
  'grey-try-catch.ts': 'catch (e) becomes catch (_) (Python here has only except: alone)',
  'loops-for-expression.ts': 'i <= top - 1 becomes i < top, as MakeCode reads range(top) (the same blocks)',
};

/** Cases Python cannot show (they become comments, with a diagnostic). */
const NOT_PYTHON = new Set([
  'grey-enum-and-interface.ts',
  'grey-for-in.ts',
  'grey-labelled-loop.ts',
  'grey-lambda-variable.ts',
  'grey-object-literal.ts',
  'grey-typeof-and-null.ts',
  'lenient-variables-shadowing-block.ts',
  'lenient-bare-blocks.ts',
  'lenient-variables-named-as-parameter.ts',
]);

describe('blocks golden cases through Python', () => {
  const cases = readdirSync(casesDir).filter((name) => name.endsWith('.ts'));
  it.each(cases)('%s', (name) => {
    const source = readFileSync(join(casesDir, name), 'utf8');
    const py1 = ts2py(source);
    if (NOT_PYTHON.has(name)) {
      expect(py1.diagnostics.length).toBeGreaterThan(0);
      expect(py1.diagnostics[0]!.message).toMatch(/^Python cannot show .*: it is kept as a comment\.$/);
      return;
    }
    expect(py1.diagnostics).toEqual([]);
    const ts1 = py2ts(py1.code);
    expect(ts1.diagnostics).toEqual([]);
    const py2 = ts2py(ts1.code);
    const ts2 = py2ts(py2.code);
    expect(ts2.code).toBe(ts1.code);
    expect(ts2py(ts2.code).code).toBe(py2.code);
    // The program's own names that are Python words come back renamed, as from MakeCode.
    if (NOT_EXACT[name]) expect(ts1.code).not.toBe(renamedForPython(source));
    else expect(ts1.code).toBe(renamedForPython(source));
    const before = compiler.compile({ 'main.ts': source }).diagnostics.filter((d) => d.category === 'error');
    const after = compiler.compile({ 'main.ts': ts1.code }).diagnostics.filter((d) => d.category === 'error');
    expect(after.length).toBeLessThanOrEqual(before.length);
  });
});
