import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSummary, tocTrail } from './summary.ts';

const summary = `# Contents

* [Blocks](/docs/blocks)
  * [Loops](/docs/blocks/loops)
    * [Repeat](/docs/blocks/loops/repeat)
  * [Logic](/docs/blocks/logic)
* Reference
  * [Basic](/reference/basic)
`;

describe('parseSummary', () => {
  it('reads names, paths and nested subitems', () => {
    const toc = parseSummary(summary);
    expect(toc.map((e) => e.name)).toEqual(['Blocks', 'Reference']);
    expect(toc[0]?.subitems.map((e) => e.path)).toEqual(['/docs/blocks/loops', '/docs/blocks/logic']);
    expect(toc[0]?.subitems[0]?.subitems[0]).toEqual({
      name: 'Repeat',
      path: '/docs/blocks/loops/repeat',
      subitems: [],
    });
    expect(toc[1]).toMatchObject({ name: 'Reference', path: '' });
  });

  it('finds the trail to the active page, for expanded items and breadcrumbs', () => {
    const trail = tocTrail(parseSummary(summary), '/docs/blocks/loops/repeat');
    expect(trail.map((e) => e.name)).toEqual(['Blocks', 'Loops', 'Repeat']);
    expect(tocTrail(parseSummary(summary), '/docs/nowhere')).toEqual([]);
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => Array.isArray(parseSummary(text))));
  });
});
