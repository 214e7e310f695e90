// The test page's blocks environment: the micro:bit API's block metadata (read with TypeScript,
// loaded on demand), its icon pictures for the icon picker, and the app's English texts.

import { blockyardFields, BlocksEnvironment, type BlocksMessages } from '@blockyard/blocks';
import { arrowImage, iconImage, microbitLibraryFiles } from '@blockyard/board-microbit';
import { createBlockRegistry, type LedPicture } from '@blockyard/language';
import translation from '../i18n/locales/en/translation.json';

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

export async function loadBlocksEnvironment(): Promise<BlocksEnvironment> {
  const ts = (await import('typescript')).default;
  const registry = createBlockRegistry({ ts, library: microbitLibraryFiles });
  const messages: Partial<BlocksMessages> = translation.blocks;
  return new BlocksEnvironment(registry, { fields: blockyardFields, picture: boardPicture, messages });
}
