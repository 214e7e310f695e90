// Serial over Bluetooth: the board's UART service (6e400001-…) between BluetoothBoard and the
// emulated board on virtual time. What the program writes arrives as indications of at most 20
// bytes once the host has them on; lines typed on the host reach the program and it answers; the
// service is there only while a program has started it (not in pairing mode, not for a program
// that never started it), and a browser opens it only when the page asked for it.
import { ManualClock } from '@blockyard/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BluetoothBoard } from '../src/bluetooth/bluetooth-board.ts';
import { PARTIAL_FLASH_SERVICE } from '../src/bluetooth/partial-flash-packets.ts';
import { UART_RX_CHARACTERISTIC, UART_SERVICE, UART_TX_CHARACTERISTIC } from '../src/bluetooth/uart-service.ts';
import type { ApplicationFactory } from '../src/emulator/application.ts';
import type { DemoImages } from '../src/emulator/demo-images.ts';
import { EMULATED_BLE_TIMING } from '../src/emulator/ble-timing.ts';
import { DEBUG_REGS, DHCSR } from '../src/emulator/nrf-target.ts';
import { factoryBoard } from '../src/testing/emulated-setup.ts';
import { runOnVirtualTime } from '../src/testing/virtual-time.ts';
import { testImages } from './support.ts';

let hello: DemoImages;
beforeAll(async () => {
  ({ hello } = await testImages());
});

async function setUp(application?: ApplicationFactory) {
  const clock = new ManualClock();
  const board = await factoryBoard({ clock, variant: 'v2', ...(application ? { application } : {}) });
  const link = new BluetoothBoard({ bluetooth: board.bluetooth, clock });
  let heard = '';
  link.onSerial((text) => (heard += text));
  const run = <T>(work: Promise<T>) => runOnVirtualTime(clock, work);
  const wait = (ms: number) => run(new Promise<void>((resolve) => clock.setTimeout(() => resolve(), ms)));
  return { clock, board, link, run, wait, heard: () => heard };
}

function outcome(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    (value) => value,
    (error: unknown) => error,
  );
}

/** A program that writes `text` over Bluetooth every second (when it started the service at its start). */
function writer(text: string, options: { startService?: boolean } = {}): ApplicationFactory {
  return (context) => {
    const uart = options.startService === false ? null : context.startUartService();
    const timer = context.clock.setInterval(() => uart?.write(text), 1000);
    return {
      pause: () => undefined,
      resume: () => undefined,
      stop: () => context.clock.clear(timer),
      serialIn: () => undefined,
    };
  };
}

describe('serial over Bluetooth (the UART service)', () => {
  it("the program's lines arrive as indications of at most 20 bytes, in order", async () => {
    const { board, link, run, wait, heard } = await setUp();
    await run(link.pair());
    await wait(3_500);
    // "factory started" went out before any host listened: the firmware drops it, as CODAL does.
    expect(heard()).toBe('count:1\r\ncount:2\r\ncount:3\r\n');
    const uart = board.target.bleUart!;
    expect(uart.counters.indications).toBe(3);
    expect(uart.counters.txDropped).toBeGreaterThan(0);
  });

  it('a line typed on the host reaches the program, which answers over Bluetooth only', async () => {
    const { board, link, run, wait, heard } = await setUp();
    await run(link.pair());
    board.uart.take(10_000);
    await run(link.writeSerial('hello there, micro:bit!\n'));
    await wait(100);
    expect(heard()).toContain('heard:hello there, micro:bit!\r\n');
    // The answer went back the way the line came: the USB serial line has only the counter.
    expect(new TextDecoder().decode(board.uart.take(10_000))).not.toContain('heard');
  });

  it('text longer than the board takes at once (60 bytes) is refused, and nothing is sent', async () => {
    const { board, link, run } = await setUp();
    await run(link.pair());
    const error = await outcome(run(link.writeSerial(`${'x'.repeat(60)}\n`)));
    expect(error).toMatchObject({ code: 'execution-error' });
    expect(board.target.bleUart!.counters.rxDropped).toBe(0);
    await run(link.writeSerial(`${'y'.repeat(59)}\n`));
  });

  it('a character split between two indications arrives whole (one decoder across them)', async () => {
    const { link, run, wait, heard } = await setUp(writer(`${'a'.repeat(19)}é€\n`));
    await run(link.pair());
    await wait(1_000);
    expect(heard()).toBe(`${'a'.repeat(19)}é€\n`);
  });

  it('a program that never starts the service: nothing arrives, and sending says it does not listen', async () => {
    const { link, run, wait, heard } = await setUp(writer('ignored', { startService: false }));
    await run(link.pair());
    await wait(2_000);
    expect(heard()).toBe('');
    const error = await outcome(run(link.writeSerial('hi\n')));
    expect(error).toMatchObject({ code: 'unavailable' });
  });

  it('without a connection, sending says so', async () => {
    const { link, run } = await setUp();
    const error = await outcome(run(link.writeSerial('hi\n')));
    expect(error).toMatchObject({ code: 'disconnected' });
  });

  it('after a flash (pairing mode has no service) the new program is heard again', async () => {
    const { board, link, run, wait, heard } = await setUp();
    await run(link.pair());
    await run(link.flash(hello.universalHex));
    expect(board.target.lastCheck).toMatchObject({ kind: 'program', name: 'hello' });
    const before = heard().length;
    await wait(4_000);
    expect(link.getState().state).toBe('ready');
    expect(heard().slice(before)).toMatch(/count:\d+\r\n/);
    await run(link.writeSerial('again\n'));
    await wait(100);
    expect(heard()).toContain('heard:again\r\n');
  });

  it('a reset from elsewhere (the USB side) drops the link; it comes back and serial with it', async () => {
    const { board, link, run, wait, heard } = await setUp();
    await run(link.pair());
    await wait(1_500);
    board.target.systemReset();
    expect(link.getState().state).toBe('disconnected');
    const before = heard().length;
    await wait(5_000);
    expect(link.getState().state).toBe('ready');
    expect(heard().slice(before)).toMatch(/count:\d+\r\n/);
  });

  it('a debugger halting the core stops the radio: silence, then the link times out; it comes back after resume', async () => {
    const { board, link, run, wait, heard } = await setUp();
    await run(link.pair());
    await wait(1_500);
    const halt = (on: boolean) =>
      board.target.debugWrite32(DEBUG_REGS.dhcsr, DHCSR.key | (on ? DHCSR.debugEnable | DHCSR.halt : 0));
    halt(true);
    expect(board.target.state).toBe('halted');
    const before = heard().length;
    // Until the supervision timeout the host still thinks it is connected, but nothing is
    // answered: no counting, and a line sent is never heard.
    await run(link.writeSerial('ping\n'));
    await wait(EMULATED_BLE_TIMING.supervisionMs - 500);
    expect(link.getState().state).toBe('ready');
    expect(heard().slice(before)).toBe('');
    await wait(1_000);
    expect(link.getState().state).not.toBe('ready');
    // A halted board does not advertise: reconnect tries fail while it stays halted.
    await wait(3_000);
    expect(link.getState().state).not.toBe('ready');
    expect(heard().slice(before)).toBe('');
    halt(false);
    await wait(15_000);
    expect(link.getState().state).toBe('ready');
    expect(heard().slice(before)).toMatch(/count:\d+\r\n/);
    expect(heard()).not.toContain('heard:ping');
  });
});

describe("the emulated board's UART service, at the GATT level", () => {
  it('is opened only when the page named it in optionalServices, as a browser does', async () => {
    const { board, run } = await setUp();
    const device = await board.bluetooth.requestDevice({ optionalServices: [PARTIAL_FLASH_SERVICE] });
    const server = await run(device.gatt!.connect());
    await expect(server.getPrimaryService(UART_SERVICE)).rejects.toThrow(/SecurityError/);
    await expect(server.getPrimaryService(PARTIAL_FLASH_SERVICE)).resolves.toBeDefined();
  });

  it('keeps at most 60 bytes the program has not read; more is lost on the board', async () => {
    const { board, run, wait } = await setUp();
    const device = await board.bluetooth.requestDevice({ optionalServices: [UART_SERVICE] });
    const server = await run(device.gatt!.connect());
    const service = await server.getPrimaryService(UART_SERVICE);
    const rx = await service.getCharacteristic(UART_RX_CHARACTERISTIC);
    for (let i = 0; i < 4; i++) await rx.writeValueWithoutResponse(new Uint8Array(20).fill(0x41));
    await wait(50);
    expect(board.target.bleUart!.counters.rxDropped).toBe(20);
    await expect(rx.writeValueWithoutResponse(new Uint8Array(21))).rejects.toThrow(/NotSupportedError/);
    const tx = await service.getCharacteristic(UART_TX_CHARACTERISTIC);
    await expect(tx.writeValueWithoutResponse(new Uint8Array(1))).rejects.toThrow(/NotSupportedError/);
    await expect(rx.startNotifications()).rejects.toThrow(/NotSupportedError/);
  });

  it('is gone in pairing mode (no program runs there)', async () => {
    const { board, run } = await setUp();
    board.target.pairingMode = true;
    board.target.systemReset();
    expect(board.target.bleUart).toBeNull();
    const device = await board.bluetooth.requestDevice({ optionalServices: [UART_SERVICE] });
    await run(new Promise<void>((resolve) => board.clock.setTimeout(() => resolve(), 500)));
    const server = await run(device.gatt!.connect());
    await expect(server.getPrimaryService(UART_SERVICE)).rejects.toThrow(/NotFoundError/);
  });
});
