import { parseTutorial } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { tutorialToolboxFilter } from './use-tutorial-toolbox.ts';

const block = (type: string) => ({ type, fields: [], inputs: [] });
const info = {
  snippets: {},
  blocks: { device_forever: 1, device_pause: 2 },
  highlightBlocks: { '1': { device_pause: 1 } },
  validateBlocks: {},
};
const worked = { info, global: [block('device_show_number')], local: new Map([[1, [block('basic_show_icon')]]]) };

describe('the toolbox of a tutorial step', () => {
  it('marks what the step adds and offers the blockconfig blocks of the tutorial and the step', () => {
    const tutorial = parseTutorial('# T\n\n## {A}\n\nHi\n\n## {B}\n\nMore\n');
    const filter = tutorialToolboxFilter(tutorial, worked, 1);
    expect(filter.highlight).toEqual(['device_pause']);
    expect(filter.blocks?.map((b) => b.type)).toEqual(['device_show_number', 'basic_show_icon']);
    expect(filter.only).toBeUndefined();
    expect(tutorialToolboxFilter(tutorial, worked, 0).highlight).toEqual([]);
  });

  it('offers only the tutorial’s blocks when it says @flyoutOnly', () => {
    const tutorial = parseTutorial('# T\n\n### @flyoutOnly true\n\n## {A}\n\nHi\n');
    expect([...(tutorialToolboxFilter(tutorial, worked, 0).only ?? [])].sort()).toEqual([
      'basic_show_icon',
      'device_forever',
      'device_pause',
      'device_show_number',
    ]);
  });
});
