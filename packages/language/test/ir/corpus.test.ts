// Completeness: every program the blocks golden cases and the example projects hold lowers to
// the IR without an "unsupported" diagnostic. (Every program the compiler and board tests compile
// goes through the IR too: the JavaScript back end prints from it.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/compiler/diagnostics.ts';
import { IR_UNSUPPORTED_CODE } from '../../src/ir/lower/lower-context.ts';
import { compiler } from './ir-harness.ts';

const blocksCases = join(import.meta.dirname, '..', 'blocks', 'cases');
const examples = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'examples');

/** The constructs the IR refused (cases about code that does not compile at all have none). */
function unsupported(files: Record<string, string>): string[] {
  return compiler
    .lower(files)
    .diagnostics.filter((d) => d.code === IR_UNSUPPORTED_CODE)
    .map(formatDiagnostic);
}

describe('every program of the test corpus lowers', () => {
  const cases = readdirSync(blocksCases).filter((f) => f.endsWith('.ts'));
  it('has the blocks golden cases', () => {
    expect(cases.length).toBeGreaterThan(100);
  });
  for (const file of cases) {
    it(`blocks case ${file}`, () => {
      expect(unsupported({ 'main.ts': readFileSync(join(blocksCases, file), 'utf8') })).toEqual([]);
    });
  }

  it('the example projects', () => {
    const projects = readdirSync(examples, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(projects.length).toBeGreaterThan(5);
    for (const project of projects) {
      const dir = join(examples, project.name);
      const files = Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith('.ts'))
          .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
      const lowered = compiler.lower(files);
      expect(lowered.diagnostics.map(formatDiagnostic), project.name).toEqual([]);
      expect(lowered.module).toBeDefined();
    }
  });
});
