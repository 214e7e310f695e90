// The runtime side of `light`: LED strip bytes go to the board's LightStrips, which the
// simulator draws beside the board. A pin that is not on the edge connector is ignored.
import { RtBuffer } from '@blockyard/runtime';
import { type NamespaceModule, toInt } from './namespace-module.ts';

export const lightModule: NamespaceModule = {
  names: ['light'],
  create(board) {
    const onBoard = (pin: unknown): number | undefined => {
      const id = toInt(pin);
      return board.pins.get(id) ? id : undefined;
    };
    const send = (buf: unknown, pin: unknown, brightness?: number): void => {
      const id = onBoard(pin);
      if (id === undefined || !(buf instanceof RtBuffer)) return;
      const state = board.pins.get(id)!;
      state.mode = 'digital-out';
      board.lightStrips.send(id, buf.data, brightness);
    };
    return {
      light: {
        sendWS2812Buffer(buf: unknown, pin: number): void {
          send(buf, pin);
        },
        sendWS2812BufferWithBrightness(buf: unknown, pin: number, brightness: number): void {
          send(buf, pin, toInt(brightness));
        },
        setMode(pin: number, mode: number): void {
          const id = onBoard(pin);
          if (id !== undefined) board.lightStrips.setMode(id, toInt(mode));
        },
      },
    };
  },
};
