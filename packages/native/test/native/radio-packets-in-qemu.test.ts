// Radio packets on the device: the device library's encoder and decoder (device-library.ts),
// compiled by our back end and run on the emulated V1 board, must give MakeCode's packet layout
// byte for byte for what our simulator sends (its payload rules: int32 or float64, text cut to
// 19 bytes, a name to 8, a buffer to 19). The program calls the library's packet functions
// directly and prints the packets as hex, with no radio. The same goes for the old names
// (radio.receiveNumber, writeValueToSerial, radio.Packet's properties): what they read from a
// packet is checked here. Sending and receiving through the firmware, over the harness's radio
// air between two guests, is radio-in-qemu.test.ts.
import {
  bufferPayload,
  createMicrobitCompiler,
  numberPayload,
  packetJson,
  stringPayload,
  valuePayload,
  type RadioPayload,
} from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { writeVariantHex } from '../../src/image/device-files.ts';
import { linkVariant } from '../../src/image/link-variant.ts';
import { compileForDevice } from '../../src/thumb/compile-for-device.ts';
import { RADIO_PACKET_BYTES } from '../../src/thumb/device-library-radio.ts';
import { MicrobitSession, qemuAvailable } from '../harness/qemu-microbit.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';
import { deviceLines } from './qemu-v1.ts';

const canRun = qemuAvailable();
if (!canRun)
  console.warn('Skipping the radio packet suite: qemu-system-arm is not installed (scripts/ensure-deps.mjs)');

const compiler = createMicrobitCompiler(ts);

/**
 * MakeCode's radio packet (pxt-common-packages libs/radio/radio.ts), written from its layout:
 * [0] type, [1..4] time, [5..8] serial (both 0 here: not sent), payload from 9; 36 bytes.
 */
function referencePacket(payload: RadioPayload): Uint8Array {
  const bytes = new Uint8Array(RADIO_PACKET_BYTES);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    const utf8 = new TextEncoder().encode(value);
    bytes[at] = utf8.length;
    bytes.set(utf8, at + 1);
  };
  const number = (value: number) => {
    const whole = value === (value | 0);
    if (whole) view.setInt32(9, value, true);
    else view.setFloat64(9, value, true);
    return whole;
  };
  switch (payload.kind) {
    case 'number':
      bytes[0] = number(payload.value) ? 0 : 4;
      break;
    case 'value': {
      const whole = number(payload.value);
      bytes[0] = whole ? 1 : 5;
      text(whole ? 13 : 17, payload.name);
      break;
    }
    case 'string':
      bytes[0] = 2;
      text(9, payload.text);
      break;
    case 'buffer':
      bytes[0] = 3;
      bytes[9] = payload.bytes.length;
      bytes.set(payload.bytes, 10);
      break;
    default:
      throw new Error('not a data packet');
  }
  return bytes;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

const NUMBERS = [0, 1, -1, 42, 2147483647, -2147483648, 2147483648, 3.5, -0.25, 1e10, 0.1];
const VALUES: [string, number][] = [
  ['x', 2],
  ['temperature', 21],
  ['speed', -7.5],
  ['', 0],
];
/** writeValueToSerial's line for each kind of packet (time and serial 0: never sent), and a stamped one. */
const JSON_PAYLOADS = [
  { code: '__device_radio.numberPacket(42)', payload: numberPayload(42), time: 0, serial: 0 },
  { code: '__device_radio.numberPacket(3.5)', payload: numberPayload(3.5), time: 0, serial: 0 },
  { code: '__device_radio.valuePacket("temp", 21)', payload: valuePayload('temp', 21), time: 0, serial: 0 },
  { code: '__device_radio.valuePacket("speed", -7.5)', payload: valuePayload('speed', -7.5), time: 0, serial: 0 },
  { code: '__device_radio.stringPacket("hello")', payload: stringPayload('hello'), time: 0, serial: 0 },
  { code: 'abc', payload: bufferPayload(Uint8Array.of(65, 66, 67)), time: 0, serial: 0 },
  { code: 'stamped', payload: numberPayload(7), time: 123456, serial: -99 },
];
const TEXTS = ['', 'hello', 'exactly nineteen ch', 'a text longer than nineteen bytes'];
const BUFFER = Uint8Array.from({ length: 25 }, (_, i) => (i * 7 + 1) & 0xff);

interface Case {
  /** The device expression (TypeScript in the program). */
  code: string;
  /** What the device must print. */
  expected: string;
}

const literal = (value: number) => (Object.is(value, -0) ? '-0' : String(value));

const CASES: Case[] = [
  ...NUMBERS.map((n) => ({
    code: `__device_radio.numberPacket(${literal(n)}).toHex()`,
    expected: hex(referencePacket(numberPayload(n))),
  })),
  ...VALUES.map(([name, n]) => ({
    code: `__device_radio.valuePacket(${JSON.stringify(name)}, ${literal(n)}).toHex()`,
    expected: hex(referencePacket(valuePayload(name, n))),
  })),
  ...TEXTS.map((text) => ({
    code: `__device_radio.stringPacket(${JSON.stringify(text)}).toHex()`,
    expected: hex(referencePacket(stringPayload(text))),
  })),
  { code: '__device_radio.bufferPacket(bytes).toHex()', expected: hex(referencePacket(bufferPayload(BUFFER))) },
  // Decoding what was encoded gives what the simulator delivers.
  ...NUMBERS.map((n) => {
    const payload = numberPayload(n);
    return {
      code: `"" + __device_radio.packetNumber(__device_radio.numberPacket(${literal(n)}))`,
      expected: String(payload.kind === 'number' ? payload.value : NaN),
    };
  }),
  ...VALUES.map(([name, n]) => {
    const payload = valuePayload(name, n);
    return {
      code: `__device_radio.packetText(__device_radio.valuePacket(${JSON.stringify(name)}, ${literal(n)})) + "=" + __device_radio.packetNumber(__device_radio.valuePacket(${JSON.stringify(name)}, ${literal(n)}))`,
      expected: payload.kind === 'value' ? `${payload.name}=${payload.value}` : '',
    };
  }),
  ...TEXTS.map((text) => {
    const payload = stringPayload(text);
    return {
      code: `"[" + __device_radio.packetText(__device_radio.stringPacket(${JSON.stringify(text)})) + "]"`,
      expected: `[${payload.kind === 'string' ? payload.text : ''}]`,
    };
  }),
  {
    code: '__device_radio.packetBuffer(__device_radio.bufferPacket(bytes)).toHex()',
    expected: hex(BUFFER.slice(0, 19)),
  },
  // A stranger's packet whose text length points past the payload reads only the payload.
  { code: '__device_radio.packetText(bad)', expected: 'A'.repeat(22) },
  // Kinds without a number or text give 0 and "".
  {
    code: '"" + __device_radio.packetNumber(bad) + "|" + __device_radio.packetText(__device_radio.numberPacket(1)) + "|"',
    expected: '0||',
  },
  // The old names' readers: a radio.Packet's properties and writeValueToSerial's JSON line.
  {
    code: '"" + __device_radio.packetTime(stamped) + "," + __device_radio.packetSerial(stamped) + "," + __device_radio.packetSignal(stamped)',
    expected: '123456,-99,-60',
  },
  ...JSON_PAYLOADS.map(({ code, payload, time, serial }) => ({
    code: `__device_radio.packetJson(${code}).substr(0, __device_radio.packetJson(${code}).length - 2)`,
    expected: packetJson({ payload, time, serial, signal: 0 }).replace(/\r\n$/, ''),
  })),
];

const PROGRAM = [
  `let bytes = control.createBuffer(${BUFFER.length})`,
  `for (let i = 0; i < ${BUFFER.length}; i++) bytes.setUint8(i, (i * 7 + 1) & 255)`,
  `let bad = control.createBuffer(${RADIO_PACKET_BYTES})`,
  'bad.fill(65)',
  'bad.setUint8(0, 2)',
  'bad.setUint8(9, 200)',
  'let abc = __device_radio.bufferPacket(control.createBufferFromUTF8("ABC"))',
  'let stamped = __device_radio.numberPacket(7)',
  'stamped.setNumber(NumberFormat.Int32LE, 1, 123456)',
  'stamped.setNumber(NumberFormat.Int32LE, 5, -99)',
  'stamped.setNumber(NumberFormat.Int32LE, 32, -60)',
  ...CASES.map((c, i) => `serial.writeLine("${i} " + ${c.code})`),
  'serial.writeLine("done")',
].join('\n');

describe('radio packets made by the device library', () => {
  it('compiles without diagnostics', () => {
    const built = compileForDevice(compiler, { 'main.ts': PROGRAM }, { name: 'radio-packets' });
    expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
  });
});

describe.skipIf(!canRun)('radio packets on the emulated V1 board (QEMU)', () => {
  let session: MicrobitSession | undefined;
  afterEach(() => session?.close());

  it('are MakeCode packets, byte for byte, of what the simulator sends', async () => {
    const built = compileForDevice(compiler, { 'main.ts': PROGRAM }, { name: 'radio-packets' });
    expect(built.diagnostics.map(formatDiagnostic)).toEqual([]);
    const v1 = linkVariant(await testFirmwareStore().get('v1'), built.object!);
    session = await MicrobitSession.boot(writeVariantHex(v1), { leds: false });
    await session.waitUntil(() => deviceLines(session!.serial).includes('done'), 'the line "done"', 60_000);
    const lines = deviceLines(session.serial).filter((line) => /^\d+ /.test(line));
    expect(lines).toEqual(CASES.map((c, i) => `${i} ${c.expected}`));
  }, 90_000);
});
