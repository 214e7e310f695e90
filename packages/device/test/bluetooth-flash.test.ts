// Partial flashing over Bluetooth against the emulated board's GATT service, on virtual time:
// every state, every timing rule of spec 001 §9 and each fault. The board never ends in pairing
// mode and never starts half a program.
import { ManualClock } from '@blockyard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BLUETOOTH_TIMING,
  BluetoothConnection,
  blocksToSend,
  nextChunkDelay,
  reconnectBackoffMs,
  type BluetoothFlashProgress,
} from '../src/bluetooth/bluetooth-connection.ts';
import { blockWrites, decodeRegionInfo, encodeRegionInfo } from '../src/bluetooth/partial-flash-packets.ts';
import type { DemoImages } from '../src/emulator/demo-images.ts';
import { EMULATED_BLE_TIMING } from '../src/emulator/ble-timing.ts';
import { flashImageFor } from '../src/flash/flash-image.ts';
import { factoryBoard } from '../src/testing/emulated-setup.ts';
import { runOnVirtualTime } from '../src/testing/virtual-time.ts';
import { expectWholeOrNothing, holds, testImages } from './support.ts';

let hello: DemoImages;
let big: DemoImages;
let factory: DemoImages;
beforeAll(async () => {
  ({ hello, big, factory } = await testImages());
});

async function paired(variant: 'v1' | 'v2' = 'v2') {
  const clock = new ManualClock();
  const board = await factoryBoard({ clock, variant });
  const ble = board.bluetooth.device;
  const connection = new BluetoothConnection({ bluetooth: board.bluetooth, clock });
  const run = <T>(work: Promise<T>) => runOnVirtualTime(clock, work);
  await run(connection.pair());
  return { clock, board, ble, connection, run };
}

async function outcome(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe('the partial flashing service packets', () => {
  it('a block is four 20-byte writes: low then high address half, packet numbers counting on', () => {
    const data = Uint8Array.from({ length: 64 }, (_, i) => i);
    const writes = blockWrites(0x0003_4040, data, 254);
    expect(writes.map((w) => w.length)).toEqual([20, 20, 20, 20]);
    expect(writes.map((w) => [w[0], w[1], w[2], w[3]])).toEqual([
      [0x01, 0x40, 0x40, 254],
      [0x01, 0x00, 0x03, 255],
      [0x01, 0x00, 0x03, 0],
      [0x01, 0x00, 0x03, 1],
    ]);
    expect(writes.flatMap((w) => [...w.subarray(4)])).toEqual([...data]);
  });

  it('region answers round-trip, and a short one is refused', () => {
    const hash = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 0xab]);
    const bytes = encodeRegionInfo({ region: 2, start: 0x73000, end: 0x77000, hash: '' }, hash);
    expect(decodeRegionInfo(bytes)).toEqual({ region: 2, start: 0x73000, end: 0x77000, hash: '01020304050607ab' });
    expect(decodeRegionInfo(bytes.subarray(0, 17))).toBeNull();
  });

  it('the header block goes first spoilt and last whole', () => {
    const image = flashImageFor(big.universalHex, 'v2');
    const blocks = blocksToSend(image, 0x73000);
    const start = image.program!.start;
    expect(blocks[0]!.address).toBe(start);
    expect([...blocks[0]!.data.subarray(0, 32)]).toEqual(new Array(32).fill(0xff));
    expect(blocks.at(-64)!.address).toBe(start);
    expect(blocks.at(-64)!.data).toEqual(image.pages.get(start)!.subarray(0, 64));
    expect(blocks.slice(1, -64).every((b) => b.address > start)).toBe(true);
  });
});

describe('timing rules (spec 001 §9)', () => {
  it('backoff from 500 ms, x1.8 each retry', () => {
    expect([0, 1, 2, 3, 7].map(reconnectBackoffMs)).toEqual([500, 900, 1620, 2916, 30_611]);
  });

  it('chunk delay: +10 after out-of-order, -1 after success, held within 0-75 ms', () => {
    expect(nextChunkDelay(0, 'ok')).toBe(0);
    expect(nextChunkDelay(0, 'out-of-order')).toBe(10);
    expect(nextChunkDelay(10, 'ok')).toBe(9);
    expect(nextChunkDelay(70, 'out-of-order')).toBe(75);
    expect(nextChunkDelay(75, 'deadlock')).toBe(75);
  });

  it('a connect nobody answers is given up after 20 s', async () => {
    const clock = new ManualClock();
    const board = await factoryBoard({ clock });
    board.bluetooth.device.inject('unreachable');
    const connection = new BluetoothConnection({ bluetooth: board.bluetooth, clock });
    const error = await outcome(runOnVirtualTime(clock, connection.pair()));
    expect(error).toMatchObject({ code: 'timeout' });
    expect(clock.now()).toBe(BLUETOOTH_TIMING.connectTimeoutMs);
    expect(connection.state).toBe('disconnected');
  });

  it('a dropped link while idle: again after 1 s, then 8 retries 500 ms x1.8^n apart, each given 20 s', async () => {
    const { clock, ble, connection, run } = await paired();
    ble.inject('unreachable');
    const dropped = clock.now();
    ble.inject('drop-link');
    await run(new Promise<void>((resolve) => clock.setTimeout(resolve, 10 * 60_000)));
    const attempts = ble.connectAttempts.slice(1).map((t) => t - dropped);
    expect(attempts).toHaveLength(9);
    const expected = [1000];
    for (let retry = 0; retry < 8; retry++) expected.push(expected.at(-1)! + 20_000 + reconnectBackoffMs(retry));
    expect(attempts).toEqual(expected);
    expect(connection.state).toBe('disconnected');
  });

  it('a dropped link while idle comes back by itself when the board answers', async () => {
    const { clock, ble, connection, run } = await paired();
    ble.inject('drop-link');
    expect(connection.state).toBe('disconnected');
    await run(new Promise<void>((resolve) => clock.setTimeout(resolve, 2_000)));
    expect(connection.state).toBe('ready');
  });
});

describe('a partial flash over Bluetooth', () => {
  it('goes Status, PairingMode, RegionDAL, RegionMakeCode, Flash, EndOfTransmission, Idle; the new program runs', async () => {
    const { board, ble, connection, run } = await paired();
    const states: string[] = [];
    const result = await run(
      connection.flash(big.universalHex, {
        onProgress: (p: BluetoothFlashProgress) => {
          if (states.at(-1) !== p.state) states.push(p.state);
        },
      }),
    );
    expect(states).toEqual([
      'status-requested',
      'pairing-mode-requested',
      'region-dal-requested',
      'region-makecode-requested',
      'flash',
      'end-of-transmission',
      'idle',
    ]);
    expect(result).toMatchObject({ unchanged: false, outOfOrder: 0, deadlocks: 0, reconnects: 0 });
    // 64-byte blocks of 20-byte writes: 80 bytes on the air per block.
    expect(result.bytesSent).toBe(result.blocksSent * 80);
    expect(ble.counters.blocksWritten).toBe(result.blocksSent);
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.pairingMode).toBe(false);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
    expect(board.target.applicationRunning).toBe(true);
  });

  it('sends nothing when the MakeCode region already holds the program, and leaves pairing mode', async () => {
    const { board, ble, connection, run } = await paired();
    await run(connection.flash(hello.universalHex));
    const written = ble.counters.blocksWritten;
    const again = await run(connection.flash(hello.universalHex));
    expect(again).toMatchObject({ unchanged: true, blocksSent: 0, bytesSent: 0 });
    expect(ble.counters.blocksWritten).toBe(written);
    expect(board.target.pairingMode).toBe(false);
    expect(board.target.applicationRunning).toBe(true);
  });

  it('end of transmission erases the region after the new program: no old tail, no old source', async () => {
    const { board, connection, run } = await paired();
    await run(connection.flash(big.universalHex));
    const { pageSize, scratchPage } = board.facts;
    const image = flashImageFor(hello.universalHex, 'v2');
    const sent = blocksToSend(image, scratchPage);
    const end = Math.max(...sent.map((block) => block.address + block.data.length));
    const tail = () => board.target.flash.bytes.subarray(Math.ceil(end / pageSize) * pageSize, scratchPage);
    // The bigger program (and its embedded source) fills pages past where the small one ends.
    expect(tail().some((byte) => byte !== 0xff)).toBe(true);
    await run(connection.flash(hello.universalHex));
    expect(tail().every((byte) => byte === 0xff)).toBe(true);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'hello' });
    expect(board.target.applicationRunning).toBe(true);
  });

  it('"USB flashing required" when the board runs another runtime (the DAL hash differs)', async () => {
    const { board, connection, run } = await paired('v2');
    // A V1-only file on a V2: nothing in it matches this board's runtime.
    const states: string[] = [];
    const error = await outcome(run(connection.flash(hello.hex('v1'), { onProgress: (p) => states.push(p.state) })));
    expect(error).toMatchObject({ code: 'usb-flash-required', message: 'USB flashing required' });
    expect(states.at(-1)).toBe('usb-flash-required');
    expect(board.target.pairingMode).toBe(false);
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'factory' });
  });

  it('"Invalid file" for a file with no program in it', async () => {
    const { connection, run } = await paired();
    const error = await outcome(run(connection.flash(':00000001FF\n')));
    expect(error).toMatchObject({ code: 'invalid-file' });
  });

  it('a lost write: the board answers out of order, the block goes again, the chunk delay grows by 10', async () => {
    const { board, ble, connection, run } = await paired();
    const delays: number[] = [];
    let armed = false;
    const result = await run(
      connection.flash(big.universalHex, {
        onProgress: (p) => {
          delays.push(p.chunkDelayMs);
          if (!armed && p.state === 'flash' && p.blocksSent === 5) {
            armed = true;
            ble.inject('lose-write');
          }
        },
      }),
    );
    expect(result.outOfOrder).toBe(1);
    expect(ble.counters.outOfOrder).toBe(1);
    // 10 after the out-of-order answer, 9 once the block went through again.
    expect(Math.max(...delays)).toBe(9);
    // Then one millisecond less after each success, down to 0.
    expect(delays.at(-1)).toBe(0);
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.applicationRunning).toBe(true);
  });

  it('a lost answer: the deadlock check 500 ms later resends the block, and the flash completes', async () => {
    const { board, ble, connection, run, clock } = await paired();
    let armed = false;
    let sentAt = 0;
    let resentAt = 0;
    const original = ble.counters;
    const result = await run(
      connection.flash(big.universalHex, {
        onProgress: (p) => {
          if (!armed && p.state === 'flash' && p.blocksSent === 3) {
            armed = true;
            ble.inject('lose-answer');
            sentAt = clock.now();
          } else if (armed && resentAt === 0 && p.blocksSent === 4) resentAt = clock.now();
        },
      }),
    );
    expect(result.deadlocks).toBe(1);
    expect(original.answersLost).toBe(1);
    // The block went at once, its answer never came; the check at 500 ms sent it again.
    expect(resentAt - sentAt).toBeGreaterThanOrEqual(BLUETOOTH_TIMING.deadlockCheckMs);
    expect(resentAt - sentAt).toBeLessThan(BLUETOOTH_TIMING.deadlockCheckMs + 100);
    expect(holds(board, big.universalHex)).toBe(true);
  });

  it('no answers at all: "failed packet transfer"; the board is back in application mode with no half program', async () => {
    const { board, ble, connection, run } = await paired();
    let armed = false;
    const error = await outcome(
      run(
        connection.flash(big.universalHex, {
          onProgress: (p) => {
            if (!armed && p.state === 'flash' && p.blocksSent === 10) {
              armed = true;
              ble.inject('lose-all-answers');
            }
          },
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'failed-packet-transfer', message: 'failed packet transfer' });
    expect(board.target.pairingMode).toBe(false);
    expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
    expect(board.target.lastCheck.kind).toBe('no-program');
    // Over USB, or over Bluetooth once the answers come back, the next flash puts it right.
    ble.clearFaults();
    await run(connection.flash(big.universalHex));
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'big' });
  });

  it('the link drops mid-flash: reconnects (1 s), starts the region again and completes', async () => {
    const { board, ble, connection, run } = await paired();
    let armed = false;
    const result = await run(
      connection.flash(big.universalHex, {
        onProgress: (p) => {
          if (!armed && p.state === 'flash' && p.blocksSent === 40) {
            armed = true;
            ble.inject('drop-link');
          }
        },
      }),
    );
    expect(result.reconnects).toBe(1);
    expect(holds(board, big.universalHex)).toBe(true);
    expect(board.target.pairingMode).toBe(false);
    expect(board.target.applicationRunning).toBe(true);
  });

  it('the link drops and the board never comes back: says so, after every retry', async () => {
    const { board, ble, connection, run, clock } = await paired();
    let armed = false;
    let droppedAt = 0;
    const error = await outcome(
      run(
        connection.flash(big.universalHex, {
          onProgress: (p) => {
            if (!armed && p.state === 'flash' && p.blocksSent === 40) {
              armed = true;
              ble.inject('unreachable');
              droppedAt = clock.now();
              ble.inject('drop-link');
            }
          },
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'disconnected' });
    let total = BLUETOOTH_TIMING.reconnectDelayMs + 9 * BLUETOOTH_TIMING.connectTimeoutMs;
    for (let retry = 0; retry < 8; retry++) total += reconnectBackoffMs(retry);
    expect(clock.now() - droppedAt).toBe(total);
    // Unreachable, it stays in pairing mode until its power is cycled; then it starts no
    // program (the header was spoilt first), never half the new one.
    board.unplug();
    board.plugIn();
    expect(board.target.pairingMode).toBe(false);
    expectWholeOrNothing(board, { big: big.universalHex, factory: factory.universalHex });
    expect(board.target.lastCheck.kind).toBe('no-program');
  });

  it('a board put into pairing mode by the flash reboots (link drops) and is found again', async () => {
    const { ble, connection, run } = await paired();
    const before = ble.connectAttempts.length;
    await run(connection.flash(big.universalHex));
    // Pairing mode, end of transmission: two reboots, two reconnects, each 1 s after the drop.
    const attempts = ble.connectAttempts.slice(before);
    expect(attempts).toHaveLength(2);
    expect(EMULATED_BLE_TIMING.rebootMs).toBeLessThan(BLUETOOTH_TIMING.reconnectDelayMs);
  });
});
