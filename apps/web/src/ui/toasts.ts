import type { Clock } from '@blockyard/core';

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  action?: ToastAction;
  /** Places to go to (a Download note's blocks or lines): they stay until the toast goes. */
  links?: readonly ToastAction[];
  /** Technical text behind the plain message (an error's exact words), shown on request. */
  detail?: string;
}

/** Short messages at the bottom of the screen, each gone after a while (or when acted on). */
export class ToastQueue {
  private toasts: readonly Toast[] = [];
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  constructor(
    private readonly clock: Clock,
    private readonly lifetimeMs = 10_000,
  ) {}

  getState(): readonly Toast[] {
    return this.toasts;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  show(
    message: string,
    options: {
      action?: ToastAction;
      links?: readonly ToastAction[];
      tone?: Toast['tone'];
      detail?: string | undefined;
      /** Stays until dismissed (a toast that announces work in progress: see `during`). */
      lasting?: boolean;
    } = {},
  ): number {
    const toast: Toast = { id: this.nextId++, message, tone: options.tone ?? 'info' };
    if (options.action) toast.action = options.action;
    if (options.links && options.links.length > 0) toast.links = options.links;
    if (options.detail) toast.detail = options.detail;
    // Newest last; at most three on screen.
    this.set([...this.toasts, toast].slice(-3));
    if (options.lasting) return toast.id;
    // Links are for going somewhere and back: such a toast stays three times as long.
    this.clock.setTimeout(() => this.dismiss(toast.id), toast.links ? 3 * this.lifetimeMs : this.lifetimeMs);
    return toast.id;
  }

  /**
   * Runs `work`, which may `announce` that it is slow: `message` then shows until the work ends,
   * whatever the outcome, so it never stays beside the result's toast.
   */
  async during<T>(message: string, work: (announce: () => void) => Promise<T>): Promise<T> {
    let id: number | undefined;
    try {
      return await work(() => {
        id ??= this.show(message, { lasting: true });
      });
    } finally {
      if (id !== undefined) this.dismiss(id);
    }
  }

  dismiss(id: number): void {
    if (this.toasts.some((t) => t.id === id)) this.set(this.toasts.filter((t) => t.id !== id));
  }

  private set(toasts: readonly Toast[]): void {
    this.toasts = toasts;
    for (const listener of [...this.listeners]) listener();
  }
}
