// The page's door for its program worker's messages: each is checked (parseWorkerMessage) and
// paced by type; what is over a rate is dropped. A worker that keeps flooding (more than
// FLOOD_LIMIT dropped messages within a second) is one whose program escaped the runtime's checks:
// the page ends it (see frame-runner.ts). Sizes are bounded by the schema, so the page's work per
// message is bounded too.

import type { Clock } from '@blockyard/core';
import { TokenBucket } from '../../host/frame-message-gate.ts';
import { FRAME_TRACE_RATE } from '../../protocol/frame-limits.ts';
import { type WorkerToPage, parseWorkerMessage } from './worker-protocol.ts';

const RATES: Readonly<Record<WorkerToPage['type'], { perSecond: number; burst: number }>> = {
  ready: { perSecond: 5, burst: 5 },
  running: { perSecond: 20, burst: 20 },
  stopped: { perSecond: 20, burst: 20 },
  toplevel: { perSecond: 20, burst: 20 },
  boards: { perSecond: 20, burst: 20 },
  leds: { perSecond: 200, burst: 60 },
  board: { perSecond: 300, burst: 90 },
  serial: { perSecond: 60, burst: 60 },
  error: { perSecond: 10, burst: 10 },
  restart: { perSecond: 2, burst: 2 },
  samples: { perSecond: 100, burst: 30 },
  pong: { perSecond: 10, burst: 10 },
  // Stops, variables answers and warnings; slow-motion traces have their own bucket (the page
  // passes them on to the editor, whose limit is the same).
  debugger: { perSecond: 50, burst: 50 },
};
/** Serial characters per second the page passes on to the editor (the editor's own cap is 256 KiB). */
const WORKER_SERIAL_CHARS_PER_SECOND = 256 * 1024;
/** Dropped messages within one second that mark the worker as flooding. */
const FLOOD_LIMIT = 500;

export class WorkerMessageGate {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly total: TokenBucket;
  private readonly serial: TokenBucket;
  private windowStart: number;
  private droppedInWindow = 0;
  dropped = 0;
  serialDropped = 0;

  constructor(private readonly clock: Pick<Clock, 'now'>) {
    const now = clock.now();
    this.total = new TokenBucket(1000, 300, now);
    this.serial = new TokenBucket(WORKER_SERIAL_CHARS_PER_SECOND, WORKER_SERIAL_CHARS_PER_SECOND, now);
    this.windowStart = now;
  }

  /** True once the worker has flooded the page (then it should be ended). */
  get flooding(): boolean {
    return this.droppedInWindow > FLOOD_LIMIT;
  }

  admit(data: unknown): WorkerToPage | undefined {
    const now = this.clock.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.droppedInWindow = 0;
    }
    if (!this.total.take(now)) return this.drop();
    const message = parseWorkerMessage(data);
    if (!message) return this.drop();
    const key = message.type === 'debugger' && message.subtype === 'trace' ? 'trace' : message.type;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      const rate = key === 'trace' ? FRAME_TRACE_RATE : RATES[message.type];
      bucket = new TokenBucket(rate.perSecond, rate.burst, now);
      this.buckets.set(key, bucket);
    }
    if (!bucket.take(now)) return this.drop();
    if (message.type === 'serial' && !this.serial.take(now, message.data.length)) {
      this.serialDropped += message.data.length;
      return this.drop();
    }
    return message;
  }

  private drop(): undefined {
    this.dropped++;
    this.droppedInWindow++;
    return undefined;
  }
}
