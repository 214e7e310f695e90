import type { Clock, TimerHandle } from '@blockyard/core';

/** The real Clock over the host's timers; works in browsers, workers and Node. */
export class SystemClock implements Clock {
  private readonly handles = new Map<TimerHandle, ReturnType<typeof setTimeout>>();
  private nextHandle = 1;

  now(): number {
    return performance.now();
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const handle = this.nextHandle++;
    this.handles.set(
      handle,
      setTimeout(() => {
        this.handles.delete(handle);
        callback();
      }, delayMs),
    );
    return handle;
  }

  setInterval(callback: () => void, intervalMs: number): TimerHandle {
    const handle = this.nextHandle++;
    this.handles.set(handle, setInterval(callback, intervalMs));
    return handle;
  }

  clear(handle: TimerHandle): void {
    const native = this.handles.get(handle);
    if (native === undefined) return;
    clearTimeout(native);
    clearInterval(native);
    this.handles.delete(handle);
  }
}
