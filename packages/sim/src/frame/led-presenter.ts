// Hands LED states to the screen one per animation frame, so no state a program shows is lost:
// a program may change the LEDs twice between two frames (timers jitter against the display's
// 60 Hz), and the view would then skip one. States wait in a short queue instead; only when a
// program changes the LEDs faster than the screen can show (the queue is full) is the oldest
// waiting state dropped, and counted.

export const LED_COUNT = 25;
/** States waiting at most: 3 frames (50 ms) of delay before states are dropped. */
export const LED_QUEUE_LIMIT = 3;

export interface LedStats {
  /** Distinct states the program produced. */
  produced: number;
  /** States shown on screen. */
  presented: number;
  /** States replaced before any frame showed them. */
  dropped: number;
}

export class LedPresenter {
  private readonly queue: Uint8Array[] = [];
  private shown: Uint8Array = new Uint8Array(LED_COUNT);
  private last: Uint8Array = new Uint8Array(LED_COUNT);
  private version = 0;
  readonly stats: LedStats = { produced: 0, presented: 0, dropped: 0 };

  /** A committed LED state (25 brightness values); repeats of the latest are ignored. */
  push(state: Uint8Array): void {
    if (equal(state, this.last)) return;
    this.last = state.slice();
    this.queue.push(this.last);
    this.stats.produced++;
    if (this.queue.length > LED_QUEUE_LIMIT) {
      this.queue.shift();
      this.stats.dropped++;
    }
  }

  /** Called once per animation frame: moves to the next waiting state; true when it changed. */
  nextFrame(): boolean {
    const next = this.queue.shift();
    if (!next) return false;
    this.shown = next;
    this.version++;
    this.stats.presented++;
    return true;
  }

  /** What the screen shows now. */
  get leds(): Uint8Array {
    return this.shown;
  }

  /** Increases with every state shown. */
  get shownVersion(): number {
    return this.version;
  }

  /** The latest committed state, shown or not (screenshots and descriptions use it). */
  get latest(): Uint8Array {
    return this.last;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Forgets waiting states and shows `state` at once (a new run, a stop). */
  reset(state: Uint8Array = new Uint8Array(LED_COUNT)): void {
    this.queue.length = 0;
    this.last = state.slice();
    this.shown = this.last;
    this.version++;
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
