// The block registry of one workspace (one project): every block definition, the toolbox, and the
// lookups the generator and decompiler need. Registries are plain instances, never module globals,
// so two projects with different extensions never share blocks.

import type ts from 'typescript';
import type { ApiEnumMember, ApiFunction, ApiMetadata } from '../api/api-metadata.ts';
import { hasBlock } from '../api/api-metadata.ts';
import { type ApiSourceFile, readApiMetadata } from '../api/read-api-metadata.ts';
import { coreLibraryFiles } from '../../generated/core-library.ts';
import type { BlockNode } from '../model/blocks-model.ts';
import { type ApiBlock, createApiBlock } from './api-blocks.ts';
import type { BlockDefinition, ToolboxDefinition } from './block-definition.ts';
import { builtinBlockDefinitions, builtinBlockTypes } from './builtin-blocks.ts';
import { builtinCategories, builtinCategoryId, categoryIdOf } from './builtin-categories.ts';
import { defaultInput } from './default-values.ts';
import { buildToolbox } from './toolbox.ts';

export type BlockRegistrySource =
  /**
   * The board's API declaration files (later also extensions'), as given to `createCompiler`; the
   * language library (Math, text and array methods) is always included.
   */
  | { readonly ts: typeof ts; readonly library: readonly ApiSourceFile[] }
  /** Metadata read before (it is plain data: it can be cached or sent from a worker). */
  | { readonly metadata: ApiMetadata };

const fallbackColour = '#808080';

export class BlockRegistry {
  readonly metadata: ApiMetadata;
  readonly definitions: readonly BlockDefinition[];
  readonly toolbox: ToolboxDefinition;
  private readonly byType = new Map<string, BlockDefinition>();
  private readonly apiByType = new Map<string, ApiBlock>();
  private readonly apiByQName = new Map<string, ApiBlock>();
  /** Statement blocks standing for a call whose value goes unused (`blockAliasFor`), by the call's qName. */
  private readonly statementAliases = new Map<string, ApiBlock>();
  private readonly categoryColours = new Map<string, string>();
  private readonly members = new Map<string, { enumType: string; member: ApiEnumMember }>();

  constructor(source: BlockRegistrySource) {
    this.metadata =
      'metadata' in source ? source.metadata : readApiMetadata(source.ts, [...coreLibraryFiles, ...source.library]);
    for (const category of builtinCategories) {
      const ns = Object.values(this.metadata.namespaces).find((n) => builtinCategoryId(n.name) === category.id);
      this.categoryColours.set(category.id, ns?.color ?? category.colour);
    }
    for (const ns of Object.values(this.metadata.namespaces)) {
      if (!builtinCategoryId(ns.name)) this.categoryColours.set(ns.name, ns.color ?? fallbackColour);
    }
    for (const e of Object.values(this.metadata.enums)) {
      for (const member of e.members) this.members.set(member.qName, { enumType: e.qName, member });
    }
    const definitions = builtinBlockDefinitions((category) => this.categoryColour(category));
    for (const definition of definitions) this.byType.set(definition.type, definition);
    const context = {
      metadata: this.metadata,
      categoryOf: (fn: ApiFunction) => categoryIdOf(fn),
      colourOf: (category: string, fn: ApiFunction) =>
        fn.attributes['color'] ? unquote(fn.attributes['color']) : this.categoryColour(category),
    };
    for (const fn of Object.values(this.metadata.functions)) {
      if (!hasBlock(fn)) continue;
      if (builtinBlockTypes.has(fn.blockId)) continue; // built-in blocks keep their own definition
      if (this.apiByType.has(fn.blockId)) continue; // first declaration of a shared id wins
      const apiBlock = createApiBlock(fn, context);
      if (!apiBlock) continue;
      this.apiByType.set(apiBlock.blockId, apiBlock);
      const aliasFor = fn.attributes['blockAliasFor'];
      if (aliasFor) this.statementAliases.set(unquote(aliasFor), apiBlock);
      else this.apiByQName.set(fn.qName, apiBlock);
      this.byType.set(apiBlock.blockId, apiBlock.definition);
      definitions.push(apiBlock.definition);
    }
    this.definitions = definitions;
    this.toolbox = buildToolbox(this);
  }

  definition(type: string): BlockDefinition | undefined {
    return this.byType.get(type);
  }

  /** The API block of a block type (`device_show_number`), if it comes from an annotation. */
  apiBlock(type: string): ApiBlock | undefined {
    return this.apiByType.get(type);
  }

  /** The API block of a function by qualified name (`basic.showNumber`). */
  apiBlockFor(qName: string): ApiBlock | undefined {
    return this.apiByQName.get(qName);
  }

  /** The statement block of a call whose value goes unused (`list.pop()` alone), if it has one. */
  statementAliasFor(qName: string): ApiBlock | undefined {
    return this.statementAliases.get(qName);
  }

  apiBlocks(): IterableIterator<ApiBlock> {
    return this.apiByType.values();
  }

  /** The enum (or fixed instance class) a member belongs to, by the member's qualified name. */
  enumMember(qName: string): { enumType: string; member: ApiEnumMember } | undefined {
    return this.members.get(qName);
  }

  categoryColour(id: string): string {
    return this.categoryColours.get(id) ?? this.categoryColours.get('loops') ?? fallbackColour;
  }

  /**
   * What a value input of an API block holds when nothing is plugged in: its shadow (with the
   * parameter's default value) or a variable block, exactly as the toolbox and the decompiler
   * make it, e.g. for an optional input shown by expanding a block.
   */
  defaultInput(type: string, inputName: string): { shadow?: BlockNode; block?: BlockNode } | undefined {
    const apiBlock = this.apiByType.get(type);
    const binding = apiBlock?.bindings.find((b) => b.kind === 'input' && b.name === inputName);
    return binding ? defaultInput(binding.param, (id) => this.apiBlock(id), this.metadata) : undefined;
  }

  /**
   * A block as it comes out of the toolbox, for any toolbox block type; a block offered inside a
   * parent (`toolboxParent`) as it sits there, without the parent.
   */
  toolboxBlock(type: string): BlockNode | undefined {
    for (const category of this.toolbox.categories) {
      for (const entry of [...category.contents, ...(category.more ?? [])]) {
        if (entry.kind === 'block' && entry.type === type && entry.wraps === undefined) return entry.block;
      }
    }
    for (const category of this.toolbox.categories) {
      for (const entry of [...category.contents, ...(category.more ?? [])]) {
        if (entry.kind !== 'block' || entry.wraps !== type) continue;
        const inner = entry.block.inputs.find((input) => input.shadow?.type === type)?.shadow;
        if (inner) {
          const { shadow: _shadow, ...block } = inner;
          return block;
        }
      }
    }
    for (const category of this.toolbox.categories) {
      for (const entry of [...category.contents, ...(category.more ?? [])]) {
        if (entry.kind === 'block' && entry.type === type) return entry.block;
      }
    }
    return undefined;
  }
}

export function createBlockRegistry(source: BlockRegistrySource): BlockRegistry {
  return new BlockRegistry(source);
}

function unquote(value: string): string {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value.trim());
  return quoted ? quoted[2]! : value;
}
