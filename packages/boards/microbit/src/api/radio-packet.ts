// What fits in a micro:bit radio packet and how a received one reads back: the device's limits
// (text 19 bytes of UTF-8, a value's name 8 bytes, a buffer 19 bytes), whole numbers sent as
// 32-bit integers and others as 64-bit floats, and the JSON line `writeValueToSerial` prints.

import { decodeUtf8 } from '@blockyard/runtime';
import type { RadioPacket, RadioPayload } from '../state/radio-medium.ts';

/** Longest text radio.sendString sends, in UTF-8 bytes. */
const MAX_STRING_BYTES = 19;
/** Longest name radio.sendValue sends, in UTF-8 bytes. */
const MAX_NAME_BYTES = 8;
/** Longest buffer radio.sendBuffer sends, in bytes. */
const MAX_BUFFER_BYTES = 19;
/** The radio's "datagram received" event (MICROBIT_ID_RADIO, MICROBIT_RADIO_EVT_DATAGRAM). */
export const RADIO_DATAGRAM_EVENT = { source: 9, datagram: 1 } as const;
/** Packets a board keeps until the program reads them (MICROBIT_RADIO_MAXIMUM_RX_BUFFERS). */
export const RADIO_RX_QUEUE = 4;

/** `text` cut to at most `maxBytes` of UTF-8, never in the middle of a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    out += char;
  }
  return out;
}

/** A number as it arrives: whole numbers travel as int32, the rest as float64. */
function radioNumber(value: number): number {
  return value === (value | 0) ? value | 0 : value;
}

export function numberPayload(value: number): RadioPayload {
  return { kind: 'number', value: radioNumber(value) };
}

export function valuePayload(name: string, value: number): RadioPayload {
  return { kind: 'value', name: truncateUtf8(name, MAX_NAME_BYTES), value: radioNumber(value) };
}

export function stringPayload(text: string): RadioPayload {
  return { kind: 'string', text: truncateUtf8(text, MAX_STRING_BYTES) };
}

export function bufferPayload(bytes: Uint8Array): RadioPayload {
  return { kind: 'buffer', bytes: bytes.slice(0, MAX_BUFFER_BYTES) };
}

/** The packet's number (sendNumber, sendValue), or undefined. */
export function packetNumber(packet: RadioPacket | undefined): number | undefined {
  const payload = packet?.payload;
  return payload?.kind === 'number' || payload?.kind === 'value' ? payload.value : undefined;
}

/** The packet's text (sendString, sendValue's name), or undefined. */
export function packetText(packet: RadioPacket | undefined): string | undefined {
  const payload = packet?.payload;
  if (payload?.kind === 'string') return payload.text;
  if (payload?.kind === 'value') return payload.name;
  return undefined;
}

export function packetBytes(packet: RadioPacket | undefined): Uint8Array | undefined {
  const payload = packet?.payload;
  return payload?.kind === 'buffer' ? payload.bytes : undefined;
}

/** The line `radio.writeValueToSerial` writes: {"t":time,"s":serial,"n":"name","v":value}. */
export function packetJson(packet: RadioPacket): string {
  let json = `{"t":${packet.time},"s":${packet.serial}`;
  const text = packetText(packet);
  if (text !== undefined) json += `,"n":"${text}"`;
  const bytes = packetBytes(packet);
  if (bytes !== undefined) json += `,"b":"${decodeUtf8(bytes)}"`;
  const value = packetNumber(packet);
  if (value !== undefined) json += `,"v":${value}`;
  return `${json}}\r\n`;
}
