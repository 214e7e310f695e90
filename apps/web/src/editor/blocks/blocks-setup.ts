// The blocks of one open project: a BlocksEnvironment over the API metadata read at build time
// (no TypeScript in the page), the board's LED pictures for icon previews, and the block texts in
// the learner's language.

import { type BlocklyMessages, blockyardFields, BlocksEnvironment, type BlocksMessages } from '@blockyard/blocks';
import { arrowImage, iconImage } from '@blockyard/board-microbit';
import { type ApiMetadata, BlockRegistry, type LedPicture, mergeApiMetadata } from '@blockyard/language';
import { apiMetadata } from 'virtual:blockyard/api-metadata';
import { type BlockTranslation, localizeApiMetadata } from '../../i18n/block-texts.ts';

function pictureOf(image: { width: number; pixels: Uint8Array }): LedPicture {
  return { rows: 5, columns: image.width, cells: [...image.pixels].map((v) => v > 0) };
}

/** The LED picture of an `IconNames`/`ArrowNames` member, by its value. */
function boardPicture(value: string, enumValue: number | undefined): LedPicture | undefined {
  if (enumValue === undefined) return undefined;
  if (value.startsWith('IconNames.')) return pictureOf(iconImage(enumValue));
  if (value.startsWith('ArrowNames.')) return pictureOf(arrowImage(enumValue));
  return undefined;
}

/**
 * The block definitions and toolbox read from each API metadata object (a registry never changes
 * once made). Making the board's took 50-200 ms of the step from Enter to the first blocks (bench
 * first-minute profile); the board's metadata in a language whose block texts change nothing
 * (English) is always the same object, so every editor after the first, and the first one after
 * `warmProjectBlocks`, reuses it. Translated or extended metadata is a new object each time.
 */
const registries = new WeakMap<ApiMetadata, BlockRegistry>();

function registryOf(metadata: ApiMetadata): BlockRegistry {
  let registry = registries.get(metadata);
  if (!registry) {
    registry = new BlockRegistry({ metadata });
    registries.set(metadata, registry);
  }
  return registry;
}

/** Makes the board's block registry ahead of the first editor (the home page, once idle). */
export function warmProjectBlocks(): void {
  registryOf(apiMetadata);
}

/**
 * The project's blocks, in the learner's language (`texts`: the language's blocks.json;
 * `blocklyMessages`: Blockly's own words, see blockly-messages.ts).
 */
export function createProjectBlocks(
  messages: Partial<BlocksMessages>,
  texts: BlockTranslation = {},
  blocklyMessages?: BlocklyMessages,
  /** The blocks of the project's extensions (their own words; only the board's are translated). */
  extensionMetadata?: ApiMetadata,
): BlocksEnvironment {
  const board = localizeApiMetadata(apiMetadata, texts.api);
  return new BlocksEnvironment(registryOf(extensionMetadata ? mergeApiMetadata(board, extensionMetadata) : board), {
    fields: blockyardFields,
    picture: boardPicture,
    messages,
    texts,
    ...(blocklyMessages ? { blocklyMessages } : {}),
  });
}
