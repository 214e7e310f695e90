import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlockNode } from '@blockyard/language';
import { describe, expect, it } from 'vitest';
import { headlessWorkspace, testEnvironment, xmlOf } from '../test/headless.ts';
import { isNear, mergeInOrder, orderKey, type WaitingStack, writesBack } from './far-stacks.ts';
import { appendStacks, loadWorkspaceXml, saveWorkspaceXml } from './workspace-xml.ts';
import { compareBlocksXml } from './xml-compare.ts';

const golden = fileURLToPath(new URL('../../../language/test/blocks/baselines/', import.meta.url));

/** Loads `xml` with only its first stack built, the others waiting as the editor keeps far stacks. */
function loadFirstOnly(xml: string) {
  const workspace = headlessWorkspace();
  const { rest } = loadWorkspaceXml(workspace, testEnvironment(), xml, {
    firstStacks: (block, all) => block === all[0],
  });
  return { workspace, rest };
}

describe('far stacks waiting to be built', () => {
  it('saving with stacks still waiting writes the program that building them first would', () => {
    let compared = 0;
    let sameText = 0;
    for (const name of readdirSync(golden).filter((file) => file.endsWith('.blocks'))) {
      const xml = readFileSync(join(golden, name), 'utf8');
      let loaded: ReturnType<typeof loadFirstOnly>;
      try {
        loaded = loadFirstOnly(xml);
      } catch {
        continue; // A file Blockly refuses (a golden case of a type check).
      }
      const { workspace, rest } = loaded;
      if (rest.length === 0 || !rest.every((stack) => stack.exact)) continue;
      const waiting = saveWorkspaceXml(workspace, rest);
      appendStacks(workspace, rest);
      const built = saveWorkspaceXml(workspace);
      // A waiting stack is written as the file has it. Where Blockly writes a file as it read it
      // (it may add a default the file left out, such as an expandable block's `_expanded="0"`),
      // saving with stacks waiting must give the same program as with them built.
      if (compareBlocksXml(built, xml).length) continue;
      expect({ name, differences: compareBlocksXml(built, waiting) }).toEqual({ name, differences: [] });
      expect(waiting.match(/ x="/g)?.length).toBe(built.match(/ x="/g)?.length);
      compared++;
      if (waiting === built) sameText++;
    }
    // The golden programs with more than one stack, their blocks all with ids.
    expect(compared).toBeGreaterThan(50);
    expect(sameText).toBeGreaterThan(compared / 2);
  }, 60_000);

  it('builds with the load a stack whose file model would save differently (no ids, unknown elements)', () => {
    const xml = xmlOf(
      `<block type="pxt-on-start" id="a" x="0" y="0"></block>` +
        `<block type="device_show_number" id="b" x="0" y="400"><value name="number">` +
        `<shadow type="math_number"><field name="NUM">1</field></shadow></value></block>` +
        `<block type="device_clear_display" id="c" x="0" y="800"><unknown-thing kind="kept"/></block>` +
        `<block type="device_clear_display" id="d" x="0" y="1200"></block>`,
    );
    const { rest } = loadFirstOnly(xml);
    expect(rest.map((stack) => [stack.node.id, stack.exact])).toEqual([
      ['b', false],
      ['c', false],
      ['d', true],
    ]);
  });

  it('writesBack needs an id on every block and shadow and nothing kept aside', () => {
    const shadow: BlockNode = { type: 'math_number', shadow: true, fields: [], inputs: [] };
    const block = (inner: BlockNode): BlockNode => ({
      type: 'device_show_number',
      id: 'x',
      fields: [],
      inputs: [{ name: 'number', kind: 'value', shadow: inner }],
    });
    expect(writesBack(block({ ...shadow, id: 's' }))).toBe(true);
    expect(writesBack(block(shadow))).toBe(false);
  });

  it('merges waiting stacks into the built ones in Blockly reading order (top to bottom, then left to right)', () => {
    const waiting = (x: number, y: number) => ({ x, y }) as WaitingStack;
    const built = [
      { item: 'A', x: 0, y: 0 },
      { item: 'C', x: 0, y: 500 },
    ];
    const order = mergeInOrder(built, [waiting(0, 900), waiting(300, 0), waiting(0, 200)], (s) => `${s.x},${s.y}`);
    expect(order).toEqual(['A', '300,0', '0,200', 'C', '0,900']);
    expect(orderKey(300, 0)).toBeGreaterThan(orderKey(0, 0));
    expect(orderKey(300, 0)).toBeLessThan(orderKey(0, 200));
  });

  it('a stack is near when its guessed box comes within a view of the view', () => {
    const stack = (y: number) => ({ x: 0, y, blocks: 10 }) as WaitingStack;
    const scale = { width: 400, heightPerBlock: 50 };
    const view = { left: 0, top: 0, right: 1000, bottom: 800 };
    expect(isNear(stack(1500), scale, view)).toBe(true);
    expect(isNear(stack(1700), scale, view)).toBe(false);
    // A tall stack starting far above reaches into the view: its guessed height counts.
    expect(isNear({ x: 0, y: -2000, blocks: 40 } as WaitingStack, scale, view)).toBe(true);
  });
});
