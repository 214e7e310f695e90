// Partial flashing over Bluetooth (spec 001 §4, §9): connect with a 20 s timeout; when the link
// drops, connect again after 1 s, then up to 8 retries 500 ms x 1.8^n apart; the states Idle,
// StatusRequested, PairingModeRequested, RegionDALRequested, RegionMakeCodeRequested, Flash,
// EndOfTransmission, USBFlashRequired; 64-byte blocks as four 20-byte writes with a chunk delay
// of 0-75 ms between blocks (+10 after an out-of-order answer, -1 after each success); a
// deadlock check every 500 ms resends a block nobody answered. The board is never left in
// pairing mode: whatever ends a flash, a board this flash put there is reset into application
// mode. The program's header block is spoilt first and written last, so a cut flash leaves a
// board that starts no program rather than half of one.

import type { Clock } from '@blockyard/core';
import { DeviceError, isDeviceError, SPEC_MESSAGES } from '../device-error.ts';
import { flashImageFor, type FlashImage } from '../flash/flash-image.ts';
import type { BluetoothDeviceLike, BluetoothLike, GattCharacteristicLike, GattServerLike } from './gatt-like.ts';
import {
  BLOCK_BYTES,
  blockWrites,
  decodeRegionInfo,
  PARTIAL_FLASH_CHARACTERISTIC,
  PARTIAL_FLASH_SERVICE,
  PF_COMMAND,
  PF_MODE,
  PF_REGION,
  PF_WRITE,
  WRITES_PER_BLOCK,
  type RegionInfo,
} from './partial-flash-packets.ts';
import { UART_SERVICE } from './uart-service.ts';

/** Spec 001 §9, and our own limits where the spec has none. */
export const BLUETOOTH_TIMING = {
  connectTimeoutMs: 20_000,
  reconnectDelayMs: 1_000,
  reconnectRetries: 8,
  backoffStartMs: 500,
  backoffFactor: 1.8,
  chunkDelayMinMs: 0,
  chunkDelayMaxMs: 75,
  outOfOrderPenaltyMs: 10,
  successRewardMs: 1,
  deadlockCheckMs: 500,
  /** Ours: how long a status or region question may wait for its answer. */
  answerTimeoutMs: 3_000,
  /** Ours: resends of one block (deadlocks or out-of-order answers) before giving up. */
  maxBlockResends: 10,
  /** Ours: times one flash starts again after the link dropped. */
  maxFlashRestarts: 3,
} as const;

type PartialFlashState =
  | 'idle'
  | 'status-requested'
  | 'pairing-mode-requested'
  | 'region-dal-requested'
  | 'region-makecode-requested'
  | 'flash'
  | 'end-of-transmission'
  | 'usb-flash-required';

export type BluetoothLinkState = 'disconnected' | 'connecting' | 'ready';

export interface BluetoothFlashProgress {
  state: PartialFlashState;
  blocksSent: number;
  blocksTotal: number;
  chunkDelayMs: number;
}

export interface BluetoothFlashResult {
  /** The board already held this program: nothing was sent. */
  unchanged: boolean;
  blocksSent: number;
  /** Bytes of the 20-byte writes, resends included. */
  bytesSent: number;
  outOfOrder: number;
  deadlocks: number;
  reconnects: number;
  ms: number;
}

export interface BluetoothConnectionOptions {
  bluetooth: BluetoothLike | null;
  clock: Clock;
}

/** The backoff before retry `n` (0-based): 500, 900, 1620, … ms. */
export function reconnectBackoffMs(retry: number): number {
  return Math.round(BLUETOOTH_TIMING.backoffStartMs * BLUETOOTH_TIMING.backoffFactor ** retry);
}

/** The chunk delay after an answer: +10 ms after "out of order", -1 ms after a success, 0-75. */
export function nextChunkDelay(delayMs: number, answer: 'ok' | 'out-of-order' | 'deadlock'): number {
  const next =
    answer === 'ok' ? delayMs - BLUETOOTH_TIMING.successRewardMs : delayMs + BLUETOOTH_TIMING.outOfOrderPenaltyMs;
  return Math.min(BLUETOOTH_TIMING.chunkDelayMaxMs, Math.max(BLUETOOTH_TIMING.chunkDelayMinMs, next));
}

interface Block {
  address: number;
  data: Uint8Array;
}

export class BluetoothConnection {
  private device: BluetoothDeviceLike | null = null;
  private characteristic: GattCharacteristicLike | null = null;
  private linkState: BluetoothLinkState = 'disconnected';
  private wanted = false;
  private flashing = false;
  private cancelled = false;
  private readonly stateListeners = new Set<() => void>();
  private readonly serverListeners = new Set<(server: GattServerLike) => void>();
  private reconnecting: Promise<void> | null = null;
  private readonly answers: Uint8Array[] = [];
  private answerWaiters = new Set<() => void>();
  private readonly onNotification = (event: { target: unknown }) => {
    const value = (event.target as { value?: DataView | null }).value;
    if (!value) return;
    this.answers.push(new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength)));
    for (const wake of [...this.answerWaiters]) wake();
  };
  private readonly onDisconnected = () => {
    this.characteristic = null;
    this.setLink('disconnected');
    for (const wake of [...this.answerWaiters]) wake();
    // Idle and wanted: connect again by itself. A flash reconnects on its own terms.
    if (this.wanted && !this.flashing) void this.reconnect().catch(() => undefined);
  };

  constructor(private readonly options: BluetoothConnectionOptions) {}

  get state(): BluetoothLinkState {
    return this.linkState;
  }

  /** Called whenever the link's state changes (connecting, ready, disconnected). */
  subscribe(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Called after each connect with the board's GATT server (for its other services: the UART). */
  onConnected(listener: (server: GattServerLike) => void): () => void {
    this.serverListeners.add(listener);
    return () => this.serverListeners.delete(listener);
  }

  private setLink(state: BluetoothLinkState): void {
    if (this.linkState === state) return;
    this.linkState = state;
    for (const listener of [...this.stateListeners]) listener();
  }

  /** Stops a running flash before its next block; the board is reset into application mode. */
  cancel(): void {
    if (this.flashing) this.cancelled = true;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.options.clock.setTimeout(resolve, ms));
  }

  /** Opens the browser's chooser (micro:bits only), then connects. */
  async pair(): Promise<void> {
    if (!this.options.bluetooth) {
      throw new DeviceError('unavailable', 'Web Bluetooth is not available', { reason: 'notimpl' });
    }
    let device: BluetoothDeviceLike;
    try {
      device = await this.options.bluetooth.requestDevice({
        filters: [{ namePrefix: 'BBC micro:bit' }],
        optionalServices: [PARTIAL_FLASH_SERVICE, UART_SERVICE],
      });
    } catch (error) {
      throw new DeviceError('no-device-selected', 'No device selected.', { cause: error, recoverable: false });
    }
    this.device?.removeEventListener('gattserverdisconnected', this.onDisconnected);
    this.device = device;
    device.addEventListener('gattserverdisconnected', this.onDisconnected);
    this.wanted = true;
    await this.connectOnce();
  }

  async disconnect(): Promise<void> {
    this.wanted = false;
    this.device?.gatt?.disconnect();
    this.characteristic = null;
    this.setLink('disconnected');
    return Promise.resolve();
  }

  /** One connect, given up after 20 s. */
  private async connectOnce(): Promise<GattCharacteristicLike> {
    const gatt = this.device?.gatt;
    if (!gatt) throw new DeviceError('device-not-found', SPEC_MESSAGES.deviceNotFound, { recoverable: false });
    this.setLink('connecting');
    const { clock } = this.options;
    let timer: number | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = clock.setTimeout(() => {
        gatt.disconnect();
        reject(new DeviceError('timeout', 'the micro:bit did not answer over Bluetooth within 20 seconds'));
      }, BLUETOOTH_TIMING.connectTimeoutMs);
    });
    try {
      const server: GattServerLike = await Promise.race([gatt.connect(), timeout]);
      const service = await server.getPrimaryService(PARTIAL_FLASH_SERVICE);
      const characteristic = await service.getCharacteristic(PARTIAL_FLASH_CHARACTERISTIC);
      await characteristic.startNotifications();
      characteristic.removeEventListener('characteristicvaluechanged', this.onNotification);
      characteristic.addEventListener('characteristicvaluechanged', this.onNotification);
      this.characteristic = characteristic;
      this.answers.length = 0;
      this.setLink('ready');
      for (const listener of [...this.serverListeners]) listener(server);
      return characteristic;
    } catch (error) {
      this.setLink('disconnected');
      if (isDeviceError(error)) throw error;
      throw new DeviceError('disconnected', `Bluetooth connection failed (${String(error)})`, { cause: error });
    } finally {
      if (timer !== undefined) clock.clear(timer);
    }
  }

  /** After the link dropped: 1 s, then a connect; then up to 8 retries, 500 ms x 1.8^n apart. */
  private reconnect(): Promise<void> {
    this.reconnecting ??= (async () => {
      try {
        await this.sleep(BLUETOOTH_TIMING.reconnectDelayMs);
        let lastError: unknown;
        for (let attempt = 0; attempt <= BLUETOOTH_TIMING.reconnectRetries; attempt++) {
          if (attempt > 0) await this.sleep(reconnectBackoffMs(attempt - 1));
          if (!this.wanted) throw new DeviceError('cancelled', 'disconnected on purpose', { recoverable: false });
          try {
            await this.connectOnce();
            return;
          } catch (error) {
            lastError = error;
          }
        }
        throw new DeviceError('disconnected', 'the micro:bit did not come back over Bluetooth', {
          cause: lastError,
          recoverable: false,
        });
      } finally {
        this.reconnecting = null;
      }
    })();
    return this.reconnecting;
  }

  private async ensureLink(): Promise<GattCharacteristicLike> {
    if (this.characteristic && this.linkState === 'ready') return this.characteristic;
    await this.reconnect();
    if (!this.characteristic) throw new DeviceError('disconnected', 'the Bluetooth link dropped');
    return this.characteristic;
  }

  private async write(bytes: Uint8Array): Promise<void> {
    const characteristic = this.characteristic;
    if (!characteristic) throw new DeviceError('disconnected', 'the Bluetooth link dropped');
    try {
      await characteristic.writeValueWithoutResponse(bytes);
    } catch (error) {
      throw new DeviceError('disconnected', `a Bluetooth write failed (${String(error)})`, { cause: error });
    }
  }

  /**
   * Waits for an answer starting with `command`. Resolves null when `giveUp` says so (asked
   * every `checkEveryMs`); throws when the link drops.
   */
  private waitForAnswer(command: number, checkEveryMs: number, giveUp: () => boolean): Promise<Uint8Array | null> {
    const { clock } = this.options;
    return new Promise((resolve, reject) => {
      const timer = clock.setInterval(() => {
        if (giveUp()) finish(null);
      }, checkEveryMs);
      const finish = (value: Uint8Array | null, error?: DeviceError) => {
        this.answerWaiters.delete(check);
        clock.clear(timer);
        if (error) reject(error);
        else resolve(value);
      };
      const check = () => {
        const index = this.answers.findIndex((answer) => answer[0] === command);
        if (index >= 0) {
          const [answer] = this.answers.splice(0, index + 1).slice(-1);
          finish(answer!);
        } else if (this.linkState !== 'ready')
          finish(null, new DeviceError('disconnected', 'the Bluetooth link dropped'));
      };
      this.answerWaiters.add(check);
      check();
    });
  }

  private async ask(bytes: number[], command: number): Promise<Uint8Array> {
    this.answers.length = 0;
    await this.write(Uint8Array.from(bytes));
    const started = this.options.clock.now();
    const answer = await this.waitForAnswer(
      command,
      BLUETOOTH_TIMING.deadlockCheckMs,
      () => this.options.clock.now() - started >= BLUETOOTH_TIMING.answerTimeoutMs,
    );
    if (!answer) throw new DeviceError('timeout', 'the micro:bit did not answer over Bluetooth');
    return answer;
  }

  private async region(id: number): Promise<RegionInfo> {
    const info = decodeRegionInfo(await this.ask([PF_COMMAND.region, id], PF_COMMAND.region));
    if (!info || info.region !== id) throw new DeviceError('out-of-sync', SPEC_MESSAGES.outOfSync);
    return info;
  }

  /** Resets the board and waits for the link to come back (a reset always drops it). */
  private async resetInto(mode: number): Promise<void> {
    await this.write(Uint8Array.from([PF_COMMAND.reset, mode]));
    await this.waitForDrop();
    await this.ensureLink();
  }

  private async waitForDrop(): Promise<void> {
    // The board drops the link as it reboots; a link that stays up past the answer timeout
    // is dropped by us.
    const started = this.options.clock.now();
    await this.waitForAnswer(-1, 50, () => this.options.clock.now() - started >= BLUETOOTH_TIMING.answerTimeoutMs).then(
      () => this.device?.gatt?.disconnect(),
      () => undefined,
    );
  }

  /**
   * Sends the program in a .hex to the board's MakeCode region. Resolves when the board has it
   * and was told to start it; throws 'usb-flash-required' when the board's runtime differs from
   * the file's, 'failed-packet-transfer' when blocks stop getting through.
   */
  async flash(
    file: Uint8Array | string,
    options: { onProgress?: (progress: BluetoothFlashProgress) => void } = {},
  ): Promise<BluetoothFlashResult> {
    if (this.flashing) throw new DeviceError('device-locked', 'a flash is already running', { recoverable: false });
    const { clock } = this.options;
    const started = clock.now();
    const images = (['v1', 'v2'] as const).flatMap((variant) => {
      try {
        const image = flashImageFor(file, variant);
        return image.program ? [image] : [];
      } catch {
        return [];
      }
    });
    if (images.length === 0) {
      throw new DeviceError('invalid-file', `${SPEC_MESSAGES.invalidFile}: it holds no MakeCode program`, {
        recoverable: false,
      });
    }
    const result: BluetoothFlashResult = {
      unchanged: false,
      blocksSent: 0,
      bytesSent: 0,
      outOfOrder: 0,
      deadlocks: 0,
      reconnects: 0,
      ms: 0,
    };
    let state: PartialFlashState = 'idle';
    let blocksTotal = 0;
    let chunkDelayMs: number = BLUETOOTH_TIMING.chunkDelayMinMs;
    const report = (next: PartialFlashState) => {
      state = next;
      options.onProgress?.({ state, blocksSent: result.blocksSent, blocksTotal, chunkDelayMs });
    };
    let putInPairingMode = false;
    let usbRequired = false;
    this.flashing = true;
    this.cancelled = false;
    try {
      for (let restart = 0; ; restart++) {
        try {
          await this.ensureLink();
          report('status-requested');
          const status = await this.ask([PF_COMMAND.status], PF_COMMAND.status);
          if (status[2] !== PF_MODE.pairing) {
            report('pairing-mode-requested');
            putInPairingMode = true;
            await this.resetInto(PF_MODE.pairing);
          }
          report('region-dal-requested');
          const dal = await this.region(PF_REGION.dal);
          report('region-makecode-requested');
          const makeCode = await this.region(PF_REGION.makeCode);
          const image = images.find(
            (candidate) => candidate.program!.templateHash === dal.hash && candidate.program!.start === makeCode.start,
          );
          if (!image) {
            report('usb-flash-required');
            usbRequired = true;
            throw new DeviceError('usb-flash-required', SPEC_MESSAGES.usbFlashRequired, { recoverable: false });
          }
          if (image.program!.programHash === makeCode.hash) {
            result.unchanged = true;
            break;
          }
          const blocks = blocksToSend(image, makeCode.end);
          blocksTotal = blocks.length;
          report('flash');
          let packet = 0;
          for (const block of blocks) {
            if (this.cancelled) throw new DeviceError('cancelled', 'the flash was stopped', { recoverable: false });
            for (let resends = 0; ; resends++) {
              const answer = await this.sendBlock(block, packet);
              packet = (packet + WRITES_PER_BLOCK) & 0xff;
              result.bytesSent += WRITES_PER_BLOCK * 20;
              chunkDelayMs = nextChunkDelay(chunkDelayMs, answer);
              if (answer === 'ok') break;
              if (answer === 'out-of-order') result.outOfOrder++;
              else result.deadlocks++;
              if (resends + 1 >= BLUETOOTH_TIMING.maxBlockResends) {
                throw new DeviceError('failed-packet-transfer', SPEC_MESSAGES.failedPacketTransfer, {
                  recoverable: false,
                });
              }
            }
            result.blocksSent++;
            options.onProgress?.({ state, blocksSent: result.blocksSent, blocksTotal, chunkDelayMs });
            if (chunkDelayMs > 0) await this.sleep(chunkDelayMs);
          }
          report('end-of-transmission');
          await this.write(Uint8Array.from([PF_COMMAND.endOfTransmission]));
          putInPairingMode = false;
          await this.waitForDrop();
          await this.ensureLink().catch(() => undefined);
          break;
        } catch (error) {
          const failure = isDeviceError(error)
            ? error
            : new DeviceError('disconnected', String(error), { cause: error, recoverable: true });
          if (failure.code !== 'disconnected' || !failure.recoverable) throw failure;
          if (restart >= BLUETOOTH_TIMING.maxFlashRestarts) throw failure;
          result.reconnects++;
        }
      }
      if (putInPairingMode) {
        await this.resetInto(PF_MODE.application);
        putInPairingMode = false;
      }
      report('idle');
      result.ms = clock.now() - started;
      return result;
    } catch (error) {
      // Never leave the board in pairing mode because of us: back into application mode (with
      // the header spoilt, a cut flash starts no program there rather than half of one).
      if (putInPairingMode && this.linkState === 'ready') {
        await this.write(Uint8Array.from([PF_COMMAND.reset, PF_MODE.application])).catch(() => undefined);
      }
      if (!usbRequired) report('idle');
      throw error;
    } finally {
      this.flashing = false;
      // A reset at the end of a failed flash dropped the link while the flash owned it: the
      // board is wanted, so connect again now, as after any other drop.
      if (this.wanted && this.linkState === 'disconnected') void this.reconnect().catch(() => undefined);
    }
  }

  /** Four writes, then the answer: 'ok', 'out-of-order', or 'deadlock' (no answer between two checks). */
  private async sendBlock(block: Block, firstPacket: number): Promise<'ok' | 'out-of-order' | 'deadlock'> {
    this.answers.length = 0;
    for (const write of blockWrites(block.address, block.data, firstPacket)) await this.write(write);
    // The deadlock check runs every 500 ms: the first check that finds the block unanswered
    // gives it up (the caller resends it, numbered as the next block).
    const answer = await this.waitForAnswer(PF_COMMAND.data, BLUETOOTH_TIMING.deadlockCheckMs, () => true);
    if (!answer) return 'deadlock';
    return answer[1] === PF_WRITE.ok ? 'ok' : 'out-of-order';
  }
}

/**
 * The blocks of the MakeCode region in the order they go: the header block spoilt (its magic and hashes
 * erased, which also erases the header page on the board), the other pages, then the header
 * page whole. Only pages the file has, below the region's end.
 */
export function blocksToSend(image: FlashImage, regionEnd: number): Block[] {
  const start = image.program!.start;
  const pages = [...image.pages.entries()].filter(([address]) => address >= start && address < regionEnd);
  const split = ([address, page]: [number, Uint8Array]) => {
    const blocks: Block[] = [];
    for (let at = 0; at < page.length; at += BLOCK_BYTES)
      blocks.push({ address: address + at, data: page.subarray(at, at + BLOCK_BYTES) });
    return blocks;
  };
  const header = pages.find(([address]) => address === start);
  const rest = pages.filter(([address]) => address !== start).flatMap(split);
  if (!header) return rest;
  const headerBlocks = split(header);
  // Magic and both hashes: the board then reports no program's hash either, so a flash started
  // again after a cut sends everything rather than finding "nothing changed".
  const spoilt = headerBlocks[0]!.data.slice();
  spoilt.fill(0xff, 0, 32);
  return [{ address: start, data: spoilt }, ...rest, ...headerBlocks];
}
