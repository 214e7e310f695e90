// Our ToolboxDefinition -> Blockly's toolbox JSON: one row per category in weight order (colour,
// icon, groups as labels, the "more" blocks of a category as a sub-category), the advanced
// categories inside an "Advanced" folder, dynamic Variables and Functions flyouts.

import type * as Blockly from 'blockly/core';
import { type ToolboxCategory, type ToolboxDefinition, type ToolboxEntry, writeBlockXml } from '@blockyard/language';
import { liftOwnedReporters } from '../drag/owned-reporters.ts';
import type { BlocksMessages } from '../environment/messages.ts';
import { CATEGORY_KIND, FOLDER_KIND } from './toolbox-category.ts';

type Item = Blockly.utils.toolbox.ToolboxItemInfo | Blockly.utils.toolbox.FlyoutItemInfo;
type Json = Record<string, unknown>;

/** Keys of the dynamic flyouts, registered per workspace (see dynamic-flyouts.ts). */
export const VARIABLES_FLYOUT = 'BLOCKYARD_VARIABLES';
export const FUNCTIONS_FLYOUT = 'BLOCKYARD_FUNCTIONS';
export const SEARCH_FLYOUT = 'BLOCKYARD_SEARCH';
const SEARCH_CATEGORY_ID = 'blockyard-search';
const ADVANCED_CATEGORY_ID = 'advanced';

const ADVANCED_COLOUR = '#5c6b80';
const SEARCH_COLOUR = '#3454d1';

export function entryJson(entry: ToolboxEntry): Json {
  switch (entry.kind) {
    case 'block':
      return {
        kind: 'block',
        blockxml: writeBlockXml(liftOwnedReporters({ ...entry.block, shadow: false })),
        ...(entry.gap !== undefined ? { gap: entry.gap } : {}),
      };
    case 'label':
      return { kind: 'label', text: entry.text, 'web-class': 'blockyardToolboxLabel' };
    case 'button':
      return { kind: 'button', text: entry.text, callbackkey: entry.action };
  }
}

function categoryJson(category: ToolboxCategory, messages: BlocksMessages, highlighted: ReadonlySet<string>): Json {
  const common = {
    name: category.name,
    colour: category.colour,
    toolboxitemid: category.id,
    blockyardicon: category.id,
    ...(category.icon ? { blockyardcodepoint: category.icon } : {}),
    ...(highlighted.has(category.id) ? { blockyardhighlight: true } : {}),
  };
  if (category.dynamic) {
    return {
      kind: CATEGORY_KIND,
      ...common,
      custom: category.dynamic === 'variables' ? VARIABLES_FLYOUT : FUNCTIONS_FLYOUT,
    };
  }
  const contents = category.contents.map(entryJson);
  if (category.more?.length) {
    return {
      kind: FOLDER_KIND,
      ...common,
      contents: [
        ...contents,
        {
          kind: CATEGORY_KIND,
          name: messages.more,
          colour: category.colour,
          toolboxitemid: `${category.id}-more`,
          blockyardicon: category.id,
          contents: category.more.map(entryJson),
        },
      ],
    };
  }
  return { kind: CATEGORY_KIND, ...common, contents };
}

export interface ToolboxJsonOptions {
  /** Adds the "Search results" row first (while a search is on). */
  readonly searching?: boolean;
  /** Ids of categories to mark (a tutorial step uses their blocks; see toolbox-filter.ts). */
  readonly highlighted?: ReadonlySet<string>;
}

export function toolboxJson(
  toolbox: ToolboxDefinition,
  messages: BlocksMessages,
  options: ToolboxJsonOptions = {},
): Blockly.utils.toolbox.ToolboxInfo {
  const contents: Json[] = [];
  const highlighted = options.highlighted ?? new Set<string>();
  if (options.searching) {
    contents.push({
      kind: CATEGORY_KIND,
      name: messages.searchResults,
      colour: SEARCH_COLOUR,
      toolboxitemid: SEARCH_CATEGORY_ID,
      blockyardicon: 'search',
      custom: SEARCH_FLYOUT,
    });
  }
  const advanced = toolbox.categories.filter((c) => c.advanced);
  for (const category of toolbox.categories)
    if (!category.advanced) contents.push(categoryJson(category, messages, highlighted));
  if (advanced.length) {
    contents.push({
      kind: FOLDER_KIND,
      name: messages.advanced,
      colour: ADVANCED_COLOUR,
      toolboxitemid: ADVANCED_CATEGORY_ID,
      blockyardicon: 'advanced',
      ...(highlighted.has(ADVANCED_CATEGORY_ID) ? { blockyardhighlight: true } : {}),
      contents: advanced.map((c) => categoryJson(c, messages, highlighted)),
    });
  }
  // Blockly's types list only its own item kinds; ours are registered under their own names.
  return { kind: 'categoryToolbox', contents: contents as unknown as Item[] };
}
