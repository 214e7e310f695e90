// The editor's (and the CLI's) one USB board: pairing through the browser's chooser, connecting
// again to the last-known board by itself (500 ms after a close, then 5 tries 500 ms apart; when
// the last-known board is not listed, 2 s for another tab to let go of it first: spec 000 §4, §9
// and 001 §4, §9),
// flashing that recovers by itself from a lost answer or a pulled cable, and the board's serial
// output, read through DAPLink while no flash is running. States (spec 001 §4): disconnected,
// connecting, ready; the board is in application or bootloader mode.

import type { Clock } from '@blockyard/core';
import { DeviceError, isDeviceError, SPEC_MESSAGES, type UsbUnavailableReason } from '../device-error.ts';
import { ObservableState } from '../observable-state.ts';
import { flashImageFor, hexBytes, type FlashImage } from '../flash/flash-image.ts';
import type { FlashMode } from '../flash/flash-plan.ts';
import { ProgressTracker, type FlashProgress, type ProgressListener } from '../flash/flash-progress.ts';
import { UsbFlasher, type FlashOutcome } from '../flash/usb-flasher.ts';
import type { LinkCounters } from '../link/packet-link.ts';
import { UsbBoard, type DeviceInfo } from './usb-board.ts';
import { MICROBIT_USB_FILTERS, type UsbConnectionListener, type UsbDeviceLike, type UsbLike } from './webusb.ts';

type UsbState = 'disconnected' | 'connecting' | 'ready';
type BoardMode = 'application' | 'bootloader';

export interface UsbConnectionState {
  state: UsbState;
  mode: BoardMode | null;
  info: DeviceInfo | null;
  flashing: boolean;
  progress: FlashProgress | null;
  /** The last thing that went wrong (cleared by the next success), for the UI's help. */
  error: DeviceError | null;
  /** Set when WebUSB cannot be used at all. */
  unavailable: UsbUnavailableReason | null;
}

export interface FlashResult extends FlashOutcome {
  /** Milliseconds from the start of the flash to the program running. */
  ms: number;
  /** Times the flash reconnected and carried on. */
  recoveries: number;
  traffic: LinkCounters;
}

export interface UsbConnectionOptions {
  usb: UsbLike | null;
  clock: Clock;
  unavailable?: UsbUnavailableReason | null;
  reconnectTries?: number;
  reconnectDelayMs?: number;
  lastKnownDelayMs?: number;
  /** Time a closed board is left alone before it is opened again (spec 001 §9: 500 ms). */
  afterDisconnectMs?: number;
  serialPollMs?: number;
  /** Recoveries one flash may make before it gives up. */
  maxRecoveries?: number;
}

export interface FlashOptions {
  mode?: FlashMode;
  onProgress?: ProgressListener;
}

const EMPTY_COUNTERS: LinkCounters = {
  commands: 0,
  packetsOut: 0,
  packetsIn: 0,
  bytesOut: 0,
  bytesIn: 0,
  timeouts: 0,
  resyncs: 0,
  staleAnswers: 0,
};

export class UsbConnection {
  private board: UsbBoard | null = null;
  private lastKnownSerial: string | null = null;
  /** When this page last closed a board (or saw it go): the next open waits 500 ms from then. */
  private closedAt: number | null = null;
  private wanted = false;
  private cancelled = false;
  private readonly observable: ObservableState<UsbConnectionState>;
  private readonly serialListeners = new Set<(text: string) => void>();
  private serialLoop: Promise<void> | null = null;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly traffic: LinkCounters = { ...EMPTY_COUNTERS };
  private connecting: Promise<UsbBoard> | null = null;
  private readonly onUsbConnect: UsbConnectionListener;
  private readonly onUsbDisconnect: UsbConnectionListener;

  constructor(private readonly options: UsbConnectionOptions) {
    this.observable = new ObservableState<UsbConnectionState>({
      state: 'disconnected',
      mode: null,
      info: null,
      flashing: false,
      progress: null,
      error: null,
      unavailable: options.usb ? (options.unavailable ?? null) : (options.unavailable ?? 'notimpl'),
    });
    this.onUsbDisconnect = (event) => {
      if (this.board && event.device === this.board.link.device) {
        const board = this.board;
        this.board = null;
        this.closedAt = this.options.clock.now();
        void board.close();
        this.set({ state: 'disconnected', mode: null });
      }
    };
    this.onUsbConnect = (event) => {
      // The board came back (or another one was plugged in): connect again if we want to be.
      if (this.wanted && !this.board && !this.state.flashing && event.device.serialNumber === this.lastKnownSerial) {
        void this.connect().catch(() => undefined);
      }
    };
    options.usb?.addEventListener('connect', this.onUsbConnect);
    options.usb?.addEventListener('disconnect', this.onUsbDisconnect);
  }

  getState(): UsbConnectionState {
    return this.observable.get();
  }

  subscribe(listener: () => void): () => void {
    return this.observable.subscribe(listener);
  }

  private get state(): UsbConnectionState {
    return this.observable.get();
  }

  private set(changes: Partial<UsbConnectionState>): void {
    this.observable.set(changes);
  }

  private get tries(): number {
    return this.options.reconnectTries ?? 5;
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.options.clock.setTimeout(resolve, ms));
  }

  private requireUsb(): UsbLike {
    if (!this.options.usb || this.state.unavailable) {
      throw new DeviceError('unavailable', 'WebUSB is not available', { reason: this.state.unavailable ?? 'notimpl' });
    }
    return this.options.usb;
  }

  /** Opens the browser's chooser, then connects to the board picked there. */
  async pair(): Promise<DeviceInfo> {
    const usb = this.requireUsb();
    let device: UsbDeviceLike;
    try {
      device = await usb.requestDevice({ filters: [...MICROBIT_USB_FILTERS] });
    } catch (error) {
      const failure = new DeviceError('no-device-selected', 'No device selected.', {
        cause: error,
        recoverable: false,
      });
      this.set({ error: failure });
      throw failure;
    }
    this.lastKnownSerial = device.serialNumber ?? null;
    this.wanted = true;
    await this.dropBoard();
    return (await this.ensureBoard()).info;
  }

  /** Connects to a board this page may already use (the last-known one first). */
  async connect(): Promise<DeviceInfo> {
    this.requireUsb();
    this.wanted = true;
    return (await this.ensureBoard()).info;
  }

  /** Lets go of the board (another tab or program may then use it). */
  async disconnect(): Promise<void> {
    this.wanted = false;
    await this.dropBoard();
    this.set({ state: 'disconnected', mode: null, info: null });
  }

  dispose(): void {
    this.options.usb?.removeEventListener('connect', this.onUsbConnect);
    this.options.usb?.removeEventListener('disconnect', this.onUsbDisconnect);
    void this.disconnect();
  }

  /** Stops a flash in progress at the next page. */
  cancel(): void {
    this.cancelled = true;
  }

  private async dropBoard(): Promise<void> {
    const board = this.board;
    this.board = null;
    if (board) {
      this.addTraffic(board);
      await board.close();
      this.closedAt = this.options.clock.now();
    }
  }

  private addTraffic(board: UsbBoard): void {
    for (const key of Object.keys(this.traffic) as (keyof LinkCounters)[])
      this.traffic[key] += board.link.counters[key];
  }

  /** Traffic of every board this connection has had, the current one included. */
  totalTraffic(): LinkCounters {
    const total = { ...this.traffic };
    if (this.board)
      for (const key of Object.keys(total) as (keyof LinkCounters)[]) total[key] += this.board.link.counters[key];
    return total;
  }

  private ensureBoard(): Promise<UsbBoard> {
    if (this.board && !this.board.link.closed) return Promise.resolve(this.board);
    this.connecting ??= this.openWithPolicy().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /**
   * Spec 000 §4, 001 §9: 500 ms after the last close, then up to 5 tries 500 ms apart, last-known
   * board first (waiting 2 s for it once when it is not listed).
   */
  private async openWithPolicy(): Promise<UsbBoard> {
    const usb = this.requireUsb();
    const { clock } = this.options;
    this.set({ state: 'connecting' });
    let lastError: DeviceError | null = null;
    let sawDevice = false;
    let waitedForLastKnown = false;
    // The browser and the interface chip need a moment after a close before the board opens
    // cleanly again (spec 001 §9: 500 ms after disconnect).
    if (this.closedAt !== null) {
      const wait = this.closedAt + (this.options.afterDisconnectMs ?? 500) - clock.now();
      if (wait > 0) await this.delay(wait);
    }
    for (let attempt = 0; attempt < this.tries; attempt++) {
      if (attempt > 0) await this.delay(this.options.reconnectDelayMs ?? 500);
      let devices = (await usb.getDevices().catch(() => [])).filter(
        (d) => d.vendorId === 0x0d28 && d.productId === 0x0204,
      );
      if (
        this.lastKnownSerial &&
        !devices.some((d) => d.serialNumber === this.lastKnownSerial) &&
        !waitedForLastKnown
      ) {
        waitedForLastKnown = true;
        await this.delay(this.options.lastKnownDelayMs ?? 2000);
        devices = (await usb.getDevices().catch(() => [])).filter(
          (d) => d.vendorId === 0x0d28 && d.productId === 0x0204,
        );
      }
      devices.sort(
        (a, b) => Number(b.serialNumber === this.lastKnownSerial) - Number(a.serialNumber === this.lastKnownSerial),
      );
      for (const device of devices) {
        sawDevice = true;
        try {
          const board = await UsbBoard.open(device, clock);
          this.board = board;
          this.lastKnownSerial = board.info.serialNumber || device.serialNumber || null;
          this.set({ state: 'ready', mode: 'application', info: board.info, error: null });
          if (!this.state.flashing) this.startSerial(board);
          return board;
        } catch (error) {
          lastError = toDeviceError(error);
          if (lastError.code === 'device-not-found' && !lastError.recoverable) break; // not a micro:bit
        }
      }
    }
    const failure = !sawDevice
      ? new DeviceError('device-not-found', SPEC_MESSAGES.deviceNotFound, { recoverable: false, cause: lastError })
      : lastError?.code === 'device-not-found' || lastError?.code === 'unavailable'
        ? lastError
        : lastError?.code === 'usb-error'
          ? // The board was there and let us in, but its transfers failed every time: say so
            // ("USB error on device …" names the cause), rather than blame another tab.
            new DeviceError('usb-error', lastError.message, { recoverable: false, cause: lastError })
          : new DeviceError('device-locked', SPEC_MESSAGES.deviceLocked, { recoverable: false, cause: lastError });
    this.set({ state: 'disconnected', mode: null, error: failure });
    throw failure;
  }

  /**
   * Flashes a .hex file (plain or Universal) to the connected board, reconnecting and carrying
   * on when the board stops answering or its cable comes out for a moment. Resolves only when
   * the board's flash equals the file and the program runs.
   */
  async flash(file: Uint8Array | string, options: FlashOptions = {}): Promise<FlashResult> {
    if (this.state.flashing)
      throw new DeviceError('device-locked', 'a flash is already running', { recoverable: false });
    const { clock } = this.options;
    const bytes = hexBytes(file);
    this.cancelled = false;
    this.set({ flashing: true, error: null });
    const tracker = new ProgressTracker(
      () => clock.now(),
      (progress) => {
        this.set({ progress });
        options.onProgress?.(progress);
      },
    );
    const started = clock.now();
    const trafficBefore = this.totalTraffic();
    const maxRecoveries = this.options.maxRecoveries ?? 3;
    let recoveries = 0;
    let unplugged = false;
    const images = new Map<string, FlashImage>();
    try {
      for (;;) {
        try {
          tracker.stage('connecting');
          await this.stopSerial();
          const board = await this.ensureBoard();
          await this.stopSerial();
          const variant = board.info.variant;
          const image = images.get(variant) ?? flashImageFor(bytes, variant);
          images.set(variant, image);
          this.set({ mode: 'bootloader' });
          const flasher = new UsbFlasher(board, image, {
            mode: options.mode ?? 'partial',
            clock,
            tracker,
            hexText: () => bytes,
            isCancelled: () => this.cancelled,
          });
          const outcome = await flasher.write();
          await flasher.restart();
          this.set({ mode: 'application' });
          tracker.stage('done');
          const traffic = this.totalTraffic();
          for (const key of Object.keys(traffic) as (keyof LinkCounters)[]) traffic[key] -= trafficBefore[key];
          return { ...outcome, ms: clock.now() - started, recoveries, traffic };
        } catch (error) {
          let failure = toDeviceError(error);
          if (failure.code === 'disconnected') unplugged = true;
          if (unplugged && failure.code === 'device-not-found') {
            failure = new DeviceError(
              'disconnected',
              'the board was unplugged during the flash and did not come back',
              {
                recoverable: false,
                cause: failure,
              },
            );
          }
          if (!failure.recoverable || recoveries >= maxRecoveries) throw failure;
          recoveries++;
          tracker.stage('recovering', { recovery: failure.code === 'disconnected' ? 'unplugged' : 'no-answer' });
          // A lost or stray answer: the same link resynchronises before its next command. A
          // pulled cable or a failed transfer: open the board again.
          if (failure.code !== 'timeout' && failure.code !== 'out-of-sync' && failure.code !== 'execution-error') {
            await this.dropBoard();
          }
        }
      }
    } catch (error) {
      const failure = toDeviceError(error);
      this.set({
        error: failure,
        mode: this.board ? this.state.mode : null,
        state: this.board ? 'ready' : 'disconnected',
      });
      throw failure;
    } finally {
      this.set({ flashing: false });
      if (this.board && this.wanted) this.startSerial(this.board);
    }
  }

  // ---- serial ---------------------------------------------------------------------------------

  /** Text the board's program writes to its serial port. */
  onSerial(listener: (text: string) => void): () => void {
    this.serialListeners.add(listener);
    if (this.board && !this.state.flashing) this.startSerial(this.board);
    return () => this.serialListeners.delete(listener);
  }

  /** Sends text to the board's program, 62 bytes per packet. */
  async writeSerial(text: string): Promise<void> {
    const board = this.board;
    if (!board || this.state.flashing) return;
    const bytes = new TextEncoder().encode(text);
    for (let i = 0; i < bytes.length; i += 62) await board.dap.serialWrite(bytes.subarray(i, i + 62));
  }

  /** Starts reading the board's serial output (once; stopSerial waits for it to end). */
  private startSerial(board: UsbBoard): void {
    if (this.serialLoop || this.serialListeners.size === 0) return;
    const loop = (async () => {
      // MakeCode programs write at 115200 baud; DAPLink may start at 9600 (V1). Changing it
      // resets the board, so only when needed.
      try {
        if ((await board.dap.readBaud()) !== 115200 && !this.serialStopped) await board.dap.writeBaud(115200);
      } catch {
        // The loop below meets the same trouble and handles it.
      }
      await this.pollSerial(board);
    })();
    this.serialLoop = loop;
    void loop.finally(() => {
      if (this.serialLoop === loop) this.serialLoop = null;
    });
  }

  private serialStopped = false;

  private async stopSerial(): Promise<void> {
    const loop = this.serialLoop;
    if (!loop) return;
    this.serialStopped = true;
    await loop.catch(() => undefined);
    this.serialStopped = false;
  }

  private async pollSerial(board: UsbBoard): Promise<void> {
    let failures = 0;
    while (!this.serialStopped && this.board === board && this.serialListeners.size > 0 && !this.state.flashing) {
      try {
        let reads = 0;
        for (;;) {
          const bytes = await board.dap.serialRead();
          failures = 0;
          if (bytes.length > 0) {
            const text = this.decoder.decode(bytes, { stream: true });
            if (text) for (const listener of [...this.serialListeners]) listener(text);
          }
          if (bytes.length === 0 || ++reads >= 16 || this.serialStopped) break;
        }
      } catch (error) {
        const failure = toDeviceError(error);
        if (failure.code === 'disconnected') return;
        if (++failures >= 5) {
          this.set({ error: failure });
          return;
        }
      }
      await this.delay(this.options.serialPollMs ?? 20);
    }
  }
}

function toDeviceError(error: unknown): DeviceError {
  if (isDeviceError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new DeviceError('usb-error', SPEC_MESSAGES.usbError('micro:bit', message), {
    cause: error,
    recoverable: false,
  });
}
