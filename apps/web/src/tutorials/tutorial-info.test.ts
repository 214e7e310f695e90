import { ManualClock, MemoryKeyValueStore, parseTutorial, TutorialInfoCache } from '@blockyard/core';
import { CompilerClient } from '@blockyard/compiler-worker';
import { inProcessCompilerWorker } from '@blockyard/compiler-worker/testing';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTutorial } from './tutorial-catalog.ts';
import {
  blockConfigBlocks,
  computeTutorialInfo,
  countBlocks,
  stepSnippets,
  tutorialInfo,
  typeScriptSnippets,
} from './tutorial-info.ts';

const compiler = new CompilerClient(() => inProcessCompilerWorker(ts));
afterAll(() => compiler.dispose());
const toBlocks = async (code: string) => (await compiler.service({ op: 'toBlocks', files: { 'main.ts': code } })).xml;

describe('tutorial info', () => {
  it('finds the block snippets of a step, and unwraps the parse result’s TypeScript', () => {
    const md =
      'Do this:\n\n```blocks\nbasic.pause(1)\n```\n\n~~~python\npause(1)\n~~~\n\n```ghost\nbasic.clearScreen()\n```\n';
    expect(stepSnippets(md)).toEqual(['basic.pause(1)', 'basic.clearScreen()']);
    expect(typeScriptSnippets(['{\nbasic.pause(1)\n}', '\npause(1)\n'])).toEqual(['basic.pause(1)']);
  });

  it('counts real blocks, not the shadows holding default values', () => {
    const counts = countBlocks([
      {
        type: 'a',
        fields: [],
        inputs: [
          { kind: 'value', name: 'x', shadow: { type: 'math_number', fields: [], inputs: [] } },
          {
            kind: 'statement',
            name: 'do',
            block: { type: 'b', fields: [], inputs: [], next: { type: 'b', fields: [], inputs: [] } },
          },
        ],
      },
    ]);
    expect(counts).toEqual({ a: 1, b: 2 });
  });

  it('works out the blocks of Flashing heart and what each step adds', async () => {
    const tutorial = loadTutorial('flashing-heart')!;
    const info = await computeTutorialInfo(tutorial, toBlocks);
    expect(Object.keys(info.blocks).sort()).toEqual(['basic_show_icon', 'device_forever', 'device_pause']);
    // Step 2 (index 1) shows the heart; step 3 adds only the pause.
    expect(info.highlightBlocks['1']).toEqual({ device_forever: 1, basic_show_icon: 1 });
    expect(info.highlightBlocks['2']).toEqual({ device_pause: 1 });
  }, 60_000);

  it('keeps the info in the cache and reuses it while the code is the same and a day has not passed', async () => {
    const clock = new ManualClock(1_000);
    const cache = new TutorialInfoCache(new MemoryKeyValueStore(), clock);
    const tutorial = parseTutorial('# T\n\n## {One}\n\n```blocks\nbasic.pause(1)\n```\n');
    let calls = 0;
    const counting = (code: string) => {
      calls++;
      return toBlocks(code);
    };
    const first = await tutorialInfo('t', tutorial, counting, cache);
    const made = calls;
    expect(first.blocks).toEqual({ device_pause: 2, 'pxt-on-start': 2 });
    expect(await tutorialInfo('t', tutorial, counting, cache)).toMatchObject({ blocks: first.blocks });
    expect(calls).toBe(made);
    clock.advance(86_400_000);
    await tutorialInfo('t', tutorial, counting, cache);
    expect(calls).toBe(made * 2);
  }, 60_000);

  it('reads blockconfig code as one toolbox block per statement', async () => {
    const blocks = await blockConfigBlocks('basic.showNumber(42)\nbasic.pause(250)\n', toBlocks);
    expect(blocks.map((b) => b.type)).toEqual(['device_show_number', 'device_pause']);
    expect(blocks.every((b) => b.next === undefined)).toBe(true);
    expect(await blockConfigBlocks('this is not code (', toBlocks)).toEqual(expect.any(Array));
  }, 60_000);
});
