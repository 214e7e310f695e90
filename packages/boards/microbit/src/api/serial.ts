// The runtime side of `serial` (writing): lines end with "\r\n" and are padded with spaces to
// a multiple of 32 bytes first, as MakeCode's writeLine does; the port batches what is sent.

import type { Board } from '../board/board.ts';
import { type NamespaceModule, toInt, toText } from './namespace-module.ts';

export const NEW_LINE = '\r\n';

export function writeLine(board: Board, text: string): void {
  const port = board.serial;
  const padding = port.writeLinePadding;
  let padded = text;
  if (padding > 0) {
    const extra = (padding - ((text.length + NEW_LINE.length) % padding)) % padding;
    padded += ' '.repeat(extra);
  }
  port.write(padded + NEW_LINE);
}

export const serialModule: NamespaceModule = {
  names: ['serial'],
  create(board) {
    const serial = {
      writeLine(text: string): void {
        writeLine(board, text === null || text === undefined ? '' : toText(text));
      },
      writeNumber(value: number): void {
        board.serial.write(toText(value));
      },
      writeNumbers(values: number[]): void {
        if (!Array.isArray(values)) return;
        serial.writeLine(values.map((v) => toText(v)).join(','));
      },
      writeValue(name: string, value: number): void {
        serial.writeLine(name ? `${toText(name)}:${toText(value)}` : toText(value));
      },
      writeString(text: string): void {
        if (text !== null && text !== undefined) board.serial.write(toText(text));
      },
      setWriteLinePadding(length: number): void {
        board.serial.writeLinePadding = Math.max(0, toInt(length));
      },
    };
    return { serial };
  },
};
