// The blocks of one open project: a BlocksEnvironment over the API metadata read at build time
// (no TypeScript in the page), the board's LED pictures for icon previews, and the block texts in
// the learner's language.

import { type BlocklyMessages, blockyardFields, BlocksEnvironment, type BlocksMessages } from '@blockyard/blocks';
import { arrowImage, iconImage } from '@blockyard/board-microbit';
import { type ApiMetadata, type LedPicture, mergeApiMetadata } from '@blockyard/language';
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
  return new BlocksEnvironment(extensionMetadata ? mergeApiMetadata(board, extensionMetadata) : board, {
    fields: blockyardFields,
    picture: boardPicture,
    messages,
    texts,
    ...(blocklyMessages ? { blocklyMessages } : {}),
  });
}
