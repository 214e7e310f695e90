// Issue 12 item 2, the whole family: any drawer block, nested the common ways (in on start, in a
// loop, in an event handler, next to other drawer blocks, reporters in variables), generates
// code that decompiles to blocks again with no grey block and the same code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockNode, BlocksWorkspace } from '../../src/blocks/model/blocks-model.ts';
import { chain } from '../../src/blocks/model/blocks-model.ts';
import { decompile, generate, registry } from './harness.ts';

// NO_GREY_NESTING_RUNS=1000 for a longer search.
const runs = Number(process.env['NO_GREY_NESTING_RUNS'] ?? 60);

const entries = registry.toolbox.categories.flatMap((category) =>
  [...category.contents, ...(category.more ?? [])].flatMap((entry) => (entry.kind === 'block' ? [entry] : [])),
);
const shaped = (shape: string) =>
  entries.filter((e) => registry.definition(e.type)?.shape === shape).map((e) => ({ ...e.block, shadow: false }));
// Blocks that only belong inside a function or a loop (MakeCode refuses them elsewhere too).
const placed = new Set(['function_return', 'break_keyword', 'continue_keyword']);
const statements = shaped('statement').filter((b) => !placed.has(b.type));
const reporters = shaped('reporter');
// Event blocks run their HANDLER statements (the drawer's copy has the input empty, so absent).
const hats = shaped('hat').map((b): BlockNode =>
  b.inputs.some((i) => i.kind === 'statement')
    ? b
    : { ...b, inputs: [...b.inputs, { kind: 'statement', name: 'HANDLER' }] },
);

/** `block` with its first statement input holding `body`. */
function withBody(block: BlockNode, body: readonly BlockNode[]): BlockNode {
  const first = block.inputs.findIndex((i) => i.kind === 'statement');
  const stack = chain(body);
  return {
    ...block,
    inputs: block.inputs.map((input, index) =>
      index === first ? { kind: 'statement', name: input.name, ...(stack ? { block: stack } : {}) } : input,
    ),
  };
}

const repeat = statements.find((b) => b.type === 'controls_repeat_ext')!;

/** A statement: a drawer statement block, or a reporter kept in a fresh variable. */
const statement = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...statements) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...reporters), fc.nat(5)).map(([reporter, n]): BlockNode => ({
      type: 'variables_set',
      fields: [{ name: 'VAR', value: `r${n}_${reporter.type.replace(/\W/g, '_')}`, attributes: { id: '' } }],
      inputs: [{ kind: 'value', name: 'VALUE', block: reporter }],
    })),
  },
);
const body = fc.array(statement, { minLength: 1, maxLength: 3 });
const nested = fc.oneof(
  body,
  body.map((inner) => [withBody(repeat, inner)]),
);

const workspace = fc
  .record({
    start: fc.array(statement, { maxLength: 2 }),
    handlers: fc.array(fc.tuple(fc.constantFrom(...hats), nested), { maxLength: 2 }),
  })
  .map(({ start, handlers }): BlocksWorkspace => {
    const blocks = [
      withBody({ type: 'pxt-on-start', fields: [], inputs: [{ kind: 'statement', name: 'HANDLER' }] }, start),
      ...handlers.map(([hat, inner]) => withBody(hat, inner)),
    ];
    return { variables: [], blocks, comments: [] };
  });

describe('drawer blocks nested the common ways', () => {
  it('come back as blocks, with the same code', { timeout: 300_000 }, () => {
    fc.assert(
      fc.property(workspace, (blocks) => {
        const code = generate(blocks).code;
        const back = decompile(code);
        expect(back.greyNotes, code).toEqual([]);
        expect(generate(back.workspace).code, code).toBe(code);
      }),
      { numRuns: runs },
    );
  });
});
