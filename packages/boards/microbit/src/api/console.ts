// The runtime side of `console`: lines on the serial console, without writeLine's padding.

import { type NamespaceModule, toText } from './namespace-module.ts';
import { NEW_LINE } from './serial.ts';

export const consoleModule: NamespaceModule = {
  names: ['console'],
  create(board) {
    return {
      console: {
        log(value: unknown): void {
          board.serial.write(toText(value) + NEW_LINE);
        },
        logValue(name: unknown, value: unknown): void {
          board.serial.write(`${toText(name)}: ${toText(value)}${NEW_LINE}`);
        },
      },
    };
  },
};
