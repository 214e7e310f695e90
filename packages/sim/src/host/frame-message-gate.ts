// The editor's door for one frame's messages: a rate limit per message type and for all of them
// together (token buckets over the injected clock), the schema check, and a budget of serial
// characters per second. Whatever is over a limit is dropped at once and counted, so a frame
// that floods the editor costs it a type lookup per message, never a queue or a parse.

import type { Clock } from '@blockyard/core';
import {
  FRAME_MESSAGE_RATES,
  FRAME_SERIAL_CHARS_PER_SECOND,
  FRAME_TOTAL_RATE,
  FRAME_TRACE_RATE,
} from '../protocol/frame-limits.ts';
import { parseFrameToHostMessage } from '../protocol/frame-to-host-schema.ts';
import type { FrameToHostMessage } from '../protocol/protocol.ts';

/** A token bucket: `burst` at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  take(now: number, cost = 1): boolean {
    const elapsed = Math.max(0, now - this.last);
    this.last = now;
    this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.perSecond) / 1000);
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
}

export interface GateStats {
  accepted: number;
  /** Dropped for their rate (per type or in total). */
  limited: number;
  /** Dropped because they were not valid messages (unknown, malformed or too big). */
  invalid: number;
  /** Serial characters dropped because the frame wrote faster than the budget. */
  serialDropped: number;
}

export class FrameMessageGate {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly total: TokenBucket;
  private readonly serial: TokenBucket;
  readonly stats: GateStats = { accepted: 0, limited: 0, invalid: 0, serialDropped: 0 };

  constructor(private readonly clock: Pick<Clock, 'now'>) {
    const now = clock.now();
    this.total = new TokenBucket(FRAME_TOTAL_RATE.perSecond, FRAME_TOTAL_RATE.burst, now);
    this.serial = new TokenBucket(FRAME_SERIAL_CHARS_PER_SECOND, FRAME_SERIAL_CHARS_PER_SECOND, now);
  }

  /** The message to act on, or undefined when it is over a limit or invalid. */
  admit(data: unknown): FrameToHostMessage | undefined {
    const now = this.clock.now();
    if (!this.total.take(now)) return this.limited();
    const type = typeOf(data);
    const known = type === undefined ? undefined : FRAME_MESSAGE_RATES[type];
    if (!known || type === undefined) return this.invalid();
    // Slow motion's traces come far more often than stops: they get their own bucket.
    const key = type === 'debugger' && isTrace(data) ? 'debugger.trace' : type;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      const rate = key === 'debugger.trace' ? FRAME_TRACE_RATE : known;
      bucket = new TokenBucket(rate.perSecond, rate.burst, now);
      this.buckets.set(key, bucket);
    }
    if (!bucket.take(now)) return this.limited();
    const message = parseFrameToHostMessage(data);
    if (!message) return this.invalid();
    if (message.type === 'bulkserial') {
      const chars = message.data.reduce((sum, entry) => sum + entry.data.length, 0);
      if (!this.serial.take(now, chars)) {
        this.stats.serialDropped += chars;
        return this.limited();
      }
    }
    this.stats.accepted++;
    return message;
  }

  private limited(): undefined {
    this.stats.limited++;
    return undefined;
  }

  private invalid(): undefined {
    this.stats.invalid++;
    return undefined;
  }
}

/** The message's type when it is a plain object with a short string type; nothing else is read. */
function typeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  try {
    const type = (data as { type?: unknown }).type;
    return typeof type === 'string' && type.length <= 40 && Object.hasOwn(FRAME_MESSAGE_RATES, type) ? type : undefined;
  } catch {
    return undefined;
  }
}

/** A debugger message of subtype `trace` (only the subtype is read; the schema checks the rest). */
function isTrace(data: unknown): boolean {
  try {
    return (data as { subtype?: unknown }).subtype === 'trace';
  } catch {
    return false;
  }
}
