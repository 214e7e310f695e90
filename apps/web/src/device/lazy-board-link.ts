// A board link whose code loads when the learner first uses it (Connect, Download to a board,
// serial), not with the page: the WebUSB and Bluetooth code (CMSIS-DAP, flashing) is about 50 KB
// the home page never runs (bench first-minute). Until then it is what a fresh connection is:
// disconnected, with WebUSB's availability known (the composition root checks it at start, as
// before). Its listeners carry over to the real link once loaded. A screen that shows the board
// (the editor's board button subscribes) has it loaded ahead, in idle time (`prepare`), so the
// browser's chooser still opens within the press's user activation on a slow network.

import type { DeviceInfo, FlashOptions, FlashResult, UsbConnectionState } from '@blockyard/device';
import type { BoardLink } from './board-link.ts';

export class LazyBoardLink implements BoardLink {
  private real: BoardLink | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly serialListeners = new Set<(text: string) => void>();
  private loading: Promise<BoardLink> | undefined;
  private prepared = false;

  /**
   * `load` gives the real link (the same one every call: lazy-load.ts); `initial` is its state
   * as constructed, shown until it is loaded; `prepare` is handed the load at the first
   * subscription, to run it ahead of use (a failure there is left for the use to meet).
   */
  constructor(
    private readonly load: () => Promise<BoardLink>,
    private readonly initial: UsbConnectionState,
    private readonly options: { maxSerialBytes?: number; prepare?: (load: () => void) => void } = {},
  ) {
    this.maxSerialBytes = options.maxSerialBytes;
  }

  readonly maxSerialBytes?: number;

  getState(): UsbConnectionState {
    return this.real?.getState() ?? this.initial;
  }

  subscribe(listener: () => void): () => void {
    if (!this.prepared && this.options.prepare) {
      this.prepared = true;
      this.options.prepare(() => void this.link().catch(() => undefined));
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onSerial(listener: (text: string) => void): () => void {
    this.serialListeners.add(listener);
    return () => this.serialListeners.delete(listener);
  }

  async pair(): Promise<DeviceInfo | null> {
    return (await this.link()).pair();
  }

  /** Nothing to let go of before the link has loaded. */
  async disconnect(): Promise<void> {
    await this.real?.disconnect();
  }

  async flash(file: Uint8Array | string, options?: FlashOptions): Promise<FlashResult> {
    return (await this.link()).flash(file, options);
  }

  /** No flash can be running before the link has loaded. */
  cancel(): void {
    this.real?.cancel();
  }

  async writeSerial(text: string): Promise<void> {
    return (await this.link()).writeSerial(text);
  }

  /**
   * The real link, loaded on the first call (calls while it loads wait for the same load; a
   * failed load is tried again by the next); its state and serial reach this link's listeners.
   */
  private link(): Promise<BoardLink> {
    if (this.real) return Promise.resolve(this.real);
    this.loading ??= this.load().then(
      (real) => {
        this.real = real;
        real.subscribe(() => this.notify());
        real.onSerial((text) => {
          for (const listener of [...this.serialListeners]) listener(text);
        });
        this.notify();
        return real;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** A connection's state before anything happened (as UsbConnection and BluetoothBoard start). */
export function unconnectedState(unavailable: UsbConnectionState['unavailable']): UsbConnectionState {
  return { state: 'disconnected', mode: null, info: null, flashing: false, progress: null, error: null, unavailable };
}
