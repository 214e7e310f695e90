// What the test page offers the end-to-end journeys and the benchmark on `window.blockyardBlocksTest`:
// the round trip of a file through the real, rendered workspace (load, save, compare the XML and
// the generated TypeScript, collect Blockly's warnings), the programs it knows, render timing.

import {
  compareBlocksXml,
  liveWorkspaceCount,
  type BlocksEnvironment,
  type BlocksWorkspaceController,
  type XmlDifference,
} from '@blockyard/blocks';
import { blocksToTypeScript, readBlocksXml } from '@blockyard/language';
import type { PlayedSound } from './recording-preview.ts';
import { goldenNames, goldenXml, toolboxPrograms } from './test-programs.ts';

interface RoundTripResult {
  readonly name: string;
  readonly ok: boolean;
  readonly differences: readonly XmlDifference[];
  readonly warnings: readonly string[];
  readonly typeScriptBefore: string;
  readonly typeScriptAfter: string;
  readonly error?: string;
  readonly blocks: number;
  readonly rendered: number;
}

export interface BlocksTestApi {
  readonly environment: BlocksEnvironment;
  readonly played: PlayedSound[];
  /** Every `onChange` the editor reported, newest last. */
  readonly changes: string[];
  controller(): BlocksWorkspaceController | null;
  /** How many Blockly workspaces exist on the page (flyouts included): none may leak. */
  liveWorkspaces(): number;
  currentXml(): string;
  goldenNames(): string[];
  toolboxNames(): string[];
  /** Round trip of many programs (golden and toolbox ones by name) through the live workspace. */
  roundTripAll(names: readonly string[]): Promise<RoundTripResult[]>;
  /**
   * Loads a file: milliseconds from the start until what shows first is drawn, and until the
   * load's work is done (every stack in and near the view drawn; far ones wait, far-stacks.ts).
   */
  renderTime(xml: string): Promise<{ visibleMs: number; completeMs: number }>;
  /** Builds and draws the stacks still waiting far from the view (after `renderTime`): its ms. */
  buildEveryStack(): Promise<number>;
  /**
   * After `renderTime`: waits until the page has built every waiting stack in its idle slices;
   * the milliseconds that took and the longest task meanwhile (Chromium's long-task entries, 0
   * when none went over 50 ms).
   */
  idleBuilt(): Promise<{ ms: number; longestTaskMs: number }>;
}

export function createTestApi(
  environment: BlocksEnvironment,
  controller: () => BlocksWorkspaceController | null,
  played: PlayedSound[],
  changes: string[],
): BlocksTestApi {
  const toolbox = toolboxPrograms(environment);
  const xmlOf = async (name: string): Promise<string | undefined> =>
    toolbox.find((p) => p.name === name)?.xml ?? (await goldenXml(name));

  const roundTrip = async (name: string): Promise<RoundTripResult> => {
    const current = controller();
    const xml = await xmlOf(name);
    const empty = {
      name,
      ok: false,
      differences: [],
      warnings: [],
      typeScriptBefore: '',
      typeScriptAfter: '',
      blocks: 0,
      rendered: 0,
    };
    if (!current || xml === undefined) return { ...empty, error: `no program or workspace for ${name}` };
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      if (!current.load(xml)) return { ...empty, error: 'the file did not load' };
      await current.loaded();
      current.finishLoading();
      await current.rendered();
      const all = current.workspace.getAllBlocks(false);
      const rendered = all.filter((b) => b.rendered && b.getSvgRoot().getBBox().width > 0).length;
      const saved = current.getXml();
      const differences = compareBlocksXml(xml, saved);
      const typeScriptBefore = blocksToTypeScript(readBlocksXml(xml), environment.registry).code;
      const typeScriptAfter = blocksToTypeScript(readBlocksXml(saved), environment.registry).code;
      return {
        name,
        ok:
          differences.length === 0 &&
          warnings.length === 0 &&
          typeScriptBefore === typeScriptAfter &&
          rendered === all.length,
        differences,
        warnings,
        typeScriptBefore,
        typeScriptAfter,
        blocks: all.length,
        rendered,
      };
    } catch (error) {
      return {
        ...empty,
        warnings,
        error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error),
      };
    } finally {
      console.warn = warn;
    }
  };

  return {
    environment,
    played,
    changes,
    controller,
    liveWorkspaces: liveWorkspaceCount,
    currentXml: () => controller()?.getXml() ?? '',
    goldenNames,
    toolboxNames: () => toolbox.map((p) => p.name),
    roundTripAll: async (names) => {
      const results: RoundTripResult[] = [];
      for (const name of names) results.push(await roundTrip(name));
      return results;
    },
    renderTime: async (xml) => {
      const current = controller();
      if (!current) return { visibleMs: Number.NaN, completeMs: Number.NaN };
      const start = performance.now();
      current.load(xml);
      await current.rendered();
      // Layout must be done too: ask the browser for a size.
      current.workspace.getParentSvg().getBoundingClientRect();
      const visibleMs = performance.now() - start;
      await current.loaded();
      await current.rendered();
      current.workspace.getParentSvg().getBoundingClientRect();
      return { visibleMs, completeMs: performance.now() - start };
    },
    buildEveryStack: async () => {
      const current = controller();
      if (!current) return Number.NaN;
      const start = performance.now();
      current.finishLoading();
      await current.rendered();
      current.workspace.getParentSvg().getBoundingClientRect();
      return performance.now() - start;
    },
    idleBuilt: async () => {
      const current = controller();
      if (!current) return { ms: Number.NaN, longestTaskMs: Number.NaN };
      let longestTaskMs = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
      });
      observer.observe({ type: 'longtask' });
      const start = performance.now();
      await current.everyStackBuilt();
      await current.rendered();
      current.workspace.getParentSvg().getBoundingClientRect();
      const ms = performance.now() - start;
      for (const entry of observer.takeRecords()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
      observer.disconnect();
      return { ms, longestTaskMs };
    },
  };
}
