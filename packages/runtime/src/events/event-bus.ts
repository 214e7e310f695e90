// The message bus of the board: components raise (source, value) events, handlers registered by
// the program run on their own fibers. Like the device, a handler never runs twice at once: while
// it is busy, later events wait in its queue, which holds at most MAX_PENDING_EVENTS (spec 002
// §9); events beyond that are dropped.

import type { FiberName } from '../scheduler/block-name.ts';
import type { Clock } from '@blockyard/core';
import type { Waitable } from '../exec/wait.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';

/** Matches any source or any value (MICROBIT_ID_ANY / MICROBIT_EVT_ANY). */
export const EVENT_ANY = 0;

export type EventHandler = (...args: unknown[]) => unknown;

export interface BusEvent {
  source: number;
  value: number;
  /** Clock time when the event was raised. */
  timestamp: number;
}

class HandlerQueue {
  readonly pending: { event: BusEvent; args: readonly unknown[] }[] = [];
  busy = false;
  dropped = 0;

  constructor(
    public handler: EventHandler,
    public name: FiberName,
  ) {}
}

function key(source: number, value: number): string {
  return `${source}:${value}`;
}

export class EventBus {
  private readonly queues = new Map<string, HandlerQueue>();
  private readonly waiters = new Map<string, Set<(event: BusEvent) => void>>();
  /** The event whose handler started most recently (control.eventValue and friends). */
  lastEvent: BusEvent | undefined;
  /** Events dropped because a handler's queue was full, over the whole run. */
  droppedEvents = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
    private readonly maxPending: number,
  ) {}

  /**
   * Runs `handler` for each (source, value) event; a second registration for the same pair
   * replaces the first, as re-running an "on …" block does on the device.
   */
  listen(source: number, value: number, handler: EventHandler, name: FiberName = `event ${source}:${value}`): void {
    const existing = this.queues.get(key(source, value));
    if (existing) {
      existing.handler = handler;
      existing.name = name;
    } else {
      this.queues.set(key(source, value), new HandlerQueue(handler, name));
    }
  }

  unlisten(source: number, value: number): void {
    this.queues.delete(key(source, value));
  }

  hasListener(source: number, value: number): boolean {
    return this.queues.has(key(source, value));
  }

  /** Raises an event; `args` are passed to the handlers (e.g. a received radio number). */
  raise(source: number, value: number, args: readonly unknown[] = []): void {
    if (this.scheduler.stoppedForGood) return;
    const event: BusEvent = { source, value, timestamp: this.clock.now() };
    const matching = [key(source, value), key(source, EVENT_ANY), key(EVENT_ANY, EVENT_ANY)];
    for (const k of new Set(matching)) {
      const queue = this.queues.get(k);
      if (queue) this.enqueue(queue, event, args);
      const waiting = this.waiters.get(k);
      if (waiting) {
        this.waiters.delete(k);
        for (const wake of waiting) wake(event);
      }
    }
  }

  /** A Waitable that completes on the next matching event (control.waitForEvent). */
  wait(source: number, value: number): Waitable {
    return {
      subscribe: (wake) => {
        const k = key(source, value);
        let set = this.waiters.get(k);
        if (!set) this.waiters.set(k, (set = new Set()));
        const waiter = (event: BusEvent): void => wake(event);
        set.add(waiter);
        return () => set.delete(waiter);
      },
    };
  }

  private enqueue(queue: HandlerQueue, event: BusEvent, args: readonly unknown[]): void {
    if (queue.pending.length >= this.maxPending) {
      queue.dropped++;
      this.droppedEvents++;
      return;
    }
    queue.pending.push({ event, args });
    if (!queue.busy) this.runNext(queue);
  }

  private runNext(queue: HandlerQueue): void {
    const next = queue.pending.shift();
    if (!next) return;
    queue.busy = true;
    const fiber = this.scheduler.spawn(queue.name, () => {
      this.lastEvent = next.event;
      return queue.handler(...next.args);
    });
    fiber.onDone(() => {
      queue.busy = false;
      this.runNext(queue);
    });
  }
}
