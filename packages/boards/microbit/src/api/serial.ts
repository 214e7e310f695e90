// The runtime side of `serial`. Writing: lines end with "\r\n" and are padded with spaces to a
// multiple of 32 bytes first, as MakeCode's writeLine does; the port batches what is sent.
// Reading: received text waits in the port's small receive buffer (state/serial-input.ts);
// readUntil/readLine/readBuffer wait for it, readString takes what is there.

import { RtBuffer, type Waiting } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';
import { SERIAL_EVENT } from '../state/serial-input.ts';
import { type NamespaceModule, toInt, toText } from './namespace-module.ts';

export const NEW_LINE = '\r\n';

/** Where MakeCode's `serial.delimiters` falls back for a value that is no character. */
const NEW_LINE_DELIMITER = '\n';

function writeLine(board: BoardHost, text: string): void {
  const port = board.serial;
  const padding = port.writeLinePadding;
  let padded = text;
  if (padding > 0) {
    const extra = (padding - ((text.length + NEW_LINE.length) % padding)) % padding;
    padded += ' '.repeat(extra);
  }
  port.write(padded + NEW_LINE);
}

/** Bytes as the characters a terminal shows for them (one character per byte). */
function bytesToText(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

function textToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

function asText(value: unknown): string {
  return value === null || value === undefined ? '' : toText(value);
}

export const serialModule: NamespaceModule = {
  names: ['serial'],
  create(board) {
    const input = board.serial.input;
    input.reset();
    input.onDelimiter = () => board.raise(SERIAL_EVENT.source, SERIAL_EVENT.delimiterMatch);

    function* readUntil(delimiters: string): Waiting<string> {
      // No delimiter to wait for would wait forever: like the device, stop at a new line.
      const stops = delimiters.length > 0 ? delimiters : NEW_LINE_DELIMITER;
      for (;;) {
        const text = input.takeUntil(stops);
        if (text !== undefined) return text;
        yield input.whenReceived();
      }
    }

    const serial = {
      writeLine(text: string): void {
        writeLine(board, asText(text));
      },
      writeNumber(value: number): void {
        board.serial.write(toText(value));
      },
      writeNumbers(values: number[]): void {
        if (!Array.isArray(values)) return;
        // The numbers go out first; the padding is counted for the empty line after them.
        board.serial.write(values.map((v) => toText(v)).join(','));
        writeLine(board, '');
      },
      writeValue(name: string, value: number): void {
        serial.writeLine(name ? `${toText(name)}:${toText(value)}` : toText(value));
      },
      writeString(text: string): void {
        if (text !== null && text !== undefined) board.serial.write(toText(text));
      },
      writeBuffer(buffer: RtBuffer): void {
        if (buffer instanceof RtBuffer) board.serial.write(bytesToText(buffer.data));
      },

      *readLine(): Waiting<string> {
        return yield* readUntil(NEW_LINE_DELIMITER);
      },
      *readUntil(delimiter: string): Waiting<string> {
        return yield* readUntil(asText(delimiter));
      },
      readString(): string {
        return input.takeAll();
      },
      *readBuffer(length: number): Waiting<RtBuffer> {
        const wanted = toInt(length);
        let text = wanted > 0 ? input.take(wanted) : input.takeAll();
        // Characters are taken as they arrive, so a buffer can be larger than the receive buffer.
        while (text.length < wanted) {
          yield input.whenReceived();
          text += input.take(wanted - text.length);
        }
        const buffer = board.runtime.createBuffer(text.length);
        buffer.data.set(textToBytes(text));
        return buffer;
      },
      onDataReceived(delimiters: string, body: () => unknown): void {
        if (typeof body !== 'function') return;
        input.delimiters = asText(delimiters);
        board.runtime.bus.listen(SERIAL_EVENT.source, SERIAL_EVENT.delimiterMatch, body, 'serial on data received');
      },
      delimiters(del: number): string {
        const code = toInt(del);
        return code > 0 && code < 0x10000 ? String.fromCharCode(code) : NEW_LINE_DELIMITER;
      },

      redirect(tx: number, rx: number, rate: number): void {
        board.serial.redirectedTo = { tx: toInt(tx), rx: toInt(rx) };
        serial.setBaudRate(rate);
      },
      redirectToUSB(): void {
        board.serial.redirectedTo = undefined;
        board.serial.baudRate = 115200;
      },
      setBaudRate(rate: number): void {
        const value = toInt(rate);
        if (value > 0) board.serial.baudRate = value;
      },
      setRxBufferSize(size: number): void {
        input.setBufferSize(toInt(size) & 0xff);
      },
      setTxBufferSize(size: number): void {
        board.serial.txBufferSize = Math.max(1, toInt(size) & 0xff);
      },
      setWriteLinePadding(length: number): void {
        board.serial.writeLinePadding = Math.max(0, toInt(length));
      },
    };
    return { serial };
  },
};
