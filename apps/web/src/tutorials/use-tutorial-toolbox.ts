// The toolbox a tutorial step wants (issue 14): its blockconfig blocks, the categories of the
// blocks the step adds highlighted, and, for a `### @flyoutOnly true` tutorial, only the blocks the
// tutorial uses. The tutorial info comes from the cache when it can (tutorial-info.ts).

import type { ToolboxFilter } from '@blockyard/blocks';
import type { TutorialInfo, TutorialInfoCache, TutorialParseResult } from '@blockyard/core';
import type { BlockNode } from '@blockyard/language';
import { useEffect, useMemo, useState } from 'react';
import { blockConfigBlocks, tutorialInfo, type ToBlocks } from './tutorial-info.ts';

interface Worked {
  readonly info: TutorialInfo;
  readonly global: readonly BlockNode[];
  /** Per step index, its `blockconfig.local` blocks. */
  readonly local: ReadonlyMap<number, readonly BlockNode[]>;
}

async function work(id: string, tutorial: TutorialParseResult, toBlocks: ToBlocks, cache: TutorialInfoCache) {
  const info = await tutorialInfo(id, tutorial, toBlocks, cache);
  const global = await blockConfigBlocks(tutorial.globalBlockConfig?.md, toBlocks);
  const local = new Map<number, readonly BlockNode[]>();
  for (const [index, step] of tutorial.steps.entries()) {
    if (step.localBlockConfig) local.set(index, await blockConfigBlocks(step.localBlockConfig.md, toBlocks));
  }
  return { info, global, local };
}

/** The step's toolbox filter, pure (tests use it without React). */
export function tutorialToolboxFilter(tutorial: TutorialParseResult, worked: Worked, step: number): ToolboxFilter {
  const blocks = [...worked.global, ...(worked.local.get(step) ?? [])];
  const highlight = Object.keys(worked.info.highlightBlocks[String(step)] ?? {});
  const limited = tutorial.metadata['flyoutOnly'] === true;
  const configTypes = [...worked.global, ...[...worked.local.values()].flat()].map((b) => b.type);
  return {
    blocks,
    highlight,
    ...(limited ? { only: [...new Set([...Object.keys(worked.info.blocks), ...configTypes])] } : {}),
  };
}

export function useTutorialToolbox(
  tutorial: { readonly id: string; readonly parsed: TutorialParseResult } | undefined,
  step: number,
  toBlocks: ToBlocks,
  cache: TutorialInfoCache,
): ToolboxFilter | undefined {
  const [worked, setWorked] = useState<{ id: string; parsed: TutorialParseResult; value: Worked } | undefined>();
  useEffect(() => {
    if (!tutorial) return undefined;
    let live = true;
    void work(tutorial.id, tutorial.parsed, toBlocks, cache).then(
      (value) => {
        if (live) setWorked({ id: tutorial.id, parsed: tutorial.parsed, value });
      },
      () => undefined, // the compiler stopped: the whole toolbox stays
    );
    return () => {
      live = false;
    };
    // toBlocks and cache live as long as the editor.
  }, [tutorial]);
  return useMemo(() => {
    if (!tutorial || !worked || worked.parsed !== tutorial.parsed) return undefined;
    return tutorialToolboxFilter(tutorial.parsed, worked.value, step);
  }, [tutorial, worked, step]);
}
