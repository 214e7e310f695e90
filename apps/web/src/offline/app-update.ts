import { SERVICE_WORKER_PATH } from './offline-plan.ts';

/** The parts of `navigator.serviceWorker` used here (tests pass their own). */
export interface WorkerContainer {
  readonly controller: unknown;
  register(url: string): Promise<WorkerRegistration | undefined>;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

interface WaitingWorker {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

interface WorkerRegistration {
  readonly waiting: WaitingWorker | null;
  readonly installing: WaitingWorker | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

/**
 * Registers the app's service worker (src/offline/service-worker.ts) and tells when a newer build's
 * worker is waiting: the page then offers "reload", and only when the learner agrees does the new
 * worker take over (an open editor is never switched to new code mid-session). Until then, every
 * page load still asks the server for the newest page first, so a new build is never held back.
 */
export class AppUpdate {
  private waiting: WaitingWorker | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly reload: () => void) {}

  /** True when a new version is ready to take over. */
  getState(): boolean {
    return this.waiting !== null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Registers the worker; failures (blocked, private window) only mean no offline copy. */
  async start(container: WorkerContainer): Promise<void> {
    let registration: WorkerRegistration | undefined;
    try {
      registration = await container.register(SERVICE_WORKER_PATH);
    } catch {
      return;
    }
    // A browser (or test tool) that blocks workers may resolve with nothing at all.
    if (!registration) return;
    // A first install has no worker before it: nothing to announce, it simply starts keeping files.
    const isUpdate = () => container.controller !== null && container.controller !== undefined;
    const watch = (worker: WaitingWorker) => {
      const check = () => {
        if (worker.state === 'installed' && isUpdate()) this.setWaiting(worker);
      };
      worker.addEventListener('statechange', check);
      check();
    };
    if (registration.waiting && isUpdate()) this.setWaiting(registration.waiting);
    if (registration.installing) watch(registration.installing);
    registration.addEventListener('updatefound', () => {
      if (registration.installing) watch(registration.installing);
    });
    let reloading = false;
    container.addEventListener('controllerchange', () => {
      // Only the tab that asked reloads itself; other tabs keep their session.
      if (!this.applying || reloading) return;
      reloading = true;
      this.reload();
    });
  }

  private applying = false;

  /** The learner agreed: let the new worker take over, then reload into the new version. */
  apply(): void {
    if (!this.waiting) {
      this.reload();
      return;
    }
    this.applying = true;
    this.waiting.postMessage({ type: 'skip-waiting' });
  }

  /** "Later": the notice goes; the new version comes with the next visit. */
  dismiss(): void {
    this.setWaiting(null);
  }

  private setWaiting(worker: WaitingWorker | null): void {
    if (this.waiting === worker) return;
    this.waiting = worker;
    for (const listener of [...this.listeners]) listener();
  }
}
