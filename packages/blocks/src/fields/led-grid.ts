// The LED matrix model the field edits: a rows x columns picture read from the field text and
// written back in the text layout language's decompiler uses. Toggling keeps everything else.

import { type LedPicture, ledFieldValue, parseLedPicture } from '@blockyard/language';

export function readPicture(text: string, rows: number, columns: number): LedPicture {
  return (
    parseLedPicture(text, rows, columns) ?? { rows, columns, cells: new Array<boolean>(rows * columns).fill(false) }
  );
}

export function togglePicture(picture: LedPicture, index: number): LedPicture {
  const cells = picture.cells.slice();
  cells[index] = !cells[index];
  return { ...picture, cells };
}

export function pictureText(picture: LedPicture): string {
  return ledFieldValue(picture);
}
