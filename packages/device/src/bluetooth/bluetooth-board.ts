// A board over Bluetooth, shaped like the USB connection for the editor: one state to show
// (disconnected, connecting, ready; flashing; the last error), progress in the same stages and
// percent as a USB flash (with a time left from the measured block rate), and the same result.
// Bluetooth only ever sends the program region (partial flashing), so a result's mode is
// 'partial'. Serial goes both ways over the board's UART service (bluetooth-uart.ts) while its
// program offers it.

import type { Clock } from '@blockyard/core';
import { DeviceError, isDeviceError } from '../device-error.ts';
import { ObservableState } from '../observable-state.ts';
import type { FlashProgress, ProgressListener } from '../flash/flash-progress.ts';
import type { FlashResult, UsbConnectionState } from '../usb/usb-connection.ts';
import { BluetoothConnection, type BluetoothFlashProgress } from './bluetooth-connection.ts';
import { BluetoothUart } from './bluetooth-uart.ts';
import { UART_MAX_LINE_BYTES } from './uart-service.ts';
import type { BluetoothLike } from './gatt-like.ts';

export interface BluetoothBoardOptions {
  /** navigator.bluetooth, the emulated board's, or null where the browser has none. */
  bluetooth: BluetoothLike | null;
  clock: Clock;
}

const BLOCK_BYTES = 64;

/** A Bluetooth flash's progress in the USB flash's words: stage, percent, time left. */
export function bluetoothProgress(progress: BluetoothFlashProgress, msPerBlock: number | null): FlashProgress {
  const { state, blocksSent, blocksTotal } = progress;
  const base = {
    bytesWritten: blocksSent * BLOCK_BYTES,
    bytesTotal: blocksTotal * BLOCK_BYTES,
    mode: 'partial' as const,
    msLeft: null,
  };
  switch (state) {
    case 'idle':
      return { ...base, stage: 'connecting', percent: 0 };
    case 'status-requested':
    case 'pairing-mode-requested':
    case 'region-dal-requested':
    case 'region-makecode-requested':
    case 'usb-flash-required':
      return { ...base, stage: 'checking', percent: 2 };
    case 'flash': {
      const fraction = blocksTotal > 0 ? Math.min(1, blocksSent / blocksTotal) : 0;
      const msLeft = msPerBlock !== null ? Math.round((blocksTotal - blocksSent) * msPerBlock) : null;
      return { ...base, stage: 'writing', percent: 5 + Math.floor(fraction * 90), msLeft };
    }
    case 'end-of-transmission':
      return { ...base, stage: 'restarting', percent: 97 };
  }
}

export class BluetoothBoard {
  private readonly connection: BluetoothConnection;
  private readonly uart = new BluetoothUart();
  /** The most one writeSerial takes: the board's receive buffer for the UART service. */
  readonly maxSerialBytes = UART_MAX_LINE_BYTES;
  private readonly observable: ObservableState<UsbConnectionState>;

  constructor(private readonly options: BluetoothBoardOptions) {
    this.connection = new BluetoothConnection(options);
    this.observable = new ObservableState<UsbConnectionState>({
      state: 'disconnected',
      mode: null,
      info: null,
      flashing: false,
      progress: null,
      error: null,
      unavailable: options.bluetooth ? null : 'notimpl',
    });
    this.connection.subscribe(() => {
      if (this.connection.state !== 'ready') this.uart.detach();
      this.set({ state: this.connection.state });
    });
    this.connection.onConnected((server) => void this.uart.attach(server));
  }

  getState(): UsbConnectionState {
    return this.observable.get();
  }

  subscribe(listener: () => void): () => void {
    return this.observable.subscribe(listener);
  }

  private set(changes: Partial<UsbConnectionState>): void {
    this.observable.set(changes);
  }

  /** Opens the browser's Bluetooth chooser (micro:bits only), then connects (20 s at most). */
  async pair(): Promise<null> {
    try {
      await this.connection.pair();
      this.set({ error: null });
      return null;
    } catch (error) {
      this.set({ error: isDeviceError(error) ? error : null });
      throw error;
    }
  }

  async disconnect(): Promise<void> {
    await this.connection.disconnect();
  }

  /**
   * Sends the program of a .hex (only its program region; nothing when the board already has
   * it). Throws 'usb-flash-required' when the board's own software differs from the file's.
   */
  async flash(file: Uint8Array | string, options: { onProgress?: ProgressListener } = {}): Promise<FlashResult> {
    const { clock } = this.options;
    // The rate is measured from the first block answered on, so the time left needs two.
    let first: { at: number; blocks: number } | null = null;
    const report = (progress: FlashProgress) => {
      this.set({ progress });
      options.onProgress?.(progress);
    };
    this.set({ flashing: true, progress: null });
    try {
      const result = await this.connection.flash(file, {
        onProgress: (progress) => {
          // 'idle' comes at the very end (done, or failed): the bar does not go back to the start.
          if (progress.state === 'idle') return;
          if (progress.state === 'flash' && progress.blocksSent > 0 && first === null)
            first = { at: clock.now(), blocks: progress.blocksSent };
          const blocks = first ? progress.blocksSent - first.blocks : 0;
          const msPerBlock = first && blocks > 0 ? (clock.now() - first.at) / blocks : null;
          report(bluetoothProgress(progress, msPerBlock));
        },
      });
      report({
        stage: 'done',
        percent: 100,
        bytesWritten: result.blocksSent * BLOCK_BYTES,
        bytesTotal: result.blocksSent * BLOCK_BYTES,
        msLeft: 0,
        mode: 'partial',
      });
      this.set({ error: null });
      return {
        mode: 'partial',
        unchanged: result.unchanged,
        pagesWritten: 0,
        bytesWritten: result.blocksSent * BLOCK_BYTES,
        repaired: 0,
        throughInterfaceChip: false,
        ms: result.ms,
        recoveries: result.reconnects,
        traffic: {
          commands: result.blocksSent,
          packetsOut: result.bytesSent / 20,
          packetsIn: result.blocksSent,
          bytesOut: result.bytesSent,
          bytesIn: 0,
          timeouts: result.deadlocks,
          resyncs: result.outOfOrder,
          staleAnswers: 0,
        },
      };
    } catch (error) {
      const failure = isDeviceError(error) ? error : new DeviceError('disconnected', String(error), { cause: error });
      this.set({ error: failure });
      throw failure;
    } finally {
      this.set({ flashing: false });
    }
  }

  cancel(): void {
    this.connection.cancel();
  }

  /** Text the board's program sends over the UART service (from each connect on). */
  onSerial(listener: (text: string) => void): () => void {
    return this.uart.onText(listener);
  }

  /**
   * Sends text to the board's program over the UART service: at most 60 bytes at once; rejects
   * ('unavailable') when the running program does not offer the service.
   */
  writeSerial(text: string): Promise<void> {
    if (this.observable.get().state !== 'ready') {
      return Promise.reject(new DeviceError('disconnected', 'no micro:bit is connected by Bluetooth'));
    }
    return this.uart.write(text);
  }
}
