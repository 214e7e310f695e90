// One BlocksEnvironment per workspace (per project): the block definitions of its API (from one
// ApiMetadata, through @blockyard/language's BlockRegistry), their Blockly JSON, the toolbox, the
// search index and the themes. It builds each Blockly block of its workspace (see
// block-types.ts for how that works with Blockly's global block map). Nothing here is shared
// between environments.

import type * as Blockly from 'blockly/core';
import {
  type ApiMetadata,
  type BlockDefinition,
  type BlocklyJson,
  BlockRegistry,
  type BlocksWorkspace,
  type LedPicture,
  type ToolboxDefinition,
  greyBlockColour,
} from '@blockyard/language';
import { buildSearchIndex, type SearchableBlock, searchBlocks } from '../toolbox/block-search.ts';
import { toolboxJson, type ToolboxJsonOptions } from '../toolbox/toolbox-json.ts';
import { filterToolbox, type ToolboxFilter } from '../toolbox/toolbox-filter.ts';
import { createBlocksTheme, type BlocksThemeName } from '../theme/blockly-theme.ts';
import { type BehaviourSource, installBehaviour } from '../mutators/install-behaviour.ts';
import type { LinkedEnvironment } from './environment-link.ts';
import { expandableLayout, type ExpandableLayout } from '../mutators/expandable-steps.ts';
import { ensureBlockTypes } from './block-types.ts';
import { applyBlocklyMessages, type BlocklyMessages, ensureBlocklyMessages } from './blockly-locale.ts';
import { type FieldRegistry, registerFields } from './field-registry.ts';
import { registerToolboxItems } from '../toolbox/toolbox-category.ts';
import { blocklyJsonFor, mapArgs, type JsonContext } from './blockly-json.ts';
import { defaultMessages, formatMessage, type BlocksMessages } from './messages.ts';
import { inferUnknownDefinitions } from './unknown-blocks.ts';
import { type BlockTexts, translateBuiltinJson, translateBuiltinLines, translateToolbox } from './block-texts.ts';
import type { BlockNode } from '@blockyard/language';
import { normalizeColour } from './block-styles.ts';

export interface BlocksEnvironmentOptions {
  /** The field editors its blocks use (`blockyardFields`), registered with Blockly. */
  readonly fields: FieldRegistry;
  /**
   * The LED picture of an icon-picker choice (`IconNames.Heart`, with the member's value), for
   * previews; the board package knows its icons.
   */
  readonly picture?: (value: string, enumValue: number | undefined) => LedPicture | undefined;
  /** Translated texts; English is used for anything missing. */
  readonly messages?: Partial<BlocksMessages>;
  /** Translated category names, group labels and built-in block texts (block-texts.ts). */
  readonly texts?: BlockTexts;
  /**
   * Blockly's own words in the learner's language (`blockly/msg/<name>`), set for the page when
   * the environment is made; English unless a language was set before when omitted.
   */
  readonly blocklyMessages?: BlocklyMessages;
}

export type BlocksEnvironmentSource = BlockRegistry | ApiMetadata;

/** Zelos output shapes (Blockly's constants). */
const OUTPUT_SHAPES = { hexagon: 1, round: 2, square: 3 } as const;

export class BlocksEnvironment implements LinkedEnvironment, BehaviourSource {
  readonly registry: BlockRegistry;
  readonly messages: BlocksMessages;
  private readonly options: BlocksEnvironmentOptions;
  private readonly adopted = new Map<string, BlockDefinition>();
  private readonly json = new Map<string, BlocklyJson>();
  private readonly layouts = new Map<string, ExpandableLayout | null>();
  private readonly enumValues = new Map<string, number>();
  private readonly themes = new Map<BlocksThemeName, Blockly.Theme>();
  private searchIndex: SearchableBlock[] | undefined;
  private translatedToolbox: ToolboxDefinition | undefined;
  private readonly jsonContext: JsonContext;

  constructor(source: BlocksEnvironmentSource, options: BlocksEnvironmentOptions) {
    this.registry = source instanceof BlockRegistry ? source : new BlockRegistry({ metadata: source });
    this.options = options;
    this.messages = { ...defaultMessages, ...options.messages };
    for (const e of Object.values(this.registry.metadata.enums)) {
      for (const member of e.members) if (member.value !== undefined) this.enumValues.set(member.qName, member.value);
    }
    this.jsonContext = {
      enumValue: (qName) => this.enumValues.get(qName),
      pictureText: (value) => {
        const picture = this.options.picture?.(value, this.enumValues.get(value));
        return picture ? picture.cells.map((on) => (on ? '#' : '.')).join('') : undefined;
      },
    };
    if (options.blocklyMessages) applyBlocklyMessages(options.blocklyMessages);
    else ensureBlocklyMessages();
    registerFields(options.fields);
    registerToolboxItems();
    ensureBlockTypes(this.blockTypes());
  }

  get metadata(): ApiMetadata {
    return this.registry.metadata;
  }

  definition(type: string): BlockDefinition | undefined {
    return this.registry.definition(type) ?? this.adopted.get(type);
  }

  isKnown(type: string): boolean {
    return this.definition(type) !== undefined;
  }

  /** Every block type this environment can build. */
  blockTypes(): string[] {
    return [...this.registry.definitions.map((d) => d.type), ...this.adopted.keys()];
  }

  /**
   * Blocks of types nobody defined still load: their shape is read from the file (see
   * unknown-blocks.ts). Returns the types adopted now.
   */
  adoptUnknownTypes(workspace: BlocksWorkspace): string[] {
    const definitions = inferUnknownDefinitions(workspace, (type) => this.isKnown(type), {
      colour: greyBlockColour,
      tooltip: (type) => formatMessage(this.messages.unknownBlock, { type }),
    });
    for (const definition of definitions) this.adopted.set(definition.type, definition);
    if (definitions.length) {
      ensureBlockTypes(definitions.map((d) => d.type));
      this.themes.clear();
    }
    return definitions.map((d) => d.type);
  }

  /** Blockly JSON of a block type (cached). */
  blocklyJson(type: string): BlocklyJson | undefined {
    const cached = this.json.get(type);
    if (cached) return cached;
    const definition = this.definition(type);
    if (!definition) return undefined;
    const json = translateBuiltinJson(
      blocklyJsonFor(definition, this.jsonContext),
      this.registry.apiBlock(type) ? undefined : this.options.texts?.builtin?.[type],
    );
    const layout = this.expandableLayout(type);
    if (layout) {
      json['message0'] = layout.message;
      json['args0'] = mapArgs(layout.args, this.jsonContext, false);
    }
    this.json.set(type, json);
    return json;
  }

  /** How an expandable block splits into its main line and optional steps (null: not expandable). */
  expandableLayout(type: string): ExpandableLayout | undefined {
    if (this.layouts.has(type)) return this.layouts.get(type) ?? undefined;
    const definition = this.definition(type);
    const syntax = this.registry.apiBlock(type)?.fn.block;
    let layout: ExpandableLayout | undefined;
    if (definition?.expandable && definition.expandable.mode !== 'disabled' && syntax?.expandAt !== undefined) {
      const raw = expandableLayout(definition, syntax.parts, syntax.expandAt);
      if (raw) {
        layout = {
          ...raw,
          steps: raw.steps.map((step) => ({
            ...step,
            json: { ...step.json, args0: mapArgs(step.json['args0'] as never, this.jsonContext, false) },
          })),
        };
      }
    }
    this.layouts.set(type, layout ?? null);
    return layout;
  }

  /** The shadow a newly shown optional input of a block gets (as the toolbox would give it). */
  defaultShadow(type: string, inputName: string): BlockNode | undefined {
    return this.registry.defaultInput(type, inputName)?.shadow;
  }

  /** Builds a Blockly block of this environment (called by the trampoline in block-types.ts). */
  initBlock(block: Blockly.Block): void {
    let definition = this.definition(block.type);
    if (!definition) {
      // Created from elsewhere (pasted from another project): show it as an unknown block.
      this.adoptUnknownTypes({ variables: [], comments: [], blocks: [{ type: block.type, fields: [], inputs: [] }] });
      definition = this.definition(block.type)!;
    }
    block.jsonInit(this.blocklyJson(block.type));
    if (definition.outputShape) block.setOutputShape(OUTPUT_SHAPES[definition.outputShape]);
    const tooltip = definition.tooltip;
    if (typeof tooltip !== 'string' && definition.tooltipField) {
      const field = definition.tooltipField;
      block.setTooltip(() => tooltip[String(block.getFieldValue(field))] ?? '');
    }
    installBehaviour(block, definition, this);
  }

  /** Colours of every block style this environment uses. */
  colours(): string[] {
    const colours = new Set<string>();
    for (const type of this.blockTypes()) {
      const definition = this.definition(type);
      if (definition) colours.add(normalizeColour(definition.colour));
    }
    return [...colours];
  }

  theme(name: BlocksThemeName): Blockly.Theme {
    let theme = this.themes.get(name);
    if (!theme) {
      theme = createBlocksTheme(name, this.colours());
      this.themes.set(name, theme);
    }
    return theme;
  }

  /** The toolbox as the learner reads it: category names, group labels and buttons translated. */
  get toolbox(): ToolboxDefinition {
    this.translatedToolbox ??= translateToolbox(this.registry.toolbox, this.options.texts);
    return this.translatedToolbox;
  }

  /** Blockly's toolbox JSON; with a `filter`, a tutorial's view of it (toolbox-filter.ts). */
  toolboxJson(options: ToolboxJsonOptions = {}, filter?: ToolboxFilter): Blockly.utils.toolbox.ToolboxInfo {
    if (!filter) return toolboxJson(this.toolbox, this.messages, options);
    const filtered = filterToolbox(this.toolbox, filter);
    return toolboxJson(filtered.toolbox, this.messages, { ...options, highlighted: filtered.highlighted });
  }

  search(query: string, limit?: number): SearchableBlock[] {
    // Built-in blocks are found by their translated words too (API blocks already are: their
    // metadata arrives translated).
    this.searchIndex ??= buildSearchIndex(
      this.toolbox,
      (type) => this.shownDefinition(type),
      (type) => this.registry.apiBlock(type)?.fn.qName,
    );
    return searchBlocks(this.searchIndex, query, limit);
  }

  /** A definition with the lines a learner sees (translated built-in lines where valid). */
  private shownDefinition(type: string): BlockDefinition | undefined {
    const definition = this.definition(type);
    const lines = this.registry.apiBlock(type) ? undefined : this.options.texts?.builtin?.[type];
    if (!definition || !lines) return definition;
    return { ...definition, lines: translateBuiltinLines(definition.lines, lines) };
  }

  enumValue(qName: string): number | undefined {
    return this.enumValues.get(qName);
  }
}
